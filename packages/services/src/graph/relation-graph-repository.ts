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
      const rows = await db
        .selectFrom("relation")
        .select(["from_id", "to_id", "type", "label", "twoway", "note", "year"])
        .where("type", "<>", WORKS_RELATION_TYPE)
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
      }));
    },
  };
}

export type RelationGraphRepository = ReturnType<typeof createRelationGraphRepository>;
