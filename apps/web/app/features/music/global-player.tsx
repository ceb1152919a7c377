import { useEffect, useState, useSyncExternalStore } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { formatAudioTime } from "../media/audio-time.ts";
import {
  closePlayer,
  jumpTo,
  type MusicQueueState,
  musicQueue,
  next,
  previous,
  retry,
  seekTo,
  togglePlay,
} from "./music-queue.ts";
import "./global-player.css";

export const MUSIC_ERROR_TEXT = "音频加载失败，点击重试";
const SEEK_STEP_MS = 10_000;

/** Lock-screen and headset controls through the Media Session API, where the browser has it. */
function useMediaSession(s: MusicQueueState) {
  const track = s.tracks[s.index];
  useEffect(() => {
    if (!("mediaSession" in navigator) || !track) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title: track.songName,
      artist: track.author,
      album: "通鉴 · 中国音乐（合成音频）",
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ["play", () => togglePlay()],
      ["pause", () => togglePlay()],
      ["nexttrack", s.index < s.tracks.length - 1 ? () => next() : null],
      ["previoustrack", s.index > 0 ? () => previous() : null],
      ["seekto", (details) => seekTo((details.seekTime ?? 0) * 1000)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
  }, [track, s.index, s.tracks.length]);

  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState =
      s.status === "playing" ? "playing" : s.status === "paused" ? "paused" : "none";
    if (s.durationMs > 0 && "setPositionState" in navigator.mediaSession) {
      try {
        navigator.mediaSession.setPositionState({
          duration: s.durationMs / 1000,
          position: Math.min(s.currentMs, s.durationMs) / 1000,
          playbackRate: 1,
        });
      } catch {
        // A position the browser refuses (the file's length not known yet).
      }
    }
  }, [s.status, s.currentMs, s.durationMs]);
}

/** Leaves room under every page for the bar while it shows. */
function useRoomForBar(open: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    if (open) root.dataset.musicBar = "open";
    else delete root.dataset.musicBar;
    return () => {
      delete root.dataset.musicBar;
    };
  }, [open]);
}

function Icon({ name }: { name: "play" | "pause" | "next" | "close" | "list" }) {
  const paths = {
    play: "M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z",
    pause: "M6 5h4v14H6zM14 5h4v14h-4z",
    next: "M5 6.2v11.6a1 1 0 0 0 1.55.83L15 13v4.5a1 1 0 0 0 1 1h1a1 1 0 0 0 1-1v-11a1 1 0 0 0-1-1h-1a1 1 0 0 0-1 1V11L6.55 5.37A1 1 0 0 0 5 6.2Z",
    close:
      "M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6Z",
    list: "M4 6h12v2H4zm0 5h12v2H4zm0 5h8v2H4zm14-2.5V6h2v10.5a2.5 2.5 0 1 1-2-2.45Z",
  };
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}

/**
 * The global player (issue 19): a mini bar over every page while a queue plays, with play and
 * pause, next, the queue, close, mm:ss and a retry when the audio fails. Its <audio> lives on
 * <body> (music-queue.ts), so changing pages never stops it.
 */
export function GlobalPlayer() {
  const s = useSyncExternalStore(
    musicQueue.subscribe,
    musicQueue.getState,
    musicQueue.getServerState,
  );
  const [showQueue, setShowQueue] = useState(false);
  useMediaSession(s);
  useRoomForBar(s.open);
  const track = s.tracks[s.index];
  if (!s.open || !track) return null;

  const active = s.status === "playing" || s.status === "loading";
  const progress = s.durationMs > 0 ? Math.min(1, s.currentMs / s.durationMs) : 0;
  const current = formatAudioTime(s.currentMs);
  const duration = formatAudioTime(s.durationMs);
  const last = s.index >= s.tracks.length - 1;

  return (
    <section
      className="tj-mini-player"
      aria-label="音乐播放器"
      data-testid="mini-player"
      data-status={s.status}
      data-track={track.id}
    >
      {showQueue && (
        <div className="tj-mini-player__queue" id="tj-music-queue">
          <h2 className="tj-mini-player__queue-title">
            播放列表 <span>（{s.tracks.length} 首 · 合成音频）</span>
          </h2>
          <ol>
            {s.tracks.map((t, i) => (
              <li key={t.id}>
                <button
                  type="button"
                  className="tj-mini-player__queue-item"
                  aria-current={i === s.index ? "true" : undefined}
                  onClick={() => jumpTo(i)}
                >
                  <span className="tj-mini-player__queue-name">{t.songName}</span>
                  <span className="tj-mini-player__queue-author">{t.author}</span>
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a tap shortcut on the bar; keyboard users seek with the arrow keys on the play button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div
        className="tj-mini-player__bar"
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          seekTo(((event.clientX - rect.left) / rect.width) * s.durationMs);
        }}
      >
        <div
          className="tj-mini-player__progress"
          role="progressbar"
          aria-label="播放进度"
          aria-valuemin={0}
          aria-valuemax={Math.round(s.durationMs / 1000)}
          aria-valuenow={Math.floor(s.currentMs / 1000)}
          aria-valuetext={`${current} / ${duration}`}
        />
        <div className="tj-mini-player__fill" style={{ width: `${progress * 100}%` }} />
      </div>
      <div className="tj-mini-player__row">
        <AppLink className="tj-mini-player__info" to={`/music/landing?id=${track.id}`}>
          <span className="tj-mini-player__title">{track.songName}</span>
          <span className="tj-mini-player__meta">
            <span className="tj-mini-player__tag">合成</span>
            {track.author}
          </span>
        </AppLink>
        <span className="tj-mini-player__time" data-testid="mini-player-time">
          {current} / {duration}
        </span>
        <button
          type="button"
          className="tj-mini-player__button tj-mini-player__button--main"
          aria-label={active ? "暂停" : "播放"}
          aria-keyshortcuts="ArrowLeft ArrowRight"
          onClick={togglePlay}
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") seekTo(s.currentMs + SEEK_STEP_MS);
            else if (event.key === "ArrowLeft") seekTo(s.currentMs - SEEK_STEP_MS);
            else return;
            event.preventDefault();
          }}
        >
          {s.status === "loading" && (
            <span className="tj-mini-player__spinner" aria-hidden="true" />
          )}
          <Icon name={active ? "pause" : "play"} />
        </button>
        <button
          type="button"
          className="tj-mini-player__button"
          aria-label="下一首"
          onClick={next}
          disabled={last}
        >
          <Icon name="next" />
        </button>
        <button
          type="button"
          className="tj-mini-player__button"
          aria-label="播放列表"
          aria-expanded={showQueue}
          aria-controls="tj-music-queue"
          onClick={() => setShowQueue((shown) => !shown)}
        >
          <Icon name="list" />
        </button>
        <button
          type="button"
          className="tj-mini-player__button"
          aria-label="关闭播放器"
          onClick={closePlayer}
        >
          <Icon name="close" />
        </button>
      </div>
      {s.status === "error" && (
        <button type="button" className="tj-mini-player__error" onClick={retry}>
          {MUSIC_ERROR_TEXT}
        </button>
      )}
      <span className="tj-visually-hidden" role="status">
        {s.status === "error"
          ? MUSIC_ERROR_TEXT
          : s.status === "playing"
            ? `正在播放：${track.songName}`
            : ""}
      </span>
    </section>
  );
}
