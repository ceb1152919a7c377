/**
 * A synthetic relation graph for the A-to-B path benchmark (decision 20): `nodes` entries and
 * about `nodes × perNode` edges grown by preferential attachment (Barabási–Albert: each new
 * node links to `perNode` earlier ones, chosen in proportion to their degree, with a share
 * chosen uniformly so that the oldest nodes do not take everything). Degrees follow a power
 * law as in real social and citation graphs: most nodes have a handful of links, a few
 * thousands. Seeded, so that every run builds the same graph.
 */

export interface SyntheticGraph {
  nodes: number;
  edges: number;
  from: Int32Array;
  to: Int32Array;
  /** Per edge: index into RELATION_KINDS. */
  kind: Uint8Array;
  /** Per node: 0 person, 1 event, 2 place. */
  nodeKind: Uint8Array;
}

/** Relation types and labels the synthetic edges carry (type, label, two-way). */
export const RELATION_KINDS: readonly [string, string, boolean][] = [
  ["朋友", "好友", true],
  ["师生", "老师", false],
  ["君臣", "大臣", false],
  ["父子", "儿子", false],
  ["同僚", "同僚", true],
  ["对手", "政敌", true],
  ["参与", "参与", false],
  ["任职", "任职", false],
];
export const NODE_KINDS = ["person", "event", "place"] as const;

/** mulberry32: small, fast and good enough for a benchmark's choices. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticGraph(options: {
  nodes: number;
  perNode: number;
  seed: number;
  /** Share of links made to a uniformly chosen earlier node instead of by degree. */
  uniformShare?: number;
}): SyntheticGraph {
  const { nodes, perNode, seed } = options;
  const uniform = options.uniformShare ?? 0.2;
  const rand = seededRandom(seed);
  const core = perNode + 1;
  const capacity = (core * (core - 1)) / 2 + (nodes - core) * perNode;
  const from = new Int32Array(capacity);
  const to = new Int32Array(capacity);
  const kind = new Uint8Array(capacity);
  const nodeKind = new Uint8Array(nodes);
  // Every edge end, once per end: picking a random entry picks a node by its degree.
  const ends = new Int32Array(capacity * 2);
  let edges = 0;
  let endCount = 0;
  const link = (a: number, b: number) => {
    from[edges] = a;
    to[edges] = b;
    const bothPeople = nodeKind[a] === 0 && nodeKind[b] === 0;
    kind[edges] = bothPeople ? Math.floor(rand() * 6) : 6 + Math.floor(rand() * 2);
    edges += 1;
    ends[endCount++] = a;
    ends[endCount++] = b;
  };
  for (let n = 0; n < nodes; n++) {
    const r = rand();
    nodeKind[n] = r < 0.8 ? 0 : r < 0.92 ? 1 : 2;
  }
  // A small clique to start from.
  for (let a = 0; a < core; a++) for (let b = a + 1; b < core; b++) link(a, b);
  const chosen = new Int32Array(perNode);
  for (let n = core; n < nodes; n++) {
    let count = 0;
    while (count < perNode) {
      const target =
        rand() < uniform ? Math.floor(rand() * n) : (ends[Math.floor(rand() * endCount)] as number);
      let duplicate = false;
      for (let i = 0; i < count; i++) if (chosen[i] === target) duplicate = true;
      if (duplicate) continue;
      chosen[count++] = target;
    }
    // Half the links point from the new node, half to it, as relation rows do either way.
    for (let i = 0; i < perNode; i++) {
      const other = chosen[i] as number;
      if (rand() < 0.5) link(n, other);
      else link(other, n);
    }
  }
  return { nodes, edges, from, to, kind, nodeKind };
}
