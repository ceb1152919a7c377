import type { SampleAudioItem as AudioItem } from "@tongjian/contracts/media";
import {
  type ReactEventHandler,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { durationToPlayerMs } from "./audio-time.ts";
import type { AudioStatus } from "./audio-types.ts";
import { claimPlayback, releasePlayback } from "./playback-registry.ts";

export interface AudioPlayerState {
  audioRef: RefObject<HTMLAudioElement | null>;
  status: AudioStatus;
  currentMs: number;
  durationMs: number;
  /** Plays from idle, paused or error (a retry); pauses otherwise. */
  toggle: () => void;
  play: () => void;
  retry: () => void;
  seekToMs: (ms: number) => void;
  /** Handlers for the <audio> element. */
  events: {
    onPlay: ReactEventHandler<HTMLAudioElement>;
    onPlaying: ReactEventHandler<HTMLAudioElement>;
    onPause: ReactEventHandler<HTMLAudioElement>;
    onWaiting: ReactEventHandler<HTMLAudioElement>;
    onLoadedMetadata: ReactEventHandler<HTMLAudioElement>;
    onTimeUpdate: ReactEventHandler<HTMLAudioElement>;
    onEnded: ReactEventHandler<HTMLAudioElement>;
    onError: ReactEventHandler<HTMLAudioElement>;
  };
}

const HAVE_METADATA = 1;

/**
 * The state machine of one audio (spec §2, §4): idle → loading (first play sets the source) →
 * preparing (metadata in, waiting for enough data) → playing ⇄ paused, and error (tap to retry)
 * from any of them. The source is only set on the first play, so a page with many players
 * downloads nothing until the reader asks for it.
 */
export function useAudioPlayer(item: AudioItem): AudioPlayerState {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [status, setStatus] = useState<AudioStatus>("idle");
  const [currentMs, setCurrentMs] = useState(0);
  const [mediaDurationMs, setMediaDurationMs] = useState(0);
  const wantsPlay = useRef(false);
  const pendingSeekMs = useRef<number | null>(null);
  const statusRef = useRef<AudioStatus>("idle");
  const itemMs = durationToPlayerMs(item.duration);
  // Spec §3: the item's duration (seconds × 1000) is what the player shows; the file's own
  // length only stands in when the item has none.
  const durationMs = itemMs > 0 ? itemMs : mediaDurationMs;

  const update = useCallback((next: AudioStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  const startPlayback = useCallback(
    (audio: HTMLAudioElement) => {
      wantsPlay.current = true;
      audio.play().catch((error: unknown) => {
        const name = error instanceof DOMException ? error.name : "";
        // A pause or a new source interrupted this play(): the events tell the rest.
        if (name === "AbortError") return;
        wantsPlay.current = false;
        // Autoplay policy refused without a gesture: wait for the next tap.
        if (name === "NotAllowedError") update(audio.getAttribute("src") ? "paused" : "idle");
        else update("error");
      });
    },
    [update],
  );

  const load = useCallback(
    (audio: HTMLAudioElement) => {
      update("loading");
      // Setting src, even to the same address, runs the media load algorithm afresh (a retry
      // fetches again); calling load() as well would start and abort a second request.
      audio.src = item.musicUrl;
      startPlayback(audio);
    },
    [item.musicUrl, startPlayback, update],
  );

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const now = statusRef.current;
    if (now === "idle" || now === "error" || !audio.getAttribute("src")) {
      load(audio);
      return;
    }
    update(audio.readyState > 2 ? "playing" : "preparing");
    startPlayback(audio);
  }, [load, startPlayback, update]);

  const pause = useCallback(() => {
    wantsPlay.current = false;
    audioRef.current?.pause();
    const audio = audioRef.current;
    update(audio?.getAttribute("src") ? "paused" : "idle");
  }, [update]);

  const toggle = useCallback(() => {
    const now = statusRef.current;
    if (now === "playing" || ((now === "loading" || now === "preparing") && wantsPlay.current))
      pause();
    else play();
  }, [pause, play]);

  const seekToMs = useCallback(
    (ms: number) => {
      const target = Math.max(0, Math.min(ms, durationMs || ms));
      setCurrentMs(target);
      const audio = audioRef.current;
      if (audio && audio.readyState >= HAVE_METADATA) audio.currentTime = target / 1000;
      else pendingSeekMs.current = target;
    },
    [durationMs],
  );

  // While playing, follow the clock every frame so the bar moves smoothly (timeupdate fires
  // only a few times a second).
  useEffect(() => {
    if (status !== "playing") return;
    let frame = 0;
    const tick = () => {
      const audio = audioRef.current;
      if (audio) setCurrentMs(audio.currentTime * 1000);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [status]);

  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      if (!audio) return;
      audio.pause();
      releasePlayback(audio);
    };
  }, []);

  const events: AudioPlayerState["events"] = {
    onPlay: (event) => claimPlayback(event.currentTarget),
    onPlaying: () => {
      if (wantsPlay.current) update("playing");
    },
    onPause: (event) => {
      wantsPlay.current = false;
      if (statusRef.current === "error") return;
      update(event.currentTarget.getAttribute("src") ? "paused" : "idle");
    },
    onWaiting: () => {
      if (wantsPlay.current && statusRef.current !== "loading") update("preparing");
    },
    onLoadedMetadata: (event) => {
      const audio = event.currentTarget;
      if (Number.isFinite(audio.duration)) setMediaDurationMs(audio.duration * 1000);
      if (pendingSeekMs.current !== null) {
        audio.currentTime = pendingSeekMs.current / 1000;
        pendingSeekMs.current = null;
      }
      if (wantsPlay.current && statusRef.current === "loading") update("preparing");
    },
    onTimeUpdate: (event) => setCurrentMs(event.currentTarget.currentTime * 1000),
    onEnded: (event) => {
      // Back to the start, ready to play again.
      wantsPlay.current = false;
      event.currentTarget.currentTime = 0;
      setCurrentMs(0);
      update("paused");
    },
    onError: (event) => {
      // An <audio> without a source reports nothing worth showing.
      if (!event.currentTarget.getAttribute("src")) return;
      wantsPlay.current = false;
      update("error");
    },
  };

  return { audioRef, status, currentMs, durationMs, toggle, play, retry: play, seekToMs, events };
}
