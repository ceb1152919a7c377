import { verseSearchText } from "@tongjian/domain/verse-search";
import { distance } from "fastest-levenshtein";

/**
 * How alike two texts of one author must be to count as one poem: the share of characters
 * that stay when the shorter is edited into the longer. chinese-poetry holds many poems twice:
 * 全唐诗 files a 乐府 poem both in the 乐府 volumes ("鼓吹曲辞·将进酒") and in its poet's own,
 * and 唐诗三百首 took both records; the copies differ in a character or two (红艳/秾艳, 常得/长得,
 * 金樽/金尊). Different poems of one author, even on one 词牌 or in one series, share far less.
 */
export const SAME_POEM_SIMILARITY = 0.8;

/** Characters compared: enough to tell two poems apart, bounded for the longest 赋 and 歌行. */
const COMPARED_CHARS = 200;

/**
 * A candidate shares one of these runs of characters with the poem: the first three runs of
 * {@link ANCHOR_CHARS} or the last one, so that a variant character (戏/嚱) in one run leaves
 * the others to find it.
 */
const ANCHOR_CHARS = 4;
const HEAD_ANCHORS = 3;

/** The text of a poem without punctuation and spaces, for comparing (as the search has it). */
export function compactPoemText(paragraphs: readonly string[]): string {
  return verseSearchText(paragraphs.join(""));
}

/** 1 for the same text, down to 0 for texts with nothing in common. */
export function textSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  return 1 - distance(a, b) / longest;
}

/** "我归遭雨·其二" → 我归遭雨, 二: the poems of a numbered set are different poems. */
const SET_NUMBER = /^(.+)·其?([一二三四五六七八九十百〇]+)$/;

/** Two titles that number different poems of one set. */
export function isOtherPoemOfSet(a: string, b: string): boolean {
  const [, baseA, numberA] = SET_NUMBER.exec(a) ?? [];
  const [, baseB, numberB] = SET_NUMBER.exec(b) ?? [];
  return baseA !== undefined && baseA === baseB && numberA !== numberB;
}

/** A poem to compare: its display name and compact text. */
type Compared = Omit<Kept, "id">;

function isSamePoem(a: Compared, b: Compared): boolean {
  if (isOtherPoemOfSet(a.name, b.name)) return false;
  const [short, long] = a.text.length <= b.text.length ? [a.text, b.text] : [b.text, a.text];
  // The edit distance is at least the difference in length: skip pairs that cannot pass.
  if (short.length < long.length * SAME_POEM_SIMILARITY) return false;
  return textSimilarity(short, long) >= SAME_POEM_SIMILARITY;
}

/** A poem: its display name, its compact text, and (for a kept one) its entry id. */
export interface Kept {
  name: string;
  text: string;
  id: string;
}

/**
 * The poems kept so far, by author, to find a record that repeats one of them. Candidates are
 * the author's poems that begin or end with the same characters, so a lookup compares a few
 * texts, not all of the author's.
 */
export class PoemDuplicateIndex {
  readonly #byAnchor = new Map<string, Kept[]>();

  #anchors(author: string, text: string): Set<string> {
    const anchors = new Set([`${author}\u0001$${text.slice(-ANCHOR_CHARS)}`]);
    for (let i = 0; i < HEAD_ANCHORS && i * ANCHOR_CHARS < text.length; i++) {
      const run = text.slice(i * ANCHOR_CHARS, (i + 1) * ANCHOR_CHARS);
      anchors.add(`${author}\u0001${i}${run}`);
    }
    return anchors;
  }

  /** The id of a kept poem of this author that this one repeats, if any. */
  find(author: string, poem: Compared): string | undefined {
    if (!poem.text) return undefined;
    const compared = { name: poem.name, text: poem.text.slice(0, COMPARED_CHARS) };
    for (const anchor of this.#anchors(author, poem.text)) {
      for (const kept of this.#byAnchor.get(anchor) ?? []) {
        if (isSamePoem(kept, compared)) return kept.id;
      }
    }
    return undefined;
  }

  add(author: string, poem: Kept): void {
    if (!poem.text) return;
    const kept = { ...poem, text: poem.text.slice(0, COMPARED_CHARS) };
    for (const anchor of this.#anchors(author, poem.text)) {
      const list = this.#byAnchor.get(anchor);
      if (list) list.push(kept);
      else this.#byAnchor.set(anchor, [kept]);
    }
  }
}
