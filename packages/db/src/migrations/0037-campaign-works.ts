import type { Kysely, Migration } from "kysely";

// Readers' works in campaigns (issue 22, decision 46): 文史奖励 and 作品征集.
//
// - campaign_work: one submitted work (title, plain text, status pending → approved | rejected
//   with the moderator's reason). Its like count is the engine's campaign_tally row (subject =
//   the work's id); liked_at is when it reached that count (ties go to who got there first).
// - campaign_work_image: an image uploaded for a work, re-encoded without metadata, with its
//   thumbnail; work_id is set when the work takes it (unattached ones are removed after a day).
// - campaign_work_like: one row per reader per work (a like is a vote: final once given).
// - day columns: the China day (YYYY-MM-DD) of a submission or a like, for the data page.
// - campaign_work_award: the prizes given when the campaign ended, one row per place, so that
//   `npm run campaign:award` gives them exactly once.
export const campaignWorksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("campaign_work")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("author_id", "varchar(64)", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("image_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("status", "varchar(16)", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("moderated_by", "varchar(64)")
      .addColumn("moderated_at", "text")
      .addColumn("liked_at", "text")
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("campaign_work_list_idx")
      .on("campaign_work")
      .columns(["campaign_key", "status", "created_at"])
      .execute();
    await db.schema
      .createIndex("campaign_work_author_idx")
      .on("campaign_work")
      .columns(["campaign_key", "author_id"])
      .execute();

    await db.schema
      .createTable("campaign_work_image")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("work_id", "varchar(24)")
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("thumb_key", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("campaign_work_image_owner_idx")
      .on("campaign_work_image")
      .columns(["owner_id", "work_id"])
      .execute();
    await db.schema
      .createIndex("campaign_work_image_work_idx")
      .on("campaign_work_image")
      .columns(["work_id", "position"])
      .execute();

    await db.schema
      .createTable("campaign_work_like")
      .addColumn("work_id", "varchar(24)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("campaign_work_like_pk", ["work_id", "owner_id"])
      .execute();
    await db.schema
      .createIndex("campaign_work_like_day_idx")
      .on("campaign_work_like")
      .columns(["campaign_key", "day"])
      .execute();

    await db.schema
      .createTable("campaign_work_award")
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("place", "integer", (c) => c.notNull())
      .addColumn("work_id", "varchar(24)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("reward_key", "varchar(40)", (c) => c.notNull())
      .addColumn("likes", "integer", (c) => c.notNull())
      .addColumn("granted", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("awarded_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("campaign_work_award_pk", ["campaign_key", "place"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "campaign_work_award",
      "campaign_work_like",
      "campaign_work_image",
      "campaign_work",
    ])
      await db.schema.dropTable(table).execute();
  },
};
