import type { SampleAudioItem as AudioItem } from "@tongjian/contracts/media";
import { type KeyboardEvent, type MouseEvent, useState } from "react";
import type { MusicItem } from "../../shell/native-bridge.ts";
import { usePlatform } from "../../shell/platform.tsx";
import { formatAudioTime } from "./audio-time.ts";
import type { AudioStatus } from "./audio-types.ts";
import { useAudioPlayer } from "./use-audio-player.ts";
import "./audio-player.css";

export const AUDIO_ERROR_TEXT = "音频加载失败，点击重试";
const KEYBOARD_SEEK_MS = 5_000;

const STATUS_TEXT: Record<AudioStatus, string> = {
  idle: "点击播放",
  loading: "加载中…",
  preparing: "准备播放…",
  playing: "播放中",
  paused: "已暂停",
  error: "加载失败",
};

interface AudioPlayerProps {
  item: AudioItem;
  /** What the app's player receives inside our app (spec §7 "begin music"); the item alone by default. */
  playlist?: readonly AudioItem[];
  variant?: "card" | "compact";
}

/** The app plays from absolute addresses; the page only knows its own paths. */
function toMusicItem(item: AudioItem): MusicItem {
  return {
    name: item.name,
    musicUrl: new URL(item.musicUrl, window.location.href).href,
    duration: item.duration,
    author: item.author,
    songName: item.songName,
  };
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <rect x="6" y="5" width="4" height="14" rx="1.2" />
      <rect x="14" y="5" width="4" height="14" rx="1.2" />
    </svg>
  );
}

/** Spec §8: the error state shows an image with its text. */
function AudioErrorImage() {
  return (
    <svg
      className="tj-audio__error-image"
      viewBox="0 0 96 72"
      width="96"
      height="72"
      aria-hidden="true"
    >
      {/* Colours from the theme (audio-player.css), so the picture follows the dark theme. */}
      <ellipse className="tj-audio__art-shadow" cx="48" cy="64" rx="30" ry="5" />
      <path
        className="tj-audio__art-note"
        d="M36 14v32.5a8 8 0 1 0 5 7.4V26l22-5v19.5a8 8 0 1 0 5 7.4V8L36 14Z"
      />
      <path
        className="tj-audio__art-slash"
        d="M30 10 72 56"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle className="tj-audio__art-badge" cx="74" cy="18" r="11" />
      <path className="tj-audio__art-mark" d="M74 11v8" strokeWidth="3" strokeLinecap="round" />
      <circle className="tj-audio__art-dot" cx="74" cy="24" r="1.8" />
    </svg>
  );
}

/**
 * The audio component of spec §2: play/pause, a progress bar that seeks on tap, current time
 * and duration as mm:ss, the 试听 tag for previews, and the loading, preparing and error
 * states. Inside our app the app's own player takes the list instead (spec §7).
 */
export function AudioPlayer({ item, playlist, variant = "card" }: AudioPlayerProps) {
  const { env, bridge } = usePlatform();
  const player = useAudioPlayer(item);
  const { status, currentMs, durationMs } = player;
  const [handedToApp, setHandedToApp] = useState(false);
  const busy = status === "loading" || status === "preparing";
  const active = status === "playing" || busy;
  const progress = durationMs > 0 ? Math.min(1, currentMs / durationMs) : 0;

  const onToggle = () => {
    if (env.isNativeApp && !active) {
      const list = playlist && playlist.length > 0 ? playlist : [item];
      const position = Math.max(
        0,
        list.findIndex((entry) => entry.musicUrl === item.musicUrl),
      );
      bridge
        .call("beginMusic", { list: list.map(toMusicItem), position })
        .then(() => setHandedToApp(true))
        .catch((error: unknown) => {
          // An app without the bridge still gets the audio, played in the page.
          console.warn("交给App播放失败，改为页面内播放", error);
          player.play();
        });
      return;
    }
    player.toggle();
  };

  const onSeek = (event: MouseEvent<HTMLDivElement>) => {
    if (durationMs <= 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    player.seekToMs(fraction * durationMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowRight") player.seekToMs(currentMs + KEYBOARD_SEEK_MS);
    else if (event.key === "ArrowLeft") player.seekToMs(currentMs - KEYBOARD_SEEK_MS);
    else return;
    event.preventDefault();
  };

  const current = formatAudioTime(currentMs);
  const duration = formatAudioTime(durationMs);

  return (
    <section
      className={`tj-audio tj-audio--${variant}`}
      data-status={status}
      data-testid="audio-player"
      data-key={item.key}
      aria-label={`音频：${item.songName}`}
    >
      <audio ref={player.audioRef} preload="none" {...player.events} />
      <button
        type="button"
        className="tj-audio__toggle"
        aria-label={active ? "暂停" : "播放"}
        aria-keyshortcuts="ArrowLeft ArrowRight"
        onClick={onToggle}
        onKeyDown={onKeyDown}
      >
        {busy && <span className="tj-audio__spinner" aria-hidden="true" />}
        {active ? <PauseIcon /> : <PlayIcon />}
      </button>
      <div className="tj-audio__body">
        <div className="tj-audio__heading">
          {item.preview && <span className="tj-audio__tag">试听</span>}
          <span className="tj-audio__title">{item.songName}</span>
        </div>
        <div className="tj-audio__author">{item.author}</div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a tap shortcut on the bar; keyboard users seek with the arrow keys on the play button */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above, the play button takes the arrow keys */}
        <div className="tj-audio__track" onClick={onSeek}>
          <div
            className="tj-audio__bar"
            role="progressbar"
            aria-label="播放进度"
            aria-valuemin={0}
            aria-valuemax={Math.round(durationMs / 1000)}
            aria-valuenow={Math.floor(currentMs / 1000)}
            aria-valuetext={`${current} / ${duration}`}
          >
            <div className="tj-audio__fill" style={{ width: `${progress * 100}%` }} />
            <div className="tj-audio__knob" style={{ left: `${progress * 100}%` }} />
          </div>
        </div>
        <div className="tj-audio__times">
          <span className="tj-audio__current" data-testid="audio-current">
            {current}
          </span>
          <span className="tj-audio__status" role="status">
            {handedToApp && !active ? "已在App中播放" : STATUS_TEXT[status]}
          </span>
          <span className="tj-audio__duration" data-testid="audio-duration">
            {duration}
          </span>
        </div>
      </div>
      {status === "error" && (
        <button type="button" className="tj-audio__error" onClick={player.retry}>
          <AudioErrorImage />
          <span>{AUDIO_ERROR_TEXT}</span>
        </button>
      )}
    </section>
  );
}
