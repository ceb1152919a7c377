import { describe, expect, it } from "vitest";
import { durationToPlayerMs, formatAudioTime } from "./audio-time.ts";

describe("audio time", () => {
  it("turns an item's duration in seconds into player milliseconds", () => {
    expect(durationToPlayerMs(12)).toBe(12_000);
    expect(durationToPlayerMs(3.5)).toBe(3_500);
    expect(durationToPlayerMs(0)).toBe(0);
    expect(durationToPlayerMs(Number.NaN)).toBe(0);
    expect(durationToPlayerMs(-4)).toBe(0);
  });

  it("shows milliseconds as mm:ss, rounding down to the whole second", () => {
    expect(formatAudioTime(0)).toBe("00:00");
    expect(formatAudioTime(999)).toBe("00:00");
    expect(formatAudioTime(12_000)).toBe("00:12");
    expect(formatAudioTime(65_432)).toBe("01:05");
    expect(formatAudioTime(59 * 60_000 + 59_999)).toBe("59:59");
    expect(formatAudioTime(125 * 60_000)).toBe("125:00");
  });

  it("shows 00:00 for times it cannot read", () => {
    expect(formatAudioTime(Number.NaN)).toBe("00:00");
    expect(formatAudioTime(Number.POSITIVE_INFINITY)).toBe("00:00");
    expect(formatAudioTime(-1_000)).toBe("00:00");
  });
});
