import { describe, expect, it } from "vitest";
import {
  canTransition,
  formatFen,
  formatFenShort,
  ORDER_STATES,
  ORDER_TRANSITIONS,
} from "./commerce.ts";

describe("formatFen", () => {
  it("writes fen as yuan with two decimals", () => {
    expect(formatFen(19800)).toBe("¥198.00");
    expect(formatFen(5)).toBe("¥0.05");
    expect(formatFen(0)).toBe("¥0.00");
    expect(formatFen(-500)).toBe("-¥5.00");
  });
  it("refuses what is not a whole number of fen", () => {
    expect(() => formatFen(1.5)).toThrow(RangeError);
  });
  it("shortens tags", () => {
    expect(formatFenShort(19800)).toBe("198");
    expect(formatFenShort(1990)).toBe("19.9");
    expect(formatFenShort(1999)).toBe("19.99");
  });
});

describe("order transitions", () => {
  it("never leaves refunded, and reaches paid only from created, paying or closed", () => {
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
    const toPaid = ORDER_STATES.filter((s) => canTransition(s, "paid"));
    expect(toPaid.sort()).toEqual(["closed", "created", "paying"]);
    expect(canTransition("fulfilled", "paid")).toBe(false);
  });
});
