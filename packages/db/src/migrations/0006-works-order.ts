import type { Kysely, Migration } from "kysely";

// An author's works were listed by collection name, then id: 全唐诗 sorted before 唐诗三百首, so
// a poet's page opened on obscure poems. `sort_key` holds the order the importer gives each work
// (the best-known collections first, then the order of the book); the works index reads pages in
// that order, so a page still costs the same for 10 works or 10,000. Relations written by hand
// keep 0 and come first.
export const worksOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("relation")
      .addColumn("sort_key", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.dropIndex("relation_from_type_idx").ifExists().execute();
    await db.schema
      .createIndex("relation_from_type_idx")
      .on("relation")
      .columns(["from_id", "type", "sort_key", "to_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("relation_from_type_idx").ifExists().execute();
    await db.schema
      .createIndex("relation_from_type_idx")
      .on("relation")
      .columns(["from_id", "type", "label", "to_id"])
      .execute();
    await db.schema.alterTable("relation").dropColumn("sort_key").execute();
  },
};
