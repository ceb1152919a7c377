/**
 * Searching poems and classics by their words ("床前明月光" finds 静夜思). The text is indexed
 * and matched without punctuation, spaces and line breaks, so a keyword may run across a comma
 * or a line ("床前明月光疑是地上霜") and may be typed with or without the punctuation.
 */

/**
 * Shortest keyword, in characters, that the verse search takes: its indexes are trigram
 * indexes (FTS5 `trigram`, pg_trgm), which cannot find a string shorter than three.
 */
export const VERSE_KEYWORD_MIN = 3;

const NOT_A_WORD = /[^\p{L}\p{N}]/gu;

/** Text as the verse search indexes and matches it: letters and digits only, lower-cased. */
export function verseSearchText(text: string): string {
  return text.replace(NOT_A_WORD, "").toLowerCase();
}

/** Where `keyword` (any punctuation in it ignored) stands in `line`: [start, end) in code units. */
export function verseMatchRange(line: string, keyword: string): [number, number] | null {
  const needle = verseSearchText(keyword);
  if (!needle) return null;
  // The line's letters, and where each starts in the line.
  let compact = "";
  const starts: number[] = [];
  for (const m of line.matchAll(/[\p{L}\p{N}]/gu)) {
    const lower = m[0].toLowerCase();
    for (let i = 0; i < lower.length; i++) starts.push(m.index);
    compact += lower;
  }
  const at = compact.indexOf(needle);
  if (at < 0) return null;
  const last = starts[at + needle.length - 1] ?? 0;
  const lastChar = line.codePointAt(last) ?? 0;
  return [starts[at] ?? 0, last + (lastChar > 0xffff ? 2 : 1)];
}

/**
 * The lines of a text that hold the keyword: the line it stands in, or the lines it runs
 * across; null when it is nowhere in them.
 */
export function verseMatchLines(paragraphs: readonly string[], keyword: string): string | null {
  const needle = verseSearchText(keyword);
  const ends: number[] = [];
  let compact = "";
  for (const line of paragraphs) {
    compact += verseSearchText(line);
    ends.push(compact.length);
  }
  const at = needle ? compact.indexOf(needle) : -1;
  if (at < 0) return null;
  const first = ends.findIndex((end) => end > at);
  const last = ends.findIndex((end) => end >= at + needle.length);
  return paragraphs.slice(first, last + 1).join("");
}
