import { clampToRange } from "@tongjian/domain/time-map";
import { describe, expect, it } from "vitest";
import { timeMapPeopleQuery, timeMapPlaceParams, timeMapYearQuery } from "./time-map.ts";

describe("time map queries", () => {
  it("defaults the year to 1949 and the span to 10", () => {
    expect(timeMapYearQuery.parse({})).toEqual({ year: 1949, span: 10 });
    expect(timeMapYearQuery.parse({ year: "" })).toEqual({ year: 1949, span: 10 });
  });

  it("reads BCE years as negative numbers", () => {
    expect(timeMapYearQuery.parse({ year: "-221" }).year).toBe(-221);
    expect(timeMapPeopleQuery.parse({ year: "1100", limit: "5" })).toEqual({
      year: 1100,
      limit: 5,
    });
  });

  it("rejects year 0, fractions and words with Chinese messages", () => {
    for (const year of ["0", "12.5", "abc", "1e9"]) {
      const result = timeMapYearQuery.safeParse({ year });
      expect(result.success, year).toBe(false);
      expect(result.error?.issues[0]?.message, year).toMatch(/年/);
    }
  });

  it("passes years beyond the data so the service can clamp them", () => {
    expect(timeMapYearQuery.parse({ year: "-5000" }).year).toBe(-5000);
    expect(timeMapYearQuery.parse({ year: "3000" }).year).toBe(3000);
  });

  it("bounds span and limit", () => {
    expect(timeMapYearQuery.safeParse({ span: "51" }).success).toBe(false);
    expect(timeMapYearQuery.safeParse({ span: "-1" }).success).toBe(false);
    expect(timeMapPeopleQuery.safeParse({ limit: "0" }).success).toBe(false);
  });

  it("takes a place by id or key", () => {
    expect(timeMapPlaceParams.safeParse({ lang: "cn", id: "xian-yang" }).success).toBe(true);
    expect(timeMapPlaceParams.safeParse({ lang: "en", id: "xian-yang" }).success).toBe(false);
  });
});

describe("clampToRange", () => {
  const range = { min: -2070, max: 2024 };
  it("keeps a year inside the range", () => {
    expect(clampToRange(-221, range)).toEqual({ year: -221 });
  });
  it("brings an early or late year to the nearest end, saying so", () => {
    const early = clampToRange(-5000, range);
    expect(early.year).toBe(-2070);
    expect(early.clamped?.requested).toBe(-5000);
    expect(early.clamped?.message).toContain("已显示前2070年");
    const late = clampToRange(3000, range);
    expect(late.year).toBe(2024);
    expect(late.clamped?.message).toContain("晚于");
  });
});
