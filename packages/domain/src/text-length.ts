/**
 * Display length of text, where a character outside Latin-1 counts two (spec §5 "Text length
 * counts non-latin characters as two"), and truncation by that measure (spec §5, §9 limits).
 *
 * A "character" here is a user-perceived character (grapheme cluster): an emoji with a skin
 * tone, a flag or a ZWJ family is one character and is never cut in half. It counts two when
 * any code point in it is above U+00FF (so 汉, 《, … and emoji count two; a, é, ü count one).
 */

/** Spec §5: detail pop-up description when the pop-up shows an image. */
export const DETAIL_DESCRIPTION_LIMIT_WITH_IMAGE = 60;
/** Spec §5: detail pop-up description without an image; the text gets the image's room. */
export const DETAIL_DESCRIPTION_LIMIT_WITHOUT_IMAGE = 140;
/** Spec §5: description in a share payload. */
export const SHARE_DESCRIPTION_LIMIT = 100;
/** Spec §5: any other description (meta description, cards). */
export const DEFAULT_DESCRIPTION_LIMIT = 100;
/** Spec §5: painter name/text under a painting. */
export const PAINTER_TEXT_LIMIT = 20;

export const DEFAULT_ELLIPSIS = "…";

const LATIN1_MAX_CODE_POINT = 0xff;

let graphemeSegmenter: Intl.Segmenter | undefined;

/**
 * Splits into user-perceived characters. Old Android webviews lack Intl.Segmenter; there we fall
 * back to code points, which still never splits a surrogate pair.
 */
export function splitCharacters(text: string): string[] {
  return Array.from(characters(text));
}

/**
 * Text made only of code points that never join a neighbour into one character: printable
 * ASCII and Latin-1, general punctuation (not the joiners and marks U+200B–200F, U+2028–202F,
 * U+205F–206F), CJK punctuation (not the tone marks U+302A–302F), CJK ideographs and the
 * fullwidth forms before the halfwidth kana. Most of the corpus is such text; for it each UTF-16
 * unit is one character and the grapheme segmenter, slow to start and to run, is not needed.
 */
const SIMPLE_TEXT =
  /^[\u0020-\u007e\u00a0-\u00ff\u2010-\u2027\u2030-\u205e\u3000-\u3029\u3030-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff65]*$/;

/** The characters of {@link splitCharacters} one at a time, so a caller can stop early. */
function* characters(text: string): Generator<string> {
  if (SIMPLE_TEXT.test(text) || typeof Intl.Segmenter !== "function") {
    yield* text;
    return;
  }
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const part of graphemeSegmenter.segment(text)) yield part.segment;
}

/** Width of one character from {@link splitCharacters}: 1 for Latin-1, 2 for anything else. */
export function characterWidth(character: string): 1 | 2 {
  for (const codePoint of character) {
    if ((codePoint.codePointAt(0) ?? 0) > LATIN1_MAX_CODE_POINT) return 2;
  }
  return 1;
}

export function textLength(text: string): number {
  let length = 0;
  for (const character of splitCharacters(text)) length += characterWidth(character);
  return length;
}

/**
 * Truncates so the result, ellipsis included, measures at most `limit`: the limits are layout
 * budgets, so the ellipsis must fit inside them. Text that fits is returned unchanged.
 * Trailing whitespace before the ellipsis is dropped ("纵览 …" reads as a mistake).
 * If even the ellipsis does not fit, the text is cut to the limit without one.
 */
export function truncateText(text: string, limit: number, ellipsis = DEFAULT_ELLIPSIS): string {
  const budget = Number.isFinite(limit) ? Math.floor(limit) : 0;
  if (budget <= 0) return "";
  // No character measures more than two, and none is shorter than one UTF-16 unit: text of at
  // most budget / 2 units fits without being measured.
  if (text.length * 2 <= budget) return text;

  const ellipsisLength = textLength(ellipsis);
  const useEllipsis = ellipsisLength <= budget;
  const keepBudget = useEllipsis ? budget - ellipsisLength : budget;
  // Walks the text once and stops as soon as it is over the budget: long bodies are measured
  // only as far as the cut.
  let kept = "";
  let used = 0;
  let keeping = true;
  for (const character of characters(text)) {
    const width = characterWidth(character);
    if (keeping && used + width <= keepBudget) kept += character;
    else keeping = false;
    used += width;
    if (used > budget) return useEllipsis ? kept.trimEnd() + ellipsis : kept;
  }
  return text;
}

/** Spec §5: 60 with an image, 140 without. */
export function detailDescriptionLimit(hasImage: boolean): number {
  return hasImage ? DETAIL_DESCRIPTION_LIMIT_WITH_IMAGE : DETAIL_DESCRIPTION_LIMIT_WITHOUT_IMAGE;
}
