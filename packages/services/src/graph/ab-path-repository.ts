import { randomBytes } from "node:crypto";
import type { AbPathSaveTable, Database } from "@tongjian/db/database-schema";
import type { Kysely, Selectable } from "kysely";

export type AbPathSaveRow = Selectable<AbPathSaveTable>;

/** The entry fields a path node shows. */
export interface PathEntryRow {
  id: string;
  name: string;
  kind: string;
  time_desc: string | null;
  image_url: string | null;
  start_year: number | null;
  end_year: number | null;
}

/** Saved A-to-B paths (migration 0014) and the entries a path shows. */
export function createAbPathRepository(db: Kysely<Database>) {
  return {
    async entries(ids: string[]): Promise<PathEntryRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom("entry")
        .select(["id", "name", "kind", "time_desc", "image_url", "start_year", "end_year"])
        .where("id", "in", ids)
        .execute();
    },

    /**
     * People by exact name (the example pairs), the most popular first for a shared name. The
     * kind is sorted out here: asked of SQL beside the names, SQLite's planner walks every
     * person by popularity (0.5 ms) rather than the few rows of the name index (0.02 ms).
     */
    async byNames(names: string[]): Promise<PathEntryRow[]> {
      if (names.length === 0) return [];
      const rows = await db
        .selectFrom("entry")
        .select([
          "id",
          "name",
          "kind",
          "time_desc",
          "image_url",
          "start_year",
          "end_year",
          "popularity",
        ])
        .where("name", "in", names)
        .execute();
      return rows
        .filter((row) => row.kind === "person")
        .sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(({ popularity: _, ...row }) => row);
    },

    async insert(input: {
      ownerId: string | null;
      sourceId: string;
      destinationId: string;
      depth: number;
      data: string;
    }): Promise<AbPathSaveRow> {
      const row: AbPathSaveRow = {
        id: randomBytes(12).toString("hex"),
        owner_id: input.ownerId,
        source_id: input.sourceId,
        destination_id: input.destinationId,
        depth: input.depth,
        data: input.data,
        created_at: new Date().toISOString(),
      };
      await db.insertInto("ab_path_save").values(row).execute();
      return row;
    },

    async find(id: string): Promise<AbPathSaveRow | undefined> {
      return db.selectFrom("ab_path_save").selectAll().where("id", "=", id).executeTakeFirst();
    },
  };
}

export type AbPathRepository = ReturnType<typeof createAbPathRepository>;
