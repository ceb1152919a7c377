import { basename } from "node:path";
import { bumpContentVersion } from "@tongjian/db/content-version";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { Database } from "@tongjian/db/database-schema";
import { refreshSearchIndex } from "@tongjian/db/refresh-search-index";
import type { Kysely } from "kysely";
import { type PoemReading, poemReadingLabel } from "./content-schema.ts";
import { contentId } from "./load-content.ts";
import { type DuplicateEntry, mergeDuplicateEntries } from "./merge-duplicate-entries.ts";
import { compactPoemText, PoemDuplicateIndex } from "./poem-duplicates.ts";
import {
  type CorpusPoet,
  classicEntry,
  type EntryRow,
  importedPoetKey,
  isAnonymous,
  matchCorpusPoet,
  poemEntry,
  poemKey,
  poemText,
  poetEntry,
  type RelationRow,
  type WorkCounts,
  withReading,
  worksRelation,
  worksSortKey,
} from "./poetry-entries.ts";
import {
  type AuthorGroup,
  CLASSIC_SOURCES,
  defaultPoetryDir,
  POEM_SOURCES,
  type PoetryMode,
} from "./poetry-sources.ts";
import { cleanParagraphs, normalizeName, toSimplified } from "./poetry-text.ts";
import { upsertEntries } from "./upsert-entries.ts";

export interface PoetryProgress {
  collection: string;
  file: string;
  /** Poems and chapters written so far. */
  written: number;
  /** Package records read so far. */
  read: number;
}

export interface ImportPoetryOptions {
  mode?: PoetryMode;
  /** The package's `dist` folder (or a fixture in its layout). */
  dir?: string;
  now?: Date;
  onProgress?: (progress: PoetryProgress) => void;
  /** Rebuild the search index at the end; true unless the caller rebuilds it itself. */
  searchIndex?: boolean;
  /** Common readings of famous poems (content/poem-readings.yaml). */
  readings?: readonly PoemReading[];
}

export interface PoetryImportSummary {
  mode: PoetryMode;
  poems: number;
  classics: number;
  /** Person entries made for poets the corpus does not have. */
  poets: number;
  /** Corpus people whose poems were linked. */
  corpusPoets: number;
  relations: number;
  /** Records left out because they repeat a poem of the same author already taken. */
  repeats: number;
  /** Entries of earlier imports for such records, folded into the poem they repeat. */
  merged: number;
  /** Common readings applied, and those whose poem this import did not find ("李白《静夜思》"). */
  readings: { applied: number; notFound: string[] };
  seconds: number;
}

const ENTRY_BATCH = 500;
const RELATION_BATCH = 1000;
const TRANSACTION_ROWS = 5000;

/** Our regime entry for a dynasty label, where one label means one regime. */
const DYNASTY_REGIMES: Record<string, string> = {
  唐: "tang",
  元: "yuan",
  清: "qing",
  东汉: "dong-han",
  战国: "zhan-guo",
};

interface AuthorState {
  group: AuthorGroup;
  name: string;
  original: string | undefined;
  counts: WorkCounts;
  collection: string;
  /** A poem of theirs was written, so their person entry is needed. */
  needed: boolean;
}

async function corpusPoets(handle: DatabaseHandle): Promise<Map<string, CorpusPoet[]>> {
  const rows = await handle.db
    .selectFrom("entry")
    .select(["id", "data", "start_year", "end_year", "regime_id"])
    .where("kind", "=", "person")
    .where("data", "like", '%"poet"%')
    .execute();
  const byName = new Map<string, CorpusPoet[]>();
  for (const row of rows) {
    const data = JSON.parse(row.data) as { poet?: unknown; source?: unknown };
    if (typeof data.poet !== "string" || data.source === "chinese-poetry") continue;
    const poet: CorpusPoet = {
      id: row.id,
      poet: data.poet,
      born: row.start_year,
      died: row.end_year,
      regimeId: row.regime_id,
    };
    byName.set(poet.poet, [...(byName.get(poet.poet) ?? []), poet]);
  }
  return byName;
}

/** Which of the given entry ids exist. */
async function existingIds(handle: DatabaseHandle, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await handle.db.selectFrom("entry").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

function createWriter(handle: DatabaseHandle) {
  let entries: EntryRow[] = [];
  let relations: RelationRow[] = [];
  const counts = { entries: 0, relations: 0 };

  async function writeEntries(db: Kysely<Database>, rows: EntryRow[]) {
    await upsertEntries(db, rows);
  }

  async function writeRelations(db: Kysely<Database>, rows: RelationRow[]) {
    await db
      .insertInto("relation")
      .values(rows)
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({
          label: eb.ref("excluded.label"),
          sort_key: eb.ref("excluded.sort_key"),
        })),
      )
      .execute();
  }

  // Rows are written a few thousand per transaction rather than one commit per statement, so
  // that SQLite logs each index page a batch touches once per transaction, not once per batch.
  async function flush() {
    if (entries.length === 0 && relations.length === 0) return;
    const [entryRows, relationRows] = [entries, relations];
    entries = [];
    relations = [];
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < entryRows.length; i += ENTRY_BATCH) {
        await writeEntries(trx, entryRows.slice(i, i + ENTRY_BATCH));
      }
      for (let i = 0; i < relationRows.length; i += RELATION_BATCH) {
        await writeRelations(trx, relationRows.slice(i, i + RELATION_BATCH));
      }
    });
    counts.entries += entryRows.length;
    counts.relations += relationRows.length;
  }

  return {
    counts,
    async entry(row: EntryRow) {
      entries.push(row);
      if (entries.length >= TRANSACTION_ROWS) await flush();
    },
    async relation(row: RelationRow) {
      relations.push(row);
      if (relations.length >= TRANSACTION_ROWS) await flush();
    },
    flush,
  };
}

/**
 * Imports poems and classics from the chinese-poetry package as entries, with 作品 relations
 * from their authors (docs/content-format.md, "Imported poetry").
 *
 * `curated` (what seeding runs) takes the famous selections, 诗经, 楚辞, 花间集, 四书 … whole
 * and, from the big corpora (全唐诗, 全宋诗, 全宋词, 元曲), the poems of the corpus's poets
 * (people with a `poet:` field). `all` takes every poem. Keys are stable and rows are upserted,
 * so a re-run adds nothing twice and keeps views and likes. Files are read one at a time and
 * rows written in batches, so memory stays small whatever the mode. Run after `seedContent`:
 * it links poems to the corpus people already in the database.
 */
export async function importPoetry(
  handle: DatabaseHandle,
  options: ImportPoetryOptions = {},
): Promise<PoetryImportSummary> {
  const started = performance.now();
  const mode = options.mode ?? "curated";
  const dir = options.dir ?? defaultPoetryDir();
  const stamp = (options.now ?? new Date()).toISOString();
  const poets = await corpusPoets(handle);
  const regimeIds = new Map<string, string>();
  const knownRegimes = await existingIds(
    handle,
    Object.values(DYNASTY_REGIMES).map((key) => contentId("regime", key)),
  );
  for (const [label, key] of Object.entries(DYNASTY_REGIMES)) {
    const id = contentId("regime", key);
    if (knownRegimes.has(id)) regimeIds.set(label, id);
  }

  const writer = createWriter(handle);
  const authors = new Map<string, AuthorState>();
  const linkedCorpusPoets = new Set<string>();
  /** Keys written from a selection, so that the corpus they come from skips them. */
  const selected = new Set<string>();
  /** The poems taken so far, to leave out records that repeat one (poem-duplicates.ts). */
  const taken = new PoemDuplicateIndex();
  const repeats: DuplicateEntry[] = [];
  const readings = new Map((options.readings ?? []).map((r) => [poemReadingLabel(r), r]));
  const readingsApplied = new Set<string>();
  const names = new Map<string, string>();
  let poems = 0;
  let read = 0;

  // Every text goes through the converter: the Tang and Song shi are traditional, and the
  // simplified collections still have traditional forms here and there (宋词三百首 has 後).
  for (const [sourceRank, source] of POEM_SOURCES.entries()) {
    const occurrences = new Map<string, number>();
    let position = 0;
    for (const file of source.files(dir)) {
      for (const raw of source.read(file)) {
        read++;
        position++;
        const group = raw.group ?? source.group;
        const rawAuthor = raw.author ?? "";
        let author = names.get(rawAuthor);
        if (author === undefined) {
          author = normalizeName(toSimplified(rawAuthor)) || "佚名";
          names.set(rawAuthor, author);
        }
        const anonymous = isAnonymous(author);
        const corpus = anonymous ? undefined : matchCorpusPoet(poets, author, source.era);
        const authorKey = `${group.slug}|${author}`;
        let state = authors.get(authorKey);
        if (!anonymous && !state) {
          state = {
            group,
            name: author,
            original: rawAuthor !== author ? normalizeName(rawAuthor) : undefined,
            counts: {},
            collection: source.collection,
            needed: false,
          };
          authors.set(authorKey, state);
        }
        if (state && !source.anthology) {
          state.counts[source.form] = (state.counts[source.form] ?? 0) + 1;
        }

        const wanted = mode === "all" || source.curated === "whole" || corpus !== undefined;
        // Records without an id are told apart by their text, counted in file order whether
        // or not this mode takes them, so that every mode gives a record the same key.
        let occurrence = 1;
        if (!raw.id) {
          // Only what the key is made of: the names and the first line that is not empty.
          const first = raw.paragraphs.findIndex((line) => line.trim() !== "");
          const head = poemText(
            { ...raw, paragraphs: raw.paragraphs.slice(0, first + 1) },
            toSimplified,
          );
          const identity = `${head.author}|${head.title}|${head.rhythmic}|${head.paragraphs[0]}`;
          occurrence = (occurrences.get(identity) ?? 0) + 1;
          occurrences.set(identity, occurrence);
        }
        if (!wanted) continue;
        const text = poemText(raw, toSimplified);
        if (text.paragraphs.length === 0) continue;
        const key = poemKey(source, raw, text, occurrence);
        if (selected.has(key)) continue;
        if (source.anthology) selected.add(key);

        let authorId: string | null = null;
        if (corpus) {
          authorId = corpus.id;
          linkedCorpusPoets.add(corpus.id);
        } else if (state) {
          authorId = contentId("person", importedPoetKey(group, author));
          state.needed = true;
        }
        const dynasty = raw.dynasty ?? source.dynasty;
        let row = poemEntry({
          source,
          key,
          text,
          dynasty,
          authorId,
          regimeId: corpus?.regimeId ?? regimeIds.get(dynasty) ?? null,
          popularity: source.featured ? 2 : corpus ? 1 : 0,
          stamp,
        });
        if (!anonymous) {
          const poem = { name: row.name, text: compactPoemText(text.paragraphs) };
          const keptId = taken.find(authorKey, poem);
          if (keptId !== undefined) {
            repeats.push({ id: row.id, keptId });
            continue;
          }
          taken.add(authorKey, { ...poem, id: row.id });
        }
        const label = poemReadingLabel({ author: text.author, title: row.name });
        const reading = readings.get(label);
        if (reading && !readingsApplied.has(label)) {
          const read = withReading(row, reading);
          if (read) {
            row = read;
            readingsApplied.add(label);
          }
        }
        await writer.entry(row);
        if (authorId) {
          const sortKey = worksSortKey(sourceRank, position);
          await writer.relation(worksRelation(authorId, row.id, source.collection, sortKey));
        }
        poems++;
      }
      options.onProgress?.({
        collection: source.collection,
        file: basename(file),
        written: poems,
        read,
      });
    }
  }

  let classics = 0;
  const bookAuthors = await existingIds(
    handle,
    CLASSIC_SOURCES.flatMap((s) => (s.authorKey ? [contentId("person", s.authorKey)] : [])),
  );
  for (const [classicRank, source] of CLASSIC_SOURCES.entries()) {
    const authorId = source.authorKey ? contentId("person", source.authorKey) : undefined;
    let position = 0;
    for (const chapter of source.read(dir)) {
      read++;
      position++;
      if (cleanParagraphs(chapter.paragraphs).length === 0) continue;
      const row = classicEntry(source, chapter, toSimplified, stamp);
      await writer.entry(row);
      if (authorId && bookAuthors.has(authorId)) {
        const sortKey = worksSortKey(POEM_SOURCES.length + classicRank, position);
        await writer.relation(worksRelation(authorId, row.id, source.book, sortKey));
      }
      classics++;
    }
    options.onProgress?.({
      collection: source.book,
      file: source.slug,
      written: poems + classics,
      read,
    });
  }

  let poetCount = 0;
  for (const state of authors.values()) {
    if (!state.needed) continue;
    await writer.entry(
      poetEntry({
        key: importedPoetKey(state.group, state.name),
        name: state.name,
        original: state.original,
        group: state.group,
        counts: state.counts,
        collection: state.collection,
        regimeId: regimeIds.get(state.group.dynasty) ?? null,
        stamp,
      }),
    );
    poetCount++;
  }
  await writer.flush();
  const merged = await mergeDuplicateEntries(handle.db, repeats);
  if (options.searchIndex !== false) await refreshSearchIndex(handle);
  await bumpContentVersion(handle.db);

  return {
    mode,
    poems,
    classics,
    poets: poetCount,
    corpusPoets: linkedCorpusPoets.size,
    relations: writer.counts.relations,
    repeats: repeats.length,
    merged,
    readings: {
      applied: readingsApplied.size,
      notFound: [...readings.keys()].filter((label) => !readingsApplied.has(label)),
    },
    seconds: (performance.now() - started) / 1000,
  };
}
