import { TEXT_ENTRY_KINDS } from "@tongjian/domain/entry-kinds";
import { SEARCH_GROUPS, searchGroupIndex } from "@tongjian/domain/search-groups";
import { verseSearchText } from "@tongjian/domain/verse-search";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DatabaseHandle, DialectName } from "./create-database.ts";
import type { Database } from "./database-schema.ts";

/**
 * Keywords up to this many characters are looked up in `search_term` (1- and 2-character grams):
 * neither FTS5's trigram tokenizer nor pg_trgm can index a string shorter than three.
 */
export const SEARCH_GRAM_MAX = 2;
/**
 * Pinyin keywords up to this many letters are looked up in `search_term` as name prefixes;
 * longer ones read a prefix range of `search_name`. A prefix of one syllable (`l`, `li`,
 * `zhang`, `zhuang`: six letters at most) starts a large share of all names, too many to sort
 * per query; once a second syllable begins, the range is small.
 */
export const SEARCH_PINYIN_PREFIX_MAX = 6;

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

/**
 * Match tiers of entry hits, best first (docs/decisions/0017-search-ranking.md). A whole name
 * beats the start of a name, which beats a name that merely holds the keyword; within the first
 * two, a curated entry's main name comes first, then its other names (alias, 字, 号, 谥号 …, and
 * the pinyin of each), then any name of an imported entry (a poem's title or author, an imported
 * poet), so that 秦始皇 finds 嬴政 before a poem of that title. Poems and chapters found only by
 * their words come last. Within a tier, hits rank by doc: group by group (SEARCH_GROUPS), then
 * curated before imported, then by popularity (relations) and views.
 */
export const SEARCH_TIER = { exact: 0, prefix: 3, contains: 6, verse: 7 } as const;
/** Every tier an entry posting can have, for queries that read one tier at a time. */
export const SEARCH_ENTRY_TIERS = [0, 1, 2, 3, 4, 5, 6] as const;

/** 0 a curated entry's main name, 1 its other names, 2 any name of an imported entry. */
const origin = (curated: RawBuilder<unknown>, main: RawBuilder<unknown>) =>
  sql`(CASE WHEN ${curated} = 0 THEN 2 WHEN ${main} THEN 0 ELSE 1 END)`;

// Tier of a 1–2 character gram of a name: the whole name, its start, or elsewhere in it.
const GRAM_TIER = sql`CASE
  WHEN g.len = g.part_length THEN ${origin(sql.ref("g.curated"), sql.ref("g.main"))}
  WHEN g.pos = 1 THEN ${SEARCH_TIER.prefix} + ${origin(sql.ref("g.curated"), sql.ref("g.main"))}
  ELSE ${SEARCH_TIER.contains} END`;

// Tier of a pinyin prefix: the whole form or a prefix of it (the first form is the main name's).
const PREFIX_TIER = sql`(CASE WHEN p.len = p.part_length THEN 0 ELSE ${SEARCH_TIER.prefix} END)
  + ${origin(sql.ref("p.curated"), sql`p.idx = 1`)}`;

// Search group of an entry kind (SEARCH_GROUPS order).
const GROUP_OF_KIND = sql.raw(
  `CASE kind ${SEARCH_GROUPS.flatMap((g, i) => g.kinds.map((k) => `WHEN '${k}' THEN ${i}`)).join(" ")} ELSE ${searchGroupIndex("work")} END`,
);

// Rank order of entries and articles at the rebuild; `doc` is the position in it.
const ENTRY_RANK = sql`ORDER BY grp, curated DESC, popularity DESC, view_count DESC, id`;
const ARTICLE_RANK = sql`ORDER BY view_count DESC, published_at DESC, id`;

/** Imported entries: poems and chapters, and the poets the chinese-poetry importer adds. */
function curatedSql(dialect: DialectName) {
  const source =
    dialect === "postgres" ? sql`(data::jsonb ->> 'source')` : sql`json_extract(data, '$.source')`;
  return sql`CASE WHEN kind IN (${sql.join(TEXT_ENTRY_KINDS)}) OR ${source} = 'chinese-poetry'
    THEN 0 ELSE 1 END`;
}

async function rebuildSqlite(db: Kysely<Database>) {
  const gramMax = SEARCH_GRAM_MAX;
  const prefixMax = SEARCH_PINYIN_PREFIX_MAX;
  await sql`INSERT INTO search_entry
    (doc, entry_id, name, names, pinyin, initials, has_time, has_geo, grp, curated)
    SELECT row_number() OVER (${ENTRY_RANK}), id, lower(name), lower(search_names), pinyin,
      pinyin_initials,
      CASE WHEN start_year IS NOT NULL OR end_year IS NOT NULL THEN 1 ELSE 0 END,
      CASE WHEN (json_type(data, '$.lat') IN ('integer', 'real')
          AND json_type(data, '$.lng') IN ('integer', 'real'))
        OR json_type(data, '$.place') = 'text'
        OR json_array_length(data, '$.places') > 0
        OR json_array_length(data, '$.capitals') > 0
        THEN 1 ELSE 0 END,
      grp, curated
    FROM (SELECT *, ${GROUP_OF_KIND} AS grp, ${curatedSql("sqlite")} AS curated FROM entry)
      AS e`.execute(db);

  // SQLite has no string splitting or series: recursive CTEs cut the space-separated lists
  // apart and walk the character positions of each (short) name.
  const splits = sql`
    name_split(doc, curated, main_name, part, rest) AS (
      SELECT doc, curated, name, NULL, names || ' ' FROM search_entry
      UNION ALL
      SELECT doc, curated, main_name, substr(rest, 1, instr(rest, ' ') - 1),
        substr(rest, instr(rest, ' ') + 1)
      FROM name_split WHERE rest <> ''
    ),
    pinyin_source(doc, curated, list) AS (
      SELECT doc, curated, pinyin FROM search_entry
      UNION ALL SELECT doc, curated, initials FROM search_entry
    ),
    pinyin_split(doc, curated, idx, part, rest) AS (
      SELECT doc, curated, 0, NULL, list || ' ' FROM pinyin_source
      UNION ALL
      SELECT doc, curated, idx + 1, substr(rest, 1, instr(rest, ' ') - 1),
        substr(rest, instr(rest, ' ') + 1)
      FROM pinyin_split WHERE rest <> ''
    )`;

  await sql`WITH RECURSIVE ${splits},
    name_chars(doc, curated, main, part, pos) AS (
      SELECT doc, curated, part = main_name, part, 1 FROM name_split WHERE part <> ''
      UNION ALL
      SELECT doc, curated, main, part, pos + 1 FROM name_chars WHERE pos < length(part)
    ),
    grams AS (
      SELECT c.doc, substr(c.part, c.pos, w.len) AS term, w.len, c.pos,
        length(c.part) AS part_length, c.curated, c.main
      FROM name_chars c
      JOIN (SELECT 1 AS len UNION ALL SELECT 2) w
        ON w.len <= ${gramMax} AND c.pos + w.len - 1 <= length(c.part)
    ),
    prefixes(doc, curated, idx, part, len, part_length) AS (
      SELECT doc, curated, idx, part, 1, length(part) FROM pinyin_split WHERE part <> ''
      UNION ALL
      SELECT doc, curated, idx, part, len + 1, part_length FROM prefixes
      WHERE len < min(part_length, ${prefixMax})
    ),
    terms(doc, term, tier) AS (
      SELECT doc, term, min(tier) FROM (
        SELECT g.doc, g.term, ${GRAM_TIER} AS tier FROM grams g
        UNION ALL
        SELECT p.doc, substr(p.part, 1, p.len), ${PREFIX_TIER} FROM prefixes p
      ) GROUP BY doc, term
    )
    ${insertEntryTerms("sqlite")}`.execute(db);

  await sql`WITH RECURSIVE ${splits},
    forms(doc, form, tier) AS (
      SELECT doc, part, ${origin(sql.ref("curated"), sql`part = main_name`)} FROM name_split
      WHERE part <> ''
      UNION ALL
      SELECT doc, part, ${origin(sql.ref("curated"), sql`idx = 1`)} FROM pinyin_split
      WHERE part <> ''
    )
    ${insertNames}`.execute(db);

  await sql`INSERT INTO search_article (doc, article_id, title, text)
    SELECT row_number() OVER (${ARTICLE_RANK}), id, lower(title), lower(text)
    FROM article`.execute(db);
  await insertArticleGrams(db, "sqlite");

  for (const fts of ["search_entry_fts", "search_article_fts"]) {
    await sql`INSERT INTO ${sql.table(fts)}(${sql.table(fts)}) VALUES ('rebuild')`.execute(db);
    await sql`INSERT INTO ${sql.table(fts)}(${sql.table(fts)}) VALUES ('optimize')`.execute(db);
  }
  await insertVerseText(db, "sqlite");
  await sql`INSERT INTO search_verse_fts(search_verse_fts) VALUES ('optimize')`.execute(db);
}

async function rebuildPostgres(db: Kysely<Database>) {
  const gramMax = SEARCH_GRAM_MAX;
  const prefixMax = SEARCH_PINYIN_PREFIX_MAX;
  await sql`INSERT INTO search_entry
    (doc, entry_id, name, names, pinyin, initials, has_time, has_geo, grp, curated)
    SELECT row_number() OVER (${ENTRY_RANK}), id, lower(name), lower(search_names), pinyin,
      pinyin_initials,
      CASE WHEN start_year IS NOT NULL OR end_year IS NOT NULL THEN 1 ELSE 0 END,
      CASE WHEN (jsonb_typeof(d -> 'lat') = 'number' AND jsonb_typeof(d -> 'lng') = 'number')
        OR jsonb_typeof(d -> 'place') = 'string'
        OR (jsonb_typeof(d -> 'places') = 'array' AND d -> 'places' <> '[]'::jsonb)
        OR (jsonb_typeof(d -> 'capitals') = 'array' AND d -> 'capitals' <> '[]'::jsonb)
        THEN 1 ELSE 0 END,
      grp, curated
    FROM (SELECT *, ${GROUP_OF_KIND} AS grp, ${curatedSql("postgres")} AS curated FROM entry)
      AS e
    CROSS JOIN LATERAL (SELECT data::jsonb AS d) AS j`.execute(db);

  const splits = sql`
    name_split AS (
      SELECT e.doc, e.curated, n.part, n.part = e.name AS main
      FROM search_entry e
      CROSS JOIN LATERAL unnest(string_to_array(e.names, ' ')) AS n(part)
      WHERE n.part <> ''
    ),
    pinyin_split AS (
      SELECT e.doc, e.curated, f.idx, f.part
      FROM search_entry e
      CROSS JOIN LATERAL (VALUES (e.pinyin), (e.initials)) AS src(list)
      CROSS JOIN LATERAL unnest(string_to_array(src.list, ' ')) WITH ORDINALITY AS f(part, idx)
      WHERE f.part <> ''
    )`;

  await sql`WITH ${splits},
    grams AS (
      SELECT s.doc, substr(s.part, q.pos, w.len) AS term, w.len, q.pos,
        char_length(s.part) AS part_length, s.curated, s.main
      FROM name_split s
      CROSS JOIN LATERAL generate_series(1, char_length(s.part)) AS q(pos)
      JOIN (VALUES (1), (2)) AS w(len)
        ON w.len <= ${gramMax} AND q.pos + w.len - 1 <= char_length(s.part)
    ),
    prefixes AS (
      SELECT s.doc, substr(s.part, 1, q.len) AS term, q.len, char_length(s.part) AS part_length,
        s.curated, s.idx
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
    ${insertEntryTerms("postgres")}`.execute(db);

  await sql`WITH ${splits},
    forms AS (
      SELECT doc, part AS form, ${origin(sql.ref("curated"), sql.ref("main"))} AS tier
      FROM name_split
      UNION ALL
      SELECT doc, part, ${origin(sql.ref("curated"), sql`idx = 1`)} FROM pinyin_split
    )
    ${insertNames}`.execute(db);

  await sql`INSERT INTO search_article (doc, article_id, title, text)
    SELECT row_number() OVER (${ARTICLE_RANK}), id, lower(title), lower(text)
    FROM article`.execute(db);
  await insertArticleGrams(db, "postgres");
  await insertVerseText(db, "postgres");
}

/** Entry postings from a `terms(doc, term, tier)` CTE, copied into each scope the entry is in. */
function insertEntryTerms(dialect: DialectName) {
  return sql`INSERT INTO search_term (scope, term, tier, doc)
    SELECT sc.scope, t.term, t.tier, t.doc
    FROM terms t
    JOIN search_entry e ON e.doc = t.doc
    JOIN ${scopesSql(dialect)}
      ON (sc.need_time = 0 OR e.has_time = 1) AND (sc.need_geo = 0 OR e.has_geo = 1)
    ORDER BY sc.scope, t.term, t.tier, t.doc`;
}

/** Names and their pinyin forms from a `forms(doc, form, tier)` CTE, each once per entry. */
const insertNames = sql`INSERT INTO search_name (form, tier, doc, has_time, has_geo)
  SELECT f.form, min(f.tier), f.doc, e.has_time, e.has_geo
  FROM forms f JOIN search_entry e ON e.doc = f.doc
  GROUP BY f.form, f.doc, e.has_time, e.has_geo
  ORDER BY f.form, min(f.tier), f.doc`;

/** 1–2 character grams of a text (none with whitespace inside), each once. */
function textGrams(text: string): Set<string> {
  const chars = Array.from(text.toLowerCase());
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    for (let len = 1; len <= SEARCH_GRAM_MAX && i + len <= chars.length; len++) {
      const gram = chars.slice(i, i + len).join("");
      if (!/\s/.test(gram)) grams.add(gram);
    }
  }
  return grams;
}

const ARTICLE_GRAM_BATCH = 5000;

/**
 * Article postings: every gram of the title (tier 0) and of the text (tier 1). Built here
 * rather than in SQL because both dialects find the n-th character of a string by walking to
 * it, which makes every gram of a long text cost as much as the whole text.
 */
async function insertArticleGrams(db: Kysely<Database>, dialect: DialectName) {
  const articles = await db.selectFrom("search_article").select(["doc", "title", "text"]).execute();
  let batch: { term: string; tier: number; doc: number }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const json = JSON.stringify(batch);
    batch = [];
    await (dialect === "postgres"
      ? sql`INSERT INTO search_term (scope, term, tier, doc)
          SELECT 'a', x.term, x.tier, x.doc
          FROM jsonb_to_recordset(${json}::jsonb) AS x(term text, tier int, doc int)`
      : sql`INSERT INTO search_term (scope, term, tier, doc)
          SELECT 'a', j.value ->> 'term', j.value ->> 'tier', j.value ->> 'doc'
          FROM json_each(${json}) AS j`
    ).execute(db);
  };
  for (const article of articles) {
    const title = textGrams(article.title);
    for (const term of title) batch.push({ term, tier: 0, doc: article.doc });
    for (const term of textGrams(article.text)) {
      if (!title.has(term)) batch.push({ term, tier: 1, doc: article.doc });
    }
    if (batch.length >= ARTICLE_GRAM_BATCH) await flush();
  }
  await flush();
}

const VERSE_READ_BATCH = 2000;
const VERSE_WRITE_CHARS = 400_000;

/**
 * The text of every poem and classic chapter, without punctuation (verseSearchText), under its
 * doc. Built here because neither dialect's SQL can drop punctuation the same way; read in doc
 * ranges so that memory stays small with 345,000 poems.
 */
async function insertVerseText(db: Kysely<Database>, dialect: DialectName) {
  let batch: { doc: number; text: string }[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = JSON.stringify(batch);
    batch = [];
    chars = 0;
    await (dialect === "postgres"
      ? sql`INSERT INTO search_verse (doc, text)
          SELECT x.doc, x.text FROM jsonb_to_recordset(${json}::jsonb) AS x(doc int, text text)`
      : sql`INSERT INTO search_verse_fts (rowid, text)
          SELECT j.value ->> 'doc', j.value ->> 'text' FROM json_each(${json}) AS j`
    ).execute(db);
  };
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("search_entry as s")
      .innerJoin("entry as e", "e.id", "s.entry_id")
      .select(["s.doc", "e.data"])
      .where("e.kind", "in", TEXT_ENTRY_KINDS)
      .where("s.doc", ">", after)
      .orderBy("s.doc")
      .limit(VERSE_READ_BATCH)
      .execute();
    for (const row of rows) {
      const text = verseIndexText(row.data);
      if (!text) continue;
      batch.push({ doc: row.doc, text });
      chars += text.length;
      if (chars >= VERSE_WRITE_CHARS) await flush();
    }
    const last = rows.at(-1);
    if (!last || rows.length < VERSE_READ_BATCH) break;
    after = last.doc;
  }
  await flush();
}

function textLines(value: unknown): string {
  return Array.isArray(value) ? value.filter((l) => typeof l === "string").join("") : "";
}

/**
 * What the verse index holds of a poem's or chapter's `data`: its lines run together
 * (verseSearchText); for a poem given in its common reading, the imported lines too, after a
 * space, so that either wording finds it and no keyword (which never holds a space) runs from
 * one into the other.
 */
function verseIndexText(data: string): string {
  try {
    const parsed = JSON.parse(data) as { paragraphs?: unknown; reading?: { base?: unknown } };
    return [parsed.paragraphs, parsed.reading?.base]
      .map((lines) => verseSearchText(textLines(lines)))
      .filter(Boolean)
      .join(" ");
  } catch {
    return "";
  }
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
      "search_name",
      "search_entry",
      "search_group",
      "search_article",
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
    if (handle.dialect === "postgres") await trx.deleteFrom("search_verse").execute();
    else
      await sql`INSERT INTO search_verse_fts(search_verse_fts) VALUES ('delete-all')`.execute(trx);
    if (handle.dialect === "postgres") await rebuildPostgres(trx);
    else await rebuildSqlite(trx);
    await sql`INSERT INTO search_group (grp, lo, hi)
      SELECT grp, min(doc), max(doc) FROM search_entry GROUP BY grp`.execute(trx);
  });
  if (handle.dialect === "postgres") {
    // Marks the fresh pages all-visible so that lookups stay index-only scans, and gives the
    // planner row counts for the new index.
    await sql`VACUUM (ANALYZE) search_entry, search_group, search_article, search_term,
      search_name, search_verse`.execute(handle.db);
  }
}
