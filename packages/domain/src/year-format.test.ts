import { describe, expect, it } from "vitest";
import {
  formatHistoricalDate,
  formatYear,
  formatYearRange,
  isValidYear,
  lifespanYears,
  yearsBetween,
} from "./year-format.ts";

describe("formatYear", () => {
  it("writes BCE years as 前N年", () => {
    expect(formatYear(-221)).toBe("前221年");
    expect(formatYear(-1)).toBe("前1年");
    expect(formatYear(1)).toBe("1年");
    expect(formatYear(618)).toBe("618年");
  });

  it("rejects year 0 and non-integers", () => {
    expect(() => formatYear(0)).toThrow(RangeError);
    expect(() => formatYear(1.5)).toThrow(RangeError);
    expect(() => formatYear(Number.NaN)).toThrow(RangeError);
    expect(isValidYear(0)).toBe(false);
    expect(isValidYear(-1)).toBe(true);
  });
});

describe("formatHistoricalDate", () => {
  it("marks approximate years with 约", () => {
    expect(formatHistoricalDate({ year: -551, approx: true })).toBe("约前551年");
    expect(formatHistoricalDate({ year: 701 })).toBe("701年");
    expect(formatHistoricalDate(701)).toBe("701年");
  });

  it("adds the alternative year in full-width brackets", () => {
    expect(formatHistoricalDate({ year: 1037, alt: 1036 })).toBe("1037年（或1036年）");
    expect(formatHistoricalDate({ year: -356, alt: -355 })).toBe("前356年（或前355年）");
    expect(formatHistoricalDate({ year: 1037, alt: 1037 })).toBe("1037年");
    expect(() => formatHistoricalDate({ year: 1, alt: 0 })).toThrow(RangeError);
  });

  it("adds month and day when given", () => {
    expect(formatHistoricalDate({ year: 1644, month: 4, day: 25 })).toBe("1644年4月25日");
    expect(formatHistoricalDate({ year: 755, month: 12 })).toBe("755年12月");
    expect(formatHistoricalDate({ year: -209, month: 7, approx: true })).toBe("约前209年7月");
  });

  it("rejects impossible months and a day without a month", () => {
    expect(() => formatHistoricalDate({ year: 755, month: 13 })).toThrow(RangeError);
    expect(() => formatHistoricalDate({ year: 755, month: 0 })).toThrow(RangeError);
    expect(() => formatHistoricalDate({ year: 755, day: 3 })).toThrow(RangeError);
    expect(() => formatHistoricalDate({ year: 755, month: 2, day: 32 })).toThrow(RangeError);
    expect(() => formatHistoricalDate({ year: 0 })).toThrow(RangeError);
  });
});

describe("formatYearRange", () => {
  it("joins with an em dash", () => {
    expect(formatYearRange(-221, -207)).toBe("前221年—前207年");
    expect(formatYearRange({ year: 618 }, { year: 907 })).toBe("618年—907年");
    expect(formatYearRange(-202, 8)).toBe("前202年—8年");
    expect(formatYearRange({ year: -551, approx: true }, -479)).toBe("约前551年—前479年");
  });

  it("prints a single date once", () => {
    expect(formatYearRange(1949, 1949)).toBe("1949年");
  });
});

describe("yearsBetween and lifespanYears", () => {
  it("skips the missing year 0", () => {
    expect(yearsBetween(-1, 1)).toBe(1);
    expect(yearsBetween(-551, -479)).toBe(72);
    expect(yearsBetween(-27, 14)).toBe(40);
    expect(yearsBetween(701, 762)).toBe(61);
    expect(yearsBetween(1, -1)).toBe(-1);
    expect(lifespanYears({ year: -551, approx: true }, { year: -479 })).toBe(72);
    expect(lifespanYears(701, 701)).toBe(0);
  });

  it("rejects year 0 and death before birth", () => {
    expect(() => yearsBetween(0, 5)).toThrow(RangeError);
    expect(() => lifespanYears(762, 701)).toThrow(RangeError);
  });
});
