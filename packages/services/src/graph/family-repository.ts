import type { Database } from "@tongjian/db/database-schema";
import { FAMILY_TYPES, PARENT_TYPES } from "@tongjian/domain/family-tree";
import type { Kysely } from "kysely";

export interface KinRow {
  from_id: string;
  to_id: string;
  type: string;
  label: string;
  birth_order: number | null;
}

export interface FamilyPersonRow {
  id: string;
  kind: string;
  name: string;
  time_desc: string | null;
  image_url: string | null;
  start_year: number | null;
}

/** The rows a family tree is built from: kin, spouses and successions, and the people. */
export function createFamilyRepository(db: Kysely<Database>) {
  return {
    /** Family relations with any of the entries at either end (one generation's step). */
    async kin(ids: readonly string[]): Promise<KinRow[]> {
      if (ids.length === 0) return [];
      const list = [...ids];
      const columns = ["from_id", "to_id", "type", "label", "birth_order"] as const;
      // Two index ranges rather than one OR, so each side uses its (end, type) index.
      const [down, up] = await Promise.all([
        db
          .selectFrom("relation")
          .select(columns)
          .where("from_id", "in", list)
          .where("type", "in", [...FAMILY_TYPES])
          .execute(),
        db
          .selectFrom("relation")
          .select(columns)
          .where("to_id", "in", list)
          .where("type", "in", [...FAMILY_TYPES])
          .execute(),
      ]);
      const seen = new Set<string>();
      const rows: KinRow[] = [];
      for (const r of [...down, ...up]) {
        const key = `${r.from_id}\0${r.to_id}\0${r.type}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push(r);
      }
      // One order on both dialects.
      const key = (r: KinRow) => `${r.from_id}\0${r.to_id}\0${r.type}`;
      return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    },

    /** Every parent → child row (a few thousand at most: kinship is written by hand). */
    async parentLinks() {
      return db
        .selectFrom("relation")
        .select(["from_id", "to_id", "type"])
        .where("type", "in", [...PARENT_TYPES])
        .execute();
    },

    /** People with the name of their regime. */
    async peopleWithRegime(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom("entry as e")
        .leftJoin("entry as g", "g.id", "e.regime_id")
        .select(["e.id", "e.name", "e.time_desc", "g.name as regime"])
        .where("e.id", "in", [...ids])
        .where("e.kind", "=", "person")
        .execute();
    },

    async people(ids: readonly string[]): Promise<FamilyPersonRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom("entry")
        .select(["id", "kind", "name", "time_desc", "image_url", "start_year"])
        .where("id", "in", [...ids])
        .execute();
    },
  };
}

export type FamilyRepository = ReturnType<typeof createFamilyRepository>;
