/** Longest keyword the search calls accept, in characters. */
export const SEARCH_KEYWORD_MAX_LENGTH = 50;
/**
 * The paged search counts and pages through at most this many hits: deeper pages are never
 * read, and the cap keeps a count of a one-character keyword from walking every posting.
 */
export const SEARCH_RESULT_WINDOW = 1000;
/**
 * The search page's groups count their hits only this far (a tab reads 100+): counting to the
 * result window for every group of a one-character keyword would be most of the page's work.
 * A group's own list counts to the window.
 */
export const SEARCH_GROUP_COUNT_MAX = 100;
/** Characters of article text shown on each side of the match in a search snippet. */
export const SEARCH_SNIPPET_CONTEXT = 24;

export interface SearchKeyword {
  /**
   * What to look for literally in names, titles and text: NFKC-folded (full-width letters and
   * digits from a phone keyboard become ASCII), lower-cased, whitespace collapsed — and removed
   * altogether when the keyword holds Chinese, where a space only gets in the way (李 白).
   * Empty when there is nothing to search for.
   */
  text: string;
  /**
   * The keyword as pinyin letters (`li bai`, `Li'Bai` → `libai`), when it is nothing but Latin
   * letters, spaces and syllable apostrophes; null otherwise.
   */
  pinyin: string | null;
}

const HAN = /\p{Script=Han}/u;
const PINYIN = /^[a-z][a-z\s']*$/;

export function parseSearchKeyword(raw: string): SearchKeyword {
  let text = raw.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  if (HAN.test(text)) text = text.replace(/ /g, "");
  const pinyin = PINYIN.test(text) ? text.replace(/[\s']/g, "") : null;
  return { text, pinyin: pinyin || null };
}

/** Length as the search indexes count it: code points, so that 𠀀 is one character. */
export function keywordLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A window of `text` around the first case-insensitive occurrence of `needle`, `context`
 * characters on each side, with an ellipsis where it was cut; the start of the text when the
 * needle does not occur in it (a title-only hit). Works on code units and never walks the
 * whole text character by character: article texts run to thousands of characters.
 */
export function searchSnippet(
  text: string,
  needle: string,
  context: number = SEARCH_SNIPPET_CONTEXT,
): string {
  const lower = text.toLowerCase();
  // Lower-casing keeps the length of all but a few letters (İ); then match as written.
  const at = !needle
    ? -1
    : lower.length === text.length
      ? lower.indexOf(needle.toLowerCase())
      : text.indexOf(needle);
  let start: number;
  let end: number;
  if (at < 0) {
    start = 0;
    end = Array.from(text.slice(0, context * 4))
      .slice(0, context * 2)
      .join("").length;
  } else {
    // Two code units per character at most, so these slices hold `context` characters.
    const before = Array.from(text.slice(Math.max(0, at - context * 2), at)).slice(-context);
    const afterAt = at + needle.length;
    const after = Array.from(text.slice(afterAt, afterAt + context * 2)).slice(0, context);
    start = at - before.join("").length;
    end = afterAt + after.join("").length;
  }
  const body = text.slice(start, end).replace(LONE_SURROGATE, "").trim();
  return `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`;
}
