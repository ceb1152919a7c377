import { describe, expect, it } from "vitest";
import { clampView, panBy, zoomAt } from "./map-view-math.ts";
import {
  invalidYearMessage,
  parseTypedYear,
  playYears,
  readYearParam,
  sliderToYear,
  stepYear,
  timeMapUrl,
  yearToSlider,
} from "./time-map-model.ts";

describe("the time map's years", () => {
  it("reads ?year= as links and readers write it, keeping far years for the service to clamp", () => {
    expect(readYearParam("-221")).toEqual({ year: -221, invalid: null });
    expect(readYearParam("前221年")).toEqual({ year: -221, invalid: null });
    expect(readYearParam("公元前221")).toEqual({ year: -221, invalid: null });
    expect(readYearParam("3000")).toEqual({ year: 3000, invalid: null });
    expect(readYearParam(null)).toEqual({ year: null, invalid: null });
    expect(readYearParam("")).toEqual({ year: null, invalid: null });
    expect(readYearParam("0")).toEqual({ year: null, invalid: "0" });
    expect(readYearParam("abc")).toEqual({ year: null, invalid: "abc" });
    expect(invalidYearMessage("abc")).toBe("“abc”不是年份，已显示1949年");
    expect(invalidYearMessage("0")).toContain("没有公元0年");
    expect(parseTypedYear("1127")).toBe(1127);
  });

  it("slides and steps over the missing year 0", () => {
    expect(yearToSlider(-1)).toBe(-1);
    expect(yearToSlider(1)).toBe(0);
    expect(sliderToYear(0)).toBe(1);
    expect(sliderToYear(-1)).toBe(-1);
    const range = { min: -2070, max: 2024 };
    expect(stepYear(-1, 1, range)).toBe(1);
    expect(stepYear(1, -1, range)).toBe(-1);
    expect(stepYear(2024, 1, range)).toBe(2024);
    expect(stepYear(-2070, -5, range)).toBe(-2070);
  });

  it("plays a range through its notable years, either way, ending on the last", () => {
    const years = playYears(-221, 1949, [-221, 220, 618, 960, 1127, 1949], 40);
    expect(years[0]).toBe(-221);
    expect(years.at(-1)).toBe(1949);
    expect(years).toEqual(expect.arrayContaining([220, 618, 960, 1127]));
    expect(years).not.toContain(0);
    expect([...years].sort((a, b) => a - b)).toEqual(years);
    expect(years.length).toBeLessThanOrEqual(47);
    const back = playYears(1949, 1912, [], 80);
    expect(back[0]).toBe(1949);
    expect(back.at(-1)).toBe(1912);
    expect(back).toHaveLength(38);
  });

  it("writes the year into the address, keeping the other parameters", () => {
    expect(timeMapUrl("/home/timemap", "?place=abc&year=1", -221)).toBe(
      "/home/timemap?place=abc&year=-221",
    );
    expect(timeMapUrl("/map/detail/x", "", 620)).toBe("/map/detail/x?year=620");
  });
});

describe("the map's view", () => {
  it("zooms about a point, which stays where it is", () => {
    const v = zoomAt({ k: 1, x: 0, y: 0 }, 2, 100, 50);
    expect(v).toEqual({ k: 2, x: -100, y: -50 });
    // The world point under (100, 50) is still there.
    expect((100 - v.x) / v.k).toBe(100);
    expect(panBy(v, 10, -5)).toEqual({ k: 2, x: -90, y: -55 });
  });

  it("keeps the zoom within bounds and some of the map on screen", () => {
    expect(clampView({ k: 100, x: 0, y: 0 }, 0.5, 16, 400, 300).k).toBe(16);
    expect(clampView({ k: 0.1, x: 0, y: 0 }, 0.5, 16, 400, 300).k).toBe(0.5);
    const far = clampView({ k: 1, x: 5000, y: -5000 }, 0.5, 16, 400, 300);
    expect(far.x).toBeLessThanOrEqual(300);
    expect(far.y + 300).toBeGreaterThanOrEqual(75);
  });
});
