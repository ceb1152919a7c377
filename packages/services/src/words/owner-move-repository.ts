import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/**
 * A WeChat visitor bound an account (decision 18): what the visitor owned in this task's tables
 * becomes the account's, as its likes do. Notes and 企业微信 contacts move; a note both had liked
 * or reported keeps one like or report (the visitor's goes, and a like's count drops by one);
 * subscriptions become the union of both.
 */
export function createOwnerMoveRepository(db: Kysely<Database>) {
  return {
    async moveOwner(fromId: string, toId: string): Promise<void> {
      if (fromId === toId) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("entry_note")
          .set({ owner_id: toId })
          .where("owner_id", "=", fromId)
          .execute();

        const bothLiked = await trx
          .selectFrom("entry_note_like as v")
          .innerJoin("entry_note_like as a", (join) =>
            join.onRef("a.note_id", "=", "v.note_id").on("a.owner_id", "=", toId),
          )
          .select("v.note_id")
          .where("v.owner_id", "=", fromId)
          .execute();
        for (const { note_id } of bothLiked) {
          await trx
            .deleteFrom("entry_note_like")
            .where("note_id", "=", note_id)
            .where("owner_id", "=", fromId)
            .execute();
          await trx
            .updateTable("entry_note")
            .set((eb) => ({ like_count: eb("like_count", "-", 1) }))
            .where("id", "=", note_id)
            .where("like_count", ">", 0)
            .execute();
        }
        await trx
          .updateTable("entry_note_like")
          .set({ owner_id: toId })
          .where("owner_id", "=", fromId)
          .execute();

        const bothReported = await trx
          .selectFrom("entry_note_report as v")
          .innerJoin("entry_note_report as a", (join) =>
            join.onRef("a.note_id", "=", "v.note_id").on("a.owner_id", "=", toId),
          )
          .select("v.note_id")
          .where("v.owner_id", "=", fromId)
          .execute();
        if (bothReported.length > 0)
          await trx
            .deleteFrom("entry_note_report")
            .where("owner_id", "=", fromId)
            .where(
              "note_id",
              "in",
              bothReported.map((r) => r.note_id),
            )
            .execute();
        await trx
          .updateTable("entry_note_report")
          .set({ owner_id: toId })
          .where("owner_id", "=", fromId)
          .execute();

        const theirs = await trx
          .selectFrom("subscription")
          .select("topic")
          .where("owner_id", "=", toId)
          .execute();
        if (theirs.length > 0)
          await trx
            .deleteFrom("subscription")
            .where("owner_id", "=", fromId)
            .where(
              "topic",
              "in",
              theirs.map((t) => t.topic),
            )
            .execute();
        await trx
          .updateTable("subscription")
          .set({ owner_id: toId })
          .where("owner_id", "=", fromId)
          .execute();

        await trx
          .updateTable("wecom_contact")
          .set({ owner_id: toId })
          .where("owner_id", "=", fromId)
          .execute();
      });
    },
  };
}

export type OwnerMoveRepository = ReturnType<typeof createOwnerMoveRepository>;
