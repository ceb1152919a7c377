import { describe, expect, it } from "vitest";
import { ENTRY_KINDS, isEntryKind } from "./entry-kinds.ts";

describe("entry kinds", () => {
  it("accepts the imported kinds next to the written ones", () => {
    expect(ENTRY_KINDS).toContain("poem");
    expect(ENTRY_KINDS).toContain("classic");
    expect(isEntryKind("poem")).toBe(true);
    expect(isEntryKind("classic")).toBe(true);
    expect(isEntryKind("person")).toBe(true);
    expect(isEntryKind("article")).toBe(false);
    expect(isEntryKind("")).toBe(false);
  });
});
