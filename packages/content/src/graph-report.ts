import type { ContentBundle } from "./load-content.ts";

/**
 * What `npm run content:check` says of the relation graph (issue 17, "Data"): how many relations,
 * how many carry a description, a place or a year, how the entries hang together, and the curated
 * networks. The graph test (graph-report.test.ts) holds the corpus to its targets.
 */
export interface GraphReport {
  relations: number;
  withDesc: number;
  withPlace: number;
  withYear: number;
  /** Parent → child relations with a birth order. */
  withOrder: number;
  /** Entries with at least one relation. */
  linkedEntries: number;
  /** The largest connected component, in entries. */
  largestComponent: number;
  /** People in the corpus and people in the largest component. */
  people: number;
  peopleInLargest: number;
  components: number;
  networks: number;
}

export function graphReport(bundle: ContentBundle): GraphReport {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) {
      root = up;
    }
    // Path halving keeps later finds short.
    let at = id;
    while (at !== root) {
      const next = parent.get(at) ?? root;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const union = (a: string, b: string) => {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  let withDesc = 0;
  let withPlace = 0;
  let withYear = 0;
  let withOrder = 0;
  for (const r of bundle.relations) {
    union(r.fromId, r.toId);
    if (r.desc) withDesc += 1;
    if (r.placeId) withPlace += 1;
    if (r.year !== undefined) withYear += 1;
    if (r.order !== undefined) withOrder += 1;
  }
  const sizes = new Map<string, number>();
  for (const id of parent.keys()) {
    const root = find(id);
    sizes.set(root, (sizes.get(root) ?? 0) + 1);
  }
  let largestRoot = "";
  let largest = 0;
  for (const [root, size] of sizes) {
    if (size > largest) {
      largest = size;
      largestRoot = root;
    }
  }
  const people = bundle.entries.filter((e) => e.kind === "person");
  const peopleInLargest = people.filter(
    (p) => parent.has(p.id) && find(p.id) === largestRoot,
  ).length;
  return {
    relations: bundle.relations.length,
    withDesc,
    withPlace,
    withYear,
    withOrder,
    linkedEntries: parent.size,
    largestComponent: largest,
    people: people.length,
    peopleInLargest,
    components: sizes.size,
    networks: bundle.networks.length,
  };
}

export function formatGraphReport(report: GraphReport): string[] {
  const share = (n: number, of: number) =>
    of === 0 ? "0%" : `${Math.round((n / of) * 1000) / 10}%`;
  return [
    `关系图：关系 ${report.relations} 条（有描述 ${report.withDesc}，有地点 ${report.withPlace}，有年份 ${report.withYear}，有排行 ${report.withOrder}）`,
    `  连通：${report.components} 个连通块，最大的含 ${report.largestComponent} 个条目；人物 ${report.people} 人，其中 ${report.peopleInLargest} 人（${share(report.peopleInLargest, report.people)}）在最大连通块中`,
    `  关系网：${report.networks} 个`,
  ];
}
