import type { Kysely, Migration } from "kysely";

// Live-session reminders that reach the reader (issue 19, decision 48).
//
// live_reminder gains what the reminder job and the in-site notice keep per reader and session:
// - claimed_at: a job run's claim (a conditional UPDATE: one run, of any worker or copy, takes
//   the row); the claim's own value is its token, and one older than a few minutes (a worker that
//   died) may be taken again.
// - sent_at: the job is done with it (the WeChat message went out, or there was no WeChat way to
//   the reader, or sending failed `attempts` times); outcome says which (wechat | site | failed).
// - attempts / last_error: failed sends, retried up to a bound.
// - seen_at: the reader dismissed or opened the in-site notice, which is then not shown again.
// live_session gains cancelled_at: a cancelled session is no longer listed and reminds no one.
export const liveRemindersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("live_reminder").addColumn("claimed_at", "text").execute();
    await db.schema.alterTable("live_reminder").addColumn("sent_at", "text").execute();
    await db.schema.alterTable("live_reminder").addColumn("outcome", "text").execute();
    await db.schema
      .alterTable("live_reminder")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("live_reminder").addColumn("last_error", "text").execute();
    await db.schema.alterTable("live_reminder").addColumn("seen_at", "text").execute();
    await db.schema
      .createIndex("live_reminder_session_idx")
      .on("live_reminder")
      .columns(["session_key", "sent_at"])
      .execute();
    await db.schema.alterTable("live_session").addColumn("cancelled_at", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("live_session").dropColumn("cancelled_at").execute();
    await db.schema.dropIndex("live_reminder_session_idx").execute();
    for (const column of ["seen_at", "last_error", "attempts", "outcome", "sent_at", "claimed_at"])
      await db.schema.alterTable("live_reminder").dropColumn(column).execute();
  },
};
