import { describe, expect, it } from "vitest";
import {
  compareSiblings,
  defaultFolded,
  type FamilyUnit,
  layoutFamilyTree,
  successionLine,
  UNIT_GAP,
} from "./family-tree.ts";

const unit = (
  id: string,
  parentId: string | null,
  generation: number,
  childIds: string[] = [],
  more: Partial<FamilyUnit> = {},
): FamilyUnit => ({
  id,
  parentId,
  generation,
  spouseIds: [],
  childIds,
  birthOrder: null,
  label: null,
  successor: false,
  moreAbove: false,
  moreBelow: false,
  ...more,
});

// A house of five generations: g (grandfather) → f, u (uncle); f → me, sis; me → son → grandson;
// u → cousin.
const HOUSE: FamilyUnit[] = [
  unit("g", null, -2, ["f", "u"], { successor: true }),
  unit("f", "g", -1, ["me", "sis"], { spouseIds: ["mum"], successor: true }),
  unit("u", "g", -1, ["cousin"]),
  unit("me", "f", 0, ["son"]),
  unit("sis", "f", 0),
  unit("cousin", "u", 0),
  unit("son", "me", 1, ["grandson"]),
  unit("grandson", "son", 2, ["great"]),
  unit("great", "grandson", 3),
];

describe("compareSiblings", () => {
  it("orders by birth order, then birth year, then name", () => {
    const kids = [
      { id: "c", birthOrder: null, startYear: 600, name: "丙" },
      { id: "b", birthOrder: 2, startYear: 610, name: "乙" },
      { id: "a", birthOrder: 1, startYear: 620, name: "甲" },
      { id: "d", birthOrder: null, startYear: null, name: "丁" },
      { id: "e", birthOrder: null, startYear: 590, name: "戊" },
    ];
    expect(kids.sort(compareSiblings).map((k) => k.id)).toEqual(["a", "b", "e", "c", "d"]);
  });
});

describe("layoutFamilyTree", () => {
  const open = layoutFamilyTree(HOUSE, "g", { folded: new Set() });
  const at = new Map(open.units.map((u) => [u.id, u]));
  const get = (id: string) => at.get(id) as NonNullable<ReturnType<typeof at.get>>;

  it("puts each generation on its own row", () => {
    for (const u of HOUSE) expect(get(u.id).row).toBe(u.generation + 2);
    expect(open.rows).toBe(6);
    expect(open.topGeneration).toBe(-2);
  });

  it("never lets two units of a row overlap, spouses included", () => {
    const rows = new Map<number, { x: number; width: number }[]>();
    for (const u of open.units) rows.set(u.row, [...(rows.get(u.row) ?? []), u]);
    for (const list of rows.values()) {
      const sorted = [...list].sort((a, b) => a.x - b.x);
      for (let i = 1; i < sorted.length; i++) {
        const prev = sorted[i - 1] as { x: number; width: number };
        expect(sorted[i]?.x).toBeGreaterThanOrEqual(prev.x + prev.width + UNIT_GAP - 1e-9);
      }
    }
    // f is drawn with its spouse: two slots.
    expect(get("f").width).toBe(2);
    expect(get("f").spouseIds).toEqual(["mum"]);
  });

  it("centres a parent over its first and last child and keeps children in order", () => {
    const f = get("f");
    const me = get("me");
    const sis = get("sis");
    expect(me.x).toBeLessThan(sis.x);
    expect(f.x + f.width / 2).toBeCloseTo((me.x + sis.x + sis.width) / 2);
    expect(get("f").x).toBeLessThan(get("u").x);
    expect(Math.min(...open.units.map((u) => u.x))).toBe(0);
    expect(open.links).toContainEqual({ from: "g", to: "f" });
  });

  it("folds a branch: its descendants are gone and counted", () => {
    const folded = layoutFamilyTree(HOUSE, "g", { folded: new Set(["son"]) });
    const ids = folded.units.map((u) => u.id);
    expect(ids).not.toContain("grandson");
    expect(folded.units.find((u) => u.id === "son")?.hidden).toBe(2);
    expect(folded.rows).toBe(4);
  });

  it("shows only the line of succession, without spouses, when asked", () => {
    const line = successionLine(HOUSE, "me");
    expect([...line].sort()).toEqual(["f", "g", "me"]);
    const view = layoutFamilyTree(HOUSE, "g", {
      folded: new Set(),
      only: line,
      withoutSpouses: true,
    });
    expect(view.units.map((u) => u.id).sort()).toEqual(["f", "g", "me"]);
    expect(view.units.every((u) => u.width === 1)).toBe(true);
  });

  it("draws nothing for an unknown top, and a person once even if listed twice", () => {
    expect(layoutFamilyTree(HOUSE, "nobody", { folded: new Set() }).units).toEqual([]);
    const twice = [unit("a", null, 0, ["b", "b"]), unit("b", "a", 1)];
    expect(layoutFamilyTree(twice, "a", { folded: new Set() }).units).toHaveLength(2);
  });
});

describe("defaultFolded", () => {
  it("folds two generations below the person and the side branches beside their line", () => {
    const folded = defaultFolded(HOUSE, "me");
    // grandson is two generations below me and has a child: folded. son (one below) stays open.
    expect(folded.has("grandson")).toBe(true);
    expect(folded.has("son")).toBe(false);
    // The uncle stands above the person's generation: his children (the cousins) show.
    expect(folded.has("u")).toBe(false);
    expect(folded.has("g")).toBe(false);
    expect(folded.has("f")).toBe(false);
    // Rooted higher, the same house folds relative to that person.
    expect([...defaultFolded(HOUSE, "g")].sort()).toEqual(["grandson", "me", "son"]);
    // A cousin's children are a side branch at the person's own generation: folded.
    const withCousinKids = HOUSE.map((u) =>
      u.id === "cousin" ? { ...u, childIds: ["second"] } : u,
    ).concat(unit("second", "cousin", 1));
    expect(defaultFolded(withCousinKids, "me").has("cousin")).toBe(true);
  });
});
