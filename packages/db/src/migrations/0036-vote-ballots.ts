import type { Kysely, Migration } from "kysely";

// The vote campaigns (/love, /wenshisong; decision 45).
//
// - vote_ballot: one row per reader, candidate and China day. Its primary key is the rule "at
//   most one vote a day for each candidate": a second vote inserts nothing and the campaign
//   engine's transaction (which took the day's slot) rolls back. The counts themselves are the
//   engine's campaign_tally rows; the days a reader voted on give the rewards' progress.
export const voteBallotsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("vote_ballot")
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("candidate", "varchar(64)", (c) => c.notNull())
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("action_id", "varchar(24)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("vote_ballot_pk", ["campaign_key", "owner_id", "day", "candidate"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("vote_ballot").execute();
  },
};
