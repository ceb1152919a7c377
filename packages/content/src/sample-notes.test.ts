import { readFileSync } from "node:fs";
import { normalizeNoteText, noteTextProblem } from "@tongjian/domain/entry-notes";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadContent } from "./load-content.ts";
import { samplesSchema } from "./seed-sample-notes.ts";

describe("content/samples/notes.yaml", () => {
  it("names only entries of the corpus and sample authors, with notes readers could post", () => {
    const samples = samplesSchema.parse(
      parseYaml(readFileSync("content/samples/notes.yaml", "utf8")),
    );
    const keys = new Set(loadContent("content").entries.map((e) => `${e.kind}/${e.key}`));
    const authors = new Set(samples.authors.map((a) => a.key));
    expect(samples.notes.length).toBeGreaterThanOrEqual(5);
    for (const note of samples.notes) {
      expect(keys.has(note.entry), note.entry).toBe(true);
      expect(authors.has(note.author), note.author).toBe(true);
      for (const liker of note.likedBy) expect(authors.has(liker), liker).toBe(true);
      expect(noteTextProblem(normalizeNoteText(note.text)), note.key).toBeNull();
    }
  });
});
