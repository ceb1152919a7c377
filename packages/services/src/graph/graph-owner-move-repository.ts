import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/**
 * A WeChat visitor bound an account (decision 18): the relation graphs and saved A-to-B paths it
 * made become the account's, so the reader can still edit them (their saved-item rows move with
 * the account service's own tables).
 */
export function createGraphOwnerMoveRepository(db: Kysely<Database>) {
  return {
    async moveOwner(fromId: string, toId: string): Promise<void> {
      if (fromId === toId) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("custom_graph")
          .set({ owner_id: toId })
          .where("owner_id", "=", fromId)
          .execute();
        await trx
          .updateTable("ab_path_save")
          .set({ owner_id: toId })
          .where("owner_id", "=", fromId)
          .execute();
      });
    },
  };
}
