import type { Database } from "@tongjian/db/database-schema";
import { type Kysely, sql } from "kysely";

/** Who liked a piece is kept with the other likes, under this type. */
export const MUSIC_LIKE_TYPE = "music";

/** The music tables (migration 0018): performers, pieces, playlists and the pieces' counts. */
export function createMusicRepository(db: Kysely<Database>) {
  return {
    performers() {
      return db.selectFrom("music_performer").selectAll().orderBy("sort_key").execute();
    },

    /** Every piece with its counts, in the content's order. */
    pieces() {
      return db
        .selectFrom("music_piece as p")
        .leftJoin("music_piece_stat as s", "s.piece_id", "p.id")
        .selectAll("p")
        .select([
          sql<number>`coalesce(s.play_count, 0)`.as("play_count"),
          sql<number>`coalesce(s.like_count, 0)`.as("like_count"),
        ])
        .orderBy("p.sort_key")
        .execute();
    },

    playlists() {
      return db.selectFrom("music_playlist").selectAll().orderBy("sort_key").execute();
    },

    async pieceExists(id: string): Promise<boolean> {
      const row = await db
        .selectFrom("music_piece")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** One more play; answers the new count. One statement, so plays at once all count. */
    async addPlay(id: string): Promise<number> {
      await db
        .insertInto("music_piece_stat")
        .values({ piece_id: id, play_count: 1, like_count: 0 })
        .onConflict((oc) =>
          oc
            .column("piece_id")
            .doUpdateSet({ play_count: sql<number>`music_piece_stat.play_count + 1` }),
        )
        .execute();
      const row = await db
        .selectFrom("music_piece_stat")
        .select("play_count")
        .where("piece_id", "=", id)
        .executeTakeFirstOrThrow();
      return Number(row.play_count);
    },

    async likeCount(id: string): Promise<number> {
      const row = await db
        .selectFrom("music_piece_stat")
        .select("like_count")
        .where("piece_id", "=", id)
        .executeTakeFirst();
      return Number(row?.like_count ?? 0);
    },

    async liked(id: string, ownerId: string): Promise<boolean> {
      const row = await db
        .selectFrom("like_record")
        .select("item_id")
        .where("item_id", "=", id)
        .where("type", "=", MUSIC_LIKE_TYPE)
        .where("user_id", "=", ownerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Sets a reader's like; the count moves only when the like actually changed. */
    async setLike(id: string, ownerId: string, like: boolean, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const had =
          (await trx
            .selectFrom("like_record")
            .select("item_id")
            .where("item_id", "=", id)
            .where("type", "=", MUSIC_LIKE_TYPE)
            .where("user_id", "=", ownerId)
            .executeTakeFirst()) !== undefined;
        if (had === like) return;
        if (like) {
          await trx
            .insertInto("like_record")
            .values({ item_id: id, type: MUSIC_LIKE_TYPE, user_id: ownerId, created_at: now })
            .execute();
        } else {
          await trx
            .deleteFrom("like_record")
            .where("item_id", "=", id)
            .where("type", "=", MUSIC_LIKE_TYPE)
            .where("user_id", "=", ownerId)
            .execute();
        }
        const step = like ? 1 : -1;
        await trx
          .insertInto("music_piece_stat")
          .values({ piece_id: id, play_count: 0, like_count: Math.max(0, step) })
          .onConflict((oc) =>
            oc.column("piece_id").doUpdateSet({
              like_count: sql<number>`case when music_piece_stat.like_count + ${step} < 0 then 0 else music_piece_stat.like_count + ${step} end`,
            }),
          )
          .execute();
      });
    },
  };
}

export type MusicRepository = ReturnType<typeof createMusicRepository>;
