import type { Kysely, Migration } from "kysely";

// The challenges (issue 20, decision 0031): timed rounds on the server's clock, the answers
// given in them, the rewards a round earns, and the database's own sorted sets, which hold the
// rankings when no Redis is configured.
//
// A round keeps its questions (ids, in order), its clock (start, deadline, the question now
// shown and since when) and, once finished, its result. `once_key` is set for the daily quiz
// (kind, day, reader) and unique, so a second round that day cannot be created even by two
// requests at once. An answer is keyed by (round, question): a question is answered once.
// A reward is unique per (reader, kind, period): granted at most once, then claimed.
export const challengesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("challenge_round")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("kind", "varchar(24)", (c) => c.notNull())
      .addColumn("grade", "varchar(12)")
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("question_ids", "text", (c) => c.notNull())
      .addColumn("started_at", "bigint", (c) => c.notNull())
      .addColumn("deadline_at", "bigint", (c) => c.notNull())
      .addColumn("per_question_ms", "integer")
      .addColumn("current_index", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("current_opened_at", "bigint", (c) => c.notNull())
      .addColumn("status", "varchar(12)", (c) => c.notNull().defaultTo("open"))
      .addColumn("answered", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("duration_ms", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("finished_at", "bigint")
      .addColumn("once_key", "text", (c) => c.unique())
      .execute();
    await db.schema
      .createIndex("challenge_round_owner_idx")
      .on("challenge_round")
      .columns(["owner_id", "kind", "started_at"])
      .execute();

    await db.schema
      .createTable("challenge_answer")
      .addColumn("round_id", "varchar(24)", (c) => c.notNull())
      .addColumn("question_id", "varchar(24)", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("chosen", "text")
      .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("timed_out", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("answered_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("challenge_answer_pk", ["round_id", "question_id"])
      .execute();

    await db.schema
      .createTable("challenge_reward")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("kind", "varchar(24)", (c) => c.notNull())
      .addColumn("period_key", "varchar(16)", (c) => c.notNull())
      .addColumn("item", "varchar(24)", (c) => c.notNull())
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("score", "integer", (c) => c.notNull())
      .addColumn("round_id", "varchar(24)", (c) => c.notNull())
      .addColumn("status", "varchar(12)", (c) => c.notNull().defaultTo("pending"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("claimed_at", "text")
      .addUniqueConstraint("challenge_reward_once", ["owner_id", "kind", "period_key"])
      .execute();

    await db.schema
      .createTable("sorted_set_member")
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("member", "text", (c) => c.notNull())
      .addColumn("score", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint")
      .addPrimaryKeyConstraint("sorted_set_member_pk", ["key", "member"])
      .execute();
    await db.schema
      .createIndex("sorted_set_member_score_idx")
      .on("sorted_set_member")
      .columns(["key", "score"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "sorted_set_member",
      "challenge_reward",
      "challenge_answer",
      "challenge_round",
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
