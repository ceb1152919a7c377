import { describe, expect, it } from "vitest";
import { buildRelationGraph, type PathStep, type RelationEdge } from "./relation-graph.ts";

const edge = (
  fromId: string,
  toId: string,
  type = "朋友",
  label = type,
  twoway = false,
): RelationEdge => ({ fromId, toId, type, label, twoway, note: null, year: null });

/** "a>b>c": the entries a path walks through. */
const walk = (path: PathStep[] | null) =>
  path === null
    ? null
    : path.length === 0
      ? ""
      : [path[0]?.from, ...path.map((s) => s.to)].join(">");

describe("buildRelationGraph", () => {
  // 曹操 —对手— 刘备 —君臣→ 诸葛亮, and both at 赤壁之战; 刘备 is also 关羽's sworn brother.
  const graph = buildRelationGraph([
    edge("cao", "liu", "对手", "争霸对手", true),
    edge("liu", "zhuge", "君臣", "丞相"),
    edge("cao", "chibi", "参与"),
    edge("zhuge", "chibi", "参与"),
    edge("liu", "guan", "朋友", "结义兄弟"),
    edge("guan", "guan", "朋友"),
    edge("x", "y"),
  ]);

  it("indexes both ends of every edge and drops rows from an entry to itself", () => {
    expect(graph.edgeCount).toBe(6);
    expect(graph.nodeCount).toBe(7);
    expect(graph.has("guan")).toBe(true);
    expect(graph.has("nobody")).toBe(false);
    expect(graph.neighbours("liu").map((l) => l.other)).toEqual(["cao", "zhuge", "guan"]);
    expect(graph.neighbours("nobody")).toEqual([]);
  });

  it("finds the direct edges between two entries either way round", () => {
    expect(graph.between("zhuge", "liu").map((e) => e.label)).toEqual(["丞相"]);
    expect(graph.between("liu", "zhuge").map((e) => e.label)).toEqual(["丞相"]);
    expect(graph.between("cao", "guan")).toEqual([]);
  });

  it("finds a shortest path, walking edges against their stored direction too", () => {
    expect(walk(graph.shortestPath("guan", "zhuge"))).toBe("guan>liu>zhuge");
    const path = graph.shortestPath("zhuge", "guan") ?? [];
    expect(walk(path)).toBe("zhuge>liu>guan");
    // The first step walks the 君臣 row from its `to` end.
    expect(path[0]?.edge).toMatchObject({ fromId: "liu", toId: "zhuge", label: "丞相" });
  });

  it("prefers, among the shortest paths, the one its tie cost ranks lowest", () => {
    const viaEvents = (e: RelationEdge) => (e.type === "参与" ? 1 : 0);
    expect(walk(graph.shortestPath("cao", "zhuge", { tieCost: viaEvents }))).toBe("cao>liu>zhuge");
    const viaPeople = (e: RelationEdge) => (e.type === "参与" ? 0 : 1);
    expect(walk(graph.shortestPath("cao", "zhuge", { tieCost: viaPeople }))).toBe(
      "cao>chibi>zhuge",
    );
  });

  it("walks only the edges it is told to follow", () => {
    const people = (e: RelationEdge) => e.type !== "参与";
    expect(walk(graph.shortestPath("cao", "zhuge", { follow: people }))).toBe("cao>liu>zhuge");
    expect(graph.shortestPath("chibi", "guan", { follow: people })).toBeNull();
  });

  it("answers an empty path to itself and null when no path is within reach", () => {
    expect(walk(graph.shortestPath("cao", "cao"))).toBe("");
    expect(graph.shortestPath("cao", "x")).toBeNull();
    expect(graph.shortestPath("cao", "nobody")).toBeNull();
    expect(graph.shortestPath("guan", "chibi", { maxSteps: 2 })).toBeNull();
    expect(walk(graph.shortestPath("guan", "chibi", { maxSteps: 3 }))).toBe("guan>liu>cao>chibi");
  });

  it("finds the shortest of long chains and stops at maxSteps", () => {
    // A ring of 12: two ways round from 0 to 5, the short one has 5 steps.
    const ring = buildRelationGraph(
      Array.from({ length: 12 }, (_, i) => edge(`n${i}`, `n${(i + 1) % 12}`)),
    );
    expect(walk(ring.shortestPath("n0", "n5", { maxSteps: 5 }))).toBe("n0>n1>n2>n3>n4>n5");
    expect(walk(ring.shortestPath("n0", "n7", { maxSteps: 5 }))).toBe("n0>n11>n10>n9>n8>n7");
    expect(ring.shortestPath("n0", "n6", { maxSteps: 5 })).toBeNull();
    expect(ring.shortestPath("n0", "n6", { maxSteps: 6 })).toHaveLength(6);
  });

  it("returns a path whose steps join up, on a graph with many equal paths", () => {
    // A grid: every monotone walk from corner to corner is a shortest path.
    const size = 6;
    const edges: RelationEdge[] = [];
    for (let r = 0; r < size; r++)
      for (let c = 0; c < size; c++) {
        if (c + 1 < size) edges.push(edge(`${r}-${c}`, `${r}-${c + 1}`));
        if (r + 1 < size) edges.push(edge(`${r + 1}-${c}`, `${r}-${c}`));
      }
    const grid = buildRelationGraph(edges);
    const path = grid.shortestPath("0-0", "5-5", { maxSteps: 10 }) ?? [];
    expect(path).toHaveLength(10);
    expect(path[0]?.from).toBe("0-0");
    expect(path.at(-1)?.to).toBe("5-5");
    for (let i = 1; i < path.length; i++) expect(path[i]?.from).toBe(path[i - 1]?.to);
    for (const step of path) {
      const { fromId, toId } = step.edge;
      expect([fromId, toId].sort()).toEqual([step.from, step.to].sort());
    }
  });
});
