/** Longest keyword the search calls accept, in characters. */
export const SEARCH_KEYWORD_MAX_LENGTH = 50;
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

/**
 * A window of `text` around the first case-insensitive occurrence of `needle`, with an
 * ellipsis where it was cut; the start of the text when the needle does not occur in it (a
 * title-only hit).
 */
export function searchSnippet(
  text: string,
  needle: string,
  context: number = SEARCH_SNIPPET_CONTEXT,
): string {
  const chars = Array.from(text);
  const lowered = chars.map((c) => c.toLowerCase());
  const target = Array.from(needle.toLowerCase());
  let at = -1;
  if (target.length > 0) {
    outer: for (let i = 0; i + target.length <= lowered.length; i++) {
      for (let j = 0; j < target.length; j++) if (lowered[i + j] !== target[j]) continue outer;
      at = i;
      break;
    }
  }
  const start = at < 0 ? 0 : Math.max(0, at - context);
  const end = at < 0 ? context * 2 : at + target.length + context;
  const body = chars.slice(start, end).join("").trim();
  return `${start > 0 ? "…" : ""}${body}${end < chars.length ? "…" : ""}`;
}
