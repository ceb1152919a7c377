import type { Kysely, Migration } from "kysely";

// The knowledge graph (issue 17).
//
// Relations gain what a reader sees when tapping an edge: where it happened (a place entry), one
// fresh sentence, and for a parent → child relation the child's birth order, which the family
// trees sort siblings by.
//
// Curated networks (竹林七贤, 唐宋八大家 …) are content: a name, a summary and member ids (JSON
// text, in the content file's order); their edges are the relations among the members.
//
// A saved A-to-B path keeps the paths it found as a snapshot (names and labels included), so a
// shared link still opens, and says what is missing, after its entries are removed. A custom
// graph is a reader's own composition of entries and relations; both are listed on /my through
// `saved_item`.
export const graphMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("relation").addColumn("place_id", "varchar(24)").execute();
    await db.schema.alterTable("relation").addColumn("description", "text").execute();
    await db.schema.alterTable("relation").addColumn("birth_order", "integer").execute();

    await db.schema
      .createTable("relation_network")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("summary", "text", (c) => c.notNull())
      .addColumn("center_id", "varchar(24)", (c) => c.notNull())
      .addColumn("member_ids", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("ab_path_save")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)")
      .addColumn("source_id", "varchar(24)", (c) => c.notNull())
      .addColumn("destination_id", "varchar(24)", (c) => c.notNull())
      .addColumn("depth", "integer", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("ab_path_save_owner_idx")
      .on("ab_path_save")
      .columns(["owner_id", "created_at"])
      .execute();

    await db.schema
      .createTable("custom_graph")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("custom_graph_owner_idx")
      .on("custom_graph")
      .columns(["owner_id", "updated_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("custom_graph").execute();
    await db.schema.dropTable("ab_path_save").execute();
    await db.schema.dropTable("relation_network").execute();
    await db.schema.alterTable("relation").dropColumn("birth_order").execute();
    await db.schema.alterTable("relation").dropColumn("description").execute();
    await db.schema.alterTable("relation").dropColumn("place_id").execute();
  },
};
