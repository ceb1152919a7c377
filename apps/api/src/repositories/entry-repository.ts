import type { Database, EntryTable } from "@tongjian/db/database-schema";
import type { Kysely, Selectable } from "kysely";

export type EntryRow = Selectable<EntryTable>;

export interface RelatedEntry {
  relationType: string;
  label: string;
  direction: "out" | "in";
  twoway: boolean;
  note: string | null;
  year: number | null;
  entry: Pick<EntryRow, "id" | "name" | "kind" | "summary" | "time_desc" | "image_url">;
}

export function createEntryRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<EntryRow | undefined> {
      return db.selectFrom("entry").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async findManyByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom("entry")
        .select([
          "id",
          "name",
          "kind",
          "summary",
          "time_desc",
          "image_url",
          "start_year",
          "end_year",
        ])
        .where("id", "in", ids)
        .execute();
    },

    /** Both directions of every relation touching the entry, with the entry at the other end. */
    async related(id: string, limit = 200): Promise<RelatedEntry[]> {
      const columns = [
        "e.id",
        "e.name",
        "e.kind",
        "e.summary",
        "e.time_desc",
        "e.image_url",
      ] as const;
      const [outgoing, incoming] = await Promise.all([
        db
          .selectFrom("relation as r")
          .innerJoin("entry as e", "e.id", "r.to_id")
          .select([...columns, "r.type", "r.label", "r.twoway", "r.note", "r.year"])
          .where("r.from_id", "=", id)
          .orderBy("e.popularity", "desc")
          .limit(limit)
          .execute(),
        db
          .selectFrom("relation as r")
          .innerJoin("entry as e", "e.id", "r.from_id")
          .select([...columns, "r.type", "r.label", "r.twoway", "r.note", "r.year"])
          .where("r.to_id", "=", id)
          .orderBy("e.popularity", "desc")
          .limit(limit)
          .execute(),
      ]);
      const toRelated =
        (direction: "out" | "in") =>
        (r: (typeof outgoing)[number]): RelatedEntry => ({
          relationType: r.type,
          label: r.label,
          direction,
          twoway: r.twoway === 1,
          note: r.note,
          year: r.year,
          entry: {
            id: r.id,
            name: r.name,
            kind: r.kind,
            summary: r.summary,
            time_desc: r.time_desc,
            image_url: r.image_url,
          },
        });
      return [...outgoing.map(toRelated("out")), ...incoming.map(toRelated("in"))];
    },

    async top(limit: number, offset: number) {
      return db
        .selectFrom("entry")
        .select([
          "id",
          "name",
          "kind",
          "summary",
          "time_desc",
          "image_url",
          "view_count",
          "popularity",
        ])
        .where("kind", "in", ["person", "event"])
        .orderBy("popularity", "desc")
        .orderBy("view_count", "desc")
        .orderBy("id")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("entry")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type EntryRepository = ReturnType<typeof createEntryRepository>;
