import type { Kysely, Migration } from "kysely";

// The campaign engine (issue 22, decision 39).
//
// - campaign: one seasonal activity, seeded by key from content/campaigns/<key>/campaign.yaml or
//   made with `npm run campaign`; schedule_source "admin" keeps an admin's schedule when the
//   content is seeded again. rules, limits, rewards and share are JSON.
// - campaign_action: every participation (a draw, a vote, an answer, a card, a work) with the
//   China day and the device it came from.
// - campaign_quota: how many actions a reader (or a device) has used per period; one conditional
//   UPDATE (used < limit) takes a slot, so concurrent requests can never pass a limit.
// - campaign_grant: a reward given, once per reward and identity (account, phone, WeChat
//   unionid): one row per identity the reader has, each unique.
// - campaign_invite: who brought whom (first inviter wins); valid_at once the friend signed in
//   and read something.
// - campaign_tally: live counts (votes per candidate, likes per work), one atomic UPDATE each.
// - campaign_score: each reader's score in a campaign's ranking (best kept).
// - campaign_share: every share a reader made.
export const campaignsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("campaign")
      .addColumn("key", "varchar(40)", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("summary", "text", (c) => c.notNull())
      .addColumn("rules", "text", (c) => c.notNull())
      .addColumn("preview_at", "text")
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("closed_at", "text")
      .addColumn("limits", "text", (c) => c.notNull())
      .addColumn("rewards", "text", (c) => c.notNull())
      .addColumn("share", "text", (c) => c.notNull())
      .addColumn("schedule_source", "text", (c) => c.notNull().defaultTo("content"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("campaign_action")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("device_id", "varchar(64)")
      .addColumn("day", "varchar(10)", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("subject", "text")
      .addColumn("payload", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("campaign_action_owner_idx")
      .on("campaign_action")
      .columns(["campaign_key", "owner_id", "day"])
      .execute();

    await db.schema
      .createTable("campaign_quota")
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("scope", "varchar(16)", (c) => c.notNull())
      .addColumn("who", "varchar(64)", (c) => c.notNull())
      .addColumn("period", "varchar(10)", (c) => c.notNull())
      .addColumn("used", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("campaign_quota_pk", ["campaign_key", "scope", "who", "period"])
      .execute();

    await db.schema
      .createTable("campaign_grant")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("grant_id", "varchar(24)", (c) => c.notNull())
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("reward_key", "varchar(40)", (c) => c.notNull())
      .addColumn("identity", "varchar(96)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("item", "text", (c) => c.notNull())
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("granted_at", "text", (c) => c.notNull())
      .addUniqueConstraint("campaign_grant_identity_uq", ["campaign_key", "reward_key", "identity"])
      .execute();
    await db.schema
      .createIndex("campaign_grant_owner_idx")
      .on("campaign_grant")
      .columns(["owner_id", "granted_at"])
      .execute();

    await db.schema
      .createTable("campaign_invite")
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("invitee_id", "varchar(64)", (c) => c.notNull())
      .addColumn("inviter_id", "varchar(64)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("valid_at", "text")
      .addPrimaryKeyConstraint("campaign_invite_pk", ["campaign_key", "invitee_id"])
      .execute();
    await db.schema
      .createIndex("campaign_invite_inviter_idx")
      .on("campaign_invite")
      .columns(["campaign_key", "inviter_id"])
      .execute();

    await db.schema
      .createTable("campaign_tally")
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("subject", "varchar(64)", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("campaign_tally_pk", ["campaign_key", "subject"])
      .execute();

    await db.schema
      .createTable("campaign_score")
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("score", "integer", (c) => c.notNull())
      .addColumn("detail", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("campaign_score_pk", ["campaign_key", "owner_id"])
      .execute();
    await db.schema
      .createIndex("campaign_score_rank_idx")
      .on("campaign_score")
      .columns(["campaign_key", "score", "updated_at"])
      .execute();

    await db.schema
      .createTable("campaign_share")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("campaign_key", "varchar(40)", (c) => c.notNull())
      .addColumn("owner_id", "varchar(64)")
      .addColumn("link", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "campaign_share",
      "campaign_score",
      "campaign_tally",
      "campaign_invite",
      "campaign_grant",
      "campaign_quota",
      "campaign_action",
      "campaign",
    ])
      await db.schema.dropTable(table).execute();
  },
};
