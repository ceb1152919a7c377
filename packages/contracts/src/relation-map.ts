import { CUSTOM_GRAPH_LIMITS } from "@tongjian/domain/custom-graph-limits";
import { z } from "zod";
import { id, lang, langIdParams } from "./common.ts";
import { entryCard } from "./content.ts";

// Relation maps (issue 17): a curated network or a reader's own graph, GET
// /api/customRelationGraph/{lang}/{id} (spec §7); the gallery of networks and popular people,
// GET /api/customRelationGraph/v1/n/gallery/{lang}; the corpus's relations among chosen entries,
// POST /api/customRelationGraph/v1/n/among; a reader's graphs, POST /api/customRelationGraph/v1/y/…

export { CUSTOM_GRAPH_LIMITS };

export const graphParams = langIdParams;

export const graphNode = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  timeDesc: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type GraphNode = z.infer<typeof graphNode>;

export const graphEdge = z.object({
  /** The relation's id, or `own-<n>` for a reader's own link. */
  id: z.string(),
  from: z.string(),
  to: z.string(),
  type: z.string(),
  label: z.string(),
  /** 亲属, 君臣, 师友 … (packages/domain/src/relation-groups.ts); 自定义 for a reader's link. */
  group: z.string(),
  direction: z.enum(["twoway", "one-way"]),
  desc: z.string().nullable(),
  place: z.object({ id: z.string(), name: z.string() }).nullable(),
  year: z.number().int().nullable(),
});
export type GraphEdge = z.infer<typeof graphEdge>;

/** A drawn graph: a curated network or a reader's own. */
export const relationGraphView = z.object({
  id: z.string(),
  kind: z.enum(["network", "custom"]),
  name: z.string(),
  summary: z.string(),
  centerId: z.string().nullable(),
  nodes: z.array(graphNode),
  edges: z.array(graphEdge),
  /** Entries the graph named that no longer exist (a reader's graph kept their names). */
  missing: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The reader who asks owns it (they may edit it). */
  mine: z.boolean(),
  updatedAt: z.string(),
});
export type RelationGraphView = z.infer<typeof relationGraphView>;

export const networkCard = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  summary: z.string(),
  memberCount: z.number().int(),
  /** The first few members, for the card's avatars. */
  members: z.array(graphNode),
});
export type NetworkCard = z.infer<typeof networkCard>;

export const galleryPerson = entryCard.extend({ relationCount: z.number().int() });
export type GalleryPerson = z.infer<typeof galleryPerson>;

export const relationGallery = z.object({
  networks: z.array(networkCard),
  people: z.array(galleryPerson),
});
export type RelationGallery = z.infer<typeof relationGallery>;
export const galleryParams = z.object({ lang });

// --- The corpus's relations among chosen entries (the editor) ---

export const amongBody = z.object({
  ids: z
    .array(id, { error: "ids 应为词条编号的数组" })
    .min(1, "至少选择 1 个词条")
    .max(CUSTOM_GRAPH_LIMITS.nodesMax, `至多 ${CUSTOM_GRAPH_LIMITS.nodesMax} 个词条`),
  language: z.string().max(8).optional(),
});
export const amongReply = z.object({ nodes: z.array(graphNode), edges: z.array(graphEdge) });
export type AmongReply = z.infer<typeof amongReply>;

// --- A reader's graph ---

const label = z
  .string({ error: "关系名称应为文字" })
  .trim()
  .min(1, "关系名称不能为空")
  .max(CUSTOM_GRAPH_LIMITS.labelMax, `关系名称至多 ${CUSTOM_GRAPH_LIMITS.labelMax} 个字`);

export const customGraphEdgeInput = z.object({
  from: id,
  to: id,
  label,
  /** A relation of the corpus this link stands for (its description, place and year show). */
  relationId: id.nullable().optional(),
  twoway: z.boolean().optional(),
});
export type CustomGraphEdgeInput = z.infer<typeof customGraphEdgeInput>;

export const saveGraphBody = z.object({
  /** Present: update this graph of the reader's; absent: a new graph. */
  id: id.optional(),
  title: z
    .string({ error: "请给关系图起个名字" })
    .trim()
    .min(2, "名称至少 2 个字")
    .max(CUSTOM_GRAPH_LIMITS.titleMax, `名称至多 ${CUSTOM_GRAPH_LIMITS.titleMax} 个字`),
  description: z
    .string()
    .trim()
    .max(CUSTOM_GRAPH_LIMITS.descriptionMax, `简介至多 ${CUSTOM_GRAPH_LIMITS.descriptionMax} 个字`)
    .default(""),
  nodes: z
    .array(id, { error: "nodes 应为词条编号的数组" })
    .min(2, "至少加入 2 个词条")
    .max(CUSTOM_GRAPH_LIMITS.nodesMax, `至多 ${CUSTOM_GRAPH_LIMITS.nodesMax} 个词条`)
    .refine((list) => new Set(list).size === list.length, "词条重复"),
  edges: z
    .array(customGraphEdgeInput, { error: "edges 应为关系的数组" })
    .max(CUSTOM_GRAPH_LIMITS.edgesMax, `至多 ${CUSTOM_GRAPH_LIMITS.edgesMax} 条关系`),
  language: z.string().max(8).optional(),
});
export type SaveGraphBody = z.input<typeof saveGraphBody>;

export const savedGraph = z.object({ id: z.string(), title: z.string(), href: z.string() });
export type SavedGraph = z.infer<typeof savedGraph>;

export const deleteGraphBody = z.object({ id, language: z.string().max(8).optional() });
export const graphDeleted = z.object({ removed: z.boolean() });
