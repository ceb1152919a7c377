import type { Kysely, Migration } from "kysely";

// Boards, readers' notes and the WeChat extras (issue 16, Social §3 and Login flow 2).
//
// The boards (/board, /hotbillboard) rank by recent activity, so views need a day: the view
// counter adds each flush to `item_view_day` as well as to the running total. Recent likes come
// from `like_record.created_at` (the new index), recent notes from `entry_note`.
//
// Notes (/words) are short texts readers write on entries: one row each, with their likes and
// reports one per reader. A note that enough readers report is hidden until an admin looks.
//
// Subscriptions (/subscribe) are topics per reader; 企业微信 contacts (qywx bind) are external
// contacts bound to the reader whose WeChat unionid they carry.
export const boardsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("item_view_day")
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("item_id", "varchar(24)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("item_view_day_pk", ["kind", "item_id", "day"])
      .execute();
    await db.schema
      .createIndex("item_view_day_day_idx")
      .on("item_view_day")
      .columns(["kind", "day"])
      .execute();
    await db.schema
      .createIndex("like_record_recent_idx")
      .on("like_record")
      .columns(["type", "created_at"])
      .execute();

    await db.schema
      .createTable("entry_note")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("entry_id", "varchar(24)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("html", "text", (c) => c.notNull())
      .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("report_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("sample", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("entry_note_entry_idx")
      .on("entry_note")
      .columns(["entry_id", "hidden", "created_at"])
      .execute();
    await db.schema
      .createIndex("entry_note_new_idx")
      .on("entry_note")
      .columns(["hidden", "created_at"])
      .execute();
    await db.schema
      .createIndex("entry_note_liked_idx")
      .on("entry_note")
      .columns(["hidden", "like_count", "created_at"])
      .execute();
    await db.schema
      .createIndex("entry_note_owner_idx")
      .on("entry_note")
      .columns(["owner_id", "created_at"])
      .execute();
    await db.schema
      .createTable("entry_note_like")
      .addColumn("note_id", "varchar(24)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("entry_note_like_pk", ["note_id", "owner_id"])
      .execute();
    await db.schema
      .createTable("entry_note_report")
      .addColumn("note_id", "varchar(24)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("reason", "varchar(16)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("entry_note_report_pk", ["note_id", "owner_id"])
      .execute();

    await db.schema
      .createTable("subscription")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("topic", "varchar(32)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("subscription_pk", ["owner_id", "topic"])
      .execute();

    await db.schema
      .createTable("wecom_contact")
      .addColumn("external_user_id", "varchar(64)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("name", "text")
      .addColumn("staff_user_id", "varchar(64)")
      .addColumn("bound_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("wecom_contact_owner_idx")
      .on("wecom_contact")
      .column("owner_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("wecom_contact").ifExists().execute();
    await db.schema.dropTable("subscription").ifExists().execute();
    await db.schema.dropTable("entry_note_report").ifExists().execute();
    await db.schema.dropTable("entry_note_like").ifExists().execute();
    await db.schema.dropTable("entry_note").ifExists().execute();
    await db.schema.dropIndex("like_record_recent_idx").ifExists().execute();
    await db.schema.dropTable("item_view_day").ifExists().execute();
  },
};
