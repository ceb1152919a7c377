import { describe, expect, it } from "vitest";
import { readingRate } from "./reading-rate.ts";

describe("readingRate", () => {
  it("gives a two-decimal fraction", () => {
    expect(readingRate(1, 3)).toBe(0.33);
    expect(readingRate(2, 3)).toBe(0.66);
    expect(readingRate(57, 100)).toBe(0.57);
    expect(readingRate(29, 100)).toBe(0.29);
    expect(readingRate(1, 2)).toBe(0.5);
  });

  it("reaches 1 only when everything is read", () => {
    expect(readingRate(199, 200)).toBe(0.99);
    expect(readingRate(200, 200)).toBe(1);
  });

  it("clamps out-of-range values", () => {
    expect(readingRate(250, 200)).toBe(1);
    expect(readingRate(-3, 200)).toBe(0);
  });

  it("returns 0 for an empty or bad total", () => {
    expect(readingRate(0, 0)).toBe(0);
    expect(readingRate(5, 0)).toBe(0);
    expect(readingRate(5, -1)).toBe(0);
    expect(readingRate(Number.NaN, 10)).toBe(0);
    expect(readingRate(5, Number.NaN)).toBe(0);
  });
});
