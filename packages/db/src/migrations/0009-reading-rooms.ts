import type { Kysely, Migration } from "kysely";

// The reading rooms (issue 15 §6). The article hub lists a section, or every section, most read
// first: the (section, view_count, published_at) and (view_count, published_at) indexes give that
// order as they give the newest first, without a sort over the whole table.
//
// 洞察 topics gather, around one question, an essay and the events, people, articles and
// entries it draws on. A topic's items are rows of `topic_item`, one per item and role, in the
// order the topic lists them, so the entries a topic names can be looked up from either end.
export const readingRoomsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("article_section_views_idx")
      .on("article")
      .columns(["section", "view_count", "published_at"])
      .execute();
    await db.schema
      .createIndex("article_views_idx")
      .on("article")
      .columns(["view_count", "published_at"])
      .execute();

    await db.schema
      .createTable("topic")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("question", "text", (c) => c.notNull())
      .addColumn("era", "text", (c) => c.notNull())
      .addColumn("cover_text", "text", (c) => c.notNull())
      .addColumn("essay", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("start_year", "integer")
      .addColumn("end_year", "integer")
      .addColumn("time_desc", "text")
      .addColumn("published_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("topic_start_idx")
      .on("topic")
      .columns(["start_year", "title"])
      .execute();

    await db.schema
      .createTable("topic_item")
      .addColumn("topic_id", "varchar(24)", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("item_id", "varchar(24)", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("word", "text")
      .addPrimaryKeyConstraint("topic_item_pk", ["topic_id", "role", "item_id"])
      .execute();
    await db.schema.createIndex("topic_item_item_idx").on("topic_item").column("item_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("topic_item").ifExists().execute();
    await db.schema.dropTable("topic").ifExists().execute();
    await db.schema.dropIndex("article_views_idx").ifExists().execute();
    await db.schema.dropIndex("article_section_views_idx").ifExists().execute();
  },
};
