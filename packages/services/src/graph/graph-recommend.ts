import type { RelationEdge, RelationGraph } from "./relation-graph.ts";

/**
 * How close a relation of each type holds two entries: kin, teachers and friends closest,
 * rivals and colleagues less, and the fact relations (参与、任职 …, to events, regimes, places)
 * least: sharing a dynasty says little on its own.
 */
const TYPE_WEIGHTS: Record<string, number> = {
  夫妻: 1,
  父子: 1,
  母子: 1,
  父女: 1,
  母女: 1,
  兄弟: 0.9,
  兄妹: 0.9,
  姐弟: 0.9,
  姐妹: 0.9,
  祖孙: 0.8,
  师生: 0.9,
  朋友: 0.9,
  同学派: 0.7,
  君臣: 0.7,
  部属: 0.7,
  继位: 0.6,
  同僚: 0.6,
  对手: 0.6,
  敌对: 0.5,
  影响: 0.5,
};
const FACT_WEIGHT = 0.25;

export function relationWeight(type: string): number {
  return TYPE_WEIGHTS[type] ?? FACT_WEIGHT;
}

/** A direct relation counts this many times a shared neighbour of the same weight. */
export const DIRECT_BONUS = 2;

export interface GraphCandidate {
  id: string;
  score: number;
  /** The strongest direct relation, if the two are related directly. */
  direct: RelationEdge | null;
  /** Shared neighbours, the one adding most first. */
  shared: string[];
}

/**
 * Entries near `id` in the relation graph, best first: a weighted Adamic–Adar score (each
 * shared neighbour z adds w(id,z)·w(z,c) / ln(1 + degree z), so a neighbour shared with few
 * is worth more than a dynasty shared with thousands) plus {@link DIRECT_BONUS} times the
 * weight of a direct relation. Ties go to the lower id, so the order is the same everywhere.
 * Reads only `neighbours`, `has` and `between`.
 */
export function graphCandidates(
  graph: Pick<RelationGraph, "neighbours" | "has" | "between">,
  id: string,
  { limit = 50, maxDegree = 5_000 }: { limit?: number; maxDegree?: number } = {},
): GraphCandidate[] {
  if (!graph.has(id)) return [];
  const scores = new Map<string, { score: number; shared: Map<string, number> }>();
  const at = (c: string) => {
    let s = scores.get(c);
    if (!s) {
      s = { score: 0, shared: new Map() };
      scores.set(c, s);
    }
    return s;
  };
  // The strongest edge to each neighbour (two entries may be joined by several rows).
  const firstHop = new Map<string, number>();
  for (const link of graph.neighbours(id)) {
    const w = relationWeight(link.edge.type);
    firstHop.set(link.other, Math.max(firstHop.get(link.other) ?? 0, w));
  }
  for (const [z, wz] of firstHop) {
    const links = graph.neighbours(z);
    // A hub's neighbours are too many to say anything about each other; its direct tie still counts.
    if (links.length > maxDegree) continue;
    const damp = 1 / Math.log(1 + links.length);
    const best = new Map<string, number>();
    for (const link of links) {
      if (link.other === id) continue;
      const w = relationWeight(link.edge.type);
      best.set(link.other, Math.max(best.get(link.other) ?? 0, w));
    }
    for (const [c, wc] of best) {
      const add = wz * wc * damp;
      const s = at(c);
      s.score += add;
      s.shared.set(z, add);
    }
  }
  const direct = new Map<string, RelationEdge>();
  for (const [c, w] of firstHop) {
    const edges = graph.between(id, c);
    const strongest = edges.reduce<RelationEdge | null>(
      (best, e) => (!best || relationWeight(e.type) > relationWeight(best.type) ? e : best),
      null,
    );
    if (strongest) direct.set(c, strongest);
    at(c).score += DIRECT_BONUS * w;
  }
  return [...scores]
    .map(([c, s]) => ({
      id: c,
      score: Math.round(s.score * 1000) / 1000,
      direct: direct.get(c) ?? null,
      shared: [...s.shared].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([z]) => z),
    }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, limit);
}

/**
 * Each entry near the given ones, with how near: 1 for the entries themselves, the relation's
 * weight / 2 for their neighbours (the strongest when several reach it). For ranking articles
 * by the entries they link.
 */
export function proximity(
  graph: Pick<RelationGraph, "neighbours" | "has">,
  ids: readonly string[],
  { maxPerEntry = 200 }: { maxPerEntry?: number } = {},
): Map<string, number> {
  const near = new Map<string, number>();
  for (const id of ids) near.set(id, 1);
  for (const id of ids) {
    if (!graph.has(id)) continue;
    const links = [...graph.neighbours(id)]
      .sort((a, b) => relationWeight(b.edge.type) - relationWeight(a.edge.type))
      .slice(0, maxPerEntry);
    for (const link of links) {
      const w = relationWeight(link.edge.type) / 2;
      if ((near.get(link.other) ?? 0) < w) near.set(link.other, w);
    }
  }
  return near;
}
