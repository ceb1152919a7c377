import type { Kysely, Migration } from "kysely";

// 贺卡 (/greetingcard, decision 42): the cards readers make. A card names its design
// (card_type), the wording it started from (word_type), who it is to and from and the message
// as the reader edited it (already cleaned). reply_to links a reply card to the card it answers.
// The draws of 求签 need no table of their own: each is a campaign_action (decision 39).
export const greetingCardsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("greeting_card")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("card_type", "varchar(20)", (c) => c.notNull())
      .addColumn("word_type", "varchar(40)", (c) => c.notNull())
      .addColumn("to_name", "text", (c) => c.notNull())
      .addColumn("from_name", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("reply_to", "varchar(24)")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("greeting_card_owner_idx")
      .on("greeting_card")
      .columns(["owner_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("greeting_card_reply_idx")
      .on("greeting_card")
      .column("reply_to")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("greeting_card").ifExists().execute();
  },
};
