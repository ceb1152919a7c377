import { describe, expect, it } from "vitest";
import { buildRelationGraph, type RelationEdge, RelationGraphBuilder } from "./relation-graph.ts";
import { MAX_PATH_DEPTH, type RankedPath } from "./top-k-paths.ts";

const edge = (
  fromId: string,
  toId: string,
  type = "朋友",
  kinds: [string, string] = ["person", "person"],
): RelationEdge => ({
  fromId,
  toId,
  type,
  label: type,
  twoway: false,
  note: null,
  year: null,
  fromKind: kinds[0],
  toKind: kinds[1],
});

const chain = (p: RankedPath) => p.nodes.join(">");

/** A seeded generator (mulberry32), so a failing case can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every simple path from s to t of at most `max` steps, as node chains (brute force). */
function allSimplePaths(edges: RelationEdge[], s: string, t: string, max: number): string[][] {
  const adj = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.fromId === e.toId) continue;
    if (!adj.has(e.fromId)) adj.set(e.fromId, new Set());
    if (!adj.has(e.toId)) adj.set(e.toId, new Set());
    adj.get(e.fromId)?.add(e.toId);
    adj.get(e.toId)?.add(e.fromId);
  }
  const out: string[][] = [];
  const walk = (path: string[]) => {
    const at = path.at(-1) as string;
    if (at === t) {
      out.push([...path]);
      return;
    }
    if (path.length - 1 >= max) return;
    for (const next of adj.get(at) ?? []) {
      if (path.includes(next)) continue;
      path.push(next);
      walk(path);
      path.pop();
    }
  };
  walk([s]);
  return out;
}

describe("topKShortestPaths", () => {
  // 曹操 —对手— 刘备 —君臣— 诸葛亮; both 曹操 and 诸葛亮 at 赤壁之战 (an event).
  const graph = buildRelationGraph([
    edge("cao", "liu", "对手"),
    edge("liu", "zhuge", "君臣"),
    edge("cao", "chibi", "参与", ["person", "event"]),
    edge("zhuge", "chibi", "参与", ["person", "event"]),
    edge("liu", "guan", "结义"),
    edge("guan", "zhuge", "同僚"),
    edge("x", "y"),
  ]);

  it("lists every shortest path, people before events, then one step longer", () => {
    const result = graph.topKShortestPaths("cao", "zhuge", { topK: 5 });
    expect(result.outcome).toBe("found");
    expect(result.length).toBe(2);
    expect(result.paths.map(chain)).toEqual([
      "cao>liu>zhuge",
      "cao>chibi>zhuge",
      "cao>liu>guan>zhuge",
    ]);
    const [first] = result.paths;
    expect(first?.steps.map((s) => [s.from, s.to, s.edge.label, s.forward])).toEqual([
      ["cao", "liu", "对手", true],
      ["liu", "zhuge", "君臣", true],
    ]);
  });

  it("tells the direction each step is walked in", () => {
    const [path] = graph.topKShortestPaths("zhuge", "cao", { topK: 1 }).paths;
    expect(path?.nodes).toEqual(["zhuge", "liu", "cao"]);
    expect(path?.steps.map((s) => s.forward)).toEqual([false, false]);
    expect(path?.steps[0]?.edge).toMatchObject({ fromId: "liu", toId: "zhuge", label: "君臣" });
  });

  it("stops at topK and at the depth cap", () => {
    expect(graph.topKShortestPaths("cao", "zhuge", { topK: 1 }).paths.map(chain)).toEqual([
      "cao>liu>zhuge",
    ]);
    const capped = graph.topKShortestPaths("cao", "zhuge", { maxDepth: 2, topK: 5 });
    expect(capped.paths.map(chain)).toEqual(["cao>liu>zhuge", "cao>chibi>zhuge"]);
    const none = graph.topKShortestPaths("guan", "chibi", { maxDepth: 1 });
    expect(none).toMatchObject({ outcome: "none", reason: "depth", paths: [] });
    expect(graph.topKShortestPaths("a", "b", { maxDepth: 100 }).maxDepth).toBe(MAX_PATH_DEPTH);
  });

  it("answers same ends, missing ends and other components at once", () => {
    expect(graph.topKShortestPaths("cao", "cao").outcome).toBe("same");
    expect(graph.topKShortestPaths("cao", "nobody")).toMatchObject({
      outcome: "missing",
      missing: ["nobody"],
    });
    expect(graph.topKShortestPaths("cao", "x")).toMatchObject({
      outcome: "none",
      reason: "disconnected",
    });
  });

  it("shows one relation where two entries share several, the person-to-person one", () => {
    const g = buildRelationGraph([
      edge("a", "b", "参与", ["person", "event"]),
      edge("a", "b", "朋友", ["person", "person"]),
      edge("b", "c"),
    ]);
    const result = g.topKShortestPaths("a", "c");
    expect(result.paths).toHaveLength(1);
    expect(result.paths[0]?.steps[0]?.edge.type).toBe("参与");
    // Kinds come from the first row that names them: b is an event here.
    expect(g.index.kinds[g.index.nodeKind[g.index.numbers.get("b") ?? -1] ?? 0]).toBe("event");
  });

  it("prefers well-connected middles among equally short paths", () => {
    const edges = [edge("s", "lone"), edge("lone", "t"), edge("s", "hub"), edge("hub", "t")];
    for (let i = 0; i < 20; i++) edges.push(edge("hub", `leaf${i}`));
    const result = buildRelationGraph(edges).topKShortestPaths("s", "t");
    expect(result.paths.map(chain)).toEqual(["s>hub>t", "s>lone>t"]);
  });

  it("is deterministic and agrees with a brute force on random graphs", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const rand = random(seed);
      const n = 6 + Math.floor(rand() * 14);
      const m = n + Math.floor(rand() * n * 1.5);
      const edges: RelationEdge[] = [];
      for (let i = 0; i < m; i++) {
        const a = `n${Math.floor(rand() * n)}`;
        const b = `n${Math.floor(rand() * n)}`;
        edges.push(
          edge(a, b, rand() < 0.2 ? "参与" : "朋友", ["person", rand() < 0.2 ? "event" : "person"]),
        );
      }
      const g = buildRelationGraph(edges);
      const ids = g.index.ids;
      const s = ids[Math.floor(rand() * ids.length)] as string;
      const t = ids[Math.floor(rand() * ids.length)] as string;
      const topK = 1 + Math.floor(rand() * 8);
      const maxDepth = 2 + Math.floor(rand() * 5);
      const result = g.topKShortestPaths(s, t, { topK, maxDepth });
      const again = g.topKShortestPaths(s, t, { topK, maxDepth });
      expect(again.paths.map(chain), `seed ${seed}`).toEqual(result.paths.map(chain));
      if (s === t) {
        expect(result.outcome).toBe("same");
        continue;
      }
      const brute = allSimplePaths(edges, s, t, maxDepth);
      if (brute.length === 0) {
        expect(result.outcome, `seed ${seed}`).toBe("none");
        continue;
      }
      const d = Math.min(...brute.map((p) => p.length - 1));
      expect(result.length, `seed ${seed}`).toBe(d);
      const shortest = brute.filter((p) => p.length - 1 === d).map((p) => p.join(">"));
      const longer = brute.filter((p) => p.length - 1 === d + 1).map((p) => p.join(">"));
      const got = result.paths.map(chain);
      expect(new Set(got).size, `seed ${seed}`).toBe(got.length);
      // All shortest first, then the one-step-longer ones, up to topK.
      const want = Math.min(topK, shortest.length + (d + 1 <= maxDepth ? longer.length : 0));
      expect(got.length, `seed ${seed}`).toBe(want);
      const firstLonger = got.findIndex((p) => !shortest.includes(p));
      if (firstLonger >= 0) {
        expect(firstLonger, `seed ${seed}`).toBe(shortest.length);
        for (const p of got.slice(firstLonger)) expect(longer).toContain(p);
      } else for (const p of got) expect(shortest).toContain(p);
      // Every step is a real edge between consecutive nodes; costs rise within a length.
      for (const p of result.paths) {
        p.steps.forEach((step, i) => {
          expect(step.from).toBe(p.nodes[i]);
          expect(step.to).toBe(p.nodes[i + 1]);
          const { fromId, toId } = step.edge;
          expect(step.forward ? [fromId, toId] : [toId, fromId]).toEqual([step.from, step.to]);
        });
      }
      const costs = (len: number) =>
        result.paths.filter((p) => p.steps.length === len).map((p) => p.cost);
      for (const len of [d, d + 1])
        expect(costs(len), `seed ${seed}`).toEqual([...costs(len)].sort((a, b) => a - b));
    }
  });

  it("finds the cheapest paths, not just any, among many equal ones", () => {
    // A 5×5 grid: 70 shortest corner-to-corner paths; one row of people, the rest events.
    const builder = new RelationGraphBuilder();
    const kind = (r: number) => (r === 0 ? "person" : "event");
    for (let r = 0; r < 5; r++)
      for (let c = 0; c < 5; c++) {
        if (c + 1 < 5) builder.add(edge(`${r}-${c}`, `${r}-${c + 1}`, "x", [kind(r), kind(r)]));
        if (r + 1 < 5) builder.add(edge(`${r}-${c}`, `${r + 1}-${c}`, "x", [kind(r), kind(r + 1)]));
      }
    const result = builder.build().topKShortestPaths("0-0", "4-4", { topK: 3, maxDepth: 8 });
    expect(result.length).toBe(8);
    expect(result.paths).toHaveLength(3);
    // Along row 0 then down column 4 costs the least: only the steps down leave the people.
    expect(result.paths[0]?.nodes).toEqual([
      "0-0",
      "0-1",
      "0-2",
      "0-3",
      "0-4",
      "1-4",
      "2-4",
      "3-4",
      "4-4",
    ]);
  });
});
