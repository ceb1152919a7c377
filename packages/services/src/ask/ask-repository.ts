import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

export interface AskEntryRow {
  id: string;
  key: string;
  kind: string;
  name: string;
  aliases: string;
  summary: string;
  start_year: number | null;
  end_year: number | null;
  time_desc: string | null;
  regime_id: string | null;
  data: string;
}

export function createAskRepository(db: Kysely<Database>) {
  return {
    /** Entries with every field an answer is built from (names, years, `data`). */
    async entries(ids: string[]): Promise<AskEntryRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom("entry")
        .select([
          "id",
          "key",
          "kind",
          "name",
          "aliases",
          "summary",
          "start_year",
          "end_year",
          "time_desc",
          "regime_id",
          "data",
        ])
        .where("id", "in", [...new Set(ids)])
        .execute();
    },
  };
}

export type AskRepository = ReturnType<typeof createAskRepository>;
