import { describe, expect, it } from "vitest";
import {
  accuracyPercent,
  CHIP_MAX,
  courseKey,
  isCourseOpen,
  isOwnPath,
  masteryLevel,
  parseCourseKey,
  splitFacts,
} from "./knowledge-points.ts";

describe("knowledge points", () => {
  it("reads mastery from the last finished round", () => {
    expect(masteryLevel(null)).toBe("none");
    const m = { answered: 10, correct: 9, rounds: 2, lastAnswered: 5, lastCorrect: 4 };
    expect(masteryLevel(m)).toBe("mastered");
    expect(masteryLevel({ ...m, lastCorrect: 3 })).toBe("learning");
    expect(masteryLevel({ ...m, rounds: 0 })).toBe("none");
    expect(accuracyPercent(3, 2)).toBe(67);
    expect(accuracyPercent(0, 0)).toBe(0);
  });

  it("cuts a paragraph into facts at sentence ends, keeping closing quotes", () => {
    expect(splitFacts("秦统一六国。嬴政自称“始皇帝。”此后定都于关中的咸阳！")).toEqual([
      "秦统一六国。",
      "嬴政自称“始皇帝。”",
      "此后定都于关中的咸阳！",
    ]);
    expect(splitFacts("没有句号的一句话")).toEqual(["没有句号的一句话"]);
    const long = `${"甲".repeat(60)}；${"乙".repeat(60)}。`;
    const parts = splitFacts(long);
    expect(parts).toHaveLength(2);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(CHIP_MAX);
    expect(splitFacts("这一句足够长可以单独成卡。是。")).toEqual([
      "这一句足够长可以单独成卡。是。",
    ]);
  });

  it("names courses and opens the first two points without the product", () => {
    expect(courseKey({ kind: "era", value: "qin-han" })).toBe("era-qin-han");
    expect(parseCourseKey("theme-war")).toEqual({ kind: "theme", value: "war" });
    expect(parseCourseKey("era-future")).toBeNull();
    expect(parseCourseKey("war")).toBeNull();
    expect([0, 1, 2].map((i) => isCourseOpen(i, false))).toEqual([true, true, false]);
    expect(isCourseOpen(9, true)).toBe(true);
  });

  it("lets QR codes point only at our own paths", () => {
    expect(isOwnPath("/knowledgepoint/details/abc?x=1")).toBe(true);
    for (const bad of [
      "https://x.example/",
      "//x.example",
      "/\\x.example",
      "javascript:x",
      "/a b",
      "/javascript:x",
      "",
    ])
      expect(isOwnPath(bad), bad).toBe(false);
  });
});
