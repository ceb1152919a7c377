import type { Database } from "@tongjian/db/database-schema";
import { type Kysely, sql } from "kysely";

export function createHealthRepository(db: Kysely<Database>) {
  return {
    /** Whether the database answers a trivial query. */
    async ping(): Promise<boolean> {
      return sql`select 1 as ok`
        .execute(db)
        .then(() => true)
        .catch(() => false);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
