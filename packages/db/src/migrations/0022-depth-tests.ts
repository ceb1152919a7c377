import type { Kysely, Migration } from "kysely";

// The depth test and the AI test (issue 20, decision 28). A test row is one reader's test of a
// grade and a kind (`tag`: depth | ai); `items` is the JSON list of the question ids served so
// far, in order (the test is adaptive: each next question is chosen after the previous answer).
// `open_key` is `owner:grade:tag` while the test is open and NULL once it is finished or
// expired: its unique index keeps one open test per reader, grade and kind even when two
// starts race. An answer is a row of its own, keyed by test and question, so a question is
// answered once however often the call is repeated.
export const depthTestsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("depth_test")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("grade", "varchar(16)", (c) => c.notNull())
      .addColumn("tag", "varchar(16)", (c) => c.notNull())
      .addColumn("status", "varchar(16)", (c) => c.notNull())
      .addColumn("open_key", "varchar(64)", (c) => c.unique())
      .addColumn("length", "integer", (c) => c.notNull())
      .addColumn("items", "text", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("deadline_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .addColumn("answered", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("seconds", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("theta_milli", "integer")
      .addColumn("score", "integer")
      .addColumn("report", "text")
      .execute();
    await db.schema
      .createIndex("depth_test_owner_idx")
      .on("depth_test")
      .columns(["owner_id", "status", "started_at"])
      .execute();
    await db.schema
      .createIndex("depth_test_grade_idx")
      .on("depth_test")
      .columns(["grade", "tag", "status"])
      .execute();

    await db.schema
      .createTable("depth_test_answer")
      .addColumn("test_id", "varchar(24)", (c) => c.notNull())
      .addColumn("question_id", "varchar(24)", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("chosen", "text", (c) => c.notNull())
      .addColumn("correct", "integer", (c) => c.notNull())
      .addColumn("answered_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("depth_test_answer_pk", ["test_id", "question_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("depth_test_answer").ifExists().execute();
    await db.schema.dropTable("depth_test").ifExists().execute();
  },
};
