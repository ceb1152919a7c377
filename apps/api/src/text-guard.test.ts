import { describe, expect, it } from "vitest";
import { holdsNul } from "./text-guard.ts";

describe("holdsNul", () => {
  it("finds U+0000 in a string, a key or a value at any depth", () => {
    expect(holdsNul("a\u0000b")).toBe(true);
    expect(holdsNul({ note: ["ok", { text: "x\u0000" }] })).toBe(true);
    expect(holdsNul({ "k\u0000": 1 })).toBe(true);
    expect(holdsNul({ note: ["ok", { text: "中文", n: 1, none: null }] })).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
  });

  it("reads a value nested 100,000 deep to the end", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(holdsNul(deep)).toBe(true);
  });
});
