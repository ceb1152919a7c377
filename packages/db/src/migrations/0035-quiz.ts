import type { Kysely, Migration } from "kysely";

// The quiz campaigns (issue 22, decision 44): /quiz/2021 and /quiz/2024 on the campaign engine.
//
// - quiz_round: one timed round of a quiz campaign, made inside the engine's participation (so
//   the per-day limit holds under concurrent starts): its questions from the question bank, in
//   the order shown, and its clock (the question now shown and when it was shown), all server
//   time in epoch milliseconds. After an answer the next question waits (current_opened_at 0)
//   until the reader, having read the comment, asks for it: its clock starts then. A round
//   finishes once (status open → finished, one conditional
//   UPDATE); its score then goes to the campaign's ranking.
// - quiz_answer: one answer per round and question (primary key: a second answer is refused),
//   marked on the server, with when its question was shown (its time is answered_at − opened_at);
//   a question whose time ran out is kept as timed_out.
export const quizMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("quiz_round")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("action_id", "varchar(24)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("question_ids", "text", (c) => c.notNull())
      .addColumn("started_at", "bigint", (c) => c.notNull())
      .addColumn("deadline_at", "bigint", (c) => c.notNull())
      .addColumn("per_question_ms", "integer", (c) => c.notNull())
      .addColumn("current_index", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("current_opened_at", "bigint", (c) => c.notNull())
      .addColumn("status", "varchar(12)", (c) => c.notNull().defaultTo("open"))
      .addColumn("answered", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("duration_ms", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("finished_at", "bigint")
      .execute();
    await db.schema
      .createIndex("quiz_round_owner_idx")
      .on("quiz_round")
      .columns(["campaign_key", "owner_id", "started_at"])
      .execute();

    await db.schema
      .createTable("quiz_answer")
      .addColumn("round_id", "varchar(24)", (c) => c.notNull())
      .addColumn("question_id", "varchar(24)", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("chosen", "text")
      .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("timed_out", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("opened_at", "bigint", (c) => c.notNull())
      .addColumn("answered_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("quiz_answer_pk", ["round_id", "question_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["quiz_answer", "quiz_round"])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
