import { type Kysely, type Migration, sql } from "kysely";

// Search ranking by group and by origin (docs/decisions/0017-search-ranking.md). Each entry's
// search group (人物, 朝代 …) and whether it is curated or imported go into `search_entry`; docs
// are numbered group by group, so `search_group` holds each group's doc range and a group
// filter is a range on the indexes that already exist. refreshSearchIndex() fills them; the
// tiers of `search_term` and `search_name` change meaning, so the index is rebuilt on upgrade
// (apps/api/src/create-deps.ts).
export const searchGroupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("search_entry")
      .addColumn("grp", "smallint", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("search_entry")
      .addColumn("curated", "smallint", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable("search_group")
      .addColumn("grp", "smallint", (c) => c.primaryKey())
      .addColumn("lo", "integer", (c) => c.notNull())
      .addColumn("hi", "integer", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("search_group").ifExists().execute();
    await sql`ALTER TABLE search_entry DROP COLUMN curated`.execute(db);
    await sql`ALTER TABLE search_entry DROP COLUMN grp`.execute(db);
  },
};
