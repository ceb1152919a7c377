import { createHash } from "node:crypto";
import type { EntryTable, RelationTable } from "@tongjian/db/database-schema";
import { WORKS_RELATION_TYPE } from "@tongjian/domain/entry-kinds";
import type { Insertable } from "kysely";
import { contentId } from "./load-content.ts";
import type {
  AuthorGroup,
  ClassicChapter,
  ClassicSource,
  PoemSource,
  RawPoem,
} from "./poetry-sources.ts";
import {
  cleanParagraphs,
  dynastyTerm,
  firstLines,
  normalizeName,
  poemName,
  splitYuefuCategory,
  stableHash,
  standardForms,
} from "./poetry-text.ts";
import { pinyinKeys } from "./seed-content.ts";

export type EntryRow = Insertable<EntryTable>;
export type RelationRow = Insertable<RelationTable>;

/** Longest summary of an imported poet. */
export const POET_SUMMARY_MAX = 200;

/** Names the package gives for an unknown author: such poems link to no one. */
const ANONYMOUS = new Set(["佚名", "无名氏", "不详", "阙名", "无名"]);

export function isAnonymous(author: string | undefined): boolean {
  return !author || ANONYMOUS.has(author);
}

/** A person of our corpus with a `poet:` field: the author name their poems carry. */
export interface CorpusPoet {
  id: string;
  poet: string;
  born: number | null;
  died: number | null;
  regimeId: string | null;
}

/** How long a poet whose other year we do not know is taken to have lived around it. */
const LIFE_SPAN = 80;

/**
 * The corpus person a poem's author is, if any: the same name, and a life that overlaps the
 * years of the poem's source (the Song 王维 of a 全宋诗 poem is not the Tang 王维).
 */
export function matchCorpusPoet(
  poets: ReadonlyMap<string, readonly CorpusPoet[]>,
  author: string,
  era: readonly [number, number],
): CorpusPoet | undefined {
  return poets.get(author)?.find((p) => {
    if (p.born === null && p.died === null) return true;
    const from = p.born ?? (p.died ?? 0) - LIFE_SPAN;
    const to = p.died ?? (p.born ?? 0) + LIFE_SPAN;
    return from <= era[1] && to >= era[0];
  });
}

/** Key of a poet the corpus does not have: one per name within a group (唐, 宋 …). */
export function importedPoetKey(group: AuthorGroup, name: string): string {
  return `poet-${group.slug}-${stableHash(name)}`;
}

/** A poem with its text in simplified characters and its names normalised. */
export interface PoemText {
  title: string;
  rhythmic: string | undefined;
  author: string;
  paragraphs: string[];
  notes: string[];
}

/** Converts and normalises a package record; `convert` is traditional → simplified. */
export function poemText(raw: RawPoem, convert: (text: string) => string): PoemText {
  let title = normalizeName(convert(raw.title ?? ""));
  let rhythmic = normalizeName(convert(raw.rhythmic ?? "")) || undefined;
  // 全宋词 writes some 词 as rhythmic "念奴娇·赤壁怀古": the 词牌 is the part before the dot.
  if (rhythmic?.includes("·")) {
    const [tune = "", ...rest] = rhythmic.split("·");
    if (!title) title = rest.join("·");
    rhythmic = tune || undefined;
  }
  const author = normalizeName(convert(raw.author ?? "")) || "佚名";
  return {
    title,
    rhythmic,
    author,
    paragraphs: cleanParagraphs(raw.paragraphs).map(convert),
    notes: cleanParagraphs(raw.notes).map(convert),
  };
}

/**
 * Stable key of a poem: from the package's own id where it has one (唐诗三百首 shares them with
 * 全唐诗), else from its author, names and first line; `occurrence` tells apart records that
 * agree in all of these (the n-th such record of its source, counted in file order).
 */
export function poemKey(source: PoemSource, raw: RawPoem, text: PoemText, occurrence = 1) {
  const hash = raw.id
    ? stableHash(raw.id)
    : stableHash(
        text.author,
        text.title,
        text.rhythmic ?? "",
        text.paragraphs[0] ?? "",
        occurrence > 1 ? String(occurrence) : "",
      );
  return `poem-${source.slug}-${hash}`;
}

const pinyinCache = new Map<string, { full: string; initials: string }>();
const PINYIN_CACHE_MAX = 50_000;

/** pinyinKeys of one name; authors and 词牌 repeat across thousands of poems. */
function namePinyin(name: string) {
  let keys = pinyinCache.get(name);
  if (!keys) {
    if (pinyinCache.size >= PINYIN_CACHE_MAX) pinyinCache.clear();
    keys = pinyinKeys([name]);
    pinyinCache.set(name, keys);
  }
  return keys;
}

/** Names for search, main name first, with their pinyin as the seeder computes it. */
function nameKeys(names: string[]) {
  const unique = [...new Set(names.filter(Boolean))];
  const full = new Set<string>();
  const initials = new Set<string>();
  for (const name of unique) {
    const keys = namePinyin(name);
    if (keys.full) full.add(keys.full);
    if (keys.initials) initials.add(keys.initials);
  }
  return { names: unique, full: [...full].join(" "), initials: [...initials].join(" ") };
}

export interface PoemEntryInput {
  source: PoemSource;
  key: string;
  text: PoemText;
  dynasty: string;
  authorId: string | null;
  regimeId: string | null;
  popularity: number;
  stamp: string;
}

/** A poem's text as pages show it: variant forms standard (the author's name is a key). */
function shownPoemText(text: PoemText): PoemText {
  return {
    ...text,
    title: standardForms(text.title),
    rhythmic: text.rhythmic && standardForms(text.rhythmic),
    paragraphs: text.paragraphs.map(standardForms),
    notes: text.notes.map(standardForms),
  };
}

/** The entry row of a poem (data contract in docs/content-format.md, "Imported poetry"). */
export function poemEntry(input: PoemEntryInput): EntryRow {
  const { source } = input;
  // Keys come from the text as converted; what readers see has standard character forms.
  const text = shownPoemText(input.text);
  const yuefu = splitYuefuCategory(text.title);
  const name = poemName(yuefu.title, text.rhythmic) || firstLines(text.paragraphs, 12) || "无题";
  const keys = nameKeys([name, text.rhythmic ?? "", isAnonymous(text.author) ? "" : text.author]);
  const data = {
    author: text.author,
    authorId: input.authorId,
    dynasty: input.dynasty,
    collection: source.collection,
    ...(yuefu.category ? { yuefu: yuefu.category } : {}),
    paragraphs: text.paragraphs,
    ...(text.rhythmic ? { rhythmic: text.rhythmic } : {}),
    ...(text.notes.length ? { notes: text.notes } : {}),
  };
  return {
    id: contentId("poem", input.key),
    key: input.key,
    kind: "poem",
    name,
    aliases: "[]",
    summary: firstLines(text.paragraphs),
    start_year: null,
    end_year: null,
    time_desc: input.dynasty,
    regime_id: input.regimeId,
    data: JSON.stringify(data),
    image_url: null,
    popularity: input.popularity,
    search_names: keys.names.join(" "),
    pinyin: keys.full,
    pinyin_initials: keys.initials,
    created_at: input.stamp,
    updated_at: input.stamp,
  };
}

/** The words of a common reading: each `from` replaced by its `to`, once, in the line it is in. */
export interface ReadingChanges {
  changes: readonly { from: string; to: string }[];
  note: string;
}

/**
 * A poem's row in its common reading (content/poem-readings.yaml): the changed lines as its
 * text and summary, the imported lines and the note under `data.reading`. Null when a change's
 * words are not in the poem (another poem of the same name, or a text that changed).
 */
export function withReading(row: EntryRow, reading: ReadingChanges): EntryRow | null {
  const data = JSON.parse(row.data ?? "{}") as { paragraphs?: string[] };
  const base = data.paragraphs ?? [];
  const lines = [...base];
  for (const { from, to } of reading.changes) {
    const at = lines.findIndex((line) => line.includes(from));
    if (at < 0) return null;
    lines[at] = (lines[at] ?? "").replace(from, to);
  }
  return {
    ...row,
    summary: firstLines(lines),
    data: JSON.stringify({ ...data, paragraphs: lines, reading: { note: reading.note, base } }),
  };
}

export function classicKey(source: ClassicSource, chapter: string): string {
  return `classic-${source.slug}-${stableHash(chapter)}`;
}

/** A chapter of a classic: "论语·学而"; a book of one chapter is named by the book alone. */
export function classicEntry(
  source: ClassicSource,
  raw: ClassicChapter,
  convert: (text: string) => string,
  stamp: string,
): EntryRow {
  const chapter = normalizeName(convert(raw.chapter)).replace(/篇$/, "") || source.book;
  const paragraphs = cleanParagraphs(raw.paragraphs).map((p) => standardForms(convert(p)));
  const name = chapter === source.book ? source.book : `${source.book}·${chapter}`;
  const keys = nameKeys([name, source.book, chapter]);
  const key = classicKey(source, chapter);
  return {
    id: contentId("classic", key),
    key,
    kind: "classic",
    name,
    aliases: "[]",
    summary: firstLines(paragraphs),
    start_year: null,
    end_year: null,
    time_desc: source.dynasty,
    regime_id: null,
    data: JSON.stringify({ book: source.book, chapter, paragraphs }),
    image_url: null,
    popularity: 1,
    search_names: keys.names.join(" "),
    pinyin: keys.full,
    pinyin_initials: keys.initials,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** How many works of each form the package holds by one poet. */
export type WorkCounts = Partial<Record<PoemSource["form"], number>>;

const FORM_ROLES: Record<PoemSource["form"], string> = { 诗: "诗人", 词: "词人", 曲: "散曲作家" };

/**
 * A generated one-line summary of an imported poet: the package's biographies are modern
 * writing and are not reused (data-policy), so the summary says only what the data shows.
 */
export function poetSummary(dynasty: string, counts: WorkCounts, collection: string): string {
  const forms = (["诗", "词", "曲"] as const).filter((f) => (counts[f] ?? 0) > 0);
  if (forms.length === 0) return `${dynastyTerm(dynasty)}诗人，作品见《${collection}》。`;
  const roles = forms.map((f) => FORM_ROLES[f]).join("、");
  const works = forms.map((f) => `${f}${counts[f]}首`).join("、");
  return `${dynastyTerm(dynasty)}${roles}，存${works}。`.slice(0, POET_SUMMARY_MAX);
}

export interface PoetEntryInput {
  key: string;
  name: string;
  /** The name as the package writes it, when that is traditional. */
  original: string | undefined;
  group: AuthorGroup;
  counts: WorkCounts;
  collection: string;
  regimeId: string | null;
  stamp: string;
}

export function poetEntry(input: PoetEntryInput): EntryRow {
  const aliases = input.original && input.original !== input.name ? [input.original] : [];
  const keys = nameKeys([input.name, ...aliases]);
  return {
    id: contentId("person", input.key),
    key: input.key,
    kind: "person",
    name: input.name,
    aliases: JSON.stringify(aliases),
    summary: poetSummary(input.group.dynasty, input.counts, input.collection),
    start_year: null,
    end_year: null,
    time_desc: input.group.dynasty,
    regime_id: input.regimeId,
    data: JSON.stringify({
      roles: ["诗人"],
      dynasty: input.group.dynasty,
      source: "chinese-poetry",
    }),
    image_url: null,
    popularity: 0,
    search_names: keys.names.join(" "),
    pinyin: keys.full,
    pinyin_initials: keys.initials,
    created_at: input.stamp,
    updated_at: input.stamp,
  };
}

/** Room for each source's works in {@link worksSortKey}: the largest (全宋诗) has ~250,000. */
const WORKS_PER_SOURCE = 10_000_000;

/**
 * The order of a work among its author's works: the source's place in the import (the
 * best-known selections come first, then the complete collections, then the classics), then
 * the work's place in that source's files. The same in every import mode.
 */
export function worksSortKey(sourceRank: number, position: number): number {
  return sourceRank * WORKS_PER_SOURCE + Math.min(position, WORKS_PER_SOURCE - 1);
}

/** A 作品 relation from an author to a poem or chapter; its id is the seeder's formula. */
export function worksRelation(
  fromId: string,
  toId: string,
  label: string,
  sortKey: number,
): RelationRow {
  return {
    id: createHash("sha1")
      .update(`${fromId}|${toId}|${WORKS_RELATION_TYPE}`)
      .digest("hex")
      .slice(0, 24),
    from_id: fromId,
    to_id: toId,
    type: WORKS_RELATION_TYPE,
    label,
    sort_key: sortKey,
    twoway: 0,
    note: null,
    year: null,
  };
}
