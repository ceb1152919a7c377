import { afterEach, describe, expect, it } from "vitest";
import { claimPlayback, currentPlayback, releasePlayback } from "./playback-registry.ts";

function fakeMedia() {
  return {
    paused: true,
    pauses: 0,
    play() {
      this.paused = false;
      claimPlayback(this);
    },
    pause() {
      this.paused = true;
      this.pauses += 1;
    },
  };
}

describe("one audio at a time", () => {
  const made: ReturnType<typeof fakeMedia>[] = [];
  const media = () => {
    const m = fakeMedia();
    made.push(m);
    return m;
  };
  afterEach(() => {
    for (const m of made.splice(0)) releasePlayback(m);
  });

  it("pauses the playing audio when another one starts", () => {
    const first = media();
    const second = media();
    first.play();
    second.play();
    expect(first.paused).toBe(true);
    expect(first.pauses).toBe(1);
    expect(second.paused).toBe(false);
    expect(currentPlayback()).toBe(second);
  });

  it("leaves an audio alone when it starts again, and does not pause one already paused", () => {
    const first = media();
    const second = media();
    first.play();
    first.play();
    expect(first.pauses).toBe(0);
    first.pause();
    second.play();
    expect(first.pauses).toBe(1);
  });

  it("forgets an audio that is released (a player that unmounts)", () => {
    const first = media();
    first.play();
    releasePlayback(first);
    expect(currentPlayback()).toBeNull();
    const second = media();
    second.play();
    expect(first.pauses).toBe(0);
  });
});
