import type { Kysely, Migration } from "kysely";

// Study records, plans, reminders, the daily check-in and its reissue cards, study binding,
// surveys and the mock test (issue 20, decision 32). The records themselves are sums over
// `learning_activity` (0021); these tables keep what a reader sets or does here.
//
// - study_clockin: one row per reader and China day: a check-in, or a day made up with a card.
// - study_card: the reissue-card ledger. +1 rows are grants (cause, unique_key: a grant is made
//   once per key); -1 rows are uses, each naming the day it restored (unique per reader and day).
//   The balance is the sum, never negative (the use is written in the transaction that checks it).
// - study_reminder: time of day, weekdays, on/off.
// - study_plan: the weekly target, one row per reader.
// - study_bind_code / study_binding: a parent's or teacher's code and the learners bound by it.
// - survey_answer: one row per reader and questionnaire, edited in place.
// - study_mock: a mock-test paper (question ids), its submission and marked result.
export const studyRecordsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("study_clockin")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("kind", "varchar(12)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("study_clockin_pk", ["owner_id", "day"])
      .execute();

    await db.schema
      .createTable("study_card")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("delta", "integer", (c) => c.notNull())
      .addColumn("cause", "text", (c) => c.notNull())
      .addColumn("unique_key", "text", (c) => c.notNull().unique())
      .addColumn("day", "varchar(10)")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("study_card_owner_idx")
      .on("study_card")
      .column("owner_id")
      .execute();

    await db.schema
      .createTable("study_reminder")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("time", "varchar(5)", (c) => c.notNull())
      .addColumn("weekdays", "varchar(7)", (c) => c.notNull())
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("study_reminder_owner_idx")
      .on("study_reminder")
      .column("owner_id")
      .execute();

    await db.schema
      .createTable("study_plan")
      .addColumn("owner_id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("levels_per_week", "integer", (c) => c.notNull())
      .addColumn("minutes_per_day", "integer", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("study_bind_code")
      .addColumn("code", "varchar(8)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("relation", "varchar(12)", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("study_binding")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("guardian_id", "varchar(24)", (c) => c.notNull())
      .addColumn("learner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("relation", "varchar(12)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("study_binding_pair", ["guardian_id", "learner_id"])
      .execute();
    await db.schema
      .createIndex("study_binding_learner_idx")
      .on("study_binding")
      .column("learner_id")
      .execute();

    await db.schema
      .createTable("survey_answer")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("survey_key", "varchar(24)", (c) => c.notNull())
      .addColumn("answers", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("survey_answer_pk", ["owner_id", "survey_key"])
      .execute();

    await db.schema
      .createTable("study_mock")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("grade", "varchar(12)", (c) => c.notNull())
      .addColumn("question_ids", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("submitted_at", "text")
      .addColumn("score", "integer")
      .addColumn("result", "text")
      .execute();
    await db.schema
      .createIndex("study_mock_owner_idx")
      .on("study_mock")
      .column("owner_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "study_mock",
      "survey_answer",
      "study_binding",
      "study_bind_code",
      "study_plan",
      "study_reminder",
      "study_card",
      "study_clockin",
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
