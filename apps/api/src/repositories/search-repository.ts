import type { DatabaseHandle } from "@tongjian/db/create-database";
import { SEARCH_GRAM_MAX, SEARCH_PINYIN_PREFIX_MAX } from "@tongjian/db/refresh-search-index";
import {
  keywordLength,
  parseSearchKeyword,
  type SearchKeyword,
  searchSnippet,
} from "@tongjian/domain/search-keyword";
import { type RawBuilder, sql } from "kysely";

/**
 * The paged search counts and pages through at most this many hits: deeper pages are never
 * read, and the cap keeps a count of a one-character query from walking every posting.
 */
export const SEARCH_RESULT_WINDOW = 1000;

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
  summary: string;
  time_desc: string | null;
  image_url: string | null;
  view_count: number;
  popularity: number;
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
 * A ranked source of docs: (doc, tier, popularity, view_count), best first when ordered by
 * RANK_ORDER. Tier 0 is the whole main name, 1 a whole other name (alias, 字, 号, a poem's
 * author), 2 and 3 a prefix of those, 4 anywhere else; for articles 0 is the title, 1 the text.
 */
type RankedSource = RawBuilder<unknown>;

const RANK_ORDER = sql`ORDER BY r.tier, r.popularity DESC, r.view_count DESC, r.doc`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase: the keyword as plain text, whatever operators or quotes it contains. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

function entryScope(filters: EntryFilters): string {
  return `e${filters.hasTime ? "t" : ""}${filters.hasGeo ? "g" : ""}`;
}

export function createSearchRepository(handle: DatabaseHandle) {
  const { db, dialect } = handle;
  const find = (haystack: RawBuilder<unknown>, needle: string) =>
    dialect === "postgres"
      ? sql`strpos(${haystack}, ${needle})`
      : sql`instr(${haystack}, ${needle})`;

  function termSource(scope: string, term: string): RankedSource {
    return sql`SELECT doc, tier, popularity, view_count FROM search_term
      WHERE scope = ${scope} AND term = ${term}`;
  }

  function entrySource(keyword: SearchKeyword, filters: EntryFilters): RankedSource {
    const filter = sql.join(
      [
        sql`1 = 1`,
        ...(filters.hasTime ? [sql`s.has_time = 1`] : []),
        ...(filters.hasGeo ? [sql`s.has_geo = 1`] : []),
      ],
      sql` AND `,
    );
    if (keyword.pinyin) {
      const q = keyword.pinyin;
      if (q.length <= SEARCH_PINYIN_PREFIX_MAX) return termSource(entryScope(filters), q);
      // Forms are [a-z0-9] only, so every form starting with q sorts below q + "{".
      return sql`SELECT s.doc, min(CASE WHEN s.form = ${q} THEN s.tier ELSE s.tier + 2 END)
          AS tier, s.popularity, s.view_count
        FROM search_pinyin s
        WHERE s.form >= ${q} AND s.form < ${`${q}{`} AND ${filter}
        GROUP BY s.doc, s.popularity, s.view_count`;
    }
    const q = keyword.text;
    if (keywordLength(q) <= SEARCH_GRAM_MAX) return termSource(entryScope(filters), q);
    const tier = sql`CASE
      WHEN s.name = ${q} THEN 0
      WHEN ${find(sql`' ' || s.names || ' '`, ` ${q} `)} > 0 THEN 1
      WHEN substr(s.name, 1, ${keywordLength(q)}) = ${q} THEN 2
      WHEN ${find(sql`' ' || s.names`, ` ${q}`)} > 0 THEN 3
      ELSE 4 END`;
    return dialect === "postgres"
      ? sql`SELECT s.doc, ${tier} AS tier, s.popularity, s.view_count FROM search_entry s
          WHERE s.names LIKE ${likePattern(q)} ESCAPE '\\' AND ${filter}`
      : sql`SELECT s.doc, ${tier} AS tier, s.popularity, s.view_count
          FROM search_entry_fts f JOIN search_entry s ON s.doc = f.rowid
          WHERE search_entry_fts MATCH ${ftsPhrase(q)} AND ${filter}`;
  }

  function articleSource(keyword: SearchKeyword): RankedSource {
    const q = keyword.text;
    if (keywordLength(q) <= SEARCH_GRAM_MAX) return termSource("a", q);
    const tier = sql`CASE WHEN ${find(sql`a.title`, q)} > 0 THEN 0 ELSE 1 END`;
    return dialect === "postgres"
      ? sql`SELECT a.doc, ${tier} AS tier, 0 AS popularity, a.view_count FROM search_article a
          WHERE a.title LIKE ${likePattern(q)} ESCAPE '\\'
            OR a.text LIKE ${likePattern(q)} ESCAPE '\\'`
      : sql`SELECT a.doc, ${tier} AS tier, 0 AS popularity, a.view_count
          FROM search_article_fts f JOIN search_article a ON a.doc = f.rowid
          WHERE search_article_fts MATCH ${ftsPhrase(q)}`;
  }

  async function count(source: RankedSource): Promise<number> {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n
      FROM (${source} LIMIT ${SEARCH_RESULT_WINDOW}) AS c`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }

  // One statement ranks, pages and joins, so that it reads one snapshot of the index even
  // while a refresh commits (doc numbers are reassigned on every refresh).
  async function entryPage(source: RankedSource, limit: number, offset: number) {
    const { rows } = await sql<EntryHit>`SELECT e.id, e.kind, e.name, e.summary, e.time_desc,
        e.image_url, e.view_count, e.popularity
      FROM (SELECT * FROM (${source}) AS r ${RANK_ORDER} LIMIT ${limit} OFFSET ${offset}) AS r
      JOIN search_entry s ON s.doc = r.doc
      JOIN entry e ON e.id = s.entry_id
      ${RANK_ORDER}`.execute(db);
    return rows;
  }

  async function articlePage(
    source: RankedSource,
    keyword: SearchKeyword,
    limit: number,
    offset: number,
  ) {
    const { rows } = await sql<Omit<ArticleHit, "snippet"> & { text: string }>`SELECT a.id,
        a.title, a.section, a.abstract, a.cover, a.view_count, a.published_at, a.text
      FROM (SELECT * FROM (${source}) AS r ${RANK_ORDER} LIMIT ${limit} OFFSET ${offset}) AS r
      JOIN search_article s ON s.doc = r.doc
      JOIN article a ON a.id = s.article_id
      ${RANK_ORDER}`.execute(db);
    return rows.map(({ text, ...row }) => ({ ...row, snippet: searchSnippet(text, keyword.text) }));
  }

  function window(page: number, size: number) {
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
      const { offset, limit } = window(page, size);
      const [total, rows] = await Promise.all([
        count(source),
        limit > 0 ? entryPage(source, limit, offset) : [],
      ]);
      return { total, rows };
    },

    async searchArticles(raw: string, page: number, size: number): Promise<SearchPage<ArticleHit>> {
      const keyword = parseSearchKeyword(raw);
      if (!keyword.text) return { total: 0, rows: [] };
      const source = articleSource(keyword);
      const { offset, limit } = window(page, size);
      const [total, rows] = await Promise.all([
        count(source),
        limit > 0 ? articlePage(source, keyword, limit, offset) : [],
      ]);
      return { total, rows };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
