import { OFFSET_STEPS } from "@tongjian/domain/books";

/**
 * The reader's place in a chapter and its pages, as pure arithmetic over what the browser laid
 * out (the boxes of the paragraphs), so that both reading modes agree on where the reader is.
 *
 * A place is a paragraph and how far into it the reader is (0 at its first line, 1 past its last),
 * measured in the paragraph's own height. The saved offset (0–1, five decimals, as the server
 * keeps it) is that place as a share of the chapter's characters: it does not depend on the
 * screen, the text size or the mode, so a place saved while scrolling on one phone opens on the
 * page that holds the same paragraph on another.
 */

export type ReaderMode = "scroll" | "paged";

export const READER_MODE_KEY = "tj:reader-mode";
/** Where the next chapter opens after a page turn crosses into it (sessionStorage, one use). */
export const READER_ENTRY_KEY = "tj:reader-entry";

export interface TextPlace {
  paragraph: number;
  within: number;
}

/** One box of a paragraph on screen: one per column it runs through, or one when scrolling. */
export interface Fragment {
  left: number;
  top: number;
  height: number;
}

/** The geometry of the paged text: where its first column starts and how far apart pages are. */
export interface PageGeometry {
  origin: number;
  pitch: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, Number.isFinite(n) ? n : 0));

/** Each paragraph's length in characters (at least one, so every paragraph has a share). */
export function paragraphWeights(paragraphs: readonly string[]): number[] {
  return paragraphs.map((p) => Math.max(1, [...p].length));
}

/**
 * The saved offset of a place. Rounded up to the stored precision, so that reading it back never
 * lands before the place (a page that starts a paragraph must not reopen on the page before).
 */
export function placeToOffset(weights: readonly number[], place: TextPlace): number {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || weights.length === 0) return 0;
  const index = Math.min(weights.length - 1, Math.max(0, Math.floor(place.paragraph)));
  let before = 0;
  for (let i = 0; i < index; i++) before += weights[i] ?? 0;
  const at = (before + clamp01(place.within) * (weights[index] ?? 0)) / total;
  // The small allowance keeps floating-point noise (0.1 + 0.2) from rounding up a whole step.
  return Math.min(1, Math.max(0, Math.ceil(at * OFFSET_STEPS - 1e-6) / OFFSET_STEPS));
}

/** The place a saved offset points at. */
export function offsetToPlace(weights: readonly number[], offset: number): TextPlace {
  if (weights.length === 0) return { paragraph: 0, within: 0 };
  const total = weights.reduce((a, b) => a + b, 0);
  const target = clamp01(offset) * total;
  let before = 0;
  for (let i = 0; i < weights.length; i++) {
    const weight = weights[i] ?? 1;
    // A paragraph owns [its start, the next one's start): an offset at a boundary opens the
    // later paragraph at its first line.
    if (target < before + weight - 1e-9 || i === weights.length - 1)
      return { paragraph: i, within: clamp01((target - before) / weight) };
    before += weight;
  }
  return { paragraph: weights.length - 1, within: 1 };
}

/** The page a box lies on. */
export function pageOfLeft(left: number, geometry: PageGeometry): number {
  if (geometry.pitch <= 0) return 0;
  return Math.max(0, Math.round((left - geometry.origin) / geometry.pitch));
}

/** How many pages the text fills: up to the page of the last box of its last block. */
export function pageCount(last: Fragment | undefined, geometry: PageGeometry): number {
  return last ? pageOfLeft(last.left, geometry) + 1 : 1;
}

/** The page that shows a place, given each paragraph's boxes in reading order. */
export function pageOfPlace(
  paragraphs: readonly (readonly Fragment[])[],
  place: TextPlace,
  geometry: PageGeometry,
): number {
  const index = Math.min(paragraphs.length - 1, Math.max(0, place.paragraph));
  const boxes = paragraphs[index] ?? [];
  if (boxes.length === 0) return 0;
  const total = boxes.reduce((a, b) => a + b.height, 0);
  const target = clamp01(place.within) * total;
  let before = 0;
  for (const box of boxes) {
    if (target < before + box.height - 1e-6) return pageOfLeft(box.left, geometry);
    before += box.height;
  }
  const last = boxes[boxes.length - 1] as Fragment;
  return pageOfLeft(last.left, geometry);
}

/**
 * Where a page begins: the first paragraph with a box on it, and how much of that paragraph
 * earlier pages showed. The first page is the chapter's start (its title comes before any text).
 */
export function placeOfPage(
  paragraphs: readonly (readonly Fragment[])[],
  page: number,
  geometry: PageGeometry,
): TextPlace {
  if (page <= 0) return { paragraph: 0, within: 0 };
  let fallback: TextPlace = { paragraph: 0, within: 0 };
  for (let i = 0; i < paragraphs.length; i++) {
    const boxes = paragraphs[i] ?? [];
    const total = boxes.reduce((a, b) => a + b.height, 0);
    let before = 0;
    for (const box of boxes) {
      const on = pageOfLeft(box.left, geometry);
      if (on === page) return { paragraph: i, within: total > 0 ? before / total : 0 };
      if (on > page) return fallback;
      before += box.height;
    }
    fallback = { paragraph: i, within: 0 };
  }
  return fallback;
}

/**
 * The place at a reading line while scrolling (the bottom of the reader's sticky bar): the first
 * paragraph that reaches below it, and how far the line has gone into it.
 */
export function placeAtLine(paragraphs: readonly Fragment[], line: number): TextPlace {
  for (let i = 0; i < paragraphs.length; i++) {
    const box = paragraphs[i] as Fragment;
    if (box.top + box.height > line)
      return { paragraph: i, within: box.height > 0 ? clamp01((line - box.top) / box.height) : 0 };
  }
  return { paragraph: Math.max(0, paragraphs.length - 1), within: 1 };
}

export type Turn =
  | { kind: "page"; page: number }
  | { kind: "chapter"; to: "prev" | "next" }
  | { kind: "end"; at: "first" | "last" };

/** What a page turn does: the next or previous page, else the neighbouring chapter. */
export function turnPage(
  page: number,
  pages: number,
  direction: 1 | -1,
  chapters: { prev: boolean; next: boolean },
): Turn {
  const last = Math.max(0, pages - 1);
  const at = Math.min(last, Math.max(0, page));
  if (direction > 0) {
    if (at < last) return { kind: "page", page: at + 1 };
    return chapters.next ? { kind: "chapter", to: "next" } : { kind: "end", at: "last" };
  }
  if (at > 0) return { kind: "page", page: at - 1 };
  return chapters.prev ? { kind: "chapter", to: "prev" } : { kind: "end", at: "first" };
}

/** A turn asked for by a key, or null for keys the reader leaves alone. */
export function keyTurn(key: string, shift: boolean): 1 | -1 | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
    case "PageDown":
      return 1;
    case "ArrowLeft":
    case "ArrowUp":
    case "PageUp":
      return -1;
    case " ":
      return shift ? -1 : 1;
    default:
      return null;
  }
}

/** A horizontal swipe long and straight enough to turn the page: left is forward. */
export function swipeTurn(dx: number, dy: number, min = 40): 1 | -1 | null {
  if (Math.abs(dx) < min || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? 1 : -1;
}

/** The next chapter is fetched ahead once the reader is on one of its last this-many pages. */
export const FETCH_AHEAD_PAGES = 2;

/**
 * Whether to fetch the next chapter in the background: there is one, and the reader is on one of
 * the chapter's last pages, so a turn past the last one does not wait on the network.
 */
export function fetchNextAhead(page: number, pages: number, hasNext: boolean): boolean {
  if (!hasNext) return false;
  return Math.max(1, pages) - 1 - Math.max(0, page) < FETCH_AHEAD_PAGES;
}

export function parseReaderMode(text: string | null): ReaderMode {
  return text === "paged" ? "paged" : "scroll";
}

interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Before a page turn opens another chapter: where in it to open (0 its start, 1 its end). */
export function leaveForChapter(
  store: KeyValue | null,
  entry: { book: string; position: number; offset: number },
) {
  try {
    store?.setItem(READER_ENTRY_KEY, JSON.stringify(entry));
  } catch {
    // The chapter then opens where it would from a link.
  }
}

/**
 * The offset a page turn asked this chapter to open at, once: a reload afterwards opens at the
 * saved place instead.
 */
export function takeChapterEntry(
  store: KeyValue | null,
  book: string,
  position: number,
): number | null {
  try {
    const text = store?.getItem(READER_ENTRY_KEY);
    if (!text) return null;
    store?.removeItem(READER_ENTRY_KEY);
    const entry = JSON.parse(text) as { book?: unknown; position?: unknown; offset?: unknown };
    if (entry.book !== book || entry.position !== position) return null;
    return typeof entry.offset === "number" ? clamp01(entry.offset) : null;
  } catch {
    return null;
  }
}
