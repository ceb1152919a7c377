import { describe, expect, it } from "vitest";
import { chinaTime, formatCountdown } from "./api-action.tsx";

describe("countdowns and times", () => {
  it("counts down in days and h:mm:ss, and says 已结束 at the end", () => {
    expect(formatCountdown(0)).toBe("已结束");
    expect(formatCountdown(-5)).toBe("已结束");
    expect(formatCountdown(59_999)).toBe("00:00:59");
    expect(formatCountdown(3_600_000 + 61_000)).toBe("01:01:01");
    expect(formatCountdown(2 * 86_400_000 + 5_000)).toBe("2 天 00:00:05");
  });
  it("writes instants in China time", () => {
    expect(chinaTime("2026-11-27T18:54:00.000Z")).toBe("2026-11-28 02:54");
  });
});
