import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/** An entry with years, as the time screens read it. */
export interface TimeSpanRow {
  id: string;
  kind: string;
  name: string;
  start_year: number | null;
  end_year: number | null;
  time_desc: string | null;
  regime_id: string | null;
  popularity: number;
}

export function createTimeRepository(db: Kysely<Database>) {
  const columns = [
    "id",
    "kind",
    "name",
    "start_year",
    "end_year",
    "time_desc",
    "regime_id",
    "popularity",
  ] as const;
  return {
    /**
     * Every regime, person and event with a first year. Imported poets carry no years and are
     * left out by the index on start_year; their poems are not entries of these kinds.
     */
    async spans(): Promise<TimeSpanRow[]> {
      return db
        .selectFrom("entry")
        .select(columns)
        .where("kind", "in", ["regime", "person", "event"])
        .where("start_year", "is not", null)
        .orderBy("start_year")
        .orderBy("id")
        .execute();
    },

    /** Each regime's stored facts (its `parallel` flag decides who gets the main column). */
    async regimeData(): Promise<{ id: string; data: string }[]> {
      return db.selectFrom("entry").select(["id", "data"]).where("kind", "=", "regime").execute();
    },

    /** The dated events of a regime, oldest first (a regime's timeline). */
    async eventsOf(regimeId: string, limit = 300): Promise<(TimeSpanRow & { summary: string })[]> {
      return db
        .selectFrom("entry")
        .select([...columns, "summary"])
        .where("kind", "=", "event")
        .where("regime_id", "=", regimeId)
        .where("start_year", "is not", null)
        .orderBy("start_year")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /** The best-known people and events (for the /timeline chooser), most connected first. */
    async notable(kind: "person" | "event", limit: number): Promise<TimeSpanRow[]> {
      return db
        .selectFrom("entry")
        .select(columns)
        .where("kind", "=", kind)
        .where("start_year", "is not", null)
        .orderBy("popularity", "desc")
        .orderBy("view_count", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
    },
  };
}

export type TimeRepository = ReturnType<typeof createTimeRepository>;
