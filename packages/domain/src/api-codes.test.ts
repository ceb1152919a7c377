import { describe, expect, it } from "vitest";
import {
  CODE_NOT_LOGGED_IN,
  CODE_REJECTED,
  isApiEnvelope,
  isResolvedCode,
  isSuccessCode,
} from "./api-codes.ts";

describe("isResolvedCode", () => {
  it("resolves 200, 201, 617 and 9009", () => {
    for (const code of [200, 201, 617, 9009]) expect(isResolvedCode(code)).toBe(true);
  });

  it("rejects 600, 888 and every other code", () => {
    expect(CODE_NOT_LOGGED_IN).toBe(600);
    expect(CODE_REJECTED).toBe(888);
    for (const code of [600, 888, 0, 202, 204, 400, 404, 500, 9008, -200, Number.NaN]) {
      expect(isResolvedCode(code)).toBe(false);
    }
  });
});

describe("isSuccessCode", () => {
  it("is only 200 and 201", () => {
    expect(isSuccessCode(200)).toBe(true);
    expect(isSuccessCode(201)).toBe(true);
    expect(isSuccessCode(617)).toBe(false);
    expect(isSuccessCode(9009)).toBe(false);
  });
});

describe("isApiEnvelope", () => {
  it("accepts a code, message and data", () => {
    expect(isApiEnvelope({ code: 200, message: "ok", data: { id: 1 } })).toBe(true);
    expect(isApiEnvelope({ code: 600, message: "未登录", data: null })).toBe(true);
    expect(isApiEnvelope({ code: 200, data: [] })).toBe(true);
  });

  it("rejects other shapes", () => {
    expect(isApiEnvelope(null)).toBe(false);
    expect(isApiEnvelope("ok")).toBe(false);
    expect(isApiEnvelope({ code: "200", message: "", data: null })).toBe(false);
    expect(isApiEnvelope({ code: 200.5, message: "", data: null })).toBe(false);
    expect(isApiEnvelope({ code: 200, message: 1, data: null })).toBe(false);
    expect(isApiEnvelope({ code: 200, message: "" })).toBe(false);
  });
});
