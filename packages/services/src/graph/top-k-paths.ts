import { DUPLICATE, REVERSED } from "./graph-flags.ts";
import type { GraphIndex, RelationEdge } from "./relation-graph.ts";

/**
 * The A-to-B path search (decision 20).
 *
 * 1. Bidirectional breadth-first search over the CSR index, growing the side whose frontier has
 *    fewer edge ends to read, until the two meet (the shortest length d) or the depth cap.
 * 2. "Top K shortest": every path of length d, ranked by cost (a step between two people costs
 *    0, any other step 32; passing through a node costs 4 − ⌊log₂ degree⌋, at least 0, so
 *    chains through well-connected figures win), ties broken by the index order (the
 *    relation table's sorted order), so equal queries give equal answers. When fewer than K
 *    exist and the cap allows, paths of length d + 1 follow, ranked the same way.
 * 3. Paths are node chains: where two nodes share several relations the cheapest (then first)
 *    is shown. Paths of length d and d + 1 are always simple (a repeated node would leave a
 *    walk shorter than d).
 *
 * The paths of one length L are the walks s = v₀ … v_L = t whose every node satisfies
 * L − i − σ ≤ dt(v_i) ≤ L − i and i − σ ≤ ds(v_i) ≤ i (σ = L − d, the slack), where ds and dt
 * are the distances the breadth-first search found. The candidates of each position are taken
 * from the search's own layers, pruned to the ones that join up, and the K cheapest prefixes
 * and suffixes are kept per node (a k-best dynamic programme on the layered DAG), then joined
 * where the layers meet.
 */

export const DEFAULT_PATH_DEPTH = 6;
export const MAX_PATH_DEPTH = 8;
export const DEFAULT_TOP_K = 10;
export const MAX_TOP_K = 20;

export interface PathQuery {
  /** Longest path looked for, in steps (1 … 8; 6 by default). */
  maxDepth?: number;
  /** How many paths at most (1 … 20; 10 by default). */
  topK?: number;
}

/** One step as walked: `forward` when the walk goes the stored row's way (from → to). */
export interface WalkedStep {
  from: string;
  to: string;
  edge: RelationEdge;
  forward: boolean;
}

export interface RankedPath {
  /** The entries from source to destination. */
  nodes: string[];
  steps: WalkedStep[];
  /** The rank cost (lower first, within one length). */
  cost: number;
}

export interface TopKPathsResult {
  /**
   * found: paths listed; same: source is destination; missing: an end is not in the graph (no
   * relations, or no such entry); none: no path within maxDepth steps.
   */
  outcome: "found" | "same" | "missing" | "none";
  /** The ends not in the graph (outcome missing). */
  missing: string[];
  /** The shortest length found, in steps. */
  length: number | null;
  paths: RankedPath[];
  maxDepth: number;
  topK: number;
  /**
   * For outcome none: "disconnected" when one side's whole component was walked (no path at
   * any length), else "depth" (none within maxDepth).
   */
  reason: "disconnected" | "depth" | null;
  /** Nodes the search reached (both sides), a measure of its work. */
  explored: number;
}

/** Per-node scratch arrays, allocated once per index and reused by every query. */
interface Scratch {
  stampS: Uint32Array;
  stampT: Uint32Array;
  distS: Uint8Array;
  distT: Uint8Array;
  /** Layer membership bitmasks (bit i: the node is at position i), valid under `layerStamp`. */
  layerStampF: Uint32Array;
  layerStampG: Uint32Array;
  inF: Uint16Array;
  inG: Uint16Array;
  keepF: Uint16Array;
  keepG: Uint16Array;
  query: number;
  layerQuery: number;
}

const scratchOf = new WeakMap<GraphIndex, Scratch>();

function scratch(index: GraphIndex): Scratch {
  let s = scratchOf.get(index);
  if (!s) {
    const n = index.nodeCount;
    s = {
      stampS: new Uint32Array(n),
      stampT: new Uint32Array(n),
      distS: new Uint8Array(n),
      distT: new Uint8Array(n),
      layerStampF: new Uint32Array(n),
      layerStampG: new Uint32Array(n),
      inF: new Uint16Array(n),
      inG: new Uint16Array(n),
      keepF: new Uint16Array(n),
      keepG: new Uint16Array(n),
      query: 0,
      layerQuery: 0,
    };
    scratchOf.set(index, s);
  }
  // Stamps wrap after four billion queries: start afresh rather than misread old marks.
  if (s.query >= 0xfffffff0 || s.layerQuery >= 0xfffffff0) {
    s.stampS.fill(0);
    s.stampT.fill(0);
    s.layerStampF.fill(0);
    s.layerStampG.fill(0);
    s.query = 0;
    s.layerQuery = 0;
  }
  return s;
}

/** The bytes of the scratch arrays (allocated on the first query). */
export function scratchBytes(nodeCount: number): number {
  return nodeCount * (4 + 4 + 1 + 1 + 4 + 4 + 2 + 2 + 2 + 2);
}

export function clampDepth(depth: number | undefined): number {
  const d = Math.floor(depth ?? DEFAULT_PATH_DEPTH);
  return Number.isFinite(d) ? Math.min(MAX_PATH_DEPTH, Math.max(1, d)) : DEFAULT_PATH_DEPTH;
}

export function clampTopK(topK: number | undefined): number {
  const k = Math.floor(topK ?? DEFAULT_TOP_K);
  return Number.isFinite(k) ? Math.min(MAX_TOP_K, Math.max(1, k)) : DEFAULT_TOP_K;
}

/** A prefix or suffix in the k-best programme: a linked chain of slots. */
interface Chain {
  cost: number;
  /** The node this chain ends at (prefix) or starts from (suffix). */
  node: number;
  /** The slot, at `via`, walked between `via` and `node`; −1 at the chain's end. */
  slot: number;
  via: number;
  rest: Chain | null;
}

export function topKShortestPaths(
  index: GraphIndex,
  source: string,
  destination: string,
  query: PathQuery = {},
): TopKPathsResult {
  const maxDepth = clampDepth(query.maxDepth);
  const topK = clampTopK(query.topK);
  const base = { maxDepth, topK, paths: [], length: null, reason: null, explored: 0 };
  const s = index.numbers.get(source);
  const t = index.numbers.get(destination);
  if (s === undefined || t === undefined) {
    const missing = [source, destination].filter((id) => !index.numbers.has(id));
    if (source === destination) return { ...base, outcome: "same", missing };
    return { ...base, outcome: "missing", missing: [...new Set(missing)] };
  }
  if (s === t) return { ...base, outcome: "same", missing: [] };

  const { offsets, neighbour } = index;
  const sc = scratch(index);
  const q = ++sc.query;
  const { stampS, stampT, distS, distT } = sc;
  stampS[s] = q;
  distS[s] = 0;
  stampT[t] = q;
  distT[t] = 0;
  let frontS = [s];
  let frontT = [t];
  // Every layer each side reached, by distance: the path layers are drawn from these.
  const layersS: number[][] = [frontS];
  const layersT: number[][] = [frontT];
  let rs = 0;
  let rt = 0;
  let doneS = false;
  let doneT = false;
  let explored = 2;
  let shortest = Number.POSITIVE_INFINITY;

  const load = (front: number[]) => {
    let sum = 0;
    for (const n of front) sum += (offsets[n + 1] as number) - (offsets[n] as number);
    return sum;
  };

  /** Grows one side by a layer; returns the shortest length through a node met on the way. */
  const grow = (fromS: boolean): number => {
    const front = fromS ? frontS : frontT;
    const stamp = fromS ? stampS : stampT;
    const dist = fromS ? distS : distT;
    const otherStamp = fromS ? stampT : stampS;
    const otherDist = fromS ? distT : distS;
    const r = (fromS ? rs : rt) + 1;
    const next: number[] = [];
    let met = Number.POSITIVE_INFINITY;
    for (const u of front) {
      const end = offsets[u + 1] as number;
      for (let slot = offsets[u] as number; slot < end; slot++) {
        const v = neighbour[slot] as number;
        if (stamp[v] === q) continue;
        stamp[v] = q;
        dist[v] = r;
        next.push(v);
        if (otherStamp[v] === q) met = Math.min(met, r + (otherDist[v] as number));
      }
    }
    explored += next.length;
    (fromS ? layersS : layersT).push(next);
    if (fromS) {
      frontS = next;
      rs = r;
      if (next.length === 0) doneS = true;
    } else {
      frontT = next;
      rt = r;
      if (next.length === 0) doneT = true;
    }
    return met;
  };

  /** Grows the side with less to read; false when neither side can grow. */
  const growSmaller = (): number | null => {
    if (doneS && doneT) return null;
    const pickS = doneT || (!doneS && load(frontS) <= load(frontT));
    return grow(pickS);
  };

  while (rs + rt < maxDepth && !doneS && !doneT) {
    const met = growSmaller();
    if (met === null) break;
    if (met < shortest) {
      shortest = met;
      break;
    }
  }
  if (!Number.isFinite(shortest)) {
    return {
      ...base,
      outcome: "none",
      missing: [],
      reason: doneS || doneT ? "disconnected" : "depth",
      explored,
    };
  }

  const ranked: RankedPath[] = [];
  for (let length = shortest; length <= maxDepth && ranked.length < topK; length++) {
    // Each side's distances must cover the whole length between them (a finished side's cover
    // everything it can reach).
    while (rs + rt < length && !(doneS || doneT)) growSmaller();
    const paths = pathsOfLength(index, sc, q, s, t, {
      length,
      slack: length - shortest,
      rs: doneS ? Number.POSITIVE_INFINITY : rs,
      rt: doneT ? Number.POSITIVE_INFINITY : rt,
      k: topK - ranked.length,
      layersS,
      layersT,
    });
    ranked.push(...paths);
    // Beyond d + 1 a walk may repeat a node; the search stops there (decision 20).
    if (length >= shortest + 1) break;
  }
  return {
    ...base,
    outcome: "found",
    missing: [],
    length: shortest,
    paths: ranked,
    explored,
  };
}

function pathsOfLength(
  index: GraphIndex,
  sc: Scratch,
  q: number,
  s: number,
  t: number,
  o: {
    length: number;
    slack: number;
    rs: number;
    rt: number;
    k: number;
    layersS: number[][];
    layersT: number[][];
  },
): RankedPath[] {
  const { offsets, neighbour, slotEdge } = index;
  const { stampS, stampT, distS, distT, layerStampF, layerStampG, inF, inG, keepF, keepG } = sc;
  const L = o.length;
  const lq = ++sc.layerQuery;

  /** Can node v stand at position i of a walk of length L? */
  const fits = (v: number, i: number): boolean => {
    const knownS = stampS[v] === q;
    if (i <= o.rs) {
      if (!knownS) return false;
      const d = distS[v] as number;
      if (d > i || d < i - o.slack) return false;
    } else if (knownS && (distS[v] as number) < i - o.slack) return false;
    const j = L - i;
    const knownT = stampT[v] === q;
    if (j <= o.rt) {
      if (!knownT) return false;
      const d = distT[v] as number;
      if (d > j || d < j - o.slack) return false;
    } else if (knownT && (distT[v] as number) < j - o.slack) return false;
    return true;
  };

  const m = Math.min(o.rs, L);
  const NONE: number[] = [];
  /**
   * The candidates for one position, straight from the breadth-first layers (a node at
   * position i of a walk of length L has ds = i − σ … i, and dt = L − i − σ … L − i): no
   * adjacency is read. Candidates no walk from s reaches at that position get no prefix in the
   * programme below and drop out there.
   */
  const layerAt = (
    i: number,
    layers: number[][],
    distance: number,
    stamp: Uint32Array,
    inLayer: Uint16Array,
    keep: Uint16Array,
  ): number[] => {
    const out: number[] = [];
    const bit = 1 << i;
    for (let back = 0; back <= o.slack; back++) {
      for (const v of layers[distance - back] ?? NONE) {
        if (!fits(v, i)) continue;
        if (stamp[v] !== lq) {
          stamp[v] = lq;
          inLayer[v] = 0;
          keep[v] = 0;
        }
        inLayer[v] = (inLayer[v] as number) | bit;
        out.push(v);
      }
    }
    return out;
  };
  // Forward positions 0 … m − 1 from the source's layers, backward L … m + 1 from the target's.
  const F: number[][] = [];
  for (let i = 0; i < m; i++) F.push(layerAt(i, o.layersS, i, layerStampF, inF, keepF));
  const G: number[][] = [];
  for (let i = L; i > m; i--) G[i] = layerAt(i, o.layersT, L - i, layerStampG, inG, keepG);
  // The meeting position: fits() checks both distances there, so either side's layers give
  // it; the smaller are read (the other side's frontier may be most of the graph).
  const size = (layers: number[][], distance: number) => {
    let n = 0;
    for (let back = 0; back <= o.slack; back++) n += layers[distance - back]?.length ?? 0;
    return n;
  };
  const fromSource = size(o.layersS, m) <= size(o.layersT, L - m);
  const meet = fromSource
    ? layerAt(m, o.layersS, m, layerStampF, inF, keepF)
    : layerAt(m, o.layersT, L - m, layerStampG, inG, keepG);
  const mBit = 1 << m;
  for (const v of meet) {
    for (const [stamp, inLayer, keep] of [
      [layerStampF, inF, keepF],
      [layerStampG, inG, keepG],
    ] as const) {
      if (stamp[v] !== lq) {
        stamp[v] = lq;
        inLayer[v] = 0;
        keep[v] = 0;
      }
      inLayer[v] = (inLayer[v] as number) | mBit;
      keep[v] = (keep[v] as number) | mBit;
    }
  }
  F[m] = meet;
  G[m] = meet;
  if (meet.length === 0) return [];
  const degreeSum = (list: number[]) => {
    let sum = 0;
    for (const v of list) sum += (offsets[v + 1] as number) - (offsets[v] as number);
    return sum;
  };
  /**
   * Keeps the nodes of `layer` (position `at`) with a neighbour kept at position `toward`,
   * reading whichever adjacency is smaller: the layer's own, or the kept nodes'.
   */
  const prune = (
    layer: number[],
    at: number,
    kept: number[],
    toward: number,
    stamp: Uint32Array,
    inLayer: Uint16Array,
    keep: Uint16Array,
  ): number[] => {
    const bit = 1 << at;
    const towardBit = 1 << toward;
    const out: number[] = [];
    if (degreeSum(kept) < degreeSum(layer)) {
      for (const v of kept) {
        const end = offsets[v + 1] as number;
        for (let slot = offsets[v] as number; slot < end; slot++) {
          if ((slotEdge[slot] as number) & DUPLICATE) continue;
          const u = neighbour[slot] as number;
          if (stamp[u] !== lq || !((inLayer[u] as number) & bit) || (keep[u] as number) & bit)
            continue;
          keep[u] = (keep[u] as number) | bit;
          out.push(u);
        }
      }
      return out;
    }
    for (const u of layer) {
      const end = offsets[u + 1] as number;
      for (let slot = offsets[u] as number; slot < end; slot++) {
        if ((slotEdge[slot] as number) & DUPLICATE) continue;
        const v = neighbour[slot] as number;
        if (stamp[v] === lq && (keep[v] as number) & towardBit) {
          keep[u] = (keep[u] as number) | bit;
          out.push(u);
          break;
        }
      }
    }
    return out;
  };
  const keptF: number[][] = [];
  keptF[m] = meet;
  for (let i = m - 1; i >= 0; i--)
    keptF[i] = prune(F[i] as number[], i, keptF[i + 1] as number[], i + 1, layerStampF, inF, keepF);
  const keptG: number[][] = [];
  keptG[m] = meet;
  for (let i = m + 1; i <= L; i++)
    keptG[i] = prune(G[i] as number[], i, keptG[i - 1] as number[], i - 1, layerStampG, inG, keepG);

  const k = o.k;
  const through = (node: number, position: number) =>
    position === 0 || position === L ? 0 : index.nodeCost(node);

  // K cheapest prefixes per kept node, position by position outwards from s.
  let prefixes = new Map<number, Chain[]>([
    [s, [{ cost: 0, node: s, slot: -1, via: -1, rest: null }]],
  ]);
  for (let i = 1; i <= m; i++) {
    const bit = 1 << i;
    const next = new Map<number, Chain[]>();
    for (const u of keptF[i - 1] as number[]) {
      const mine = prefixes.get(u);
      if (!mine) continue;
      const end = offsets[u + 1] as number;
      for (let slot = offsets[u] as number; slot < end; slot++) {
        if ((slotEdge[slot] as number) & DUPLICATE) continue;
        const v = neighbour[slot] as number;
        if (layerStampF[v] !== lq || !((keepF[v] as number) & bit)) continue;
        const add = index.slotCost(u, slot) + through(v, i);
        let list = next.get(v);
        if (!list) {
          list = [];
          next.set(v, list);
        }
        // `mine` is cheapest first: once one does not make the list, none after it will.
        for (const c of mine) if (!offer(list, k, c.cost + add, v, slot, u, c)) break;
      }
    }
    prefixes = next;
  }
  // K cheapest suffixes per kept node, inwards from t.
  let suffixes = new Map<number, Chain[]>([
    [t, [{ cost: 0, node: t, slot: -1, via: -1, rest: null }]],
  ]);
  for (let i = L - 1; i >= m; i--) {
    const bit = 1 << i;
    const next = new Map<number, Chain[]>();
    for (const w of keptG[i + 1] as number[]) {
      const mine = suffixes.get(w);
      if (!mine) continue;
      const end = offsets[w + 1] as number;
      for (let slot = offsets[w] as number; slot < end; slot++) {
        if ((slotEdge[slot] as number) & DUPLICATE) continue;
        const v = neighbour[slot] as number;
        if (layerStampG[v] !== lq || !((keepG[v] as number) & bit)) continue;
        const add = index.slotCost(w, slot) + through(w, i + 1);
        let list = next.get(v);
        if (!list) {
          list = [];
          next.set(v, list);
        }
        // `mine` is cheapest first: once one does not make the list, none after it will.
        for (const c of mine) if (!offer(list, k, c.cost + add, v, slot, w, c)) break;
      }
    }
    suffixes = next;
  }

  // Join at the meeting layer: the K cheapest prefix + suffix pairs.
  const joined: { cost: number; prefix: Chain; suffix: Chain }[] = [];
  for (const x of meet) {
    const p = prefixes.get(x);
    const sf = suffixes.get(x);
    if (!p || !sf) continue;
    for (let a = 0; a < p.length; a++)
      for (let b = 0; b < sf.length && (a + 1) * (b + 1) <= k; b++) {
        const pa = p[a] as Chain;
        const sb = sf[b] as Chain;
        joined.push({ cost: pa.cost + sb.cost, prefix: pa, suffix: sb });
      }
  }
  return cheapest(joined, k).map(({ cost, prefix, suffix }) => toPath(index, cost, prefix, suffix));
}

/**
 * Puts a chain into a list kept cheapest first and at most k long, after any of equal cost
 * (ties keep their discovery order); false when it does not make the list.
 */
function offer(
  list: Chain[],
  k: number,
  cost: number,
  node: number,
  slot: number,
  via: number,
  rest: Chain,
): boolean {
  if (list.length >= k && (list[k - 1] as Chain).cost <= cost) return false;
  let at = list.length;
  while (at > 0 && (list[at - 1] as Chain).cost > cost) at--;
  list.splice(at, 0, { cost, node, slot, via, rest });
  if (list.length > k) list.pop();
  return true;
}

/** The k lowest-cost items, stable (ties keep their discovery order). */
function cheapest<T extends { cost: number }>(list: T[], k: number): T[] {
  if (list.length <= 1) return list;
  const sorted = list
    .map((item, order) => ({ item, order }))
    .sort((a, b) => a.item.cost - b.item.cost || a.order - b.order);
  return sorted.slice(0, k).map((x) => x.item);
}

function toPath(index: GraphIndex, cost: number, prefix: Chain, suffix: Chain): RankedPath {
  const { ids, slotEdge } = index;
  const steps: WalkedStep[] = [];
  // A prefix chain runs backwards: node ← via ← … ← s.
  for (let c: Chain | null = prefix; c && c.slot >= 0; c = c.rest) {
    const edge = index.edgeOfSlot(c.via, c.slot);
    steps.push({
      from: ids[c.via] as string,
      to: ids[c.node] as string,
      edge,
      forward: ((slotEdge[c.slot] as number) & REVERSED) === 0,
    });
  }
  steps.reverse();
  // A suffix chain runs forwards: node → via → … → t, each slot seen from `via`.
  for (let c: Chain | null = suffix; c && c.slot >= 0; c = c.rest) {
    const edge = index.edgeOfSlot(c.via, c.slot);
    steps.push({
      from: ids[c.node] as string,
      to: ids[c.via] as string,
      edge,
      forward: ((slotEdge[c.slot] as number) & REVERSED) !== 0,
    });
  }
  const first = steps[0]?.from;
  const nodes = first === undefined ? [] : [first, ...steps.map((x) => x.to)];
  return { nodes, steps, cost };
}
