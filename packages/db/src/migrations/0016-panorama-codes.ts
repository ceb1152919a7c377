import type { Kysely, Migration } from "kysely";

// Panoramas (issue 18 §5): the scenes of /panorama and /panorama2022, and their exchange codes.
//
// An edition and a scene are content (content/panoramas.yaml): its name, era, what the generator draws and its
// hotspots, kept as JSON text in `data` like a network's members.
//
// The exchange codes are scoped to panoramas on purpose, and small: a code unlocks one scope
// (`scene:<key>` or `edition:<edition>`) for the account that spends it. Only the SHA-256 of a
// code is kept. A code is spent by one UPDATE that matches it only while unspent and unexpired,
// so two readers redeeming at once can never both win. The general exchange codes of the
// commerce area (/exchange) may later take these rows over: scope, expiry and who spent it
// are what any exchange code has.
export const panoramaCodesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("panorama_edition")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("panorama_scene")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("edition", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("locked", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("panorama_scene_edition_idx")
      .on("panorama_scene")
      .columns(["edition", "sort_key"])
      .execute();

    await db.schema
      .createTable("panorama_exchange_code")
      .addColumn("code_hash", "varchar(64)", (c) => c.primaryKey())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("redeemed_by", "varchar(24)")
      .addColumn("redeemed_at", "text")
      .execute();
    await db.schema
      .createIndex("panorama_exchange_code_batch_idx")
      .on("panorama_exchange_code")
      .column("batch")
      .execute();

    await db.schema
      .createTable("panorama_unlock")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("panorama_unlock_pk", ["owner_id", "scope"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("panorama_unlock").execute();
    await db.schema.dropTable("panorama_exchange_code").execute();
    await db.schema.dropTable("panorama_scene").execute();
    await db.schema.dropTable("panorama_edition").execute();
  },
};
