import { describe, expect, it } from "vitest";
import { maskPhone, normalizePhone } from "./phone-number.ts";

describe("phone numbers", () => {
  it("normalises mainland mobile numbers typed in common ways", () => {
    for (const input of [
      "13800138000",
      "138 0013 8000",
      "138-0013-8000",
      "+8613800138000",
      "008613800138000",
    ])
      expect(normalizePhone(input)).toBe("13800138000");
  });

  it("refuses anything else", () => {
    for (const input of [
      "",
      "12800138000",
      "1380013800",
      "138001380000",
      "+1 415 555 0100",
      "1380013800a",
    ])
      expect(normalizePhone(input)).toBeNull();
  });

  it("masks the middle four digits", () => {
    expect(maskPhone("13800138000")).toBe("138****8000");
  });
});
