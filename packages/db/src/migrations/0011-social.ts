import type { Kysely, Migration } from "kysely";

// My pages (issue 16, Social §1–2): who follows whom, what each reader has read, and what each
// reader saved. Rows are keyed by the owner id of decision 18 (`ownerIdOf(viewer)`: the account,
// else the WeChat visitor), except follows, which join two accounts: a follow is shown on the
// other reader's profile, so both sides need one.
export const socialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("follow")
      .addColumn("follower_id", "varchar(24)", (c) => c.notNull())
      .addColumn("followee_id", "varchar(24)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("follow_pk", ["follower_id", "followee_id"])
      .execute();
    // "People I follow" reads the primary key; "my followers" and their count read this.
    await db.schema
      .createIndex("follow_followee_idx")
      .on("follow")
      .columns(["followee_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("follow_follower_time_idx")
      .on("follow")
      .columns(["follower_id", "created_at"])
      .execute();

    // One row per reader and item read; reading it again moves it up and counts once more.
    await db.schema
      .createTable("reading_history")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("item_id", "varchar(24)", (c) => c.notNull())
      .addColumn("first_read_at", "text", (c) => c.notNull())
      .addColumn("last_read_at", "text", (c) => c.notNull())
      .addColumn("read_count", "integer", (c) => c.notNull().defaultTo(1))
      .addPrimaryKeyConstraint("reading_history_pk", ["owner_id", "kind", "item_id"])
      .execute();
    await db.schema
      .createIndex("reading_history_recent_idx")
      .on("reading_history")
      .columns(["owner_id", "last_read_at"])
      .execute();
    await db.schema
      .createIndex("reading_history_top_idx")
      .on("reading_history")
      .columns(["owner_id", "kind", "read_count"])
      .execute();

    // What a reader keeps, by kind: A-to-B relation paths and custom relation graphs now (the
    // graph screens write them); a new kind needs no migration. `ref_id` is the saved thing's
    // own id where it has one (the spec's abPathSave and customRelationGraph ids).
    await db.schema
      .createTable("saved_item")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("ref_id", "varchar(64)", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("saved_item_ref_unique", ["owner_id", "kind", "ref_id"])
      .execute();
    await db.schema
      .createIndex("saved_item_owner_idx")
      .on("saved_item")
      .columns(["owner_id", "kind", "updated_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("saved_item").ifExists().execute();
    await db.schema.dropTable("reading_history").ifExists().execute();
    await db.schema.dropTable("follow").ifExists().execute();
  },
};
