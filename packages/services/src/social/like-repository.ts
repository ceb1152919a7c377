import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

export type LikeType = "entry" | "article";

const TABLE_OF: Record<LikeType, "entry" | "article"> = { entry: "entry", article: "article" };

export function createLikeRepository(db: Kysely<Database>) {
  async function count(itemId: string, type: LikeType): Promise<number> {
    const row = await db
      .selectFrom(TABLE_OF[type])
      .select("like_count")
      .where("id", "=", itemId)
      .executeTakeFirst();
    return row?.like_count ?? 0;
  }

  return {
    async exists(itemId: string, type: LikeType): Promise<boolean> {
      const row = await db
        .selectFrom(TABLE_OF[type])
        .select("id")
        .where("id", "=", itemId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async check(itemId: string, type: LikeType, userId: string | null) {
      const liked = userId
        ? (await db
            .selectFrom("like_record")
            .select("item_id")
            .where("item_id", "=", itemId)
            .where("type", "=", type)
            .where("user_id", "=", userId)
            .executeTakeFirst()) !== undefined
        : false;
      return { liked, likeNum: await count(itemId, type) };
    },

    /**
     * A WeChat visitor bound an account: the visitor's likes become the account's. An item both
     * had liked keeps one like (the visitor's row goes and the count drops by one).
     */
    async moveOwner(fromId: string, toId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const both = await trx
          .selectFrom("like_record as v")
          .innerJoin("like_record as a", (join) =>
            join
              .onRef("a.item_id", "=", "v.item_id")
              .onRef("a.type", "=", "v.type")
              .on("a.user_id", "=", toId),
          )
          .select(["v.item_id", "v.type"])
          .where("v.user_id", "=", fromId)
          .execute();
        for (const { item_id, type } of both) {
          await trx
            .deleteFrom("like_record")
            .where("item_id", "=", item_id)
            .where("type", "=", type)
            .where("user_id", "=", fromId)
            .execute();
          const table = TABLE_OF[type as LikeType];
          if (!table) continue;
          await trx
            .updateTable(table)
            .set((eb) => ({ like_count: eb("like_count", "-", 1) }))
            .where("id", "=", item_id)
            .where("like_count", ">", 0)
            .execute();
        }
        await trx
          .updateTable("like_record")
          .set({ user_id: toId })
          .where("user_id", "=", fromId)
          .execute();
      });
    },

    /** Idempotent: liking twice counts once, unliking what was not liked changes nothing. */
    async set(itemId: string, type: LikeType, userId: string, like: boolean) {
      await db.transaction().execute(async (trx) => {
        if (like) {
          const inserted = await trx
            .insertInto("like_record")
            .values({
              item_id: itemId,
              type,
              user_id: userId,
              created_at: new Date().toISOString(),
            })
            .onConflict((oc) => oc.columns(["item_id", "type", "user_id"]).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
            await trx
              .updateTable(TABLE_OF[type])
              .set((eb) => ({ like_count: eb("like_count", "+", 1) }))
              .where("id", "=", itemId)
              .execute();
          }
        } else {
          const deleted = await trx
            .deleteFrom("like_record")
            .where("item_id", "=", itemId)
            .where("type", "=", type)
            .where("user_id", "=", userId)
            .executeTakeFirst();
          if (Number(deleted.numDeletedRows) > 0) {
            await trx
              .updateTable(TABLE_OF[type])
              .set((eb) => ({ like_count: eb("like_count", "-", 1) }))
              .where("id", "=", itemId)
              .where("like_count", ">", 0)
              .execute();
          }
        }
      });
      return this.check(itemId, type, userId);
    },
  };
}

export type LikeRepository = ReturnType<typeof createLikeRepository>;
