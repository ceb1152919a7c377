import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/** A work as the museum reads it: its row and its stored facts (entry.data). */
export interface MuseumWorkRow {
  id: string;
  name: string;
  summary: string;
  start_year: number | null;
  time_desc: string | null;
  regime_id: string | null;
  data: string;
}

export interface MuseumRegimeRow {
  id: string;
  name: string;
  start_year: number | null;
  end_year: number | null;
  data: string;
}

export function createMuseumRepository(db: Kysely<Database>) {
  return {
    /**
     * Works whose stored facts name one of `categories`. The facts are JSON text on both
     * dialects, written by the seed with JSON.stringify (no spaces), so a LIKE on the
     * category's pair finds them; the service checks the parsed category again.
     */
    async works(categories: readonly string[]): Promise<MuseumWorkRow[]> {
      if (categories.length === 0) return [];
      return db
        .selectFrom("entry")
        .select(["id", "name", "summary", "start_year", "time_desc", "regime_id", "data"])
        .where("kind", "=", "work")
        .where((eb) =>
          eb.or(categories.map((c) => eb("data", "like", `%"category":${JSON.stringify(c)}%`))),
        )
        .orderBy("id")
        .execute();
    },

    /** The regimes named, with their period (in `data`) and first year. */
    async regimes(ids: readonly string[]): Promise<MuseumRegimeRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom("entry")
        .select(["id", "name", "start_year", "end_year", "data"])
        .where("kind", "=", "regime")
        .where("id", "in", [...ids])
        .execute();
    },
  };
}

export type MuseumRepository = ReturnType<typeof createMuseumRepository>;
