import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/** What graph recommendations read beside the graph: article links and curated networks. */
export function createRecommendRepository(db: Kysely<Database>) {
  return {
    /** Which articles link which of the given entries (at most `limit` rows, by article). */
    async articleLinks(itemIds: readonly string[], limit: number) {
      if (itemIds.length === 0) return [];
      return db
        .selectFrom("article_link")
        .select(["article_id", "item_id"])
        .where("item_id", "in", [...itemIds])
        .orderBy("article_id")
        .orderBy("item_id")
        .limit(limit)
        .execute();
    },

    /** The curated networks an entry belongs to: their names and members. */
    async networksOf(id: string) {
      const rows = await db
        .selectFrom("relation_network")
        .select(["name", "member_ids"])
        .orderBy("sort_key")
        .execute();
      return rows.flatMap((r) => {
        const members = JSON.parse(r.member_ids) as string[];
        return members.includes(id) ? [{ name: r.name, members }] : [];
      });
    },
  };
}

export type RecommendRepository = ReturnType<typeof createRecommendRepository>;
