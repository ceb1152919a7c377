import { type Kysely, type Migration, sql } from "kysely";
import { isPostgres } from "./migration-dialect.ts";

// Search index (docs/decisions/0004-search-index.md). Every table here is derived data that
// refreshSearchIndex() rebuilds from `entry` and `article`, so nothing is lost by dropping it.
//
// - search_entry / search_article: one row per entry / article. `doc` numbers them in rank
//   order (popularity, then views, at the rebuild), so "better" is "smaller doc" everywhere and
//   every index below returns hits best first; it also keeps posting rows small.
// - search_term: postings for what a trigram index cannot serve — 1–2 character grams of
//   names (and of article titles and text) and the first letters of each name's pinyin and
//   initials — with the match tier precomputed, so a lookup reads the best rows straight off
//   one index range and stops at the LIMIT however many rows share the term.
// - search_name: every name, its full pinyin and its initials, for exact and prefix matches of
//   longer keywords.
// - substrings of ≥3 characters: FTS5 `trigram` on SQLite, pg_trgm GIN indexes on PostgreSQL.
const SQLITE_UP = [
  `CREATE TABLE search_entry (
    doc INTEGER PRIMARY KEY,
    entry_id TEXT NOT NULL,
    name TEXT NOT NULL,
    names TEXT NOT NULL,
    pinyin TEXT NOT NULL,
    initials TEXT NOT NULL,
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
    text TEXT NOT NULL
  )`,
  `CREATE VIRTUAL TABLE search_article_fts USING fts5(
    title, text, content='search_article', content_rowid='doc', tokenize='trigram'
  )`,
  `CREATE TABLE search_term (
    scope TEXT NOT NULL,
    term TEXT NOT NULL,
    tier INTEGER NOT NULL,
    doc INTEGER NOT NULL,
    PRIMARY KEY (scope, term, tier, doc)
  ) WITHOUT ROWID`,
  `CREATE TABLE search_name (
    form TEXT NOT NULL,
    tier INTEGER NOT NULL,
    doc INTEGER NOT NULL,
    has_time INTEGER NOT NULL,
    has_geo INTEGER NOT NULL,
    PRIMARY KEY (form, tier, doc)
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
    has_time smallint NOT NULL,
    has_geo smallint NOT NULL
  )`,
  "CREATE INDEX search_entry_names_trgm ON search_entry USING gin (names gin_trgm_ops)",
  `CREATE TABLE search_article (
    doc integer PRIMARY KEY,
    article_id varchar(24) NOT NULL,
    title text NOT NULL,
    text text NOT NULL
  )`,
  "CREATE INDEX search_article_title_trgm ON search_article USING gin (title gin_trgm_ops)",
  "CREATE INDEX search_article_text_trgm ON search_article USING gin (text gin_trgm_ops)",
  `CREATE TABLE search_term (
    scope varchar(4) NOT NULL,
    term text NOT NULL,
    tier smallint NOT NULL,
    doc integer NOT NULL,
    PRIMARY KEY (scope, term, tier, doc)
  )`,
  // COLLATE "C": prefix ranges (form > 'li' AND form < 'li' || U+10FFFF) need code point order
  // whatever the database's default collation is.
  `CREATE TABLE search_name (
    form text COLLATE "C" NOT NULL,
    tier smallint NOT NULL,
    doc integer NOT NULL,
    has_time smallint NOT NULL,
    has_geo smallint NOT NULL,
    PRIMARY KEY (form, tier, doc) INCLUDE (has_time, has_geo)
  )`,
];

const TABLES = [
  "search_name",
  "search_term",
  "search_article_fts",
  "search_article",
  "search_entry_fts",
  "search_entry",
];

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
