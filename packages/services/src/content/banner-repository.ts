import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

export function createBannerRepository(db: Kysely<Database>) {
  return {
    async active() {
      return db
        .selectFrom("banner")
        .select(["id", "title", "image_url", "link"])
        .where("active", "=", 1)
        .orderBy("sort")
        .execute();
    },
  };
}

export type BannerRepository = ReturnType<typeof createBannerRepository>;
