import type { MusicTrack } from "@tongjian/contracts/music";
import { useSyncExternalStore } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { formatAudioTime } from "../media/audio-time.ts";
import { musicQueue, playQueue } from "./music-queue.ts";
import { useQueueHost } from "./use-queue-host.ts";

/** Which piece the queue has in hand, and whether it sounds (in the page or in the app). */
export function useNowPlaying() {
  const s = useSyncExternalStore(
    musicQueue.subscribe,
    musicQueue.getState,
    musicQueue.getServerState,
  );
  const current = s.open ? (s.tracks[s.index]?.id ?? null) : null;
  return {
    current,
    playing: s.status === "playing" || s.status === "loading",
    handedToApp: s.handedToApp,
  };
}

/** A play button that starts `tracks` at `index`, with the rest queued after it. */
export function PlayButton({
  tracks,
  index,
  label,
  className = "tj-music-play",
}: {
  tracks: readonly MusicTrack[];
  index: number;
  label: string;
  className?: string;
}) {
  const host = useQueueHost();
  const { current, handedToApp } = useNowPlaying();
  const track = tracks[index];
  const isCurrent = track !== undefined && (current === track.id || handedToApp === track.id);
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      data-current={isCurrent ? "true" : undefined}
      onClick={() => playQueue(tracks, index, host)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
      </svg>
    </button>
  );
}

/** Pieces as a list: rank (boards), play, title linking to the piece, credits, 合成, mm:ss. */
export function TrackList({
  tracks,
  ranked = false,
  show = "plays",
  empty = "这里还没有曲目。",
}: {
  tracks: readonly MusicTrack[];
  ranked?: boolean;
  show?: "plays" | "likes" | "added" | "genre";
  empty?: string;
}) {
  const { current, playing, handedToApp } = useNowPlaying();
  if (tracks.length === 0) return <p className="tj-empty">{empty}</p>;
  return (
    <ol className={`tj-music-tracks${ranked ? " tj-music-tracks--ranked" : ""}`}>
      {tracks.map((track, index) => {
        const now = current === track.id;
        return (
          <li
            key={track.id}
            className="tj-music-track"
            data-testid="music-track"
            data-current={now ? "true" : undefined}
          >
            {ranked && <span className="tj-music-track__rank">{index + 1}</span>}
            <PlayButton tracks={tracks} index={index} label={`播放《${track.name}》`} />
            <div className="tj-music-track__body">
              <AppLink className="tj-music-track__title" to={`/music/landing?id=${track.id}`}>
                {track.name}
              </AppLink>
              <div className="tj-music-track__meta">
                <span className="tj-music-tag">合成</span>
                {track.notationKind === "示意" && (
                  <span className="tj-music-tag tj-music-tag--plain">示意旋律</span>
                )}
                <span>{track.author}</span>
              </div>
            </div>
            <div className="tj-music-track__side">
              <span className="tj-music-track__duration">
                {formatAudioTime(track.duration * 1000)}
              </span>
              <span className="tj-music-track__count">
                {now && playing
                  ? "播放中"
                  : handedToApp === track.id
                    ? "已在App中播放"
                    : show === "likes"
                      ? `${track.likes} 赞`
                      : show === "added"
                        ? track.added
                        : show === "genre"
                          ? track.genre
                          : `${track.plays} 次播放`}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
