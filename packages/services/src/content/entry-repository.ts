import type { Database, EntryTable } from "@tongjian/db/database-schema";
import { WORKS_RELATION_TYPE } from "@tongjian/domain/entry-kinds";
import { memberOpening } from "@tongjian/domain/member-entries";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";

export type EntryRow = Selectable<EntryTable>;

export interface RelatedEntry {
  relationType: string;
  label: string;
  direction: "out" | "in";
  twoway: boolean;
  note: string | null;
  year: number | null;
  relationId: string;
  description: string | null;
  place: { id: string; name: string } | null;
  entry: Pick<EntryRow, "id" | "name" | "kind" | "summary" | "time_desc" | "image_url">;
}

export interface WorkRow {
  id: string;
  name: string;
  kind: string;
  summary: string;
  data: string;
  label: string;
}

/**
 * Every relation of an entry at one end except its works: two ranges of the (end, type) index,
 * so a poet's thousands of 作品 rows are never read for the relation preview.
 */
function notWorks(end: "r.from_id" | "r.to_id", id: string) {
  return (eb: ExpressionBuilder<Database & { r: Database["relation"] }, "r">) =>
    eb.or([
      eb.and([eb(end, "=", id), eb("r.type", "<", WORKS_RELATION_TYPE)]),
      eb.and([eb(end, "=", id), eb("r.type", ">", WORKS_RELATION_TYPE)]),
    ]);
}

export function createEntryRepository(db: Kysely<Database>) {
  return {
    /** Member entries (会员词条), the most connected first: examples of what VIP unlocks. */
    async memberEntries(limit: number) {
      return db
        .selectFrom("entry")
        .select(["id", "name", "kind", "time_desc"])
        .where("member", "=", 1)
        .orderBy("popularity", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    async findById(id: string): Promise<EntryRow | undefined> {
      return db.selectFrom("entry").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** An entry's view and like counts, or undefined when there is no such entry. */
    async counters(id: string) {
      return db
        .selectFrom("entry")
        .select(["view_count", "like_count"])
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** Entries for cards and timelines: a member entry's summary is only its opening. */
    async findManyByIds(ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await db
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
          "member",
        ])
        .where("id", "in", ids)
        .execute();
      return rows.map(({ member, ...row }) =>
        member === 1 ? { ...row, summary: memberOpening(row.summary) } : row,
      );
    },

    /** The relations whose both ends are among the given entries (a topic's people). */
    async relationsAmong(ids: string[]) {
      if (ids.length < 2) return [];
      return db
        .selectFrom("relation")
        .select(["from_id", "to_id", "type", "label", "twoway"])
        .where("from_id", "in", ids)
        .where("to_id", "in", ids)
        .where("type", "<>", WORKS_RELATION_TYPE)
        .orderBy("id")
        .execute();
    },

    /**
     * Both directions of every relation touching the entry, with the entry at the other end;
     * works (作品) are listed by {@link works} instead.
     */
    async related(id: string, limit = 200): Promise<RelatedEntry[]> {
      const columns = [
        "e.id",
        "e.name",
        "e.kind",
        "e.summary",
        "e.time_desc",
        "e.image_url",
        "e.member",
      ] as const;
      const relationColumns = [
        "r.type",
        "r.label",
        "r.twoway",
        "r.note",
        "r.year",
        "r.id as relation_id",
        "r.description",
        "p.id as place_id",
        "p.name as place_name",
      ] as const;
      const [outgoing, incoming] = await Promise.all([
        db
          .selectFrom("relation as r")
          .innerJoin("entry as e", "e.id", "r.to_id")
          .leftJoin("entry as p", "p.id", "r.place_id")
          .select([...columns, ...relationColumns])
          .where(notWorks("r.from_id", id))
          .orderBy("e.popularity", "desc")
          .orderBy("e.id")
          .limit(limit)
          .execute(),
        db
          .selectFrom("relation as r")
          .innerJoin("entry as e", "e.id", "r.from_id")
          .leftJoin("entry as p", "p.id", "r.place_id")
          .select([...columns, ...relationColumns])
          .where(notWorks("r.to_id", id))
          .orderBy("e.popularity", "desc")
          .orderBy("e.id")
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
          relationId: r.relation_id,
          description: r.description,
          place: r.place_id && r.place_name ? { id: r.place_id, name: r.place_name } : null,
          entry: {
            id: r.id,
            name: r.name,
            kind: r.kind,
            // A member entry shows others only its opening, whoever reads (the lists are shared).
            summary: r.member === 1 ? memberOpening(r.summary) : r.summary,
            time_desc: r.time_desc,
            image_url: r.image_url,
          },
        });
      return [...outgoing.map(toRelated("out")), ...incoming.map(toRelated("in"))];
    },

    /**
     * One page of an author's works (poems, chapters): the best-known collections first, then
     * the order of the book (`sort_key`, set by the importer). The order is the
     * (from_id, type, sort_key, to_id) index's, so a page costs the same for 10 works or 10,000.
     */
    async works(authorId: string, limit: number, offset: number): Promise<WorkRow[]> {
      return db
        .selectFrom("relation as r")
        .innerJoin("entry as e", "e.id", "r.to_id")
        .select(["e.id", "e.name", "e.kind", "e.summary", "e.data", "r.label"])
        .where("r.from_id", "=", authorId)
        .where("r.type", "=", WORKS_RELATION_TYPE)
        .orderBy("r.sort_key")
        .orderBy("r.to_id")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countWorks(authorId: string): Promise<number> {
      const row = await db
        .selectFrom("relation")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("from_id", "=", authorId)
        .where("type", "=", WORKS_RELATION_TYPE)
        .executeTakeFirstOrThrow();
      return Number(row.n);
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
