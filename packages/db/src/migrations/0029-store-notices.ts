import type { Kysely, Migration } from "kysely";

// The store's notices (issue 21): one row per notice that must go out only once, such as the
// VIP expiry reminder of one membership period (key vip-expiry:<owner>:<end>). The row is written
// before the message is sent and removed again if sending fails, so the next job run retries.
export const storeNoticesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("store_notice")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(64)", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("store_notice").execute();
  },
};
