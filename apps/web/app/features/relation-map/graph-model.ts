import type { EntryRelations } from "@tongjian/contracts/content";
import type { GraphEdge, RelationGraphView } from "@tongjian/contracts/relation-map";
import { RELATION_GROUP_ORDER } from "@tongjian/domain/relation-groups";
import { formatYear } from "@tongjian/domain/year-format";

/**
 * What a relation map draws, whatever it came from (one entry's neighbours, a curated network, a
 * reader's graph): the chart, the list view and the filters all read this one model.
 */
export interface MapNode {
  id: string;
  name: string;
  kind: string;
  timeDesc: string | null;
  imageUrl: string | null;
  /** The entry the map is centred on. */
  center: boolean;
  /** How many edges of the (filtered) map touch it. */
  degree: number;
}

export interface MapEdge {
  id: string;
  from: string;
  to: string;
  type: string;
  label: string;
  group: string;
  direction: "twoway" | "one-way";
  desc: string | null;
  place: string | null;
  year: number | null;
}

export interface MapGroup {
  name: string;
  count: number;
}

export interface MapModel {
  centerId: string | null;
  nodes: MapNode[];
  edges: MapEdge[];
  /** The relation groups present, in the entry page's order, with their edge counts. */
  groups: MapGroup[];
}

/** The group of a reader's own links (the service names it so too). */
export const OWN_GROUP = "自定义";
const GROUP_ORDER: readonly string[] = [...RELATION_GROUP_ORDER, OWN_GROUP];

function groupsOf(edges: readonly MapEdge[]): MapGroup[] {
  const counts = new Map<string, number>();
  for (const e of edges) counts.set(e.group, (counts.get(e.group) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => rank(a.name) - rank(b.name));
}

function rank(group: string): number {
  const at = GROUP_ORDER.indexOf(group);
  return at < 0 ? GROUP_ORDER.length : at;
}

function withDegrees(
  centerId: string | null,
  nodes: readonly Omit<MapNode, "degree" | "center">[],
  edges: MapEdge[],
): MapModel {
  const degree = new Map<string, number>();
  for (const e of edges) {
    degree.set(e.from, (degree.get(e.from) ?? 0) + 1);
    degree.set(e.to, (degree.get(e.to) ?? 0) + 1);
  }
  return {
    centerId,
    nodes: nodes.map((n) => ({ ...n, center: n.id === centerId, degree: degree.get(n.id) ?? 0 })),
    edges,
    groups: groupsOf(edges),
  };
}

/** One entry and its neighbours (GET /api/item/relation): a star around the centre. */
export function modelFromEntry(data: EntryRelations): MapModel {
  const { center } = data;
  const nodes = new Map<string, Omit<MapNode, "degree" | "center">>();
  const pick = (e: EntryRelations["center"]) => ({
    id: e.id,
    name: e.name,
    kind: e.kind,
    timeDesc: e.timeDesc,
    imageUrl: e.imageUrl,
  });
  nodes.set(center.id, pick(center));
  const edges: MapEdge[] = [];
  const seen = new Set<string>();
  for (const r of data.relations) {
    if (r.item.id === center.id) continue;
    // The same relation read from both ends (a two-way row is listed once per end).
    if (seen.has(r.relationId)) continue;
    seen.add(r.relationId);
    if (!nodes.has(r.item.id)) nodes.set(r.item.id, pick(r.item));
    const reverse = r.direction === "reverse";
    edges.push({
      id: r.relationId,
      from: reverse ? r.item.id : center.id,
      to: reverse ? center.id : r.item.id,
      type: r.type,
      label: r.label,
      group: r.group,
      direction: r.direction === "twoway" ? "twoway" : "one-way",
      desc: r.desc ?? r.note,
      place: r.place?.name ?? null,
      year: r.year,
    });
  }
  return withDegrees(center.id, [...nodes.values()], edges);
}

function edgeFromView(e: GraphEdge): MapEdge {
  return {
    id: e.id,
    from: e.from,
    to: e.to,
    type: e.type,
    label: e.label,
    group: e.group,
    direction: e.direction,
    desc: e.desc,
    place: e.place?.name ?? null,
    year: e.year,
  };
}

/** A curated network or a reader's graph (GET /api/customRelationGraph). */
export function modelFromGraph(view: Pick<RelationGraphView, "centerId" | "nodes" | "edges">) {
  const ids = new Set(view.nodes.map((n) => n.id));
  const edges = view.edges.filter((e) => ids.has(e.from) && ids.has(e.to)).map(edgeFromView);
  return withDegrees(
    view.centerId && ids.has(view.centerId) ? view.centerId : (view.nodes[0]?.id ?? null),
    view.nodes.map(({ id, name, kind, timeDesc, imageUrl }) => ({
      id,
      name,
      kind,
      timeDesc,
      imageUrl,
    })),
    edges,
  );
}

/**
 * The map with some relation groups hidden: their edges go, and so do the nodes left with no
 * edge (the centre always stays). The groups list stays whole so a filter can be turned back on.
 */
export function filterModel(model: MapModel, hidden: ReadonlySet<string>): MapModel {
  if (hidden.size === 0) return model;
  const edges = model.edges.filter((e) => !hidden.has(e.group));
  const linked = new Set<string>();
  for (const e of edges) {
    linked.add(e.from);
    linked.add(e.to);
  }
  const kept = model.nodes.filter((n) => n.center || linked.has(n.id));
  return { ...withDegrees(model.centerId, kept, edges), groups: model.groups };
}

/** The nodes by name, for the list and the chart's labels. */
export function nodeIndex(model: MapModel): Map<string, MapNode> {
  return new Map(model.nodes.map((n) => [n.id, n]));
}

/**
 * The list view (and the screen reader's account of the chart): each group's relations as
 * "A —label→ B" lines, in the groups' order.
 */
export function listByGroup(model: MapModel): { name: string; edges: MapEdge[] }[] {
  return model.groups
    .map((g) => ({ name: g.name, edges: model.edges.filter((e) => e.group === g.name) }))
    .filter((g) => g.edges.length > 0);
}

/** The other end of an edge seen from one node, or null when the edge does not touch it. */
export function otherEnd(edge: MapEdge, id: string): string | null {
  if (edge.from === id) return edge.to;
  if (edge.to === id) return edge.from;
  return null;
}

/** When a relation happened, as the sheet shows it (前N年 for BCE). */
export function edgeTime(edge: Pick<MapEdge, "year">): string | undefined {
  return edge.year === null ? undefined : formatYear(edge.year);
}

/**
 * The centres a reader has visited on one map, newest last: a step to the one before the
 * newest (the browser's back, or 返回) pops, any other centre is pushed; capped so a long walk
 * stays small.
 */
export function nextTrail(trail: readonly string[], id: string, max = 50): string[] {
  if (trail[trail.length - 1] === id) return [...trail];
  if (trail[trail.length - 2] === id) return trail.slice(0, -1);
  return [...trail, id].slice(-max);
}

/** The initial drawn in a node without a picture: the name's first character. */
export function initialsOf(name: string): string {
  const first = [...name.replace(/[《》〈〉()（）\s]/g, "")][0];
  if (!first) return "?";
  return first.toUpperCase();
}
