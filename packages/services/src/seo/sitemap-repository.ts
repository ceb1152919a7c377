import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/** What the sitemap lists: every article and every entry, with when each last changed. */
export function createSitemapRepository(db: Kysely<Database>) {
  return {
    async countEntries(): Promise<number> {
      const row = await db
        .selectFrom("entry")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The newest articles first. */
    async articles(limit: number) {
      return db
        .selectFrom("article")
        .select(["id", "updated_at"])
        .orderBy("published_at", "desc")
        .limit(limit)
        .execute();
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
