import type { Kysely, Migration } from "kysely";

// Column types are chosen to mean the same on SQLite and PostgreSQL: text, integer, bigint.
export const initialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("entry")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("aliases", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("start_year", "integer")
      .addColumn("end_year", "integer")
      .addColumn("time_desc", "text")
      .addColumn("regime_id", "varchar(24)")
      .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("image_url", "text")
      .addColumn("popularity", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("search_names", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("pinyin", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("pinyin_initials", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("entry_kind_idx")
      .on("entry")
      .columns(["kind", "popularity"])
      .execute();
    await db.schema.createIndex("entry_name_idx").on("entry").column("name").execute();
    await db.schema.createIndex("entry_regime_idx").on("entry").column("regime_id").execute();

    await db.schema
      .createTable("relation")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("from_id", "varchar(24)", (c) => c.notNull())
      .addColumn("to_id", "varchar(24)", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("twoway", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("note", "text")
      .addColumn("year", "integer")
      .execute();
    await db.schema.createIndex("relation_from_idx").on("relation").column("from_id").execute();
    await db.schema.createIndex("relation_to_idx").on("relation").column("to_id").execute();

    await db.schema
      .createTable("article")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("section", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("abstract", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("cover", "text")
      .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("comment_num", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("published_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("article_section_idx")
      .on("article")
      .columns(["section", "published_at"])
      .execute();
    await db.schema
      .createIndex("article_published_idx")
      .on("article")
      .column("published_at")
      .execute();

    await db.schema
      .createTable("article_link")
      .addColumn("article_id", "varchar(24)", (c) => c.notNull())
      .addColumn("item_id", "varchar(24)", (c) => c.notNull())
      .addColumn("word", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("article_link_pk", ["article_id", "item_id"])
      .execute();
    await db.schema
      .createIndex("article_link_item_idx")
      .on("article_link")
      .column("item_id")
      .execute();

    await db.schema
      .createTable("banner")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("image_url", "text", (c) => c.notNull())
      .addColumn("link", "text", (c) => c.notNull())
      .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable("like_record")
      .addColumn("item_id", "varchar(24)", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("like_record_pk", ["item_id", "type", "user_id"])
      .execute();

    await db.schema
      .createTable("tracking_event")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("session_id", "text", (c) => c.notNull())
      .addColumn("action_type", "text", (c) => c.notNull())
      .addColumn("page_name", "text", (c) => c.notNull())
      .addColumn("mod_item_name", "text")
      .addColumn("params", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("tracking_event_page_day_idx")
      .on("tracking_event")
      .columns(["page_name", "day"])
      .execute();

    await db.schema
      .createTable("key_value")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("expires_at", "bigint")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      "key_value",
      "tracking_event",
      "like_record",
      "banner",
      "article_link",
      "article",
      "relation",
      "entry",
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
