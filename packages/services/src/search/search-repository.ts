import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { Database } from "@tongjian/db/database-schema";
import {
  SEARCH_ENTRY_TIERS,
  SEARCH_GRAM_MAX,
  SEARCH_PINYIN_PREFIX_MAX,
  SEARCH_TIER,
} from "@tongjian/db/refresh-search-index";
import { TEXT_ENTRY_KINDS } from "@tongjian/domain/entry-kinds";
import { nameSyllables } from "@tongjian/domain/name-pinyin";
import { type SearchGroupKey, searchGroupIndex } from "@tongjian/domain/search-groups";
import {
  keywordLength,
  parseSearchKeyword,
  SEARCH_RESULT_WINDOW,
  type SearchKeyword,
  searchSnippet,
} from "@tongjian/domain/search-keyword";
import { VERSE_KEYWORD_MIN, verseMatchLines, verseSearchText } from "@tongjian/domain/verse-search";
import { distance } from "fastest-levenshtein";
import { type Kysely, type RawBuilder, sql } from "kysely";

/** Sorts after every character, so that `form < prefix + PREFIX_END` bounds a prefix range. */
const PREFIX_END = "\u{10FFFF}";

export interface EntryFilters {
  /** Only entries with coordinates or a place (their own, a native place, places, capitals). */
  hasGeo?: boolean | undefined;
  /** Only entries with years. */
  hasTime?: boolean | undefined;
  /** Only entries of one search group (人物, 朝代 … 诗文). */
  group?: SearchGroupKey | undefined;
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
  /** The other name the keyword was found in, when the entry's own name does not hold it. */
  alias: string | null;
  /** Match tier (SEARCH_TIER): smaller is better. */
  tier: number;
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
  /** 0 found in the title, 1 in the text. */
  tier: number;
}

export interface SearchPage<T> {
  /** Hits, counted up to {@link SEARCH_RESULT_WINDOW}. */
  total: number;
  rows: T[];
}

/** A name that sounds or looks like a keyword that found nothing. */
export interface SimilarName {
  id: string;
  kind: string;
  name: string;
  /** The name of the entry that was matched: its own or one of its other names. */
  matched: string;
  time_desc: string | null;
}

/**
 * Where the hits of one keyword come from. Docs are numbered in rank order, so hits rank by
 * (tier, doc); entry tiers are SEARCH_TIER's. Article tiers: 0 the title, 1 the text.
 */
interface HitSource {
  /**
   * (doc, tier) rows that include the best `need` hits at their best tier; a doc may come
   * more than once. Every part is an index range read in rank order and cut at `need`.
   */
  best(need: number): RawBuilder<unknown>;
  /** Parts of `SELECT doc` rows: every matching doc is in one of them, once per part. */
  matching: RawBuilder<unknown>[];
}

/** The doc range of a search group, read from `search_group` inside the statement. */
interface DocRange {
  lo: RawBuilder<unknown>;
  hi: RawBuilder<unknown>;
}

function groupRange(group: SearchGroupKey): DocRange {
  const grp = searchGroupIndex(group);
  return {
    lo: sql`(SELECT lo FROM search_group WHERE grp = ${grp})`,
    hi: sql`(SELECT hi FROM search_group WHERE grp = ${grp})`,
  };
}

const inRange = (column: string, range: DocRange | undefined) =>
  range ? sql`${sql.ref(column)} BETWEEN ${range.lo} AND ${range.hi}` : sql`1 = 1`;

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

/** The count a page statement carries on each of its rows (or on its one row of nulls). */
function totalOf(rows: { total: number | string | null }[], countMax: number): number {
  return Math.min(Number(rows[0]?.total ?? 0), countMax);
}

/** Curated names read by the pinyin scan, and entries read per character pair, for similar names. */
const SIMILAR_SCAN_MAX = 5000;
const SIMILAR_GRAM_DOCS = 40;

/** An entry's other names (alias, 字, 号 …) from its `search_names` (space separated). */
function otherNames(name: string, searchNames: string): string[] {
  return searchNames.split(" ").filter((n) => n && n !== name);
}

/**
 * The other name that holds the keyword when the entry's own name does not (秦始皇 for 嬴政), so
 * that a hit can say why it was found; null when the name itself holds it or no name does.
 */
function matchedAlias(name: string, searchNames: string, keyword: string): string | null {
  if (name.toLowerCase().includes(keyword)) return null;
  const names = otherNames(name, searchNames);
  return (
    names.find((a) => a.toLowerCase() === keyword) ??
    names.find((a) => a.toLowerCase().startsWith(keyword)) ??
    names.find((a) => a.toLowerCase().includes(keyword)) ??
    null
  );
}

export function createSearchRepository(handle: DatabaseHandle) {
  const { db, dialect } = handle;
  const postgres = dialect === "postgres";

  function termSource(scope: string, term: string, range?: DocRange): HitSource {
    if (!range) {
      return {
        best: (need) => sql`SELECT doc, tier FROM (SELECT doc, tier FROM search_term
          WHERE scope = ${scope} AND term = ${term} ORDER BY tier, doc LIMIT ${need}) AS t`,
        matching: [sql`SELECT doc FROM search_term WHERE scope = ${scope} AND term = ${term}`],
      };
    }
    // One group's docs are one doc range in each tier: a seek per tier, however many postings
    // of other groups (300,000 poems) share the term.
    const perTier = (tier: number, tail: RawBuilder<unknown>) => sql`SELECT doc, ${tier} AS tier
      FROM search_term WHERE scope = ${scope} AND term = ${term} AND tier = ${tier}
      AND ${inRange("doc", range)} ${tail}`;
    return {
      best: (need) =>
        unionAll(
          SEARCH_ENTRY_TIERS.map(
            (tier) => sql`SELECT doc, tier FROM (${perTier(tier, sql`ORDER BY doc LIMIT ${need}`)})
              AS ${sql.raw(`t${tier}`)}`,
          ),
        ),
      // A doc has one posting per term, so the tiers never repeat a doc.
      matching: [
        unionAll(
          SEARCH_ENTRY_TIERS.map(
            (tier) => sql`SELECT doc FROM (${perTier(tier, sql``)}) AS ${sql.raw(`m${tier}`)}`,
          ),
        ),
      ],
    };
  }

  function entrySource(keyword: SearchKeyword, filters: EntryFilters): HitSource {
    const q = keyword.pinyin ?? keyword.text;
    const range = filters.group ? groupRange(filters.group) : undefined;
    const short = keyword.pinyin
      ? q.length <= SEARCH_PINYIN_PREFIX_MAX
      : keywordLength(q) <= SEARCH_GRAM_MAX;
    if (short) {
      return termSource(`e${filters.hasTime ? "t" : ""}${filters.hasGeo ? "g" : ""}`, q, range);
    }

    const where = (alias: string) =>
      sql.join(
        [
          inRange(`${alias}.doc`, range),
          ...(filters.hasTime ? [sql`${sql.ref(`${alias}.has_time`)} = 1`] : []),
          ...(filters.hasGeo ? [sql`${sql.ref(`${alias}.has_geo`)} = 1`] : []),
        ],
        sql` AND `,
      );
    const exact = (need: number) => sql`SELECT doc, tier FROM (SELECT n.doc, n.tier
      FROM search_name n WHERE n.form = ${q} AND ${where("n")}
      ORDER BY n.tier, n.doc LIMIT ${need}) AS x`;
    const prefix = (need: number) => sql`SELECT doc, best AS tier FROM (
      SELECT n.doc, min(n.tier) + ${SEARCH_TIER.prefix} AS best FROM search_name n
      WHERE n.form > ${q} AND n.form < ${q + PREFIX_END} AND ${where("n")}
      GROUP BY n.doc ORDER BY best, n.doc LIMIT ${need}) AS p`;
    if (keyword.pinyin) {
      // Pinyin matches names by prefix only: "bai" inside "libai" is not a useful hit.
      return {
        best: (need) => unionAll([exact(need), prefix(need)]),
        matching: [
          sql`SELECT DISTINCT doc FROM search_name
            WHERE form >= ${q} AND form < ${q + PREFIX_END} AND ${inRange("doc", range)}`,
        ],
      };
    }
    // Every doc whose names contain the keyword, in rank order; names that equal or start
    // with it rank higher through the exact and prefix parts.
    // PostgreSQL: the trigram index finds the names that hold the keyword; an `OFFSET 0`
    // fence keeps the planner from walking a group's doc range in order instead, which reads
    // the whole range when the keyword is rare (春江花月 among 340,000 poems).
    const likeNames = sql`SELECT s.doc, s.has_time, s.has_geo FROM search_entry s
      WHERE s.names LIKE ${likePattern(q)} ESCAPE '\\'${range ? sql` OFFSET 0` : sql``}`;
    const contains = (need: number) =>
      postgres
        ? sql`SELECT doc, ${SEARCH_TIER.contains} AS tier FROM (SELECT m.doc
            FROM (${likeNames}) AS m WHERE ${where("m")}
            ORDER BY m.doc LIMIT ${need}) AS c`
        : sql`SELECT doc, ${SEARCH_TIER.contains} AS tier FROM (SELECT f.rowid AS doc
            FROM search_entry_fts f JOIN search_entry s ON s.doc = f.rowid
            WHERE search_entry_fts MATCH ${ftsPhrase(q)} AND ${where("s")}
            ORDER BY f.rowid LIMIT ${need}) AS c`;
    return {
      best: (need) => unionAll([exact(need), prefix(need), contains(need)]),
      matching: [
        postgres
          ? sql`SELECT m.doc FROM (${likeNames}) AS m WHERE ${inRange("m.doc", range)}`
          : sql`SELECT rowid AS doc FROM search_entry_fts
              WHERE search_entry_fts MATCH ${ftsPhrase(q)} AND ${inRange("rowid", range)}`,
      ],
    };
  }

  /**
   * 诗文: poems and chapters by their names (title, author, book), then those that hold the
   * keyword only in their words.
   */
  function textSource(keyword: SearchKeyword): HitSource {
    const byName = entrySource(keyword, { group: "text" });
    const q = verseSearchText(keyword.text);
    if (keyword.pinyin || keywordLength(q) < VERSE_KEYWORD_MIN) return byName;
    const byWords = verseSource(q, SEARCH_TIER.verse);
    return {
      best: (need) => unionAll([byName.best(need), byWords.best(need)]),
      matching: [...byName.matching, ...byWords.matching],
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
        matching: [sql`SELECT doc FROM search_article WHERE ${inText}`],
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
      matching: [
        sql`SELECT rowid AS doc FROM search_article_fts WHERE search_article_fts MATCH ${phrase}`,
      ],
    };
  }

  /** Poems and chapters whose words hold the keyword (punctuation aside), in rank order. */
  function verseSource(q: string, tier = 0): HitSource {
    if (postgres) {
      const where = sql`text LIKE ${likePattern(q)} ESCAPE '\\'`;
      return {
        best: (need) => sql`SELECT doc, ${tier} AS tier FROM (SELECT doc FROM search_verse
          WHERE ${where} ORDER BY doc LIMIT ${need}) AS v`,
        matching: [sql`SELECT doc FROM search_verse WHERE ${where}`],
      };
    }
    const phrase = ftsPhrase(q);
    return {
      best: (need) => sql`SELECT doc, ${tier} AS tier FROM (SELECT rowid AS doc
        FROM search_verse_fts WHERE search_verse_fts MATCH ${phrase}
        ORDER BY rowid LIMIT ${need}) AS v`,
      matching: [
        sql`SELECT rowid AS doc FROM search_verse_fts WHERE search_verse_fts MATCH ${phrase}`,
      ],
    };
  }

  /**
   * Matching docs, counted up to `countMax` (the result window, or less for a count that only
   * labels a tab), as a one-row `n`. Each part stops at the
   * window; a doc that two parts hold (a poem found by its title and by its words) counts once.
   */
  function counted(source: HitSource, countMax: number) {
    const parts = source.matching.map(
      (part, i) => sql`SELECT doc FROM (${part} LIMIT ${countMax})
        AS ${sql.raw(`c${i}`)}`,
    );
    return parts.length === 1
      ? sql`SELECT count(*) AS n FROM (${parts[0]}) AS c`
      : sql`SELECT count(DISTINCT doc) AS n FROM (${unionAll(parts)}) AS c`;
  }

  // Each doc at its best tier, ranked, one page of it.
  const ranked = (source: HitSource, limit: number, offset: number) => sql`SELECT doc,
    min(tier) AS best FROM (${source.best(offset + limit)}) AS u
    GROUP BY doc ORDER BY best, doc LIMIT ${limit} OFFSET ${offset}`;

  /**
   * One page of hits and, unless `countMax` is null, their count, in one statement: it reads one snapshot
   * of the index even while a refresh commits (doc numbers change on every refresh), and costs
   * one round trip. The count's row stands on the left, so a page past the end still has it.
   */
  function pageStatement(
    source: HitSource,
    limit: number,
    offset: number,
    columns: RawBuilder<unknown>,
    joins: RawBuilder<unknown>,
    countMax: number | null,
  ) {
    const page = sql`(${ranked(source, limit, offset)}) AS r ${joins}`;
    return countMax !== null
      ? sql`SELECT t.n AS total, ${columns} FROM (${counted(source, countMax)}) AS t
          LEFT JOIN (${page}) ON 1 = 1
          ORDER BY r.best, r.doc`
      : sql`SELECT NULL AS total, ${columns} FROM ${page} ORDER BY r.best, r.doc`;
  }

  // `verse`: the keyword as the verse index holds it; hits found by their words (tier
  // SEARCH_TIER.verse) show the lines that hold it in place of the summary.
  async function entryPage(
    source: HitSource,
    keyword: SearchKeyword,
    limit: number,
    offset: number,
    countMax: number | null = null,
  ): Promise<SearchPage<EntryHit>> {
    const { rows } = await sql<
      Omit<EntryHit, "author" | "alias" | "id"> & {
        id: string | null;
        total: number | string | null;
        text_data: string | null;
        search_names: string;
      }
    >`${pageStatement(
      source,
      limit,
      offset,
      // Every column named: SQLite renames a column that two joined tables share (name:1).
      sql`e.id AS id, e.kind AS kind, e.name AS name, e.search_names AS search_names,
        e.summary AS summary, e.time_desc AS time_desc, e.image_url AS image_url,
        e.view_count AS view_count, e.popularity AS popularity, r.best AS tier,
        CASE WHEN e.kind IN (${sql.join(TEXT_ENTRY_KINDS)}) THEN e.data END AS text_data`,
      sql`JOIN search_entry s ON s.doc = r.doc JOIN entry e ON e.id = s.entry_id`,
      countMax,
    )}`.execute(db);
    const verse = verseSearchText(keyword.text);
    const hits = rows.flatMap(({ text_data, search_names, total: _total, id, ...row }) => {
      if (id === null) return [];
      const tier = Number(row.tier);
      const { author, paragraphs, base } = textData(text_data);
      // A poem in its common reading may be found by its imported words: show those lines.
      const summary =
        tier === SEARCH_TIER.verse
          ? (verseMatchLines(paragraphs, verse) ?? verseMatchLines(base, verse) ?? row.summary)
          : row.summary;
      const hit: EntryHit = {
        ...row,
        id,
        tier,
        summary,
        author: row.kind === "poem" ? author : null,
        // A poem's or chapter's other names are its author and book, shown on their own.
        alias:
          keyword.pinyin || text_data !== null
            ? null
            : matchedAlias(row.name, search_names, keyword.text),
      };
      return [hit];
    });
    return { total: countMax === null ? 0 : totalOf(rows, countMax), rows: hits };
  }

  function groupSource(keyword: SearchKeyword, group: SearchGroupKey | undefined): HitSource {
    return group === "text" ? textSource(keyword) : entrySource(keyword, { group });
  }

  async function articlePage(
    on: Kysely<Database>,
    source: HitSource,
    keyword: SearchKeyword,
    limit: number,
    offset: number,
    countMax: number,
  ): Promise<SearchPage<ArticleHit>> {
    const { rows } = await sql<
      Omit<ArticleHit, "snippet" | "id"> & {
        id: string | null;
        text: string;
        total: number | string | null;
      }
    >`${pageStatement(
      source,
      limit,
      offset,
      sql`a.id AS id, a.title AS title, a.section AS section, a.abstract AS abstract,
        a.cover AS cover, a.view_count AS view_count, a.published_at AS published_at,
        a.text AS text, r.best AS tier`,
      sql`JOIN search_article s ON s.doc = r.doc JOIN article a ON a.id = s.article_id`,
      countMax,
    )}`.execute(on);
    const hits = rows.flatMap(({ text, total: _total, id, ...row }) =>
      id === null
        ? []
        : [{ ...row, id, tier: Number(row.tier), snippet: searchSnippet(text, keyword.text) }],
    );
    return { total: totalOf(rows, countMax), rows: hits };
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
      return (await entryPage(entrySource(keyword, filters), keyword, limit, 0)).rows;
    },

    /** Entries by name, of every group or of one (诗文 also by their words). */
    async searchEntries(
      raw: string,
      page: number,
      size: number,
      group?: SearchGroupKey,
      countMax: number = SEARCH_RESULT_WINDOW,
    ): Promise<SearchPage<EntryHit>> {
      const keyword = parseSearchKeyword(raw);
      if (!keyword.text) return { total: 0, rows: [] };
      const { offset, limit } = pageWindow(page, size);
      return entryPage(groupSource(keyword, group), keyword, limit, offset, countMax);
    },

    /**
     * Poems and classic chapters by their words, each with the lines that hold the keyword.
     * Keywords shorter than {@link VERSE_KEYWORD_MIN} characters (punctuation aside) find none.
     */
    async searchVerses(raw: string, page: number, size: number): Promise<SearchPage<EntryHit>> {
      const keyword = parseSearchKeyword(raw);
      const q = verseSearchText(keyword.text);
      if (keywordLength(q) < VERSE_KEYWORD_MIN) return { total: 0, rows: [] };
      const { offset, limit } = pageWindow(page, size);
      return entryPage(
        verseSource(q, SEARCH_TIER.verse),
        keyword,
        limit,
        offset,
        SEARCH_RESULT_WINDOW,
      );
    },

    async searchArticles(
      raw: string,
      page: number,
      size: number,
      countMax: number = SEARCH_RESULT_WINDOW,
    ): Promise<SearchPage<ArticleHit>> {
      const keyword = parseSearchKeyword(raw);
      if (!keyword.text) return { total: 0, rows: [] };
      const source = articleSource(keyword);
      const { offset, limit } = pageWindow(page, size);
      const run = (on: Kysely<Database>) =>
        articlePage(on, source, keyword, limit, offset, countMax);
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

    /**
     * Entries that sound or look like a keyword: for Chinese, names read with the same pinyin
     * (李拜 → 李白) and, for three characters or more, names one character in three away
     * (诸葛武候 → 诸葛武侯); for pinyin, names that start with the same three letters and are a
     * letter or two away (zhugelaing → zhugeliang). Curated entries only, best first. Meant for a
     * search that found nothing.
     */
    async similarNames(raw: string, limit: number): Promise<SimilarName[]> {
      const keyword = parseSearchKeyword(raw);
      if (!keyword.text) return [];
      // doc → how far its closest name is (0 for a name that sounds the same).
      const found = new Map<number, number>();
      const add = (doc: number, away: number) => {
        const known = found.get(doc);
        if (known === undefined || away < known) found.set(doc, away);
      };
      if (keyword.pinyin) {
        const q = keyword.pinyin;
        if (q.length < 3) return [];
        const allowed = q.length >= 6 ? 2 : 1;
        // Names that start like the keyword (a typo past its third letter); curated names only,
        // read off the form index, which holds imported titles' pinyin too.
        const start = q.slice(0, 3);
        const { rows } = await sql<{ form: string; doc: number }>`SELECT form, doc
          FROM search_name
          WHERE form >= ${start} AND form < ${start + PREFIX_END}
            AND tier < ${SEARCH_TIER.exact + 2}
          ORDER BY form LIMIT ${SIMILAR_SCAN_MAX}`.execute(db);
        for (const { form, doc } of rows) {
          if (Math.abs(form.length - q.length) > allowed) continue;
          const away = distance(form, q);
          if (away > 0 && away <= allowed) add(doc, away);
        }
      } else {
        const text = keyword.text;
        const reading = nameSyllables(text).join("");
        if (reading && /[a-z]/.test(reading)) {
          const { rows } = await sql<{ doc: number }>`SELECT doc FROM search_name
            WHERE form = ${reading} AND tier < ${SEARCH_TIER.exact + 2}
            ORDER BY tier, doc LIMIT ${limit * 2}`.execute(db);
          for (const { doc } of rows) add(doc, 0);
        }
        const chars = Array.from(text);
        if (chars.length >= 3) {
          const grams = new Set(chars.slice(0, -1).map((c, i) => c + chars[i + 1]));
          for (const gram of grams) {
            const { rows } = await sql<{ doc: number }>`SELECT doc FROM search_term
              WHERE scope = 'e' AND term = ${gram} ORDER BY tier, doc
              LIMIT ${SIMILAR_GRAM_DOCS}`.execute(db);
            for (const { doc } of rows) add(doc, Number.POSITIVE_INFINITY);
          }
        }
      }
      if (found.size === 0) return [];
      const { rows } = await sql<{
        doc: number;
        id: string;
        kind: string;
        name: string;
        search_names: string;
        time_desc: string | null;
        curated: number;
      }>`SELECT s.doc, s.curated, e.id, e.kind, e.name, e.search_names, e.time_desc
        FROM search_entry s JOIN entry e ON e.id = s.entry_id
        WHERE s.doc IN (${sql.join([...found.keys()])})`.execute(db);
      const text = keyword.text;
      const allowed = Math.floor(Array.from(text).length / 3);
      const similar: (SimilarName & { doc: number; away: number })[] = [];
      for (const row of rows) {
        if (Number(row.curated) !== 1) continue;
        const names = [row.name, ...otherNames(row.name, row.search_names)];
        let away = found.get(row.doc) ?? Number.POSITIVE_INFINITY;
        let matched = row.name;
        if (away === 0 && !keyword.pinyin) {
          matched =
            names.find((n) => nameSyllables(n).join("") === nameSyllables(text).join("")) ??
            row.name;
        } else if (!keyword.pinyin) {
          for (const name of names) {
            const d = distance(name.toLowerCase(), text);
            if (d < away) {
              away = d;
              matched = name;
            }
          }
          if (away === 0 || away > allowed) continue;
        }
        similar.push({
          doc: row.doc,
          away,
          id: row.id,
          kind: row.kind,
          name: row.name,
          matched,
          time_desc: row.time_desc,
        });
      }
      similar.sort((a, b) => a.away - b.away || a.doc - b.doc);
      return similar.slice(0, limit).map(({ doc: _doc, away: _away, ...hit }) => hit);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
