import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/** Topics readers subscribe to (/subscribe). */
export function createSubscriptionRepository(db: Kysely<Database>) {
  return {
    async topics(ownerId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("subscription")
        .select("topic")
        .where("owner_id", "=", ownerId)
        .execute();
      return rows.map((r) => r.topic);
    },

    /** The reader's topics become exactly these. */
    async replace(ownerId: string, topics: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const keep = [...new Set(topics)];
        let remove = trx.deleteFrom("subscription").where("owner_id", "=", ownerId);
        if (keep.length > 0) remove = remove.where("topic", "not in", keep);
        await remove.execute();
        if (keep.length === 0) return;
        const at = new Date().toISOString();
        await trx
          .insertInto("subscription")
          .values(keep.map((topic) => ({ owner_id: ownerId, topic, created_at: at })))
          .onConflict((oc) => oc.columns(["owner_id", "topic"]).doNothing())
          .execute();
      });
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
