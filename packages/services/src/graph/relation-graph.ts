/**
 * An in-memory adjacency index of the relation table (architecture.md "Data": graph queries
 * run on an index built from the relation table; SQL stays the source of truth). Built once per
 * content version by {@link createRelationGraphSource}; pure and synchronous once built, so
 * callers (问史, the A-to-B path) can walk it as often as they like.
 */

/** One relation row, as stored: `label` says what `to` is to `from`. */
export interface RelationEdge {
  fromId: string;
  toId: string;
  type: string;
  label: string;
  twoway: boolean;
  note: string | null;
  year: number | null;
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
  const adjacency = new Map<string, GraphLink[]>();
  let edgeCount = 0;
  const link = (at: string, value: GraphLink) => {
    const list = adjacency.get(at);
    if (list) list.push(value);
    else adjacency.set(at, [value]);
  };
  for (const edge of edges) {
    // A row from an entry to itself joins nothing.
    if (edge.fromId === edge.toId) continue;
    link(edge.fromId, { edge, other: edge.toId });
    link(edge.toId, { edge, other: edge.fromId });
    edgeCount += 1;
  }

  const neighbours = (id: string) => adjacency.get(id) ?? NO_LINKS;

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

  return {
    get nodeCount() {
      return adjacency.size;
    },
    edgeCount,
    has: (id) => adjacency.has(id),
    neighbours,
    between(a, b) {
      return neighbours(a)
        .filter((l) => l.other === b)
        .map((l) => l.edge);
    },
    shortestPath(from, to, options = {}) {
      if (from === to) return [];
      if (!adjacency.has(from) || !adjacency.has(to)) return null;
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
        const load = (ids: string[]) => ids.reduce((n, id) => n + neighbours(id).length, 0);
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
  };
}
