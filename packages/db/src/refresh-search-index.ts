import { type Kysely, sql } from "kysely";
import type { DatabaseHandle, DialectName } from "./create-database.ts";
import type { Database } from "./database-schema.ts";

/**
 * Queries up to this many characters are looked up in `search_term` (1- and 2-character grams):
 * neither FTS5's trigram tokenizer nor pg_trgm can index a string shorter than three.
 */
export const SEARCH_GRAM_MAX = 2;
/**
 * Pinyin queries up to this many letters are looked up in `search_term` as name prefixes; longer
 * ones read a prefix range of `search_pinyin`. Short prefixes (`l`, `li`, `zh`) match a large
 * share of the names, too many to sort per query; from five letters on a range is small enough.
 */
export const SEARCH_PINYIN_PREFIX_MAX = 4;

/** Filtered copies of the entry postings: `e` + `t` (has years) + `g` (has a place). */
const ENTRY_SCOPES = [
  ["e", 0, 0],
  ["et", 1, 0],
  ["eg", 0, 1],
  ["etg", 1, 1],
] as const;

function scopesSql(dialect: DialectName) {
  const rows = ENTRY_SCOPES.map(([scope, time, geo]) => `('${scope}', ${time}, ${geo})`).join(", ");
  return dialect === "postgres"
    ? sql.raw(`(VALUES ${rows}) AS sc(scope, need_time, need_geo)`)
    : sql.raw(`(SELECT column1 AS scope, column2 AS need_time, column3 AS need_geo
        FROM (VALUES ${rows})) AS sc`);
}

// Rank of a 1–2 character gram of a name: the whole name, its start, or elsewhere in it.
const GRAM_TIER = sql`CASE
  WHEN g.len = g.part_length THEN (CASE WHEN g.main THEN 0 ELSE 1 END)
  WHEN g.pos = 1 THEN (CASE WHEN g.main THEN 2 ELSE 3 END)
  ELSE 4 END`;

// Rank of a pinyin prefix: the whole form or a prefix of it, of the main name or another one.
const PREFIX_TIER = sql`(CASE WHEN p.len = p.part_length THEN 0 ELSE 2 END)
  + (CASE WHEN p.idx = 1 THEN 0 ELSE 1 END)`;

const ENTRY_TERM_ORDER = sql`ORDER BY sc.scope, t.term, t.tier, e.popularity DESC,
  e.view_count DESC, t.doc`;

async function rebuildSqlite(db: Kysely<Database>) {
  const gramMax = SEARCH_GRAM_MAX;
  const prefixMax = SEARCH_PINYIN_PREFIX_MAX;
  await sql`INSERT INTO search_entry
    (doc, entry_id, name, names, pinyin, initials, popularity, view_count, has_time, has_geo)
    SELECT row_number() OVER (ORDER BY id), id, lower(name), lower(search_names), pinyin,
      pinyin_initials, popularity, view_count,
      CASE WHEN start_year IS NOT NULL OR end_year IS NOT NULL THEN 1 ELSE 0 END,
      CASE WHEN (json_type(data, '$.lat') IN ('integer', 'real')
          AND json_type(data, '$.lng') IN ('integer', 'real'))
        OR json_type(data, '$.place') = 'text'
        OR json_array_length(data, '$.places') > 0
        OR json_array_length(data, '$.capitals') > 0
        THEN 1 ELSE 0 END
    FROM entry`.execute(db);

  // SQLite has no string splitting or series: recursive CTEs cut the space-separated lists
  // apart and walk the character positions of each name.
  const entrySplits = sql`
    name_split(doc, main_name, part, rest) AS (
      SELECT doc, name, NULL, names || ' ' FROM search_entry
      UNION ALL
      SELECT doc, main_name, substr(rest, 1, instr(rest, ' ') - 1),
        substr(rest, instr(rest, ' ') + 1)
      FROM name_split WHERE rest <> ''
    ),
    pinyin_source(doc, list) AS (
      SELECT doc, pinyin FROM search_entry UNION ALL SELECT doc, initials FROM search_entry
    ),
    pinyin_split(doc, idx, part, rest) AS (
      SELECT doc, 0, NULL, list || ' ' FROM pinyin_source
      UNION ALL
      SELECT doc, idx + 1, substr(rest, 1, instr(rest, ' ') - 1),
        substr(rest, instr(rest, ' ') + 1)
      FROM pinyin_split WHERE rest <> ''
    )`;

  await sql`WITH RECURSIVE ${entrySplits},
    name_chars(doc, main, part, pos) AS (
      SELECT doc, part = main_name, part, 1 FROM name_split WHERE part <> ''
      UNION ALL
      SELECT doc, main, part, pos + 1 FROM name_chars WHERE pos < length(part)
    ),
    grams AS (
      SELECT c.doc, substr(c.part, c.pos, w.len) AS term, w.len, c.pos,
        length(c.part) AS part_length, c.main
      FROM name_chars c
      JOIN (SELECT 1 AS len UNION ALL SELECT 2) w
        ON w.len <= ${gramMax} AND c.pos + w.len - 1 <= length(c.part)
    ),
    prefixes(doc, idx, part, len, part_length) AS (
      SELECT doc, idx, part, 1, length(part) FROM pinyin_split WHERE part <> ''
      UNION ALL
      SELECT doc, idx, part, len + 1, part_length FROM prefixes
      WHERE len < min(part_length, ${prefixMax})
    ),
    terms(doc, term, tier) AS (
      SELECT doc, term, min(tier) FROM (
        SELECT g.doc, g.term, ${GRAM_TIER} AS tier FROM grams g
        UNION ALL
        SELECT p.doc, substr(p.part, 1, p.len), ${PREFIX_TIER} FROM prefixes p
      ) GROUP BY doc, term
    )
    INSERT INTO search_term (scope, term, tier, popularity, view_count, doc)
    SELECT sc.scope, t.term, t.tier, e.popularity, e.view_count, t.doc
    FROM terms t
    JOIN search_entry e ON e.doc = t.doc
    JOIN ${scopesSql("sqlite")}
      ON (sc.need_time = 0 OR e.has_time) AND (sc.need_geo = 0 OR e.has_geo)
    ${ENTRY_TERM_ORDER}`.execute(db);

  await sql`WITH RECURSIVE ${entrySplits}
    INSERT INTO search_pinyin (form, doc, tier, popularity, view_count, has_time, has_geo)
    SELECT s.part, s.doc, min(CASE WHEN s.idx = 1 THEN 0 ELSE 1 END), e.popularity,
      e.view_count, e.has_time, e.has_geo
    FROM pinyin_split s JOIN search_entry e ON e.doc = s.doc
    WHERE s.part <> ''
    GROUP BY s.part, s.doc
    ORDER BY s.part, s.doc`.execute(db);

  await sql`INSERT INTO search_article (doc, article_id, title, text, view_count)
    SELECT row_number() OVER (ORDER BY id), id, lower(title), lower(text), view_count
    FROM article`.execute(db);
  await sql`WITH RECURSIVE
    seq(n) AS (
      SELECT 1 UNION ALL SELECT n + 1 FROM seq
      WHERE n < (SELECT max(length(title) + length(text)) FROM search_article)
    ),
    source(doc, body, tier) AS (
      SELECT doc, title, 0 FROM search_article UNION ALL SELECT doc, text, 1 FROM search_article
    ),
    grams(doc, term, tier) AS (
      SELECT s.doc, substr(s.body, q.n, w.len), s.tier
      FROM source s
      JOIN seq q ON q.n <= length(s.body)
      JOIN (SELECT 1 AS len UNION ALL SELECT 2) w
        ON w.len <= ${gramMax} AND q.n + w.len - 1 <= length(s.body)
    )
    INSERT INTO search_term (scope, term, tier, popularity, view_count, doc)
    SELECT 'a', g.term, min(g.tier), 0, a.view_count, g.doc
    FROM grams g JOIN search_article a ON a.doc = g.doc
    WHERE instr(g.term, ' ') = 0
    GROUP BY g.doc, g.term
    ORDER BY g.term, min(g.tier), a.view_count DESC, g.doc`.execute(db);

  for (const fts of ["search_entry_fts", "search_article_fts"]) {
    await sql`INSERT INTO ${sql.table(fts)}(${sql.table(fts)}) VALUES ('rebuild')`.execute(db);
    await sql`INSERT INTO ${sql.table(fts)}(${sql.table(fts)}) VALUES ('optimize')`.execute(db);
  }
}

async function rebuildPostgres(db: Kysely<Database>) {
  const gramMax = SEARCH_GRAM_MAX;
  const prefixMax = SEARCH_PINYIN_PREFIX_MAX;
  await sql`INSERT INTO search_entry
    (doc, entry_id, name, names, pinyin, initials, popularity, view_count, has_time, has_geo)
    SELECT row_number() OVER (ORDER BY id), id, lower(name), lower(search_names), pinyin,
      pinyin_initials, popularity, view_count,
      CASE WHEN start_year IS NOT NULL OR end_year IS NOT NULL THEN 1 ELSE 0 END,
      CASE WHEN (jsonb_typeof(d -> 'lat') = 'number' AND jsonb_typeof(d -> 'lng') = 'number')
        OR jsonb_typeof(d -> 'place') = 'string'
        OR (jsonb_typeof(d -> 'places') = 'array' AND d -> 'places' <> '[]'::jsonb)
        OR (jsonb_typeof(d -> 'capitals') = 'array' AND d -> 'capitals' <> '[]'::jsonb)
        THEN 1 ELSE 0 END
    FROM entry CROSS JOIN LATERAL (SELECT data::jsonb AS d) AS j`.execute(db);

  const pinyinSplit = sql`pinyin_split AS (
      SELECT e.doc, f.idx, f.part
      FROM search_entry e
      CROSS JOIN LATERAL (VALUES (e.pinyin), (e.initials)) AS src(list)
      CROSS JOIN LATERAL unnest(string_to_array(src.list, ' ')) WITH ORDINALITY AS f(part, idx)
      WHERE f.part <> ''
    )`;

  await sql`WITH
    name_split AS (
      SELECT e.doc, n.part, n.part = e.name AS main
      FROM search_entry e
      CROSS JOIN LATERAL unnest(string_to_array(e.names, ' ')) AS n(part)
      WHERE n.part <> ''
    ),
    grams AS (
      SELECT s.doc, substr(s.part, q.pos, w.len) AS term, w.len, q.pos,
        char_length(s.part) AS part_length, s.main
      FROM name_split s
      CROSS JOIN LATERAL generate_series(1, char_length(s.part)) AS q(pos)
      JOIN (VALUES (1), (2)) AS w(len)
        ON w.len <= ${gramMax} AND q.pos + w.len - 1 <= char_length(s.part)
    ),
    ${pinyinSplit},
    prefixes AS (
      SELECT s.doc, substr(s.part, 1, q.len) AS term, q.len, char_length(s.part) AS part_length,
        s.idx
      FROM pinyin_split s
      CROSS JOIN LATERAL generate_series(1, least(char_length(s.part), ${prefixMax})) AS q(len)
    ),
    terms AS (
      SELECT doc, term, min(tier) AS tier FROM (
        SELECT g.doc, g.term, ${GRAM_TIER} AS tier FROM grams g
        UNION ALL
        SELECT p.doc, p.term, ${PREFIX_TIER} FROM prefixes p
      ) AS x GROUP BY doc, term
    )
    INSERT INTO search_term (scope, term, tier, popularity, view_count, doc)
    SELECT sc.scope, t.term, t.tier, e.popularity, e.view_count, t.doc
    FROM terms t
    JOIN search_entry e ON e.doc = t.doc
    JOIN ${scopesSql("postgres")}
      ON (sc.need_time = 0 OR e.has_time = 1) AND (sc.need_geo = 0 OR e.has_geo = 1)
    ${ENTRY_TERM_ORDER}`.execute(db);

  await sql`WITH ${pinyinSplit}
    INSERT INTO search_pinyin (form, doc, tier, popularity, view_count, has_time, has_geo)
    SELECT s.part, s.doc, min(CASE WHEN s.idx = 1 THEN 0 ELSE 1 END), e.popularity,
      e.view_count, e.has_time, e.has_geo
    FROM pinyin_split s JOIN search_entry e ON e.doc = s.doc
    GROUP BY s.part, s.doc, e.popularity, e.view_count, e.has_time, e.has_geo`.execute(db);

  await sql`INSERT INTO search_article (doc, article_id, title, text, view_count)
    SELECT row_number() OVER (ORDER BY id), id, lower(title), lower(text), view_count
    FROM article`.execute(db);
  await sql`WITH
    source AS (
      SELECT doc, title AS body, 0 AS tier FROM search_article
      UNION ALL SELECT doc, text, 1 FROM search_article
    ),
    grams AS (
      SELECT s.doc, substr(s.body, q.pos, w.len) AS term, s.tier
      FROM source s
      CROSS JOIN LATERAL generate_series(1, char_length(s.body)) AS q(pos)
      JOIN (VALUES (1), (2)) AS w(len)
        ON w.len <= ${gramMax} AND q.pos + w.len - 1 <= char_length(s.body)
    )
    INSERT INTO search_term (scope, term, tier, popularity, view_count, doc)
    SELECT 'a', g.term, min(g.tier), 0, a.view_count, g.doc
    FROM grams g JOIN search_article a ON a.doc = g.doc
    WHERE strpos(g.term, ' ') = 0
    GROUP BY g.doc, g.term, a.view_count`.execute(db);
}

/**
 * Rebuilds the search index from `entry` and `article` in one transaction; readers keep the
 * old index until it commits. Call it after anything that writes names or articles (the
 * content seeder does; an importer must too). Ranks use popularity and view counts as they
 * stand at the rebuild.
 */
export async function refreshSearchIndex(handle: DatabaseHandle): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    for (const table of [
      "search_term",
      "search_pinyin",
      "search_entry",
      "search_article",
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
    if (handle.dialect === "postgres") await rebuildPostgres(trx);
    else await rebuildSqlite(trx);
  });
  if (handle.dialect === "postgres") {
    // Marks the fresh pages all-visible so that lookups stay index-only scans, and gives the
    // planner row counts for the new index.
    await sql`VACUUM (ANALYZE) search_entry, search_article, search_term, search_pinyin`.execute(
      handle.db,
    );
  }
}
