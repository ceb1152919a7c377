import type { Kysely, Migration } from "kysely";

// What readers do on the ladders (issue 20): their best practice per level and the 积分 it
// earned (ladder_progress, and the ledger ladder_points that the 积分 lists read by day), every
// practice session of a level or of the review list with its answers (learning_practice,
// learning_answer), and the review list's cards scheduled by FSRS (review_card, one per reader
// and question). All keyed by content keys or question ids, so a content reload keeps them.
export const ladderProgressMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("ladder_progress")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("level_key", "text", (c) => c.notNull())
      .addColumn("ladder_key", "text", (c) => c.notNull())
      .addColumn("best_correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("best_total", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("passed", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("best_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("ladder_progress_pk", ["owner_id", "level_key"])
      .execute();

    await db.schema
      .createTable("ladder_points")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("level_key", "text", (c) => c.notNull())
      .addColumn("ladder_key", "text", (c) => c.notNull())
      .addColumn("points", "integer", (c) => c.notNull())
      .addColumn("reason", "varchar(16)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("ladder_points_owner_idx")
      .on("ladder_points")
      .columns(["owner_id", "created_at"])
      .execute();

    await db.schema
      .createTable("learning_practice")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("ref", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("question_ids", "text", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("submitted_at", "text")
      .addColumn("answered", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex("learning_practice_owner_idx")
      .on("learning_practice")
      .columns(["owner_id", "kind", "started_at"])
      .execute();

    await db.schema
      .createTable("learning_answer")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("practice_id", "varchar(24)", (c) => c.notNull())
      .addColumn("question_id", "varchar(24)", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("chosen", "text", (c) => c.notNull())
      .addColumn("correct", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("learning_answer_practice_idx")
      .on("learning_answer")
      .column("practice_id")
      .execute();
    await db.schema
      .createIndex("learning_answer_owner_question_idx")
      .on("learning_answer")
      .columns(["owner_id", "question_id"])
      .execute();

    await db.schema
      .createTable("review_card")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("question_id", "varchar(24)", (c) => c.notNull())
      .addColumn("source", "varchar(24)", (c) => c.notNull())
      .addColumn("card", "text", (c) => c.notNull())
      .addColumn("due", "text", (c) => c.notNull())
      .addColumn("wrong_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("right_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("review_card_pk", ["owner_id", "question_id"])
      .execute();
    await db.schema
      .createIndex("review_card_owner_due_idx")
      .on("review_card")
      .columns(["owner_id", "due"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "review_card",
      "learning_answer",
      "learning_practice",
      "ladder_points",
      "ladder_progress",
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
