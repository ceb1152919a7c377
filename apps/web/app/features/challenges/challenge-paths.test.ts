import { describe, expect, it } from "vitest";
import {
  challengePath,
  formatSeconds,
  kindOfPath,
  periodOf,
  roundIdOf,
} from "./challenge-paths.ts";

describe("challenge paths", () => {
  it("reads the challenge from the first segment, whatever the tail", () => {
    expect(kindOfPath("/ladderchallenge")).toBe("ladderchallenge");
    expect(kindOfPath("/wenshianswer/result")).toBe("wenshianswer");
    expect(kindOfPath("/wenshichallenge/sample/more")).toBe("wenshichallenge");
  });

  it("builds the pages' links", () => {
    expect(challengePath("wenshianswer")).toBe("/wenshianswer");
    expect(challengePath("ladderchallenge", "ranking", "period=week")).toBe(
      "/ladderchallenge/ranking?period=week",
    );
  });

  it("accepts only known periods and well-formed round ids", () => {
    expect(periodOf("week")).toBe("week");
    expect(periodOf("year")).toBe("day");
    expect(periodOf(null)).toBe("day");
    expect(roundIdOf("0123456789abcdef01234567")).toBe("0123456789abcdef01234567");
    expect(roundIdOf("../etc")).toBeNull();
  });

  it("writes times the way readers read them", () => {
    expect(formatSeconds(6.44)).toBe("6.4 秒");
    expect(formatSeconds(65)).toBe("1 分 05 秒");
    expect(formatSeconds(3600)).toBe("60 分 00 秒");
  });
});
