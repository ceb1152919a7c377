import type { SearchService } from "../search/search.server.ts";
import { type AskEntry, askEntry, isCurated, namesOf } from "./ask-entry.ts";
import type { AskRepository } from "./ask-repository.ts";

/**
 * How a name written in a question was matched to the corpus. `matched` is the name found;
 * `partial` says it was found inside a longer mention ("诗人李白" → 李白).
 */
export type Resolution =
  | { status: "found"; entry: AskEntry; matched: string; partial: boolean }
  /** Several entries fit equally well (宋: 北宋, 南宋, 刘宋): the reader is asked which. */
  | { status: "ambiguous"; entries: AskEntry[]; matched: string; partial: boolean }
  | { status: "none"; mention: string };

interface Candidate {
  entry: AskEntry;
  /** 0: the entry's own name; 1: an alias, 字 or 号. */
  tier: 0 | 1;
}

/** Characters of a mention looked at, and the longest name looked for inside a longer one. */
const MENTION_SCAN_MAX = 12;
const NAME_MAX = 10;
/**
 * Name lookups one question may make. A mention of 12 characters that names nothing costs 63;
 * a question of odd words cannot make the server run hundreds of searches.
 */
export const LOOKUP_BUDGET = 100;
/** Endings readers add to a regime's name that the corpus may not list: 宋朝, 明代, 秦国. */
const REGIME_SUFFIX = /(?:朝代|王朝|时期|时代|政权|帝国|朝|代|国)$/u;

const fold = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/gu, "");

/**
 * Finds the entries a question names, through the search service (names, aliases, 字 and 号,
 * exact names first): a name counts only when it is the whole of an entry's name or other name,
 * never a part of one. One resolver serves one question and remembers its lookups.
 */
export function createMentionResolver(deps: { search: SearchService; repository: AskRepository }) {
  const lookups = new Map<string, Promise<Candidate[]>>();

  /** Entries whose name or other name is exactly `name` (none once the budget is spent). */
  function exact(name: string): Promise<Candidate[]> {
    const key = fold(name);
    const known = lookups.get(key);
    if (known) return known;
    if (lookups.size >= LOOKUP_BUDGET) return Promise.resolve([]);
    const found = (async () => {
      if (!key) return [];
      const hits = await deps.search.suggestions({ keyword: name });
      const rows = await deps.repository.entries(hits.map((h) => h.id));
      const byId = new Map(rows.map((r) => [r.id, askEntry(r)]));
      const candidates: Candidate[] = [];
      for (const hit of hits) {
        const entry = byId.get(hit.id);
        if (!entry) continue;
        const names = namesOf(entry);
        if (fold(names.main) === key) candidates.push({ entry, tier: 0 });
        else if (names.others.some((n) => fold(n) === key)) candidates.push({ entry, tier: 1 });
      }
      return candidates;
    })();
    lookups.set(key, found);
    return found;
  }

  /**
   * The best of the candidates: the kinds the question is about, then own names before other
   * names, then curated entries before imported ones (the Tang 李白 before a Song poet of the
   * same name). What is left over and more than one is ambiguous.
   */
  function pick(candidates: Candidate[], kinds: readonly string[]): Candidate[] {
    let list = candidates;
    const ofKind = list.filter((c) => kinds.includes(c.entry.kind));
    if (ofKind.length > 0) list = ofKind;
    const bestTier = Math.min(...list.map((c) => c.tier));
    list = list.filter((c) => c.tier === bestTier);
    const curated = list.filter((c) => isCurated(c.entry));
    if (curated.length > 0) list = curated;
    const seen = new Set<string>();
    return list.filter((c) => !seen.has(c.entry.id) && seen.add(c.entry.id));
  }

  function settle(
    candidates: Candidate[],
    kinds: readonly string[],
    matched: string,
    partial: boolean,
  ): Resolution {
    const best = pick(candidates, kinds);
    const [only] = best;
    if (best.length === 1 && only) return { status: "found", entry: only.entry, matched, partial };
    return { status: "ambiguous", entries: best.map((c) => c.entry), matched, partial };
  }

  return {
    /**
     * The entry a mention names: the mention itself, then without a regime ending (宋朝 → 宋),
     * then the longest names inside it ("诗人李白" → 李白). `kinds`: the kinds the question
     * asks about, preferred when a name fits several.
     */
    async resolve(mention: string, kinds: readonly string[] = []): Promise<Resolution> {
      const whole = Array.from(mention.trim()).slice(0, MENTION_SCAN_MAX).join("");
      if (!whole) return { status: "none", mention };
      const variants = [whole];
      const bare = whole.replace(REGIME_SUFFIX, "");
      if (bare && bare !== whole) variants.push(bare);
      for (const variant of variants) {
        const found = await exact(variant);
        if (found.length > 0) return settle(found, kinds, variant, false);
      }
      const chars = Array.from(whole);
      for (let length = Math.min(chars.length - 1, NAME_MAX); length >= 2; length--) {
        const windows = new Set<string>();
        for (let start = 0; start + length <= chars.length; start++) {
          windows.add(chars.slice(start, start + length).join(""));
        }
        // One level at a time, all of its windows at once: the longest names win.
        const found = await Promise.all(
          [...windows].map(async (w) => ({ w, hits: await exact(w) })),
        );
        const hits = found.filter((f) => f.hits.length > 0);
        if (hits.length === 0) continue;
        const all = hits.flatMap((f) => f.hits);
        const resolution = settle(all, kinds, hits[0]?.w ?? whole, true);
        if (resolution.status === "found") {
          const matched = hits.find((f) => f.hits.some((c) => c.entry.id === resolution.entry.id));
          return { ...resolution, matched: matched?.w ?? resolution.matched };
        }
        return resolution;
      }
      return { status: "none", mention: whole };
    },

    /** Every entry named exactly `name` (a poem title shared by several poets). */
    async all(name: string): Promise<AskEntry[]> {
      return (await exact(name)).map((c) => c.entry);
    },
  };
}

export type MentionResolver = ReturnType<typeof createMentionResolver>;
