import { describe, expect, it } from "vitest";
import { formatViewCount } from "./view-count.ts";

describe("formatViewCount", () => {
  it("shows small counts as they are", () => {
    expect(formatViewCount(0)).toBe("0");
    expect(formatViewCount(1)).toBe("1");
    expect(formatViewCount(9999)).toBe("9999");
  });

  it("keeps exactly 10000 as a number, since the rule is 'over 10000'", () => {
    expect(formatViewCount(10000)).toBe("10000");
    expect(formatViewCount(10001)).toBe("1.0万");
  });

  it("shows one decimal of 万, cut rather than rounded", () => {
    expect(formatViewCount(12345)).toBe("1.2万");
    expect(formatViewCount(19999)).toBe("1.9万");
    expect(formatViewCount(20000)).toBe("2.0万");
    expect(formatViewCount(99999)).toBe("9.9万");
  });

  it("switches to 10W+ only over 100000", () => {
    expect(formatViewCount(100000)).toBe("10.0万");
    expect(formatViewCount(100001)).toBe("10W+");
    expect(formatViewCount(123456789)).toBe("10W+");
  });

  it("floors fractions and shows 0 for bad data", () => {
    expect(formatViewCount(10000.9)).toBe("10000");
    expect(formatViewCount(-1)).toBe("0");
    expect(formatViewCount(Number.NaN)).toBe("0");
    expect(formatViewCount(Number.POSITIVE_INFINITY)).toBe("0");
    expect(formatViewCount(null)).toBe("0");
    expect(formatViewCount(undefined)).toBe("0");
  });
});
