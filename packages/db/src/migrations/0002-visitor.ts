import type { Kysely, Migration } from "kysely";

// WeChat visitors (spec §4 login flow, §6 "visitor (WeChat visitor id)"): one row per openid
// of the site's official account. Sessions live in the key-value store, not here.
export const visitorMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("visitor")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("wx_open_id", "varchar(64)", (c) => c.notNull().unique())
      .addColumn("wx_union_id", "varchar(64)")
      .addColumn("wx_name", "text")
      .addColumn("wx_avatar", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("visitor_union_idx").on("visitor").column("wx_union_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("visitor").ifExists().execute();
  },
};
