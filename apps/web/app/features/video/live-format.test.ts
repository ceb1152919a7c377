import { describe, expect, it } from "vitest";
import { formatLiveTime, livePath } from "./live-format.ts";
import { formatDuration } from "./video-progress.ts";

describe("live and video formats", () => {
  it("shows a session's time in Beijing time, whatever the server's zone", () => {
    // 11:30 UTC on Tuesday 3 March 2026 is 19:30 in Beijing.
    expect(formatLiveTime("2026-03-03T11:30:00.000Z")).toBe("3月3日 周二 19:30");
    // 17:00 UTC is already the next day in Beijing.
    expect(formatLiveTime("2026-03-03T17:00:00.000Z")).toBe("3月4日 周三 01:00");
  });
  it("links a session by its key and writes durations as mm:ss", () => {
    expect(livePath("qin-han-yi-tong")).toBe("/wenshilivedetail/qin-han-yi-tong");
    expect(formatDuration(28)).toBe("00:28");
    expect(formatDuration(185.9)).toBe("03:05");
    expect(formatDuration(-1)).toBe("00:00");
  });
});
