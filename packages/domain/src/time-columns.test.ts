import { describe, expect, it } from "vitest";
import {
  axisToYear,
  clampYear,
  overlapYears,
  packLanes,
  parseYearInput,
  standsIn,
  tickLabel,
  tickStep,
  umbrellaRegimes,
  yearTicks,
  yearToAxis,
} from "./time-columns.ts";

describe("the time axis", () => {
  it("puts 1年 right after 前1年, with no year 0 between", () => {
    expect(yearToAxis(1) - yearToAxis(-1)).toBe(1);
    expect(yearToAxis(-221)).toBe(-221);
    expect(yearToAxis(1127)).toBe(1126);
    for (const year of [-2070, -221, -1, 1, 2, 1127, 2026]) {
      expect(axisToYear(yearToAxis(year))).toBe(year);
      expect(axisToYear(yearToAxis(year) + 0.99)).toBe(year);
    }
  });

  it("clamps years into the range and never lands on 0", () => {
    expect(clampYear(0)).toBe(1);
    expect(clampYear(-99_999)).toBe(-3000);
    expect(clampYear(99_999)).toBe(2100);
    expect(clampYear(1127.4)).toBe(1127);
  });
});

describe("parseYearInput", () => {
  it("reads CE and BCE years as readers type them", () => {
    expect(parseYearInput("1127")).toBe(1127);
    expect(parseYearInput(" 1127年 ")).toBe(1127);
    expect(parseYearInput("１１２７")).toBe(1127);
    expect(parseYearInput("前221")).toBe(-221);
    expect(parseYearInput("前221年")).toBe(-221);
    expect(parseYearInput("公元前221年")).toBe(-221);
    expect(parseYearInput("-221")).toBe(-221);
    expect(parseYearInput("公元618年")).toBe(618);
  });

  it("refuses 0, words and years out of range", () => {
    expect(parseYearInput("0")).toBeNull();
    expect(parseYearInput("前0年")).toBeNull();
    expect(parseYearInput("宋")).toBeNull();
    expect(parseYearInput("")).toBeNull();
    expect(parseYearInput("9999")).toBeNull();
    expect(parseYearInput("前5000年")).toBeNull();
    expect(parseYearInput("12.5")).toBeNull();
  });
});

describe("spans", () => {
  it("stand in their first and last year", () => {
    const beiSong = { start: 960, end: 1127 };
    const nanSong = { start: 1127, end: 1279 };
    expect(standsIn(beiSong, 1127)).toBe(true);
    expect(standsIn(nanSong, 1127)).toBe(true);
    expect(standsIn(nanSong, 1126)).toBe(false);
  });

  it("count shared years across the start of the era", () => {
    // 苏轼 1037–1101 and 王安石 1021–1086 share 1037…1086.
    expect(overlapYears({ start: 1037, end: 1101 }, { start: 1021, end: 1086 })).toBe(50);
    expect(overlapYears({ start: -10, end: 10 }, { start: -1, end: 1 })).toBe(2);
    expect(overlapYears({ start: 1037, end: 1101 }, { start: 1200, end: 1250 })).toBe(0);
  });
});

describe("packLanes", () => {
  it("keeps a line of successors in one lane and parallel ones apart", () => {
    const { lanes, count } = packLanes([
      { start: 960, end: 1126 }, // 北宋 (ending the year before)
      { start: 1127, end: 1279 }, // 南宋
      { start: 1115, end: 1234 }, // 金
      { start: 1038, end: 1227 }, // 西夏
    ]);
    expect(lanes).toEqual([0, 0, 1, 2]);
    expect(count).toBe(3);
  });

  it("keeps two lives that share a year apart, and lets a successor follow in its year", () => {
    const spans = [
      { start: 960, end: 1127 },
      { start: 1127, end: 1279 },
    ];
    expect(packLanes(spans).lanes).toEqual([0, 1]);
    expect(packLanes(spans, { touching: true }).lanes).toEqual([0, 0]);
    // Touching is not overlapping: 金 (1115–1234) still needs a column of its own.
    expect(packLanes([...spans, { start: 1115, end: 1234 }], { touching: true }).lanes).toEqual([
      0, 0, 1,
    ]);
  });

  it("fills gaps of earlier lanes and drops what finds no lane", () => {
    const { lanes, count } = packLanes(
      [
        { start: 1, end: 10 },
        { start: 30, end: 40 },
        { start: 5, end: 35 },
        { start: 12, end: 20 },
        { start: 8, end: 32 },
      ],
      { maxLanes: 2 },
    );
    expect(lanes).toEqual([0, 0, 1, 0, -1]);
    expect(count).toBe(2);
  });
});

describe("umbrellaRegimes", () => {
  it("finds the regimes made of others, and not one that merely holds one", () => {
    const regimes = [
      { id: "song", start: 960, end: 1279 },
      { id: "bei-song", start: 960, end: 1127 },
      { id: "nan-song", start: 1127, end: 1279 },
      { id: "tang", start: 618, end: 907 },
      { id: "wu-zhou", start: 690, end: 705 },
      { id: "tu-bo", start: 629, end: 842 },
      { id: "nan-zhao", start: 738, end: 902 },
      { id: "liao", start: 916, end: 1125 },
      { id: "nan-tang", start: 937, end: 975 },
      { id: "bei-han", start: 951, end: 979 },
    ];
    expect([...umbrellaRegimes(regimes)]).toEqual(["song"]);
  });
});

describe("the ruler", () => {
  it("spaces its marks by the zoom", () => {
    expect(tickStep(24)).toBe(5);
    expect(tickStep(1.5)).toBe(50);
    expect(tickStep(2.5)).toBe(25);
    expect(tickStep(0.1)).toBe(1000);
  });

  it("marks 1年 for the missing year 0 and writes BCE years as 前N年", () => {
    expect(yearTicks(-250, 250, 100)).toEqual([-200, -100, 1, 100, 200]);
    expect(tickLabel(-200)).toBe("前200年");
    expect(tickLabel(1)).toBe("1年");
  });
});
