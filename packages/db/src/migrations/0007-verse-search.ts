import { type Kysely, type Migration, sql } from "kysely";
import { isPostgres } from "./migration-dialect.ts";

// Verse search: poems and classic chapters found by their words (docs/decisions/0010). One row
// per such entry, keyed by its `search_entry.doc` (rank order), holding its text without
// punctuation (verseSearchText); refreshSearchIndex() fills it. On SQLite it is a contentless
// FTS5 trigram table: the text is only needed to find rowids, and the page reads the lines from
// the entry. On PostgreSQL a table with a pg_trgm GIN index.
const SQLITE_UP = [
  `CREATE VIRTUAL TABLE search_verse_fts USING fts5(
    text, content='', columnsize=0, tokenize='trigram'
  )`,
];

const POSTGRES_UP = [
  `CREATE TABLE search_verse (
    doc integer PRIMARY KEY,
    text text NOT NULL
  )`,
  "CREATE INDEX search_verse_text_trgm ON search_verse USING gin (text gin_trgm_ops)",
];

export const verseSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of isPostgres(db) ? POSTGRES_UP : SQLITE_UP) {
      await sql.raw(statement).execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await sql.raw("DROP TABLE IF EXISTS search_verse_fts").execute(db);
    await sql.raw("DROP TABLE IF EXISTS search_verse").execute(db);
  },
};
