import { describe, expect, it } from "vitest";
import { DIRECT_BONUS, graphCandidates, proximity, relationWeight } from "./graph-recommend.ts";
import { buildRelationGraph, type RelationEdge } from "./relation-graph.ts";

const edge = (fromId: string, toId: string, type = "朋友", label = type): RelationEdge => ({
  fromId,
  toId,
  type,
  label,
  twoway: false,
  note: null,
  year: null,
});

// 苏轼's circle: his teacher 欧阳修, his brother 苏辙, his rival 王安石, 黄庭坚 his student, and
// 宋 (a regime every one of them served: a hub).
const graph = buildRelationGraph([
  edge("ouyang", "sushi", "师生"),
  edge("sushi", "suzhe", "兄弟"),
  edge("sushi", "wang", "对手", "政敌"),
  edge("sushi", "huang", "师生"),
  edge("ouyang", "zeng", "师生"),
  edge("wang", "zeng", "朋友"),
  edge("huang", "chen", "朋友"),
  ...["sushi", "suzhe", "wang", "ouyang", "huang", "zeng", "chen", "x1", "x2", "x3"].map((p) =>
    edge(p, "song", "任职"),
  ),
]);

describe("graphCandidates", () => {
  const list = graphCandidates(graph, "sushi");
  const byId = new Map(list.map((c) => [c.id, c]));

  it("scores a shared neighbour by both weights over the log of its degree (Adamic–Adar)", () => {
    // 曾巩 shares 欧阳修 (师生 · 师生, degree 3) and 王安石 (对手 · 朋友, degree 3) and 宋.
    const viaOuyang = (relationWeight("师生") * relationWeight("师生")) / Math.log(1 + 3);
    const viaWang = (relationWeight("对手") * relationWeight("朋友")) / Math.log(1 + 3);
    const viaSong = (relationWeight("任职") * relationWeight("任职")) / Math.log(1 + 10);
    expect(byId.get("zeng")?.score).toBeCloseTo(viaOuyang + viaWang + viaSong, 3);
    expect(byId.get("zeng")?.shared[0]).toBe("ouyang");
    expect(byId.get("zeng")?.direct).toBeNull();
  });

  it("counts a direct relation, closer kinds more, and keeps the strongest edge", () => {
    expect(byId.get("suzhe")?.direct?.type).toBe("兄弟");
    expect(byId.get("suzhe")?.score ?? 0).toBeGreaterThan(DIRECT_BONUS * relationWeight("兄弟"));
    // Brother and teacher outrank the rival; the rival outranks a friend of a student.
    const order = list.map((c) => c.id);
    expect(order.indexOf("suzhe")).toBeLessThan(order.indexOf("wang"));
    expect(order.indexOf("ouyang")).toBeLessThan(order.indexOf("wang"));
    expect(order.indexOf("wang")).toBeLessThan(order.indexOf("chen"));
  });

  it("sorts best first, never lists the entry itself, and answers [] for an unknown entry", () => {
    const scores = list.map((c) => c.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(byId.has("sushi")).toBe(false);
    expect(graphCandidates(graph, "nobody")).toEqual([]);
    expect(graphCandidates(graph, "sushi", { limit: 2 })).toHaveLength(2);
  });

  it("skips the neighbours of a hub past maxDegree but keeps the direct tie to it", () => {
    const capped = graphCandidates(graph, "sushi", { maxDegree: 5 });
    expect(capped.find((c) => c.id === "x1")).toBeUndefined();
    expect(capped.find((c) => c.id === "song")?.direct?.type).toBe("任职");
    expect(list.find((c) => c.id === "x1")).toBeDefined();
  });
});

describe("proximity", () => {
  it("gives the entries 1 and their neighbours half the relation's weight", () => {
    const near = proximity(graph, ["sushi"]);
    expect(near.get("sushi")).toBe(1);
    expect(near.get("suzhe")).toBe(relationWeight("兄弟") / 2);
    expect(near.get("song")).toBe(relationWeight("任职") / 2);
    expect(near.has("chen")).toBe(false);
  });
});
