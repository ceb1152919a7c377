import { describe, expect, it } from "vitest";
import { shouldPrefetchLinks } from "./link-prefetch.ts";

describe("shouldPrefetchLinks", () => {
  it("prefetches unless the connection is 2g or data saving is on", () => {
    expect(shouldPrefetchLinks(undefined)).toBe(true);
    expect(shouldPrefetchLinks({ effectiveType: "4g" })).toBe(true);
    expect(shouldPrefetchLinks({ effectiveType: "3g" })).toBe(true);
    expect(shouldPrefetchLinks({ effectiveType: "2g" })).toBe(false);
    expect(shouldPrefetchLinks({ effectiveType: "slow-2g" })).toBe(false);
    expect(shouldPrefetchLinks({ effectiveType: "4g", saveData: true })).toBe(false);
  });
});
