import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/** An entry as the time map reads it (its stored facts in `data`). */
export interface MapEntryRow {
  id: string;
  key: string;
  kind: string;
  name: string;
  summary: string;
  start_year: number | null;
  end_year: number | null;
  time_desc: string | null;
  regime_id: string | null;
  popularity: number;
  data: string;
}

export interface TerritoryRow {
  id: string;
  regime_id: string;
  from_year: number;
  to_year: number;
  geometry: string;
  label_lng: number;
  label_lat: number;
  source: "composed" | "imported";
  note: string;
}

export function createTimeMapRepository(db: Kysely<Database>) {
  const columns = [
    "id",
    "key",
    "kind",
    "name",
    "summary",
    "start_year",
    "end_year",
    "time_desc",
    "regime_id",
    "popularity",
    "data",
  ] as const;
  return {
    /** Every stored territory, composed and imported. */
    async territories(): Promise<TerritoryRow[]> {
      const rows = await db
        .selectFrom("territory")
        .select([
          "id",
          "regime_id",
          "from_year",
          "to_year",
          "geometry",
          "label_lng",
          "label_lat",
          "source",
          "note",
        ])
        .orderBy("from_year")
        .orderBy("id")
        .execute();
      // PostgreSQL's real comes back as a number; SQLite's too. Keep both as plain numbers.
      return rows.map((r) => ({
        ...r,
        label_lng: Number(r.label_lng),
        label_lat: Number(r.label_lat),
      }));
    },

    /** Regimes, places and dated events. */
    async entries(): Promise<MapEntryRow[]> {
      return db
        .selectFrom("entry")
        .select(columns)
        .where((eb) =>
          eb.or([
            eb("kind", "in", ["regime", "place"]),
            eb.and([eb("kind", "=", "event"), eb("start_year", "is not", null)]),
          ]),
        )
        .orderBy("start_year")
        .orderBy("id")
        .execute();
    },

    /** People with both years known. */
    async people(): Promise<MapEntryRow[]> {
      return db
        .selectFrom("entry")
        .select(columns)
        .where("kind", "=", "person")
        .where("start_year", "is not", null)
        .where("end_year", "is not", null)
        .orderBy("start_year")
        .orderBy("id")
        .execute();
    },
  };
}

export type TimeMapRepository = ReturnType<typeof createTimeMapRepository>;
