import type { Kysely, Migration } from "kysely";

// The home page's top list asks for the most popular people and events on every render. The
// (kind, popularity) index found the rows of those kinds, but the sort then read each of them,
// and in SQLite that read walks the row's long `data` text first, because `view_count` is stored
// after it. With `view_count` and `id` in the index the sort runs on the index alone and only
// the rows shown are read. It replaces the narrower index, of which it is an extension.
export const popularityIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("entry_kind_popularity_idx")
      .on("entry")
      .columns(["kind", "popularity desc", "view_count desc", "id"])
      .execute();
    await db.schema.dropIndex("entry_kind_idx").ifExists().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex("entry_kind_idx")
      .on("entry")
      .columns(["kind", "popularity"])
      .execute();
    await db.schema.dropIndex("entry_kind_popularity_idx").ifExists().execute();
  },
};
