import { describe, expect, it } from "vitest";
import {
  isPassed,
  levelPointsOf,
  mergeRecord,
  mergeRecords,
  percentOf,
  starsOf,
  unlockedLevels,
} from "./ladder.ts";

describe("ladder scoring", () => {
  it("passes a level from 60 % and gives stars at 60, 80 and 100 %", () => {
    expect(percentOf(6, 10)).toBe(60);
    expect(isPassed(6, 10)).toBe(true);
    expect(isPassed(5, 10)).toBe(false);
    expect(isPassed(0, 0)).toBe(false);
    expect([
      starsOf(5, 10),
      starsOf(6, 10),
      starsOf(8, 10),
      starsOf(9, 10),
      starsOf(10, 10),
    ]).toEqual([0, 1, 2, 2, 3]);
    expect(levelPointsOf(7, true)).toBe(90);
    expect(levelPointsOf(4, false)).toBe(40);
  });
});

describe("merging a level's records", () => {
  const at = "2026-11-27T10:00:00.000Z";
  it("keeps the better practice, stays passed once passed and adds the attempts", () => {
    const first = mergeRecord(null, { correct: 7, total: 9, at });
    expect(first).toEqual({ bestCorrect: 7, bestTotal: 9, passed: true, attempts: 1, at });
    const worse = mergeRecord(first, { correct: 2, total: 9, at: "later" });
    expect(worse).toEqual({ bestCorrect: 7, bestTotal: 9, passed: true, attempts: 2, at });
    const better = mergeRecord(worse, { correct: 9, total: 9, at: "latest" });
    expect(better.bestCorrect).toBe(9);
    expect(better.at).toBe("latest");
    expect(better.attempts).toBe(3);
  });

  it("merges the device's records into the account's level by level", () => {
    const account = {
      a: { bestCorrect: 3, bestTotal: 9, passed: false, attempts: 2, at },
      b: { bestCorrect: 9, bestTotal: 9, passed: true, attempts: 1, at },
    };
    const device = {
      a: { bestCorrect: 8, bestTotal: 9, passed: true, attempts: 1, at: "d" },
      b: { bestCorrect: 1, bestTotal: 9, passed: false, attempts: 4, at: "d" },
      c: { bestCorrect: 5, bestTotal: 5, passed: true, attempts: 1, at: "d" },
    };
    const merged = mergeRecords(account, device);
    expect(merged.a).toEqual({ bestCorrect: 8, bestTotal: 9, passed: true, attempts: 3, at: "d" });
    expect(merged.b).toEqual({ bestCorrect: 9, bestTotal: 9, passed: true, attempts: 5, at });
    expect(merged.c?.passed).toBe(true);
  });
});

describe("unlocking", () => {
  const levels = [
    { key: "l1", sample: true },
    { key: "l2", sample: true },
    { key: "l3", sample: false },
    { key: "l4", sample: false },
  ];
  it("opens the first and the sample levels, then each level after a passed one", () => {
    expect(unlockedLevels(levels, () => false)).toEqual([true, true, false, false]);
    expect(unlockedLevels(levels, (k) => k === "l2")).toEqual([true, true, true, false]);
    expect(unlockedLevels(levels, (k) => k === "l3")).toEqual([true, true, false, true]);
    expect(unlockedLevels([], () => true)).toEqual([]);
  });
});
