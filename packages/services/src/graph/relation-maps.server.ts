import { randomBytes } from "node:crypto";
import {
  type AmongReply,
  type GraphEdge,
  type GraphNode,
  type RelationGallery,
  type RelationGraphView,
  type SavedGraph,
  type SaveGraphBody,
  saveGraphBody,
} from "@tongjian/contracts/relation-map";
import { relationGroup } from "@tongjian/domain/relation-groups";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { ForbiddenError, requireSignedIn } from "../accounts/require-login.ts";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { parseJson } from "../content/content-views.ts";
import type { SavedItemService } from "../my/saved-items.server.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import type {
  MapEntryRow,
  MapRelationRow,
  RelationMapRepository,
} from "./relation-map-repository.ts";

/** The group of a reader's own links on the map's filters. */
export const OWN_LINK_GROUP = "自定义";
const GRAPH_NOT_FOUND = "关系图不存在或已被删除";
const GALLERY_PEOPLE = 12;
const GALLERY_POOL = 60;
const CARD_MEMBERS = 5;
const NETWORK_TTL_MS = 60_000;

/** What a reader's graph keeps: names too, so a graph whose entries went still says who. */
interface StoredGraph {
  nodes: { id: string; name: string; kind: string }[];
  edges: {
    from: string;
    to: string;
    label: string;
    relationId: string | null;
    twoway: boolean;
  }[];
}

const nodeOf = (e: MapEntryRow): GraphNode => ({
  id: e.id,
  kind: e.kind,
  name: e.name,
  timeDesc: e.time_desc,
  imageUrl: e.image_url,
});

function edgeOf(r: MapRelationRow, kinds: Map<string, string>): GraphEdge {
  return {
    id: r.id,
    from: r.from_id,
    to: r.to_id,
    type: r.type,
    label: r.label,
    group: relationGroup(r.type, kinds.get(r.to_id) ?? ""),
    direction: r.twoway === 1 ? "twoway" : "one-way",
    desc: r.description,
    place: r.place_id && r.place_name ? { id: r.place_id, name: r.place_name } : null,
    year: r.year,
  };
}

/** Entries in the order asked, those that exist. */
function inOrder(ids: readonly string[], rows: MapEntryRow[]): MapEntryRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * Relation maps beyond one entry's neighbours: curated networks (content), the gallery that
 * leads to them, and readers' own graphs (saved with the `saved` service so they show on /my).
 */
export function createRelationMapService(deps: {
  maps: RelationMapRepository;
  saved: SavedItemService;
  caches: ContentReadCaches;
}) {
  const content = deps.caches.create<object>({ ttlMs: NETWORK_TTL_MS, max: 500 });

  async function among(ids: readonly string[]): Promise<AmongReply> {
    const entries = inOrder(ids, await deps.maps.entries(ids));
    const kinds = new Map(entries.map((e) => [e.id, e.kind]));
    const relations = await deps.maps.relationsAmong(entries.map((e) => e.id));
    return { nodes: entries.map(nodeOf), edges: relations.map((r) => edgeOf(r, kinds)) };
  }

  function network(id: string): Promise<RelationGraphView | null> {
    return content
      .get(`network|${id}`, async () => {
        const row = await deps.maps.network(id);
        if (!row) return { none: true } as unknown as RelationGraphView;
        const memberIds = parseJson<string[]>(row.member_ids, []);
        const { nodes, edges } = await among(memberIds);
        const view: RelationGraphView = {
          id: row.id,
          kind: "network",
          name: row.name,
          summary: row.summary,
          centerId: row.center_id,
          nodes,
          edges,
          missing: [],
          mine: false,
          updatedAt: row.updated_at,
        };
        return view;
      })
      .then((v) => ("none" in v ? null : v));
  }

  async function custom(id: string, viewer: Viewer): Promise<RelationGraphView | null> {
    const row = await deps.maps.customGraph(id);
    if (!row) return null;
    const stored = parseJson<StoredGraph>(row.data, { nodes: [], edges: [] });
    const ids = stored.nodes.map((n) => n.id);
    const entries = inOrder(ids, await deps.maps.entries(ids));
    const present = new Set(entries.map((e) => e.id));
    const kinds = new Map(entries.map((e) => [e.id, e.kind]));
    const relationIds = stored.edges.flatMap((e) => (e.relationId ? [e.relationId] : []));
    const relations = new Map(
      (await deps.maps.relationsById(relationIds)).map((r) => [r.id, r] as const),
    );
    const edges: GraphEdge[] = [];
    stored.edges.forEach((e, i) => {
      if (!present.has(e.from) || !present.has(e.to)) return;
      const relation = e.relationId ? relations.get(e.relationId) : undefined;
      if (relation) {
        // The corpus's relation, drawn the way the reader linked it, with the reader's label.
        edges.push({ ...edgeOf(relation, kinds), from: e.from, to: e.to, label: e.label });
        return;
      }
      edges.push({
        id: `own-${i}`,
        from: e.from,
        to: e.to,
        type: OWN_LINK_GROUP,
        label: e.label,
        group: OWN_LINK_GROUP,
        direction: e.twoway ? "twoway" : "one-way",
        desc: null,
        place: null,
        year: null,
      });
    });
    const owner = ownerIdOf(viewer);
    return {
      id: row.id,
      kind: "custom",
      name: row.title,
      summary: row.description,
      centerId: entries[0]?.id ?? null,
      nodes: entries.map(nodeOf),
      edges,
      missing: stored.nodes
        .filter((n) => !present.has(n.id))
        .map(({ id: missingId, name }) => ({ id: missingId, name })),
      mine: owner !== null && owner === row.owner_id,
      updatedAt: row.updated_at,
    };
  }

  /** Checks a reader's graph against the corpus: every entry exists, links join listed ones. */
  async function checked(body: SaveGraphBody): Promise<{
    title: string;
    description: string;
    stored: StoredGraph;
  }> {
    const parsed = saveGraphBody.safeParse(body);
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "关系图有误");
    const { title, description, nodes, edges } = parsed.data;
    const entries = await deps.maps.entries(nodes);
    const byId = new Map(entries.map((e) => [e.id, e]));
    const unknown = nodes.find((n) => !byId.has(n));
    if (unknown) throw new BadRequestError(`词条不存在或已被删除：${unknown}`);
    const listed = new Set(nodes);
    const relationIds = edges.flatMap((e) => (e.relationId ? [e.relationId] : []));
    const relations = new Map(
      (await deps.maps.relationsById(relationIds)).map((r) => [r.id, r] as const),
    );
    const seen = new Set<string>();
    for (const e of edges) {
      if (!listed.has(e.from) || !listed.has(e.to))
        throw new BadRequestError("关系的两端必须是图中的词条");
      if (e.from === e.to) throw new BadRequestError("关系不能连向同一个词条");
      const pair = `${e.from}|${e.to}|${e.label}`;
      if (seen.has(pair)) throw new BadRequestError(`关系重复：${e.label}`);
      seen.add(pair);
      if (e.relationId) {
        const r = relations.get(e.relationId);
        const joins =
          r &&
          ((r.from_id === e.from && r.to_id === e.to) ||
            (r.from_id === e.to && r.to_id === e.from));
        if (!joins) throw new BadRequestError("所选的关系与两端词条不符");
      }
    }
    return {
      title,
      description,
      stored: {
        nodes: nodes.map((id) => {
          const e = byId.get(id) as MapEntryRow;
          return { id, name: e.name, kind: e.kind };
        }),
        edges: edges.map((e) => ({
          from: e.from,
          to: e.to,
          label: e.label.trim(),
          relationId: e.relationId ?? null,
          twoway: e.twoway ?? false,
        })),
      },
    };
  }

  return {
    /** GET /api/customRelationGraph/{lang}/{id}: a curated network or a reader's graph. */
    async graph(id: string, viewer: Viewer): Promise<RelationGraphView> {
      const found = (await network(id)) ?? (await custom(id, viewer));
      if (!found) throw new NotFoundError(GRAPH_NOT_FOUND);
      return found;
    },

    /** The networks (with a few members' faces) and the best-connected well-known people. */
    gallery(): Promise<RelationGallery> {
      return content.get("gallery", async (): Promise<RelationGallery> => {
        const rows = await deps.maps.networks();
        const memberLists = rows.map((r) => parseJson<string[]>(r.member_ids, []));
        const faces = new Map(
          (
            await deps.maps.entries([
              ...new Set(memberLists.flatMap((m) => m.slice(0, CARD_MEMBERS))),
            ])
          ).map((e) => [e.id, e] as const),
        );
        const people = (await deps.maps.popularPeople(GALLERY_POOL))
          .filter((p) => p.relations > 0)
          .sort((a, b) => b.relations - a.relations)
          .slice(0, GALLERY_PEOPLE);
        return {
          networks: rows.map((r, i) => {
            const members = memberLists[i] ?? [];
            return {
              id: r.id,
              key: r.key,
              name: r.name,
              summary: r.summary,
              memberCount: members.length,
              members: inOrder(members.slice(0, CARD_MEMBERS), [...faces.values()]).map(nodeOf),
            };
          }),
          people: people.map((p) => ({
            id: p.id,
            type: "ENTRY" as const,
            kind: p.kind,
            name: p.name,
            summary: p.summary,
            timeDesc: p.time_desc,
            imageUrl: p.image_url,
            relationCount: p.relations,
          })),
        };
      });
    },

    /** The corpus's relations among chosen entries (the editor offers them as links). */
    among,

    /** Saves a reader's graph (new, or theirs by id) and keeps it among their saved items. */
    async save(viewer: Viewer, body: SaveGraphBody): Promise<SavedGraph> {
      const owner = ownerIdOf(requireSignedIn(viewer, "请先登录后再保存")) as string;
      const { title, description, stored } = await checked(body);
      const data = JSON.stringify(stored);
      const at = new Date().toISOString();
      let id = body.id;
      if (id) {
        const row = await deps.maps.customGraph(id);
        if (!row) throw new NotFoundError(GRAPH_NOT_FOUND);
        if (row.owner_id !== owner) throw new ForbiddenError("只能修改自己的关系图");
        await deps.maps.updateCustomGraph(id, owner, { title, description, data, updated_at: at });
      } else {
        id = randomBytes(12).toString("hex");
        await deps.maps.insertCustomGraph({
          id,
          owner_id: owner,
          title,
          description,
          data,
          created_at: at,
          updated_at: at,
        });
      }
      const saved = await deps.saved.save(viewer, {
        kind: "graph",
        refId: id,
        title,
        data: { nodes: stored.nodes.length, edges: stored.edges.length },
      });
      return { id, title, href: saved.href };
    },

    async remove(viewer: Viewer, id: string): Promise<{ removed: boolean }> {
      const owner = ownerIdOf(requireSignedIn(viewer)) as string;
      const row = await deps.maps.customGraph(id);
      if (!row) throw new NotFoundError(GRAPH_NOT_FOUND);
      if (row.owner_id !== owner) throw new ForbiddenError("只能删除自己的关系图");
      return { removed: await deps.maps.deleteCustomGraph(id, owner) };
    },
  };
}

export type RelationMapService = ReturnType<typeof createRelationMapService>;
