import type { Kysely, Migration } from "kysely";

// Community circles, posts, comments, likes, reports and moderation (issue 16, Social §3).
//
// A circle (圈子) has members (accounts); a post belongs to one circle and one author and holds
// its body twice: the link-only sanitised HTML that is shown, and its plain text (topics,
// excerpts, length). Counters (members, posts, likes, comments, reports) are kept on the rows
// and changed in the same transaction as the rows they count. Views are counted per post and
// day, and likes and comments carry their time, so rankings can weigh recent activity.
// An upload is one checked, re-encoded image in the storage (its key), attached to a post once
// the post is sent; the moderation log keeps who hid or restored what, and why.
export const communityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("circle")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "varchar(64)", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("intro", "text", (c) => c.notNull())
      .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("member_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("post_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("circle_member")
      .addColumn("circle_id", "varchar(24)", (c) => c.notNull())
      .addColumn("account_id", "varchar(24)", (c) => c.notNull())
      .addColumn("joined_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("circle_member_pk", ["circle_id", "account_id"])
      .execute();
    await db.schema
      .createIndex("circle_member_account_idx")
      .on("circle_member")
      .columns(["account_id", "joined_at"])
      .execute();

    await db.schema
      .createTable("post")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("circle_id", "varchar(24)", (c) => c.notNull())
      .addColumn("author_id", "varchar(24)", (c) => c.notNull())
      .addColumn("body_html", "text", (c) => c.notNull())
      .addColumn("body_text", "text", (c) => c.notNull())
      // JSON array of upload ids, in the author's order.
      .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
      // "visible" or "hidden" (by a moderator).
      .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("visible"))
      .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
      // Reports not yet looked at by a moderator.
      .addColumn("open_reports", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_reported_at", "text")
      // 1 for the seeded sample posts (content/community.yaml), 0 for readers' posts.
      .addColumn("sample", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("post_circle_idx")
      .on("post")
      .columns(["circle_id", "status", "created_at"])
      .execute();
    await db.schema
      .createIndex("post_author_idx")
      .on("post")
      .columns(["author_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("post_status_idx")
      .on("post")
      .columns(["status", "created_at"])
      .execute();
    await db.schema
      .createIndex("post_reports_idx")
      .on("post")
      .columns(["open_reports", "last_reported_at"])
      .execute();

    // A post's topics (#话题#), by their normalised key; `name` is the first spelling seen.
    await db.schema
      .createTable("post_topic")
      .addColumn("topic", "varchar(128)", (c) => c.notNull())
      .addColumn("post_id", "varchar(24)", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("post_topic_pk", ["topic", "post_id"])
      .execute();
    await db.schema.createIndex("post_topic_post_idx").on("post_topic").column("post_id").execute();

    await db.schema
      .createTable("post_comment")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("post_id", "varchar(24)", (c) => c.notNull())
      .addColumn("author_id", "varchar(24)", (c) => c.notNull())
      .addColumn("body_html", "text", (c) => c.notNull())
      .addColumn("body_text", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("post_comment_post_idx")
      .on("post_comment")
      .columns(["post_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("post_comment_time_idx")
      .on("post_comment")
      .column("created_at")
      .execute();

    await db.schema
      .createTable("post_like")
      .addColumn("post_id", "varchar(24)", (c) => c.notNull())
      .addColumn("account_id", "varchar(24)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("post_like_pk", ["post_id", "account_id"])
      .execute();
    await db.schema
      .createIndex("post_like_time_idx")
      .on("post_like")
      .column("created_at")
      .execute();

    // Views per post and UTC day (YYYY-MM-DD).
    await db.schema
      .createTable("post_view_day")
      .addColumn("post_id", "varchar(24)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("post_view_day_pk", ["post_id", "day"])
      .execute();
    await db.schema
      .createIndex("post_view_day_day_idx")
      .on("post_view_day")
      .column("day")
      .execute();

    await db.schema
      .createTable("post_report")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("post_id", "varchar(24)", (c) => c.notNull())
      .addColumn("reporter_id", "varchar(24)", (c) => c.notNull())
      .addColumn("reason", "varchar(32)", (c) => c.notNull())
      .addColumn("note", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      // Set when a moderator hid, restored or kept the post.
      .addColumn("resolved_at", "text")
      .execute();
    await db.schema
      .createIndex("post_report_once_idx")
      .on("post_report")
      .columns(["post_id", "reporter_id"])
      .unique()
      .execute();

    await db.schema
      .createTable("post_moderation")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("post_id", "varchar(24)", (c) => c.notNull())
      .addColumn("moderator_id", "varchar(24)", (c) => c.notNull())
      // "hide", "restore" or "keep".
      .addColumn("action", "varchar(16)", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("post_moderation_post_idx")
      .on("post_moderation")
      .columns(["post_id", "created_at"])
      .execute();

    await db.schema
      .createTable("upload")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      // Storage keys of the re-encoded image and of its thumbnail.
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("thumb_key", "text", (c) => c.notNull())
      .addColumn("content_type", "varchar(32)", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      // The post it belongs to; null until the post is sent.
      .addColumn("post_id", "varchar(24)")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("upload_owner_idx")
      .on("upload")
      .columns(["owner_id", "post_id", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "upload",
      "post_moderation",
      "post_report",
      "post_view_day",
      "post_like",
      "post_comment",
      "post_topic",
      "post",
      "circle_member",
      "circle",
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
