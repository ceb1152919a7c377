import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/**
 * What the sitemap lists: every article, topic and entry, with when each last changed (the
 * number of entries comes from the entry repository).
 */
export function createSitemapRepository(db: Kysely<Database>) {
  return {
    /** The newest articles first. */
    async articles(limit: number) {
      return db
        .selectFrom("article")
        .select(["id", "updated_at"])
        .orderBy("published_at", "desc")
        .limit(limit)
        .execute();
    },

    /** Every 洞察 topic (a few dozen at most: they are written by hand). */
    async topics() {
      return db.selectFrom("topic").select(["id", "updated_at"]).orderBy("start_year").execute();
    },

    /** Entries in id order, straight off the primary key. */
    async entries(limit: number, offset: number) {
      return db
        .selectFrom("entry")
        .select(["id", "updated_at"])
        .orderBy("id")
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
