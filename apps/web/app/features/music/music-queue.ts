import type { MusicTrack } from "@tongjian/contracts/music";
import { MUSIC_AUDIO_ID, MUSIC_OPEN_EVENT } from "../../shell/music-player-host.tsx";
import type { MusicItem, NativeBridge } from "../../shell/native-bridge.ts";
import { claimPlayback } from "../media/playback-registry.ts";

/** What the queue plays: the audio item of spec §3 with the piece's id and key. */
export type QueueTrack = Pick<
  MusicTrack,
  "id" | "key" | "name" | "songName" | "author" | "musicUrl" | "duration"
>;

export type QueueStatus = "idle" | "loading" | "playing" | "paused" | "error";

export interface MusicQueueState {
  tracks: readonly QueueTrack[];
  index: number;
  status: QueueStatus;
  currentMs: number;
  durationMs: number;
  /** The mini bar shows while the queue is open. */
  open: boolean;
  /** Inside the app: the piece last handed to the app's own player (spec §7 begin music). */
  handedToApp: string | null;
}

/** How a page reaches the world: the app bridge, and the API to count plays. */
export interface QueueHost {
  isNativeApp: boolean;
  bridge: Pick<NativeBridge, "call">;
  api: { post: (path: string, body?: Record<string, unknown>) => Promise<unknown> };
}

const INITIAL: MusicQueueState = {
  tracks: [],
  index: -1,
  status: "idle",
  currentMs: 0,
  durationMs: 0,
  open: false,
  handedToApp: null,
};

let state = INITIAL;
const listeners = new Set<() => void>();
let audio: HTMLAudioElement | null = null;
let host: QueueHost | null = null;
/** The piece loaded last has not been counted yet: it counts when it first plays. */
let uncounted = false;

function set(patch: Partial<MusicQueueState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const musicQueue = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getState: () => state,
  getServerState: () => INITIAL,
};

function currentTrack(): QueueTrack | undefined {
  return state.tracks[state.index];
}

function audioElement(): HTMLAudioElement {
  if (audio) return audio;
  const el = document.createElement("audio");
  el.id = MUSIC_AUDIO_ID;
  el.preload = "none";
  el.hidden = true;
  // Spec §4: one audio at a time. Starting this one pauses any other; another pauses this.
  el.addEventListener("play", () => claimPlayback(el));
  el.addEventListener("playing", () => {
    set({ status: "playing" });
    const track = currentTrack();
    if (uncounted && track && host) {
      uncounted = false;
      host.api
        .post(`/api/music/cn/pieces/${track.id}/play`)
        .catch((error: unknown) => console.warn("播放计数失败", error));
    }
  });
  el.addEventListener("pause", () => {
    if (state.status !== "error" && state.status !== "idle") set({ status: "paused" });
  });
  el.addEventListener("waiting", () => {
    if (state.status === "playing") set({ status: "loading" });
  });
  el.addEventListener("timeupdate", () => set({ currentMs: el.currentTime * 1000 }));
  el.addEventListener("loadedmetadata", () => {
    if (!state.durationMs && Number.isFinite(el.duration)) set({ durationMs: el.duration * 1000 });
  });
  el.addEventListener("ended", () => {
    if (state.index < state.tracks.length - 1) load(state.index + 1);
    else {
      el.currentTime = 0;
      set({ status: "paused", currentMs: 0 });
    }
  });
  el.addEventListener("error", () => {
    if (el.getAttribute("src")) set({ status: "error" });
  });
  document.body.appendChild(el);
  audio = el;
  return el;
}

function start(el: HTMLAudioElement) {
  el.play().catch((error: unknown) => {
    const name = error instanceof DOMException ? error.name : "";
    // A pause or a new source interrupted this play(): the events tell the rest.
    if (name === "AbortError") return;
    // The browser wants a tap first: the bar's play button will do.
    set({ status: name === "NotAllowedError" ? "paused" : "error" });
  });
}

function load(index: number) {
  const track = state.tracks[index];
  if (!track) return;
  const el = audioElement();
  const first = !state.open;
  set({
    index,
    status: "loading",
    currentMs: 0,
    durationMs: Math.max(0, track.duration) * 1000,
    open: true,
  });
  uncounted = true;
  // Setting src runs the media load afresh (a retry fetches again).
  el.src = track.musicUrl;
  start(el);
  if (first) window.dispatchEvent(new Event(MUSIC_OPEN_EVENT));
}

/** The app plays from absolute addresses; the page only knows its own paths. */
function toMusicItem(track: QueueTrack): MusicItem {
  return {
    name: track.name,
    musicUrl: new URL(track.musicUrl, window.location.href).href,
    duration: track.duration,
    author: track.author,
    songName: track.songName,
  };
}

/**
 * Spec §4 "Selecting a song … replaces the sequence and playlist, sets the current index, and
 * sets playing". Inside our app the app's player takes the list instead (spec §7 begin music);
 * an app without the bridge still gets the music, played in the page.
 */
export function playQueue(tracks: readonly QueueTrack[], index: number, from: QueueHost) {
  if (!tracks[index]) return;
  host = from;
  if (from.isNativeApp) {
    const id = tracks[index].id;
    from.bridge
      .call("beginMusic", { list: tracks.map(toMusicItem), position: index })
      .then(() => set({ handedToApp: id }))
      .catch((error: unknown) => {
        console.warn("交给App播放失败，改为页面内播放", error);
        set({ tracks: [...tracks] });
        load(index);
      });
    return;
  }
  set({ tracks: [...tracks], handedToApp: null });
  load(index);
}

export function togglePlay() {
  const el = audio;
  if (!el || !currentTrack()) return;
  if (state.status === "error") return load(state.index);
  if (state.status === "playing" || state.status === "loading") el.pause();
  else start(el);
}

export const retry = () => load(state.index);
export const next = () => load(state.index + 1);
export const previous = () => load(state.index - 1);
export const jumpTo = (index: number) => load(index);

export function seekTo(ms: number) {
  const el = audio;
  if (!el) return;
  const target = Math.max(0, Math.min(ms, state.durationMs || ms));
  el.currentTime = target / 1000;
  set({ currentMs: target });
}

export function closePlayer() {
  if (audio) {
    audio.pause();
    audio.removeAttribute("src");
    audio.load();
  }
  set({ ...INITIAL });
}
