/**
 * Family trees (/relation/family/:id): which relation types make a family, how a tree is
 * folded and filtered, and where each person stands in the picture. Pure, so the server, the
 * page and the tests all see the same tree.
 */

/** A parent → child relation (docs/content-format.md "Relation"; `order` is the birth order). */
export const PARENT_TYPES: ReadonlySet<string> = new Set(["父子", "母子", "父女", "母女"]);
/** Fathers come first when a child has both parents in the corpus: the tree follows the house. */
export const FATHER_TYPES: ReadonlySet<string> = new Set(["父子", "父女"]);
/** Husband → wife. */
export const SPOUSE_TYPE = "夫妻";
/** Predecessor → successor on a throne. */
export const SUCCESSION_TYPE = "继位";
/** Every relation type a family tree reads. */
export const FAMILY_TYPES: readonly string[] = [...PARENT_TYPES, SPOUSE_TYPE, SUCCESSION_TYPE];

/** Depths asked of GET /api/item/family/{lang}/{id}: generations above and below the person. */
export const FAMILY_UP_DEFAULT = 3;
export const FAMILY_UP_MAX = 8;
export const FAMILY_DOWN_DEFAULT = 6;
export const FAMILY_DOWN_MAX = 12;
/** Generations below the person shown before a branch is folded (展开 opens it). */
export const FAMILY_OPEN_GENERATIONS = 2;

/** One person of a tree with the spouses drawn beside them and the children below. */
export interface FamilyUnit {
  id: string;
  /** The unit drawn above (the father, or the mother when the father is not in the corpus). */
  parentId: string | null;
  /** Generations from the person the tree was asked for: their parents are -1. */
  generation: number;
  spouseIds: string[];
  /** In birth order: `order`, then birth year, then name. */
  childIds: string[];
  /** Birth order among the siblings, where known. */
  birthOrder: number | null;
  /** What the unit is to its parent (长子, 第四子 …), as the relation says. */
  label: string | null;
  /** Takes part in a 继位 relation (the line of succession). */
  successor: boolean;
  /** Parents exist beyond the tree's top. */
  moreAbove: boolean;
  /** Children exist below the tree's depth. */
  moreBelow: boolean;
}

/** Sorts siblings: birth order where known, then birth year, then name (stable and total). */
export function compareSiblings(
  a: { birthOrder: number | null; startYear: number | null; name: string; id: string },
  b: { birthOrder: number | null; startYear: number | null; name: string; id: string },
): number {
  const order = (x: number | null) => (x === null ? Number.POSITIVE_INFINITY : x);
  return (
    order(a.birthOrder) - order(b.birthOrder) ||
    order(a.startYear) - order(b.startYear) ||
    a.name.localeCompare(b.name, "zh-Hans-CN") ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The root's line: the root and every unit above it. */
function lineOf(units: ReadonlyMap<string, FamilyUnit>, id: string): Set<string> {
  const line = new Set<string>();
  let at = units.get(id);
  while (at && !line.has(at.id)) {
    line.add(at.id);
    at = at.parentId ? units.get(at.parentId) : undefined;
  }
  return line;
}

/**
 * The branches folded when a tree first opens, so a large house stays readable: everyone more
 * than {@link FAMILY_OPEN_GENERATIONS} generations below the person, and the children of the
 * side branches (uncles, cousins) beside the person's own line.
 */
export function defaultFolded(units: readonly FamilyUnit[], rootId: string): Set<string> {
  const byId = new Map(units.map((u) => [u.id, u]));
  const line = lineOf(byId, rootId);
  const below = new Set<string>();
  const mark = (id: string) => {
    const u = byId.get(id);
    if (!u || below.has(id)) return;
    below.add(id);
    for (const c of u.childIds) mark(c);
  };
  mark(rootId);
  const rootGeneration = byId.get(rootId)?.generation ?? 0;
  const folded = new Set<string>();
  for (const u of units) {
    if (u.childIds.length === 0) continue;
    const depth = u.generation - rootGeneration;
    if (below.has(u.id) && depth >= FAMILY_OPEN_GENERATIONS) folded.add(u.id);
    else if (!below.has(u.id) && !line.has(u.id) && depth >= 0) folded.add(u.id);
  }
  return folded;
}

/**
 * The units on the line of succession: every unit in a 继位 relation, the units above them
 * (so the line hangs together) and the person the tree is for.
 */
export function successionLine(units: readonly FamilyUnit[], rootId: string): Set<string> {
  const byId = new Map(units.map((u) => [u.id, u]));
  const keep = new Set<string>();
  for (const u of units) {
    if (u.successor || u.id === rootId) for (const id of lineOf(byId, u.id)) keep.add(id);
  }
  return keep;
}

export interface TreeView {
  folded: ReadonlySet<string>;
  /** Only these units are shown (the succession filter); all when absent. */
  only?: ReadonlySet<string>;
  /** Spouses are left out (the succession view). */
  withoutSpouses?: boolean;
}

export interface PlacedUnit {
  id: string;
  /** Left edge, in person slots (a unit with one spouse is two slots wide). */
  x: number;
  /** Row: 0 is the top generation shown. */
  row: number;
  /** Slots: the person and the spouses shown. */
  width: number;
  spouseIds: string[];
  /** Descendants folded away under this unit (0 when open or childless). */
  hidden: number;
  /** Children shown below it. */
  childIds: string[];
}

export interface TreeLayout {
  units: PlacedUnit[];
  /** Parent → child, for the connectors. */
  links: { from: string; to: string }[];
  /** Slots across and rows down. */
  width: number;
  rows: number;
  /** The generation of row 0 (relative to the person). */
  topGeneration: number;
}

/** Space between neighbouring units, in slots. */
export const UNIT_GAP = 0.25;

interface Subtree {
  /** Unit id → left edge relative to the subtree's frame. */
  xs: Map<string, number>;
  /** Per row below the subtree's top: [left, right] of what is drawn there. */
  contour: [number, number][];
}

function shift(tree: Subtree, by: number): void {
  if (by === 0) return;
  for (const [id, x] of tree.xs) tree.xs.set(id, x + by);
  for (const c of tree.contour) {
    c[0] += by;
    c[1] += by;
  }
}

/**
 * A tidy tree (after Reingold and Tilford): each subtree is laid out on its own, then the
 * children are pushed apart row by row until no two overlap, and a parent is centred over its
 * first and last child. Every generation sits on its own row, so rows line generations up.
 */
export function layoutFamilyTree(
  units: readonly FamilyUnit[],
  topId: string,
  view: TreeView,
): TreeLayout {
  const byId = new Map(units.map((u) => [u.id, u]));
  const top = byId.get(topId);
  if (!top) return { units: [], links: [], width: 0, rows: 0, topGeneration: 0 };
  const shown = (id: string) => byId.has(id) && (!view.only || view.only.has(id));
  const widthOf = (u: FamilyUnit) => 1 + (view.withoutSpouses ? 0 : u.spouseIds.length);
  const countBelow = (u: FamilyUnit, seen: Set<string>): number => {
    let n = 0;
    for (const c of u.childIds) {
      const child = byId.get(c);
      if (!child || seen.has(c) || !shown(c)) continue;
      seen.add(c);
      n += 1 + countBelow(child, seen);
    }
    return n;
  };
  const placed: PlacedUnit[] = [];
  const links: { from: string; to: string }[] = [];
  const visited = new Set<string>();

  const place = (u: FamilyUnit, row: number): Subtree => {
    visited.add(u.id);
    const width = widthOf(u);
    const folded = view.folded.has(u.id) && !view.only;
    const kids = folded
      ? []
      : u.childIds.filter((c) => shown(c) && !visited.has(c)).map((c) => byId.get(c) as FamilyUnit);
    const me: PlacedUnit = {
      id: u.id,
      x: 0,
      row,
      width,
      spouseIds: view.withoutSpouses ? [] : u.spouseIds,
      hidden: folded ? countBelow(u, new Set([u.id])) : 0,
      childIds: [],
    };
    placed.push(me);
    const trees: { id: string; tree: Subtree }[] = [];
    for (const kid of kids) {
      if (visited.has(kid.id)) continue;
      trees.push({ id: kid.id, tree: place(kid, row + 1) });
      me.childIds.push(kid.id);
      links.push({ from: u.id, to: kid.id });
    }
    // Children side by side: each pushed right until it clears the ones before on every row.
    const merged: Subtree = { xs: new Map(), contour: [] };
    for (const { tree } of trees) {
      let push = Number.NEGATIVE_INFINITY;
      for (let r = 0; r < Math.min(merged.contour.length, tree.contour.length); r++) {
        push = Math.max(
          push,
          (merged.contour[r]?.[1] ?? 0) + UNIT_GAP - (tree.contour[r]?.[0] ?? 0),
        );
      }
      shift(tree, push === Number.NEGATIVE_INFINITY ? 0 : push);
      for (const [id, x] of tree.xs) merged.xs.set(id, x);
      tree.contour.forEach(([l, r], i) => {
        const at = merged.contour[i];
        if (at) merged.contour[i] = [Math.min(at[0], l), Math.max(at[1], r)];
        else merged.contour[i] = [l, r];
      });
    }
    let x = 0;
    const first = trees[0];
    const last = trees.at(-1);
    if (first && last) {
      const firstX = first.tree.xs.get(first.id) ?? 0;
      const lastId = last.id;
      const lastX = (last.tree.xs.get(lastId) ?? 0) + widthOf(byId.get(lastId) as FamilyUnit);
      x = (firstX + lastX) / 2 - width / 2;
    }
    const result: Subtree = {
      xs: new Map([[u.id, x], ...merged.xs]),
      contour: [[x, x + width], ...merged.contour],
    };
    return result;
  };

  const tree = place(top, 0);
  const minX = Math.min(...tree.contour.map((c) => c[0]));
  const maxX = Math.max(...tree.contour.map((c) => c[1]));
  for (const p of placed) p.x = (tree.xs.get(p.id) ?? 0) - minX;
  return {
    units: placed,
    links,
    width: maxX - minX,
    rows: tree.contour.length,
    topGeneration: top.generation,
  };
}
