// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MUSIC_AUDIO_ID, MUSIC_OPEN_EVENT } from "../../shell/music-player-host.tsx";
import {
  closePlayer,
  musicQueue,
  next,
  playQueue,
  type QueueHost,
  type QueueTrack,
  retry,
  togglePlay,
} from "./music-queue.ts";

const track = (n: number): QueueTrack => ({
  id: String(n).padStart(24, "0"),
  key: `piece-${n}`,
  name: `曲${n}`,
  songName: `曲${n}`,
  author: "江南民歌",
  musicUrl: `/media/music/${String(n).padStart(24, "0")}.wav`,
  duration: 20 + n,
});
const TRACKS = [track(1), track(2), track(3)];

function host(isNativeApp = false, bridgeFails = false) {
  const calls: { method: string; params: unknown }[] = [];
  const posts: string[] = [];
  const h: QueueHost = {
    isNativeApp,
    bridge: {
      call: ((method: string, params: unknown) => {
        calls.push({ method, params });
        return bridgeFails ? Promise.reject(new Error("no bridge")) : Promise.resolve(undefined);
      }) as QueueHost["bridge"]["call"],
    },
    api: {
      post: (path: string) => {
        posts.push(path);
        return Promise.resolve({ plays: 1 });
      },
    },
  };
  return { h, calls, posts };
}

const audio = () => document.getElementById(MUSIC_AUDIO_ID) as HTMLAudioElement | null;
const fire = (type: string) => audio()?.dispatchEvent(new Event(type));
const state = () => musicQueue.getState();

describe("the music queue", () => {
  let plays: number;
  beforeEach(() => {
    plays = 0;
    vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => {
      plays += 1;
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event("pause"));
    });
  });
  afterEach(() => {
    closePlayer();
    vi.restoreAllMocks();
  });

  it("plays in the page: one <audio> on <body>, the bar opened once, a play counted when it starts", () => {
    const { h, posts } = host();
    const opened = vi.fn();
    window.addEventListener(MUSIC_OPEN_EVENT, opened);
    playQueue(TRACKS, 1, h);
    expect(audio()?.getAttribute("src")).toBe(TRACKS[1]?.musicUrl);
    expect(audio()?.parentElement).toBe(document.body);
    expect(state()).toMatchObject({ index: 1, status: "loading", open: true, durationMs: 22_000 });
    expect(plays).toBe(1);
    fire("playing");
    fire("playing");
    expect(state().status).toBe("playing");
    expect(posts).toEqual([`/api/music/cn/pieces/${TRACKS[1]?.id}/play`]);
    playQueue(TRACKS, 0, h);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll(`#${MUSIC_AUDIO_ID}`)).toHaveLength(1);
    window.removeEventListener(MUSIC_OPEN_EVENT, opened);
  });

  it("goes on to the next piece when one ends, and stops after the last", () => {
    const { h } = host();
    playQueue(TRACKS, 1, h);
    fire("ended");
    expect(state().index).toBe(2);
    expect(audio()?.getAttribute("src")).toBe(TRACKS[2]?.musicUrl);
    fire("playing");
    fire("ended");
    expect(state()).toMatchObject({ index: 2, status: "paused", currentMs: 0 });
    next();
    expect(state().index).toBe(2);
  });

  it("pauses and plays again, shows the error state and retries", () => {
    const { h } = host();
    playQueue(TRACKS, 0, h);
    fire("playing");
    togglePlay();
    expect(state().status).toBe("paused");
    togglePlay();
    expect(plays).toBe(2);
    fire("error");
    expect(state().status).toBe("error");
    retry();
    expect(state().status).toBe("loading");
    expect(plays).toBe(3);
  });

  it("closes: the audio stops and the bar goes", () => {
    const { h } = host();
    playQueue(TRACKS, 0, h);
    closePlayer();
    expect(state()).toMatchObject({ open: false, tracks: [], index: -1, status: "idle" });
    expect(audio()?.hasAttribute("src")).toBe(false);
  });

  it("inside the app, hands the list and position to beginMusic and plays nothing itself", async () => {
    const { h, calls } = host(true);
    playQueue(TRACKS, 2, h);
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual([
      {
        method: "beginMusic",
        params: {
          position: 2,
          list: TRACKS.map((t) => ({
            name: t.name,
            songName: t.songName,
            author: t.author,
            duration: t.duration,
            musicUrl: new URL(t.musicUrl, window.location.href).href,
          })),
        },
      },
    ]);
    expect(plays).toBe(0);
    expect(state()).toMatchObject({ open: false, handedToApp: TRACKS[2]?.id });
  });

  it("plays in the page when the app's bridge fails", async () => {
    const { h } = host(true, true);
    playQueue(TRACKS, 0, h);
    await vi.waitFor(() => expect(state().open).toBe(true));
    expect(plays).toBe(1);
  });
});
