import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

export interface FollowCounts {
  followerNum: number;
  followingNum: number;
}

/** A reader in a follow list: the account and when the follow was made. */
export interface FollowRow {
  id: string;
  name: string;
  avatar: string | null;
  created_at: string;
}

/** Follows between accounts (migration 0011). */
export function createFollowRepository(db: Kysely<Database>) {
  async function countWhere(column: "follower_id" | "followee_id", userId: string) {
    const row = await db
      .selectFrom("follow")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where(column, "=", userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** One side of a reader's follows, newest first, with the other side's account. */
  async function listOf(
    side: "followers" | "following",
    userId: string,
    { page, size }: { page: number; size: number },
  ): Promise<{ total: number; rows: FollowRow[] }> {
    // My followers are the rows where I am followed; the other side is the follower.
    const mine = side === "followers" ? "follow.followee_id" : "follow.follower_id";
    const other = side === "followers" ? "follow.follower_id" : "follow.followee_id";
    const [rows, total] = await Promise.all([
      db
        .selectFrom("follow")
        .innerJoin("account", "account.id", other)
        .select(["account.id", "account.name", "account.avatar", "follow.created_at"])
        .where(mine, "=", userId)
        .orderBy("follow.created_at", "desc")
        .orderBy("account.id")
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      db
        .selectFrom("follow")
        .innerJoin("account", "account.id", other)
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where(mine, "=", userId)
        .executeTakeFirst(),
    ]);
    return { total: Number(total?.n ?? 0), rows };
  }

  return {
    /** Answers whether a new follow was made (false: it existed). */
    async follow(followerId: string, followeeId: string): Promise<boolean> {
      const result = await db
        .insertInto("follow")
        .values({
          follower_id: followerId,
          followee_id: followeeId,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(["follower_id", "followee_id"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Answers whether a follow was ended (false: there was none). */
    async unfollow(followerId: string, followeeId: string): Promise<boolean> {
      const result = await db
        .deleteFrom("follow")
        .where("follower_id", "=", followerId)
        .where("followee_id", "=", followeeId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
      const row = await db
        .selectFrom("follow")
        .select("follower_id")
        .where("follower_id", "=", followerId)
        .where("followee_id", "=", followeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Of these accounts, the ones the follower follows (to mark them in a list). */
    async followedAmong(followerId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom("follow")
        .select("followee_id")
        .where("follower_id", "=", followerId)
        .where("followee_id", "in", [...ids])
        .execute();
      return new Set(rows.map((r) => r.followee_id));
    },

    async counts(userId: string): Promise<FollowCounts> {
      const [followerNum, followingNum] = await Promise.all([
        countWhere("followee_id", userId),
        countWhere("follower_id", userId),
      ]);
      return { followerNum, followingNum };
    },

    followers: (userId: string, page: { page: number; size: number }) =>
      listOf("followers", userId, page),
    following: (userId: string, page: { page: number; size: number }) =>
      listOf("following", userId, page),
  };
}

export type FollowRepository = ReturnType<typeof createFollowRepository>;
