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
const COMPARED_CHARS = 120;

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

/** A kept poem as the index holds it: its author's number and what it is compared by. */
interface Held extends Kept {
  author: number;
}

/**
 * The poems kept so far, by author, to find a record that repeats one of them. Candidates are
 * the author's poems that share a run of characters with the poem (see {@link ANCHOR_CHARS}),
 * so a lookup compares a few texts, not all of the author's.
 *
 * The full import keeps 340,000 poems here, so the index is kept small: runs are found by a
 * 31-bit hash of author and run (a whole number, which V8 stores without allocating), and a run
 * that one poem has holds that poem itself rather than a list. A hash shared by chance only adds
 * a candidate: candidates are checked for their author and compared by text.
 */
export class PoemDuplicateIndex {
  readonly #authors = new Map<string, number>();
  readonly #byRun = new Map<number, Held | Held[]>();

  #authorNumber(author: string): number {
    let n = this.#authors.get(author);
    if (n === undefined) {
      n = this.#authors.size + 1;
      this.#authors.set(author, n);
    }
    return n;
  }

  /** Hashes of the runs a poem is found by: three at the start, one at the end. */
  #runs(author: number, text: string): number[] {
    const runs = [runHash(author, HEAD_ANCHORS, text, text.length - ANCHOR_CHARS)];
    for (let i = 0; i < HEAD_ANCHORS && i * ANCHOR_CHARS < text.length; i++) {
      const run = runHash(author, i, text, i * ANCHOR_CHARS);
      if (!runs.includes(run)) runs.push(run);
    }
    return runs;
  }

  /** The id of a kept poem of this author that this one repeats, if any. */
  find(author: string, poem: Compared): string | undefined {
    if (!poem.text) return undefined;
    const number = this.#authors.get(author);
    if (number === undefined) return undefined;
    const compared = { name: poem.name, text: poem.text.slice(0, COMPARED_CHARS) };
    for (const run of this.#runs(number, poem.text)) {
      const held = this.#byRun.get(run);
      for (const kept of held === undefined ? [] : Array.isArray(held) ? held : [held]) {
        if (kept.author === number && isSamePoem(kept, compared)) return kept.id;
      }
    }
    return undefined;
  }

  add(author: string, poem: Kept): void {
    if (!poem.text) return;
    const number = this.#authorNumber(author);
    const kept: Held = {
      author: number,
      name: poem.name,
      text: poem.text.slice(0, COMPARED_CHARS),
      id: poem.id,
    };
    for (const run of this.#runs(number, poem.text)) {
      const held = this.#byRun.get(run);
      if (held === undefined) this.#byRun.set(run, kept);
      else if (Array.isArray(held)) held.push(kept);
      else this.#byRun.set(run, [held, kept]);
    }
  }
}

/** FNV-1a over the author's number, the run's place and its characters, in 31 bits. */
function runHash(author: number, place: number, text: string, from: number): number {
  let h = Math.imul(0x811c9dc5 ^ author, 0x01000193);
  h = Math.imul(h ^ place, 0x01000193);
  const start = Math.max(0, from);
  const end = Math.min(text.length, start + ANCHOR_CHARS);
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 1;
}
