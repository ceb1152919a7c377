import type {
  CustomGraphTable,
  Database,
  RelationNetworkTable,
} from "@tongjian/db/database-schema";
import { WORKS_RELATION_TYPE } from "@tongjian/domain/entry-kinds";
import type { Kysely, Selectable } from "kysely";

export type NetworkRow = Selectable<RelationNetworkTable>;
export type CustomGraphRow = Selectable<CustomGraphTable>;

export interface MapEntryRow {
  id: string;
  name: string;
  kind: string;
  summary: string;
  time_desc: string | null;
  image_url: string | null;
}

export interface MapRelationRow {
  id: string;
  from_id: string;
  to_id: string;
  type: string;
  label: string;
  twoway: number;
  year: number | null;
  description: string | null;
  place_id: string | null;
  place_name: string | null;
}

/** Curated networks, readers' graphs and the relations among a set of entries. */
export function createRelationMapRepository(db: Kysely<Database>) {
  const relationColumns = [
    "r.id",
    "r.from_id",
    "r.to_id",
    "r.type",
    "r.label",
    "r.twoway",
    "r.year",
    "r.description",
    "p.name as place_name",
    "p.id as place_id",
  ] as const;

  return {
    async network(id: string): Promise<NetworkRow | undefined> {
      return db.selectFrom("relation_network").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async networks(): Promise<NetworkRow[]> {
      return db.selectFrom("relation_network").selectAll().orderBy("sort_key").execute();
    },

    async entries(ids: readonly string[]): Promise<MapEntryRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom("entry")
        .select(["id", "name", "kind", "summary", "time_desc", "image_url"])
        .where("id", "in", [...ids])
        .execute();
    },

    /** Every relation with both ends among the entries (their works aside), oldest first. */
    async relationsAmong(ids: readonly string[]): Promise<MapRelationRow[]> {
      if (ids.length < 2) return [];
      return db
        .selectFrom("relation as r")
        .leftJoin("entry as p", "p.id", "r.place_id")
        .select(relationColumns)
        .where("r.from_id", "in", [...ids])
        .where("r.to_id", "in", [...ids])
        .where("r.type", "<>", WORKS_RELATION_TYPE)
        .orderBy("r.id")
        .execute();
    },

    async relationsById(ids: readonly string[]): Promise<MapRelationRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom("relation as r")
        .leftJoin("entry as p", "p.id", "r.place_id")
        .select(relationColumns)
        .where("r.id", "in", [...ids])
        .execute();
    },

    /**
     * The best-known people with how many relations each has (works aside): the most popular
     * `pool` are counted, the caller ranks them.
     */
    async popularPeople(pool: number): Promise<(MapEntryRow & { relations: number })[]> {
      const people = await db
        .selectFrom("entry")
        .select(["id", "name", "kind", "summary", "time_desc", "image_url"])
        .where("kind", "=", "person")
        .orderBy("popularity", "desc")
        .orderBy("id")
        .limit(pool)
        .execute();
      if (people.length === 0) return [];
      const ids = people.map((p) => p.id);
      const [out, inc] = await Promise.all(
        (["from_id", "to_id"] as const).map((end) =>
          db
            .selectFrom("relation")
            .select([`${end} as id`, (eb) => eb.fn.countAll<number | string>().as("n")])
            .where(end, "in", ids)
            .where("type", "<>", WORKS_RELATION_TYPE)
            .groupBy(end)
            .execute(),
        ),
      );
      const counts = new Map<string, number>();
      for (const row of [...(out ?? []), ...(inc ?? [])])
        counts.set(row.id, (counts.get(row.id) ?? 0) + Number(row.n));
      return people.map((p) => ({ ...p, relations: counts.get(p.id) ?? 0 }));
    },

    async customGraph(id: string): Promise<CustomGraphRow | undefined> {
      return db.selectFrom("custom_graph").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async insertCustomGraph(row: CustomGraphRow): Promise<void> {
      await db.insertInto("custom_graph").values(row).execute();
    },

    async updateCustomGraph(
      id: string,
      ownerId: string,
      set: Pick<CustomGraphRow, "title" | "description" | "data" | "updated_at">,
    ): Promise<boolean> {
      const result = await db
        .updateTable("custom_graph")
        .set(set)
        .where("id", "=", id)
        .where("owner_id", "=", ownerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes the graph and its place among the owner's saved items. */
    async deleteCustomGraph(id: string, ownerId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom("custom_graph")
          .where("id", "=", id)
          .where("owner_id", "=", ownerId)
          .executeTakeFirst();
        await trx
          .deleteFrom("saved_item")
          .where("owner_id", "=", ownerId)
          .where("kind", "=", "graph")
          .where("ref_id", "=", id)
          .execute();
        return Number(result.numDeletedRows) > 0;
      });
    },
  };
}

export type RelationMapRepository = ReturnType<typeof createRelationMapRepository>;
