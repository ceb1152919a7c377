import type { Database } from "@tongjian/db/database-schema";
import { WORKS_RELATION_TYPE } from "@tongjian/domain/entry-kinds";
import type { Kysely } from "kysely";
import type { RelationEdge } from "./relation-graph.ts";

export function createRelationGraphRepository(db: Kysely<Database>) {
  return {
    /**
     * Every relation but the 作品 rows (an author's poems and chapters, hundreds of thousands
     * after a full poetry import): those join a poet to texts, never two people, places or
     * events, and would make the graph a hundred times larger for no path.
     */
    async edges(): Promise<RelationEdge[]> {
      // The kinds at both ends rank equally short A-to-B paths (people before events).
      const rows = await db
        .selectFrom("relation as r")
        .leftJoin("entry as f", "f.id", "r.from_id")
        .leftJoin("entry as t", "t.id", "r.to_id")
        .select([
          "r.from_id",
          "r.to_id",
          "r.type",
          "r.label",
          "r.twoway",
          "r.note",
          "r.year",
          "r.place_id",
          "r.description",
          "f.kind as from_kind",
          "t.kind as to_kind",
        ])
        .where("r.type", "<>", WORKS_RELATION_TYPE)
        .execute();
      // One order on every build and both dialects (their collations differ), so that equally
      // short paths come out the same everywhere.
      const key = (r: (typeof rows)[number]) => `${r.from_id}\0${r.to_id}\0${r.type}`;
      rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      return rows.map((r) => ({
        fromId: r.from_id,
        toId: r.to_id,
        type: r.type,
        label: r.label,
        twoway: r.twoway === 1,
        note: r.note,
        year: r.year,
        placeId: r.place_id,
        description: r.description,
        fromKind: r.from_kind,
        toKind: r.to_kind,
      }));
    },
  };
}

export type RelationGraphRepository = ReturnType<typeof createRelationGraphRepository>;
