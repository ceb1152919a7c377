import type { Kysely, Migration } from "kysely";

// The learning area's shared tables (issue 20): the knowledge points, the question bank and the
// ladders' levels, which only the content files fill (content/learning), and what every learning
// screen writes when a reader studies (learning_activity), which the study records sum up.
//
// A question's answer and explanation live in `data` with its stem and options; the server
// never sends them to a page before the reader has answered (services/learning/question-bank).
// `account.learning_access` is the product gate of the ladders' paid levels until commerce sells
// it: 1 opens every level.
export const learningMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("learning_point")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("id", "varchar(24)", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("era", "text", (c) => c.notNull())
      .addColumn("theme", "text", (c) => c.notNull())
      .addColumn("grades", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("question_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("learning_question")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("id", "varchar(24)", (c) => c.notNull().unique())
      .addColumn("point_key", "text", (c) => c.notNull())
      .addColumn("era", "text", (c) => c.notNull())
      .addColumn("theme", "text", (c) => c.notNull())
      .addColumn("grade", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("difficulty", "integer", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("learning_question_grade_idx")
      .on("learning_question")
      .columns(["grade", "difficulty"])
      .execute();
    await db.schema
      .createIndex("learning_question_point_idx")
      .on("learning_question")
      .column("point_key")
      .execute();

    await db.schema
      .createTable("learning_level")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("id", "varchar(24)", (c) => c.notNull().unique())
      .addColumn("ladder_key", "text", (c) => c.notNull())
      .addColumn("ladder_kind", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("sample", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("learning_ladder")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("id", "varchar(24)", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("learning_activity")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("kind", "varchar(24)", (c) => c.notNull())
      .addColumn("ref", "text", (c) => c.notNull())
      .addColumn("answered", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("seconds", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("learning_activity_owner_day_idx")
      .on("learning_activity")
      .columns(["owner_id", "day"])
      .execute();

    await db.schema
      .alterTable("account")
      .addColumn("learning_access", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("account").dropColumn("learning_access").execute();
    for (const table of [
      "learning_activity",
      "learning_ladder",
      "learning_level",
      "learning_question",
      "learning_point",
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
