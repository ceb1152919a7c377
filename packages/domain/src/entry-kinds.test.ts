import { describe, expect, it } from "vitest";
import { ENTRY_KIND_NAMES, ENTRY_KINDS, isEntryKind, TEXT_ENTRY_KINDS } from "./entry-kinds.ts";

describe("entry kinds", () => {
  it("accepts the imported kinds next to the written ones, works included", () => {
    expect(ENTRY_KINDS).toContain("poem");
    expect(ENTRY_KINDS).toContain("classic");
    expect(isEntryKind("poem")).toBe(true);
    expect(isEntryKind("classic")).toBe(true);
    expect(isEntryKind("person")).toBe(true);
    expect(isEntryKind("work")).toBe(true);
    expect(ENTRY_KIND_NAMES.work).toBe("作品");
    // A work is read as facts and relations, not as lines of text.
    expect(TEXT_ENTRY_KINDS).not.toContain("work");
    expect(isEntryKind("article")).toBe(false);
    expect(isEntryKind("")).toBe(false);
  });
});
