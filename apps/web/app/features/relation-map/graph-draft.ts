import type {
  GraphEdge,
  GraphNode,
  RelationGraphView,
  SaveGraphBody,
} from "@tongjian/contracts/relation-map";
import { CUSTOM_GRAPH_LIMITS } from "@tongjian/domain/custom-graph-limits";
import { type MapModel, modelFromGraph, OWN_GROUP } from "./graph-model.ts";

/**
 * A reader's graph while they compose it (/relationedit/edit/*). It lives on the device
 * (localStorage) until it is saved, so signing in on the way, a reload or a closed tab loses
 * nothing.
 */
export interface GraphDraft {
  /** The reader's saved graph being edited; absent for a new one. */
  id?: string;
  title: string;
  description: string;
  nodes: GraphNode[];
  /** Relations of the corpus among the nodes that the reader left out. */
  skipped: string[];
  own: { from: string; to: string; label: string; twoway: boolean }[];
}

export const EMPTY_DRAFT: GraphDraft = {
  title: "",
  description: "",
  nodes: [],
  skipped: [],
  own: [],
};

const PREFIX = "tj-graph-draft:";

export const draftKey = (slot: string) => `${PREFIX}${slot || "new"}`;

export function readDraft(storage: Pick<Storage, "getItem">, slot: string): GraphDraft | null {
  try {
    const raw = storage.getItem(draftKey(slot));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<GraphDraft>;
    if (!Array.isArray(d.nodes) || typeof d.title !== "string") return null;
    return {
      ...(typeof d.id === "string" ? { id: d.id } : {}),
      title: d.title,
      description: typeof d.description === "string" ? d.description : "",
      nodes: d.nodes,
      skipped: Array.isArray(d.skipped) ? d.skipped : [],
      own: Array.isArray(d.own) ? d.own : [],
    };
  } catch {
    return null;
  }
}

export function writeDraft(storage: Pick<Storage, "setItem">, slot: string, draft: GraphDraft) {
  try {
    storage.setItem(draftKey(slot), JSON.stringify(draft));
  } catch {
    // A full or blocked storage: the draft lives on in the page only.
  }
}

export function dropDraft(storage: Pick<Storage, "removeItem">, slot: string) {
  try {
    storage.removeItem(draftKey(slot));
  } catch {}
}

export const isEmptyDraft = (d: GraphDraft) =>
  d.title.trim() === "" && d.nodes.length === 0 && d.own.length === 0;

/** A saved graph as a draft: the owner edits it; anyone else starts a copy of their own. */
export function draftFromGraph(g: RelationGraphView): GraphDraft {
  const present = new Set(g.nodes.map((n) => n.id));
  return {
    ...(g.mine ? { id: g.id } : {}),
    title: g.mine ? g.name : `${g.name}（副本）`.slice(0, CUSTOM_GRAPH_LIMITS.titleMax),
    description: g.summary,
    nodes: g.nodes,
    skipped: [],
    own: g.edges
      .filter((e) => e.group === OWN_GROUP && present.has(e.from) && present.has(e.to))
      .map((e) => ({ from: e.from, to: e.to, label: e.label, twoway: e.direction === "twoway" })),
  };
}

/** What is wrong with the draft before it is sent, in the server's words; null when nothing. */
export function draftProblem(d: GraphDraft): string | null {
  const title = d.title.trim();
  if (title.length < 2) return "请给关系图起个名字（至少 2 个字）";
  if ([...title].length > CUSTOM_GRAPH_LIMITS.titleMax)
    return `名称至多 ${CUSTOM_GRAPH_LIMITS.titleMax} 个字`;
  if (d.nodes.length < 2) return "至少加入 2 个词条";
  if (d.nodes.length > CUSTOM_GRAPH_LIMITS.nodesMax)
    return `至多 ${CUSTOM_GRAPH_LIMITS.nodesMax} 个词条`;
  return null;
}

/** The corpus relations the reader kept, plus their own links. */
export function draftEdges(d: GraphDraft, corpus: readonly GraphEdge[]): GraphEdge[] {
  const ids = new Set(d.nodes.map((n) => n.id));
  const kept = corpus.filter((e) => !d.skipped.includes(e.id) && ids.has(e.from) && ids.has(e.to));
  const own = d.own
    .filter((o) => ids.has(o.from) && ids.has(o.to))
    .map(
      (o, i): GraphEdge => ({
        id: `own-${i}`,
        from: o.from,
        to: o.to,
        type: OWN_GROUP,
        label: o.label,
        group: OWN_GROUP,
        direction: o.twoway ? "twoway" : "one-way",
        desc: null,
        place: null,
        year: null,
      }),
    );
  return [...kept, ...own];
}

export function draftModel(d: GraphDraft, corpus: readonly GraphEdge[]): MapModel {
  return modelFromGraph({
    centerId: d.nodes[0]?.id ?? null,
    nodes: d.nodes,
    edges: draftEdges(d, corpus),
  });
}

/** The body of POST /api/customRelationGraph/v1/y/save. */
export function draftBody(d: GraphDraft, corpus: readonly GraphEdge[]): SaveGraphBody {
  const ids = new Set(d.nodes.map((n) => n.id));
  return {
    ...(d.id ? { id: d.id } : {}),
    title: d.title.trim(),
    description: d.description.trim(),
    nodes: d.nodes.map((n) => n.id),
    edges: [
      ...corpus
        .filter((e) => !d.skipped.includes(e.id) && ids.has(e.from) && ids.has(e.to))
        .map((e) => ({
          from: e.from,
          to: e.to,
          label: e.label.slice(0, CUSTOM_GRAPH_LIMITS.labelMax),
          relationId: e.id,
          twoway: e.direction === "twoway",
        })),
      ...d.own
        .filter((o) => ids.has(o.from) && ids.has(o.to))
        .map((o) => ({ from: o.from, to: o.to, label: o.label, twoway: o.twoway })),
    ],
  };
}
