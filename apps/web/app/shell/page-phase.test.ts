import { describe, expect, it } from "vitest";
import { PAGE_OUT_MS, pageInDelay } from "./page-phase.ts";

describe("out-in page transition", () => {
  it("holds the new page back for the rest of the old page's fade", () => {
    expect(pageInDelay(1000, 1000)).toBe(PAGE_OUT_MS);
    expect(pageInDelay(1000, 1000 + 40)).toBe(PAGE_OUT_MS - 40);
  });

  it("shows the new page at once when the fade is over or never started", () => {
    expect(pageInDelay(1000, 1000 + PAGE_OUT_MS)).toBe(0);
    expect(pageInDelay(1000, 5000)).toBe(0);
    expect(pageInDelay(null, 5000)).toBe(0);
  });
});
