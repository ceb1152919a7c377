import { describe, expect, it } from "vitest";
import { addChinaMonths, chinaDay, chinaDayRange, formatChinaTime } from "./china-time.ts";
import { canTransition } from "./commerce.ts";

describe("VIP periods in China calendar months, exact to the second", () => {
  it("adds months on the China calendar, keeping the time of day to the second", () => {
    // 2026-01-15 10:20:30 China time.
    const from = new Date("2026-01-15T02:20:30.000Z");
    expect(addChinaMonths(from, 1).toISOString()).toBe("2026-02-15T02:20:30.000Z");
    expect(addChinaMonths(from, 12).toISOString()).toBe("2027-01-15T02:20:30.000Z");
  });

  it("ends on the last day of a shorter month, leap years included", () => {
    // 2026-01-31 08:00:01 China time is 2026-01-31T00:00:01Z.
    expect(addChinaMonths(new Date("2026-01-31T00:00:01Z"), 1).toISOString()).toBe(
      "2026-02-28T00:00:01.000Z",
    );
    expect(addChinaMonths(new Date("2028-01-31T00:00:01Z"), 1).toISOString()).toBe(
      "2028-02-29T00:00:01.000Z",
    );
  });

  it("counts the day in China, not in UTC", () => {
    // 2026-01-31 23:30 UTC is already 2026-02-01 07:30 in China: + 1 month → 2026-03-01 07:30.
    expect(addChinaMonths(new Date("2026-01-31T23:30:00Z"), 1).toISOString()).toBe(
      "2026-02-28T23:30:00.000Z",
    );
    expect(formatChinaTime(new Date("2026-01-31T23:30:00Z"))).toBe("2026-02-01 07:30:00");
    expect(chinaDayRange("2026-11-27")).toEqual({
      from: "2026-11-26T16:00:00.000Z",
      to: "2026-11-27T16:00:00.000Z",
    });
  });
});

describe("the order state machine", () => {
  it("reaches paid only from created, paying or closed, and never leaves refunded", () => {
    expect(canTransition("created", "paid")).toBe(true);
    expect(canTransition("closed", "paid")).toBe(true);
    expect(canTransition("fulfilled", "paid")).toBe(false);
    expect(canTransition("paid", "closed")).toBe(false);
    expect(canTransition("refunded", "fulfilled")).toBe(false);
    expect(canTransition("refunding", "fulfilled")).toBe(true);
  });
});

describe("the China calendar day", () => {
  it("turns at 16:00 UTC", () => {
    expect(chinaDay(new Date("2026-11-27T16:30:00Z"))).toBe("2026-11-28");
    expect(chinaDay(new Date("2026-11-27T15:59:59Z"))).toBe("2026-11-27");
  });
});
