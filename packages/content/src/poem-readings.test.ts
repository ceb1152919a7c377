import { describe, expect, it } from "vitest";
import { poemReadingLabel } from "./content-schema.ts";
import { loadContent } from "./load-content.ts";
import { poemEntry, poemKey, poemText, withReading } from "./poetry-entries.ts";
import { defaultPoetryDir, POEM_SOURCES } from "./poetry-sources.ts";
import { normalizeName, toSimplified } from "./poetry-text.ts";

const STAMP = "2026-01-01T00:00:00.000Z";

describe("content/poem-readings.yaml", () => {
  it("changes words that the installed chinese-poetry package has, in the poem it names", () => {
    const readings = loadContent("content").poemReadings;
    expect(readings.length).toBeGreaterThan(0);
    const authors = new Set(readings.map((r) => r.author));
    const names = new Map<string, string>();
    const applied = new Set<string>();
    const dir = defaultPoetryDir();
    for (const source of POEM_SOURCES) {
      for (const file of source.files(dir)) {
        for (const raw of source.read(file)) {
          const rawAuthor = raw.author ?? "";
          let author = names.get(rawAuthor);
          if (author === undefined) {
            author = normalizeName(toSimplified(rawAuthor));
            names.set(rawAuthor, author);
          }
          if (!authors.has(author)) continue;
          const text = poemText(raw, toSimplified);
          const row = poemEntry({
            source,
            key: poemKey(source, raw, text),
            text,
            dynasty: source.dynasty,
            authorId: null,
            regimeId: null,
            popularity: 0,
            stamp: STAMP,
          });
          for (const reading of readings) {
            if (reading.author !== author || reading.title !== row.name) continue;
            if (withReading(row, reading)) applied.add(poemReadingLabel(reading));
          }
        }
      }
    }
    expect([...applied].sort()).toEqual(readings.map(poemReadingLabel).sort());
  }, 60_000);
});
