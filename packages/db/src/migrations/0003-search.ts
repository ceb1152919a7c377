import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";

// Search index (see docs/decisions/search-index.md). Every table here is derived data that
// refreshSearchIndex() rebuilds from `entry` and `article`, so nothing is lost by dropping it.
//
// - search_entry / search_article: one row per entry / article with a dense integer `doc`, so
//   that the posting rows below stay small (an id is 24 characters, a doc number 3–4 bytes).
// - search_term: postings for the queries a substring index cannot serve — 1–2 character
//   grams of names (and of article titles and text) and the first few letters of every name's
//   pinyin and initials — with the rank precomputed, so a lookup reads the best rows straight
//   off one index range and stops at the LIMIT however many rows share the term.
// - search_pinyin: each name's full pinyin and initials, for prefix ranges on longer pinyin.
// - ≥3 character substrings: FTS5 `trigram` on SQLite, pg_trgm GIN indexes on PostgreSQL.
const SQLITE_UP = [
  `CREATE TABLE search_entry (
    doc INTEGER PRIMARY KEY,
    entry_id TEXT NOT NULL,
    name TEXT NOT NULL,
    names TEXT NOT NULL,
    pinyin TEXT NOT NULL,
    initials TEXT NOT NULL,
    popularity INTEGER NOT NULL,
    view_count INTEGER NOT NULL,
    has_time INTEGER NOT NULL,
    has_geo INTEGER NOT NULL
  )`,
  `CREATE VIRTUAL TABLE search_entry_fts USING fts5(
    names, content='search_entry', content_rowid='doc', tokenize='trigram'
  )`,
  `CREATE TABLE search_article (
    doc INTEGER PRIMARY KEY,
    article_id TEXT NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    view_count INTEGER NOT NULL
  )`,
  `CREATE VIRTUAL TABLE search_article_fts USING fts5(
    title, text, content='search_article', content_rowid='doc', tokenize='trigram'
  )`,
  `CREATE TABLE search_term (
    scope TEXT NOT NULL,
    term TEXT NOT NULL,
    tier INTEGER NOT NULL,
    popularity INTEGER NOT NULL,
    view_count INTEGER NOT NULL,
    doc INTEGER NOT NULL,
    PRIMARY KEY (scope, term, tier, popularity DESC, view_count DESC, doc)
  ) WITHOUT ROWID`,
  `CREATE TABLE search_pinyin (
    form TEXT NOT NULL,
    doc INTEGER NOT NULL,
    tier INTEGER NOT NULL,
    popularity INTEGER NOT NULL,
    view_count INTEGER NOT NULL,
    has_time INTEGER NOT NULL,
    has_geo INTEGER NOT NULL,
    PRIMARY KEY (form, doc)
  ) WITHOUT ROWID`,
];

const POSTGRES_UP = [
  "CREATE EXTENSION IF NOT EXISTS pg_trgm",
  `CREATE TABLE search_entry (
    doc integer PRIMARY KEY,
    entry_id varchar(24) NOT NULL,
    name text NOT NULL,
    names text NOT NULL,
    pinyin text NOT NULL,
    initials text NOT NULL,
    popularity integer NOT NULL,
    view_count integer NOT NULL,
    has_time smallint NOT NULL,
    has_geo smallint NOT NULL
  )`,
  "CREATE INDEX search_entry_names_trgm ON search_entry USING gin (names gin_trgm_ops)",
  `CREATE TABLE search_article (
    doc integer PRIMARY KEY,
    article_id varchar(24) NOT NULL,
    title text NOT NULL,
    text text NOT NULL,
    view_count integer NOT NULL
  )`,
  "CREATE INDEX search_article_title_trgm ON search_article USING gin (title gin_trgm_ops)",
  "CREATE INDEX search_article_text_trgm ON search_article USING gin (text gin_trgm_ops)",
  `CREATE TABLE search_term (
    scope varchar(4) NOT NULL,
    term text NOT NULL,
    tier smallint NOT NULL,
    popularity integer NOT NULL,
    view_count integer NOT NULL,
    doc integer NOT NULL
  )`,
  // Every column is in the index, so a lookup is an index-only scan in rank order.
  `CREATE INDEX search_term_rank ON search_term
    (scope, term, tier, popularity DESC, view_count DESC, doc)`,
  // COLLATE "C": the prefix range (form >= 'li' AND form < 'li{') needs byte order whatever
  // the database's default collation is.
  `CREATE TABLE search_pinyin (
    form text COLLATE "C" NOT NULL,
    doc integer NOT NULL,
    tier smallint NOT NULL,
    popularity integer NOT NULL,
    view_count integer NOT NULL,
    has_time smallint NOT NULL,
    has_geo smallint NOT NULL,
    PRIMARY KEY (form, doc) INCLUDE (tier, popularity, view_count, has_time, has_geo)
  )`,
];

const TABLES = [
  "search_pinyin",
  "search_term",
  "search_article_fts",
  "search_article",
  "search_entry_fts",
  "search_entry",
];

// Kysely hands a migration only the connection; the adapter tells the dialects apart.
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export const searchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of isPostgres(db) ? POSTGRES_UP : SQLITE_UP) {
      await sql.raw(statement).execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    // pg_trgm stays: other schemas in the database may use it.
    for (const table of TABLES) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  },
};
