import type { Kysely, Migration } from "kysely";

// A poet may have thousands of 作品 (works) relations. Indexing the type next to each end lets
// the relation preview skip the works (type < '作品' OR type > '作品' as two ranges) instead of
// walking every work of the poet on each page view, and the works list read its page straight
// off the index in (label = collection, to_id) order, with no sort of all the poet's works.
export const relationTypeIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("relation_from_type_idx")
      .on("relation")
      .columns(["from_id", "type", "label", "to_id"])
      .execute();
    await db.schema
      .createIndex("relation_to_type_idx")
      .on("relation")
      .columns(["to_id", "type"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("relation_to_type_idx").ifExists().execute();
    await db.schema.dropIndex("relation_from_type_idx").ifExists().execute();
  },
};
