import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { Database } from "@tongjian/db/database-schema";
import { SEARCH_GRAM_MAX, SEARCH_PINYIN_PREFIX_MAX } from "@tongjian/db/refresh-search-index";
import { TEXT_ENTRY_KINDS } from "@tongjian/domain/entry-kinds";
import {
  keywordLength,
  parseSearchKeyword,
  SEARCH_RESULT_WINDOW,
  type SearchKeyword,
  searchSnippet,
} from "@tongjian/domain/search-keyword";
import { VERSE_KEYWORD_MIN, verseMatchLines, verseSearchText } from "@tongjian/domain/verse-search";
import { type Kysely, type RawBuilder, sql } from "kysely";

/** Sorts after every character, so that `form < prefix + PREFIX_END` bounds a prefix range. */
const PREFIX_END = "\u{10FFFF}";

export interface EntryFilters {
  /** Only entries with coordinates or a place (their own, a native place, places, capitals). */
  hasGeo?: boolean | undefined;
  /** Only entries with years. */
  hasTime?: boolean | undefined;
}

export interface EntryHit {
  id: string;
  kind: string;
  name: string;
  /** The entry's summary; for a verse hit, the line(s) holding the keyword. */
  summary: string;
  time_desc: string | null;
  image_url: string | null;
  view_count: number;
  popularity: number;
  /** A poem's author; null for other kinds. */
  author: string | null;
}

export interface ArticleHit {
  id: string;
  title: string;
  section: string;
  abstract: string;
  cover: string | null;
  view_count: number;
  published_at: string;
  snippet: string;
}

export interface SearchPage<T> {
  /** Hits, counted up to {@link SEARCH_RESULT_WINDOW}. */
  total: number;
  rows: T[];
}

/**
 * Where the hits of one keyword come from. Docs are numbered in rank order, so hits rank by
 * (tier, doc). Entry tiers: 0 the whole main name, 1 a whole other name (alias, 字, 号, a
 * poem's author; pinyin and initials count as names), 2 and 3 a prefix of those, 4 anywhere
 * else. Article tiers: 0 the title, 1 the text.
 */
interface HitSource {
  /**
   * (doc, tier) rows that include the best `need` hits at their best tier; a doc may come
   * more than once. Every part is an index range read in rank order and cut at `need`.
   */
  best(need: number): RawBuilder<unknown>;
  /** One row per matching doc. */
  matching: RawBuilder<unknown>;
}

interface TextData {
  author: string | null;
  paragraphs: string[];
  /** The imported lines of a poem given in its common reading. */
  base: string[];
}

const lineList = (value: unknown) =>
  Array.isArray(value) ? value.filter((l): l is string => typeof l === "string") : [];

/** The author and lines of a poem's or chapter's `data`; nothing for other kinds. */
function textData(data: string | null): TextData {
  const none = { author: null, paragraphs: [], base: [] };
  if (!data) return none;
  try {
    const parsed = JSON.parse(data) as {
      author?: unknown;
      paragraphs?: unknown;
      reading?: { base?: unknown };
    };
    return {
      author: typeof parsed.author === "string" ? parsed.author : null,
      paragraphs: lineList(parsed.paragraphs),
      base: lineList(parsed.reading?.base),
    };
  } catch {
    return none;
  }
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase: the keyword as plain text, whatever operators or quotes it contains. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

const unionAll = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` UNION ALL `);

export function createSearchRepository(handle: DatabaseHandle) {
  const { db, dialect } = handle;
  const postgres = dialect === "postgres";

  function termSource(scope: string, term: string): HitSource {
    return {
      best: (need) => sql`SELECT doc, tier FROM (SELECT doc, tier FROM search_term
        WHERE scope = ${scope} AND term = ${term} ORDER BY tier, doc LIMIT ${need}) AS t`,
      matching: sql`SELECT doc FROM search_term WHERE scope = ${scope} AND term = ${term}`,
    };
  }

  function entrySource(keyword: SearchKeyword, filters: EntryFilters): HitSource {
    const q = keyword.pinyin ?? keyword.text;
    const short = keyword.pinyin
      ? q.length <= SEARCH_PINYIN_PREFIX_MAX
      : keywordLength(q) <= SEARCH_GRAM_MAX;
    if (short) return termSource(`e${filters.hasTime ? "t" : ""}${filters.hasGeo ? "g" : ""}`, q);

    const where = (alias: string) =>
      sql.join(
        [
          sql`1 = 1`,
          ...(filters.hasTime ? [sql`${sql.ref(`${alias}.has_time`)} = 1`] : []),
          ...(filters.hasGeo ? [sql`${sql.ref(`${alias}.has_geo`)} = 1`] : []),
        ],
        sql` AND `,
      );
    const exact = (need: number) => sql`SELECT doc, tier FROM (SELECT n.doc, n.tier
      FROM search_name n WHERE n.form = ${q} AND ${where("n")}
      ORDER BY n.tier, n.doc LIMIT ${need}) AS x`;
    const prefix = (need: number) => sql`SELECT doc, best AS tier FROM (
      SELECT n.doc, min(n.tier) + 2 AS best FROM search_name n
      WHERE n.form > ${q} AND n.form < ${q + PREFIX_END} AND ${where("n")}
      GROUP BY n.doc ORDER BY best, n.doc LIMIT ${need}) AS p`;
    if (keyword.pinyin) {
      // Pinyin matches names by prefix only: "bai" inside "libai" is not a useful hit.
      return {
        best: (need) => unionAll([exact(need), prefix(need)]),
        matching: sql`SELECT DISTINCT doc FROM search_name
          WHERE form >= ${q} AND form < ${q + PREFIX_END}`,
      };
    }
    // Every doc whose names contain the keyword, in rank order; names that equal or start
    // with it rank higher through the exact and prefix parts.
    const contains = (need: number) =>
      postgres
        ? sql`SELECT doc, 4 AS tier FROM (SELECT s.doc FROM search_entry s
            WHERE s.names LIKE ${likePattern(q)} ESCAPE '\\' AND ${where("s")}
            ORDER BY s.doc LIMIT ${need}) AS c`
        : sql`SELECT doc, 4 AS tier FROM (SELECT f.rowid AS doc FROM search_entry_fts f
            JOIN search_entry s ON s.doc = f.rowid
            WHERE search_entry_fts MATCH ${ftsPhrase(q)} AND ${where("s")}
            ORDER BY f.rowid LIMIT ${need}) AS c`;
    return {
      best: (need) => unionAll([exact(need), prefix(need), contains(need)]),
      matching: postgres
        ? sql`SELECT doc FROM search_entry WHERE names LIKE ${likePattern(q)} ESCAPE '\\'`
        : sql`SELECT rowid AS doc FROM search_entry_fts
            WHERE search_entry_fts MATCH ${ftsPhrase(q)}`,
    };
  }

  function articleSource(keyword: SearchKeyword): HitSource {
    const q = keyword.text;
    if (keywordLength(q) <= SEARCH_GRAM_MAX) return termSource("a", q);
    if (postgres) {
      const inTitle = sql`title LIKE ${likePattern(q)} ESCAPE '\\'`;
      const inText = sql`(${inTitle} OR text LIKE ${likePattern(q)} ESCAPE '\\')`;
      return {
        best: (need) =>
          unionAll([
            sql`SELECT doc, 0 AS tier FROM (SELECT doc FROM search_article WHERE ${inTitle}
              ORDER BY doc LIMIT ${need}) AS t`,
            sql`SELECT doc, 1 AS tier FROM (SELECT doc FROM search_article WHERE ${inText}
              ORDER BY doc LIMIT ${need}) AS x`,
          ]),
        matching: sql`SELECT doc FROM search_article WHERE ${inText}`,
      };
    }
    const phrase = ftsPhrase(q);
    return {
      best: (need) =>
        unionAll([
          sql`SELECT doc, 0 AS tier FROM (SELECT rowid AS doc FROM search_article_fts
            WHERE search_article_fts MATCH ${`title : ${phrase}`} ORDER BY rowid LIMIT ${need})
            AS t`,
          sql`SELECT doc, 1 AS tier FROM (SELECT rowid AS doc FROM search_article_fts
            WHERE search_article_fts MATCH ${phrase} ORDER BY rowid LIMIT ${need}) AS x`,
        ]),
      matching: sql`SELECT rowid AS doc FROM search_article_fts
        WHERE search_article_fts MATCH ${phrase}`,
    };
  }

  /** Poems and chapters whose words hold the keyword (punctuation aside), in rank order. */
  function verseSource(q: string): HitSource {
    if (postgres) {
      const where = sql`text LIKE ${likePattern(q)} ESCAPE '\\'`;
      return {
        best: (need) => sql`SELECT doc, 0 AS tier FROM (SELECT doc FROM search_verse
          WHERE ${where} ORDER BY doc LIMIT ${need}) AS v`,
        matching: sql`SELECT doc FROM search_verse WHERE ${where}`,
      };
    }
    const phrase = ftsPhrase(q);
    return {
      best: (need) => sql`SELECT doc, 0 AS tier FROM (SELECT rowid AS doc FROM search_verse_fts
        WHERE search_verse_fts MATCH ${phrase} ORDER BY rowid LIMIT ${need}) AS v`,
      matching: sql`SELECT rowid AS doc FROM search_verse_fts WHERE search_verse_fts MATCH ${phrase}`,
    };
  }

  async function count(source: HitSource, on: Kysely<Database> = db): Promise<number> {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n
      FROM (${source.matching} LIMIT ${SEARCH_RESULT_WINDOW}) AS c`.execute(on);
    return Number(rows[0]?.n ?? 0);
  }

  // Each doc at its best tier, ranked, one page of it.
  const ranked = (source: HitSource, limit: number, offset: number) => sql`SELECT doc,
    min(tier) AS best FROM (${source.best(offset + limit)}) AS u
    GROUP BY doc ORDER BY best, doc LIMIT ${limit} OFFSET ${offset}`;

  // One statement ranks, pages and joins, so that it reads one snapshot of the index even
  // while a refresh commits (doc numbers change on every refresh).
  // `verse`: the keyword of a verse search, whose hits show the lines that hold it.
  async function entryPage(source: HitSource, limit: number, offset: number, verse?: string) {
    const { rows } = await sql<Omit<EntryHit, "author"> & { text_data: string | null }>`SELECT
        e.id, e.kind, e.name, e.summary, e.time_desc, e.image_url, e.view_count, e.popularity,
        CASE WHEN e.kind IN (${sql.join(TEXT_ENTRY_KINDS)}) THEN e.data END AS text_data
      FROM (${ranked(source, limit, offset)}) AS r
      JOIN search_entry s ON s.doc = r.doc
      JOIN entry e ON e.id = s.entry_id
      ORDER BY r.best, r.doc`.execute(db);
    return rows.map(({ text_data, ...row }): EntryHit => {
      const { author, paragraphs, base } = textData(text_data);
      // A poem in its common reading may be found by its imported words: show those lines.
      const summary = verse
        ? (verseMatchLines(paragraphs, verse) ?? verseMatchLines(base, verse) ?? row.summary)
        : row.summary;
      return { ...row, summary, author: row.kind === "poem" ? author : null };
    });
  }

  async function articlePage(
    on: Kysely<Database>,
    source: HitSource,
    keyword: SearchKeyword,
    limit: number,
    offset: number,
  ): Promise<ArticleHit[]> {
    const { rows } = await sql<Omit<ArticleHit, "snippet"> & { text: string }>`SELECT a.id,
        a.title, a.section, a.abstract, a.cover, a.view_count, a.published_at, a.text
      FROM (${ranked(source, limit, offset)}) AS r
      JOIN search_article s ON s.doc = r.doc
      JOIN article a ON a.id = s.article_id
      ORDER BY r.best, r.doc`.execute(on);
    return rows.map(({ text, ...row }) => ({ ...row, snippet: searchSnippet(text, keyword.text) }));
  }

  function pageWindow(page: number, size: number) {
    const offset = (page - 1) * size;
    return { offset, limit: Math.max(0, Math.min(size, SEARCH_RESULT_WINDOW - offset)) };
  }

  return {
    /** The best few entries for a keyword as it is being typed. */
    async suggestEntries(raw: string, filters: EntryFilters, limit: number): Promise<EntryHit[]> {
      const keyword = parseSearchKeyword(raw);
      if (!keyword.text) return [];
      return entryPage(entrySource(keyword, filters), limit, 0);
    },

    async searchEntries(raw: string, page: number, size: number): Promise<SearchPage<EntryHit>> {
      const keyword = parseSearchKeyword(raw);
      if (!keyword.text) return { total: 0, rows: [] };
      const source = entrySource(keyword, {});
      const { offset, limit } = pageWindow(page, size);
      const [total, rows] = await Promise.all([
        count(source),
        limit > 0 ? entryPage(source, limit, offset) : [],
      ]);
      return { total, rows };
    },

    /**
     * Poems and classic chapters by their words, each with the lines that hold the keyword.
     * Keywords shorter than {@link VERSE_KEYWORD_MIN} characters (punctuation aside) find none.
     */
    async searchVerses(raw: string, page: number, size: number): Promise<SearchPage<EntryHit>> {
      const q = verseSearchText(parseSearchKeyword(raw).text);
      if (keywordLength(q) < VERSE_KEYWORD_MIN) return { total: 0, rows: [] };
      const source = verseSource(q);
      const { offset, limit } = pageWindow(page, size);
      const [total, rows] = await Promise.all([
        count(source),
        limit > 0 ? entryPage(source, limit, offset, q) : [],
      ]);
      return { total, rows };
    },

    async searchArticles(raw: string, page: number, size: number): Promise<SearchPage<ArticleHit>> {
      const keyword = parseSearchKeyword(raw);
      if (!keyword.text) return { total: 0, rows: [] };
      const source = articleSource(keyword);
      const { offset, limit } = pageWindow(page, size);
      const run = async (on: Kysely<Database>) => {
        const [total, rows] = await Promise.all([
          count(source, on),
          limit > 0 ? articlePage(on, source, keyword, limit, offset) : [],
        ]);
        return { total, rows };
      };
      if (!postgres || keywordLength(keyword.text) <= SEARCH_GRAM_MAX) return run(db);
      // PostgreSQL's planner does not count the cost of decompressing long (TOASTed) text, so
      // on a table of a few hundred articles it prefers scans that unpack every article's text
      // over the trigram indexes, ten times slower. Scans are ruled out for this transaction
      // only; JIT goes too, as the cost penalty of a ruled-out scan would trigger it.
      return db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('enable_seqscan', 'off', true),
          set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`.execute(trx);
        return run(trx);
      });
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
