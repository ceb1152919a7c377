/**
 * An in-memory adjacency index of the relation table (architecture.md "Data": graph queries
 * run on an index built from the relation table; SQL stays the source of truth). Built once per
 * content version by {@link createRelationGraphSource}; pure and synchronous once built, so
 * callers (问史, the A-to-B path) can walk it as often as they like.
 *
 * Layout (decision 20): entry ids are interned to dense ints; the adjacency is CSR — `offsets`
 * (one Int32 per node) into `neighbour` and `slotEdge` (one Int32 each per edge end); each
 * edge's attributes sit in typed arrays (type and label as indexes into interned string tables,
 * year as Int16). Row notes, descriptions and places, rare and only read for the edges a path
 * returns, are kept in a side map by edge index. A million nodes and five million edges fit in
 * about 200 MB, and a query allocates nothing proportional to the graph.
 */

import { DUPLICATE, NO_YEAR, REVERSED, TWOWAY } from "./graph-flags.ts";
import { type PathQuery, type TopKPathsResult, topKShortestPaths } from "./top-k-paths.ts";

/** One relation row, as stored: `label` says what `to` is to `from`. */
export interface RelationEdge {
  fromId: string;
  toId: string;
  type: string;
  label: string;
  twoway: boolean;
  note: string | null;
  year: number | null;
  /** Where it happened (a place entry), when recorded. */
  placeId?: string | null;
  /** One sentence on the relation, when written. */
  description?: string | null;
  /** The entry kinds at either end (person, event …), which rank equally short paths. */
  fromKind?: string | null;
  toKind?: string | null;
}

/** An edge seen from one of its ends. */
export interface GraphLink {
  edge: RelationEdge;
  /** The entry at the other end. */
  other: string;
}

/** One step of a path, in the direction walked (which may be against the stored row). */
export interface PathStep {
  from: string;
  to: string;
  edge: RelationEdge;
}

export interface PathOptions {
  /** Longest path looked for, in steps (edges). */
  maxSteps?: number;
  /** Only edges this accepts are walked (all by default). */
  follow?: (edge: RelationEdge) => boolean;
  /**
   * Among the shortest paths, the one with the lowest total of this wins: e.g. 1 for an edge
   * through an event, 0 between two people, to prefer "A —对手— B —丞相→ C" over "A —参与→
   * 赤壁之战 ←参与— C". Ties left after it go to the order the edges were given in.
   */
  tieCost?: (edge: RelationEdge) => number;
}

export const DEFAULT_MAX_STEPS = 4;

export interface RelationGraph {
  readonly nodeCount: number;
  readonly edgeCount: number;
  has(id: string): boolean;
  /** Every edge at an entry, in the order the edges were given. */
  neighbours(id: string): readonly GraphLink[];
  /** The edges joining two entries directly, either way round. */
  between(a: string, b: string): RelationEdge[];
  /**
   * A shortest path from one entry to another (breadth-first from both ends), or null when none
   * is within `maxSteps`. The path from an entry to itself is empty.
   */
  shortestPath(from: string, to: string, options?: PathOptions): PathStep[] | null;
  /** Up to `topK` shortest paths, ranked (decision 20); see {@link topKShortestPaths}. */
  topKShortestPaths(source: string, destination: string, query?: PathQuery): TopKPathsResult;
  /** The compact index itself, for the path search and the benchmarks. */
  readonly index: GraphIndex;
}

/** The compact index (decision 20). Node and edge numbers are dense ints. */
export interface GraphIndex {
  readonly nodeCount: number;
  readonly edgeCount: number;
  /** Node number → entry id, and back. */
  readonly ids: readonly string[];
  readonly numbers: ReadonlyMap<string, number>;
  /** CSR: the ends at node n are slots offsets[n] … offsets[n + 1] − 1. */
  readonly offsets: Int32Array;
  /** The node at the other end of each slot. */
  readonly neighbour: Int32Array;
  /**
   * Per slot: edge number << 2 | DUPLICATE (another slot of this node reaches the same
   * neighbour more cheaply or earlier) | REVERSED (the node is the edge's stored `to`).
   */
  readonly slotEdge: Int32Array;
  /** Per edge: index into `types`, `labels`; the year (NO_YEAR when unknown); TWOWAY flag. */
  readonly edgeType: Uint16Array;
  readonly edgeLabel: Uint16Array | Uint32Array;
  readonly edgeYear: Int16Array;
  readonly edgeFlags: Uint8Array;
  /** Per node: index into `kinds` (0: not known). */
  readonly nodeKind: Uint8Array;
  readonly types: readonly string[];
  readonly labels: readonly string[];
  readonly kinds: readonly string[];
  /** Notes, descriptions and places by edge number (only edges that have one). */
  readonly extras: ReadonlyMap<number, EdgeExtras>;
  /** The rank cost of walking a node's slot (decision 20): 0 between two people, else 32. */
  slotCost(node: number, slot: number): number;
  /** The rank cost of passing through a node: 0 … 4, less for better-connected nodes. */
  nodeCost(node: number): number;
  /** The edge of a slot as a relation row. */
  edgeOfSlot(node: number, slot: number): RelationEdge;
}

export interface EdgeExtras {
  note: string | null;
  placeId: string | null;
  description: string | null;
}

const PERSON_KIND = "person";
const NON_PERSON_STEP_COST = 32;

/** A growable typed array (the builder does not know the edge count in advance). */
class Column<T extends Int32Array | Uint16Array | Uint32Array | Int16Array | Uint8Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = this.make(Math.max(16, this.data.length * 2));
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/** Interns strings to small ints in first-seen order. */
class Interner {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();
  constructor(first?: string) {
    if (first !== undefined) this.intern(first);
  }
  intern(value: string): number {
    let n = this.index.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(value);
      this.index.set(value, n);
    }
    return n;
  }
  get map(): ReadonlyMap<string, number> {
    return this.index;
  }
}

/**
 * Builds the index edge by edge without keeping the rows: the benchmark's five million edges
 * never exist as objects. Rows from an entry to itself join nothing and are dropped.
 */
export class RelationGraphBuilder {
  private readonly nodes = new Interner();
  private readonly types = new Interner();
  private readonly labels = new Interner();
  private readonly kinds = new Interner("");
  private readonly from = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly to = new Column(new Int32Array(1024), (n) => new Int32Array(n));
  private readonly type = new Column(new Uint16Array(1024), (n) => new Uint16Array(n));
  private readonly label = new Column(new Uint32Array(1024), (n) => new Uint32Array(n));
  private readonly year = new Column(new Int16Array(1024), (n) => new Int16Array(n));
  private readonly flags = new Column(new Uint8Array(1024), (n) => new Uint8Array(n));
  private readonly nodeKind = new Column(new Uint8Array(1024), (n) => new Uint8Array(n));
  private readonly extras = new Map<number, EdgeExtras>();

  private node(id: string, kind: string | null | undefined): number {
    const n = this.nodes.intern(id);
    while (this.nodeKind.length <= n) this.nodeKind.push(0);
    if (kind && this.nodeKind.data[n] === 0) {
      // 255 kinds at most; the corpus has seven.
      const k = this.kinds.intern(kind);
      if (k < 256) this.nodeKind.data[n] = k;
    }
    return n;
  }

  add(edge: RelationEdge): this {
    if (edge.fromId === edge.toId) return this;
    const e = this.from.length;
    this.from.push(this.node(edge.fromId, edge.fromKind));
    this.to.push(this.node(edge.toId, edge.toKind));
    const type = this.types.intern(edge.type);
    if (type > 0xffff) throw new Error("too many relation types for the graph index");
    this.type.push(type);
    this.label.push(this.labels.intern(edge.label));
    const year = edge.year;
    this.year.push(year !== null && year > NO_YEAR && year <= 32767 ? year : NO_YEAR);
    this.flags.push(edge.twoway ? TWOWAY : 0);
    if (edge.note || edge.placeId || edge.description)
      this.extras.set(e, {
        note: edge.note ?? null,
        placeId: edge.placeId ?? null,
        description: edge.description ?? null,
      });
    return this;
  }

  build(): RelationGraph {
    return graphOver(this.index());
  }

  index(): GraphIndex {
    const nodeCount = this.nodes.values.length;
    const edgeCount = this.from.length;
    const from = this.from.data;
    const to = this.to.data;
    const offsets = new Int32Array(nodeCount + 1);
    for (let e = 0; e < edgeCount; e++) {
      const a = (from[e] as number) + 1;
      const b = (to[e] as number) + 1;
      offsets[a] = (offsets[a] as number) + 1;
      offsets[b] = (offsets[b] as number) + 1;
    }
    for (let n = 0; n < nodeCount; n++)
      offsets[n + 1] = (offsets[n + 1] as number) + (offsets[n] as number);
    const neighbour = new Int32Array(edgeCount * 2);
    const slotEdge = new Int32Array(edgeCount * 2);
    const fill = offsets.slice(0, nodeCount);
    // Edges in the order given, so that each node's slots keep that order.
    for (let e = 0; e < edgeCount; e++) {
      const a = from[e] as number;
      const b = to[e] as number;
      const sa = fill[a] as number;
      fill[a] = sa + 1;
      neighbour[sa] = b;
      slotEdge[sa] = e << 2;
      const sb = fill[b] as number;
      fill[b] = sb + 1;
      neighbour[sb] = a;
      slotEdge[sb] = (e << 2) | REVERSED;
    }
    const labelCount = this.labels.values.length;
    const edgeLabel =
      labelCount <= 0x10000
        ? Uint16Array.from(this.label.data.subarray(0, edgeCount))
        : this.label.data.slice(0, edgeCount);
    const nodeKind = this.nodeKind.data.slice(0, nodeCount);
    const kinds = this.kinds.values;
    const person = kinds.indexOf(PERSON_KIND);
    const index: GraphIndex = {
      nodeCount,
      edgeCount,
      ids: this.nodes.values,
      numbers: this.nodes.map,
      offsets,
      neighbour,
      slotEdge,
      edgeType: this.type.data.slice(0, edgeCount),
      edgeLabel,
      edgeYear: this.year.data.slice(0, edgeCount),
      edgeFlags: this.flags.data.slice(0, edgeCount),
      nodeKind,
      types: this.types.values,
      labels: this.labels.values,
      kinds,
      extras: this.extras,
      slotCost(node, slot) {
        // Without kinds (none given at all) every step costs the same.
        if (person < 0) return 0;
        return nodeKind[node] === person && nodeKind[neighbour[slot] as number] === person
          ? 0
          : NON_PERSON_STEP_COST;
      },
      nodeCost(node) {
        const degree = (offsets[node + 1] as number) - (offsets[node] as number);
        return Math.max(0, 4 - Math.floor(Math.log2(degree)));
      },
      edgeOfSlot(node, slot) {
        const packed = slotEdge[slot] as number;
        const e = packed >> 2;
        const other = neighbour[slot] as number;
        const reversed = (packed & REVERSED) !== 0;
        const fromNode = reversed ? other : node;
        const toNode = reversed ? node : other;
        const year = index.edgeYear[e] as number;
        const extra = index.extras.get(e);
        const fromKind = kinds[nodeKind[fromNode] as number] || null;
        const toKind = kinds[nodeKind[toNode] as number] || null;
        return {
          fromId: index.ids[fromNode] as string,
          toId: index.ids[toNode] as string,
          type: index.types[index.edgeType[e] as number] as string,
          label: index.labels[index.edgeLabel[e] as number] as string,
          twoway: ((index.edgeFlags[e] as number) & TWOWAY) !== 0,
          note: extra?.note ?? null,
          year: year === NO_YEAR ? null : year,
          placeId: extra?.placeId ?? null,
          description: extra?.description ?? null,
          ...(fromKind ? { fromKind } : {}),
          ...(toKind ? { toKind } : {}),
        };
      },
    };
    markDuplicates(index);
    return index;
  }
}

/**
 * Where a node has several edges to one neighbour (父亲 and 君臣, say), the path search walks
 * only one of them: the cheapest, then the first given. The others are flagged DUPLICATE.
 */
function markDuplicates(index: GraphIndex) {
  const { nodeCount, offsets, neighbour, slotEdge } = index;
  const seenAt = new Int32Array(nodeCount).fill(-1);
  const bestSlot = new Int32Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) {
    const end = offsets[n + 1] as number;
    for (let s = offsets[n] as number; s < end; s++) {
      const v = neighbour[s] as number;
      if (seenAt[v] !== n) {
        seenAt[v] = n;
        bestSlot[v] = s;
        continue;
      }
      const best = bestSlot[v] as number;
      if (index.slotCost(n, s) < index.slotCost(n, best)) {
        slotEdge[best] = (slotEdge[best] as number) | DUPLICATE;
        bestSlot[v] = s;
      } else {
        slotEdge[s] = (slotEdge[s] as number) | DUPLICATE;
      }
    }
  }
}

interface Reached {
  depth: number;
  cost: number;
  /** The entry one step nearer the start, and the edge between; null at the start. */
  parent: string | null;
  edge: RelationEdge | null;
}

const NO_LINKS: readonly GraphLink[] = Object.freeze([]);

export function buildRelationGraph(edges: Iterable<RelationEdge>): RelationGraph {
  const builder = new RelationGraphBuilder();
  for (const edge of edges) builder.add(edge);
  return builder.build();
}

/** The graph's operations over a built index. */
export function graphOver(index: GraphIndex): RelationGraph {
  const { numbers, offsets, ids } = index;

  const neighbours = (id: string): readonly GraphLink[] => {
    const n = numbers.get(id);
    if (n === undefined) return NO_LINKS;
    const links: GraphLink[] = [];
    const end = offsets[n + 1] as number;
    for (let s = offsets[n] as number; s < end; s++)
      links.push({
        edge: index.edgeOfSlot(n, s),
        other: ids[index.neighbour[s] as number] as string,
      });
    return links;
  };

  /** Walks one whole layer out from a side's frontier; returns the entries first reached. */
  function expand(
    frontier: string[],
    reached: Map<string, Reached>,
    follow: (edge: RelationEdge) => boolean,
    tieCost: (edge: RelationEdge) => number,
  ): string[] {
    const next = new Map<string, Reached>();
    for (const id of frontier) {
      const here = reached.get(id);
      if (!here) continue;
      for (const { edge, other } of neighbours(id)) {
        if (reached.has(other) || !follow(edge)) continue;
        const cost = here.cost + tieCost(edge);
        const seen = next.get(other);
        if (!seen || cost < seen.cost) {
          next.set(other, { depth: here.depth + 1, cost, parent: id, edge });
        }
      }
    }
    for (const [id, value] of next) reached.set(id, value);
    return [...next.keys()];
  }

  /** The steps from a side's start to `id`, walked outwards from the start. */
  function stepsTo(id: string, reached: Map<string, Reached>): PathStep[] {
    const steps: PathStep[] = [];
    let at = reached.get(id);
    let current = id;
    while (at?.parent != null && at.edge) {
      steps.push({ from: at.parent, to: current, edge: at.edge });
      current = at.parent;
      at = reached.get(current);
    }
    return steps.reverse();
  }

  const degree = (id: string) => {
    const n = numbers.get(id);
    return n === undefined ? 0 : (offsets[n + 1] as number) - (offsets[n] as number);
  };

  return {
    index,
    nodeCount: index.nodeCount,
    edgeCount: index.edgeCount,
    has: (id) => numbers.has(id),
    neighbours,
    between(a, b) {
      return neighbours(a)
        .filter((l) => l.other === b)
        .map((l) => l.edge);
    },
    // 问史's single chain with caller-chosen filters and costs: the general walk over edge
    // objects (the corpus graph is small); the A-to-B path uses the typed-array search below.
    shortestPath(from, to, options = {}) {
      if (from === to) return [];
      if (!numbers.has(from) || !numbers.has(to)) return null;
      const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
      const follow = options.follow ?? (() => true);
      const tieCost = options.tieCost ?? (() => 0);
      const start = (): Reached => ({ depth: 0, cost: 0, parent: null, edge: null });
      const fromSide = new Map<string, Reached>([[from, start()]]);
      const toSide = new Map<string, Reached>([[to, start()]]);
      let fromFrontier = [from];
      let toFrontier = [to];
      let depth = 0;

      while (depth < maxSteps && fromFrontier.length > 0 && toFrontier.length > 0) {
        // Grow the side with less to walk: the two searches meet having read far fewer edges
        // than one search from either end.
        const load = (list: string[]) => list.reduce((n, id) => n + degree(id), 0);
        const growFrom = load(fromFrontier) <= load(toFrontier);
        let added: string[];
        if (growFrom) {
          added = expand(fromFrontier, fromSide, follow, tieCost);
          fromFrontier = added;
        } else {
          added = expand(toFrontier, toSide, follow, tieCost);
          toFrontier = added;
        }
        depth += 1;
        const other = growFrom ? toSide : fromSide;
        const meetings = added.filter((id) => other.has(id));
        if (meetings.length === 0) continue;
        // Every meeting point found in this layer lies on a shortest path; take the cheapest.
        let best: string | undefined;
        let bestCost = Number.POSITIVE_INFINITY;
        for (const id of meetings) {
          const cost = (fromSide.get(id)?.cost ?? 0) + (toSide.get(id)?.cost ?? 0);
          if (cost < bestCost) {
            best = id;
            bestCost = cost;
          }
        }
        if (best === undefined) return null;
        const there = stepsTo(best, toSide)
          .reverse()
          .map((s) => ({ from: s.to, to: s.from, edge: s.edge }));
        return [...stepsTo(best, fromSide), ...there];
      }
      return null;
    },
    topKShortestPaths: (source, destination, query) =>
      topKShortestPaths(index, source, destination, query),
  };
}
