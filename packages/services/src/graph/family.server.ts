import type { FamilyQuery, FamilyTree } from "@tongjian/contracts/graph-family";
import {
  compareSiblings,
  FATHER_TYPES,
  type FamilyUnit,
  PARENT_TYPES,
  SPOUSE_TYPE,
  SUCCESSION_TYPE,
} from "@tongjian/domain/family-tree";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import type { FamilyRepository, KinRow } from "./family-repository.ts";

/** The top of a recorded line, for the list of houses. */
export interface FamilyHouse {
  id: string;
  name: string;
  timeDesc: string | null;
  regime: string | null;
  descendants: number;
}

/** A tree never holds more units than this, however deep it is asked: a page stays drawable. */
export const FAMILY_MAX_UNITS = 1_500;

/**
 * Family trees: from a person up the father's line (or the mother's, where no father is
 * recorded) as far as asked, then down from that ancestor through every child, each unit with
 * the spouses drawn beside it. Read generation by generation from the relation table, so a
 * tree costs a few small queries whatever the size of the corpus.
 */
export function createFamilyService(deps: { family: FamilyRepository }) {
  async function tree(id: string, { up, down }: FamilyQuery): Promise<FamilyTree> {
    const [root] = await deps.family.people([id]);
    if (!root) throw new NotFoundError("词条不存在或已被删除");
    if (root.kind !== "person") throw new BadRequestError("只有人物词条才有家族树");

    const kinById = new Map<string, KinRow[]>();
    const kinOf = async (ids: Iterable<string>): Promise<void> => {
      const missing = [...new Set(ids)].filter((x) => !kinById.has(x));
      if (missing.length === 0) return;
      for (const x of missing) kinById.set(x, []);
      for (const row of await deps.family.kin(missing)) {
        kinById.get(row.from_id)?.push(row);
        if (row.to_id !== row.from_id) kinById.get(row.to_id)?.push(row);
      }
    };
    const rowsOf = (x: string) => kinById.get(x) ?? [];
    const parentsOf = (x: string) =>
      rowsOf(x)
        .filter((r) => r.to_id === x && PARENT_TYPES.has(r.type))
        .sort((a, b) => Number(FATHER_TYPES.has(b.type)) - Number(FATHER_TYPES.has(a.type)));

    // Up the line.
    let top = id;
    let topGeneration = 0;
    const climbed = new Set([id]);
    for (let k = 1; k <= up; k++) {
      await kinOf([top]);
      const parent = parentsOf(top).find((r) => !climbed.has(r.from_id));
      if (!parent) break;
      top = parent.from_id;
      climbed.add(top);
      topGeneration = -k;
    }
    await kinOf([top]);
    const moreAbove = parentsOf(top).length > 0;

    // Down from the top, a generation at a time.
    const units = new Map<string, FamilyUnit>();
    const placed = new Set<string>();
    const add = (u: FamilyUnit) => {
      units.set(u.id, u);
      placed.add(u.id);
    };
    add({
      id: top,
      parentId: null,
      generation: topGeneration,
      spouseIds: [],
      childIds: [],
      birthOrder: null,
      label: null,
      successor: false,
      moreAbove,
      moreBelow: false,
    });
    let frontier = [top];
    for (let generation = topGeneration; frontier.length > 0; generation++) {
      await kinOf(frontier);
      for (const u of frontier) {
        const unit = units.get(u) as FamilyUnit;
        for (const r of rowsOf(u)) {
          if (r.type !== SPOUSE_TYPE) continue;
          const other = r.from_id === u ? r.to_id : r.from_id;
          if (placed.has(other)) continue;
          placed.add(other);
          unit.spouseIds.push(other);
        }
      }
      await kinOf(frontier.flatMap((u) => units.get(u)?.spouseIds ?? []));
      const next: string[] = [];
      for (const u of frontier) {
        const unit = units.get(u) as FamilyUnit;
        const childRows = [u, ...unit.spouseIds].flatMap((p) =>
          rowsOf(p).filter((r) => r.from_id === p && PARENT_TYPES.has(r.type)),
        );
        if (generation >= down) {
          unit.moreBelow = childRows.some((r) => !placed.has(r.to_id));
          continue;
        }
        for (const r of childRows) {
          if (placed.has(r.to_id) || units.size >= FAMILY_MAX_UNITS) continue;
          add({
            id: r.to_id,
            parentId: u,
            generation: generation + 1,
            spouseIds: [],
            childIds: [],
            birthOrder: r.birth_order,
            label: r.label,
            successor: false,
            moreAbove: false,
            moreBelow: false,
          });
          unit.childIds.push(r.to_id);
          next.push(r.to_id);
        }
      }
      frontier = next;
    }

    const everyone = [...placed];
    const rows = await deps.family.people(everyone);
    const byId = new Map(rows.map((p) => [p.id, p]));
    // Only people belong in a tree (a relation row to anything else is a content slip).
    for (const u of units.values()) {
      u.spouseIds = u.spouseIds.filter((s) => byId.get(s)?.kind === "person");
      u.childIds = u.childIds.filter((c) => byId.get(c)?.kind === "person");
    }
    for (const key of [...units.keys()]) if (byId.get(key)?.kind !== "person") units.delete(key);
    const siblingKey = (c: string) => {
      const p = byId.get(c);
      return {
        id: c,
        birthOrder: units.get(c)?.birthOrder ?? null,
        startYear: p?.start_year ?? null,
        name: p?.name ?? "",
      };
    };
    let hasSuccession = false;
    for (const u of units.values()) {
      u.childIds.sort((a, b) => compareSiblings(siblingKey(a), siblingKey(b)));
      u.successor = rowsOf(u.id).some((r) => r.type === SUCCESSION_TYPE);
      if (u.successor) hasSuccession = true;
    }
    const shown = new Set<string>();
    for (const u of units.values()) {
      shown.add(u.id);
      for (const s of u.spouseIds) shown.add(s);
    }
    return {
      rootId: id,
      topId: top,
      up,
      down,
      people: rows
        .filter((p) => shown.has(p.id))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((p) => ({ id: p.id, name: p.name, timeDesc: p.time_desc, imageUrl: p.image_url })),
      units: [...units.values()],
      hasSuccession,
    };
  }

  /**
   * The largest houses: people at the top of a recorded line (children, no parents), most
   * descendants first, for the page without a person.
   */
  async function houses(limit = 16): Promise<FamilyHouse[]> {
    const links = await deps.family.parentLinks();
    const children = new Map<string, string[]>();
    const parents = new Map<string, number>();
    const fathers = new Set<string>();
    for (const l of links) {
      const list = children.get(l.from_id);
      if (list) list.push(l.to_id);
      else children.set(l.from_id, [l.to_id]);
      parents.set(l.to_id, (parents.get(l.to_id) ?? 0) + 1);
      if (FATHER_TYPES.has(l.type)) fathers.add(l.from_id);
    }
    // A house is named after its father; a mother heads one only where no father is recorded
    // for any of her children (her sons already stand in their father's house).
    const heads = (id: string) =>
      fathers.has(id) || (children.get(id) ?? []).some((c) => (parents.get(c) ?? 0) < 2);
    const descendants = (id: string) => {
      const seen = new Set([id]);
      const stack = [id];
      while (stack.length > 0) {
        for (const c of children.get(stack.pop() as string) ?? []) {
          if (!seen.has(c)) {
            seen.add(c);
            stack.push(c);
          }
        }
      }
      return seen.size - 1;
    };
    const tops = [...children.keys()]
      .filter((id) => !parents.has(id) && heads(id))
      .map((id) => ({ id, descendants: descendants(id) }))
      .sort((a, b) => b.descendants - a.descendants || (a.id < b.id ? -1 : 1))
      .slice(0, limit * 2);
    const rows = await deps.family.peopleWithRegime(tops.map((t) => t.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return tops
      .flatMap((t) => {
        const r = byId.get(t.id);
        return r
          ? [
              {
                id: r.id,
                name: r.name,
                timeDesc: r.time_desc,
                regime: r.regime,
                descendants: t.descendants,
              },
            ]
          : [];
      })
      .slice(0, limit);
  }

  return { tree, houses };
}

export type FamilyService = ReturnType<typeof createFamilyService>;
