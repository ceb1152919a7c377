import {
  type AbPathBody,
  type AbPathNode,
  type AbPathResult,
  type AbPathSaveDetail,
  type AbPathSaved,
  type AbPathStep,
  abPathBody,
  abPathResult,
} from "@tongjian/contracts/graph-path";
import { ENTRY_KIND_NAMES } from "@tongjian/domain/entry-kinds";
import { relationSentence, relationStep } from "@tongjian/domain/relation-phrases";
import { SAVED_KIND_INFO } from "@tongjian/domain/saved-kinds";
import { isSignedIn, ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { formatYear, isValidYear } from "@tongjian/domain/year-format";
import type { SavedItemService } from "../my/saved-items.server.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import { abPathCardPng } from "./ab-path-card.server.ts";
import type { AbPathRepository, PathEntryRow } from "./ab-path-repository.ts";
import type { RelationGraphSource } from "./relation-graph-source.ts";
import type { WalkedStep } from "./top-k-paths.ts";

/** Pairs a reader can try at once; 秦始皇 is the entry 嬴政. */
const EXAMPLE_PAIRS: [string, string][] = [
  ["李白", "杜甫"],
  ["曹操", "诸葛亮"],
  ["苏轼", "王安石"],
  ["嬴政", "刘邦"],
];

const firstCharacter = (name: string) => [...name.trim()][0] ?? "?";

function nodeOf(row: PathEntryRow): AbPathNode {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    kindName: ENTRY_KIND_NAMES[row.kind] ?? "词条",
    timeDesc: row.time_desc,
    startYear: row.start_year,
    endYear: row.end_year,
    imageUrl: row.image_url,
    initials: firstCharacter(row.name),
    removed: false,
  };
}

function stepOf(step: WalkedStep, names: Map<string, string>): AbPathStep {
  const { edge } = step;
  const shown = relationStep(edge, step.from);
  const title = relationSentence(edge)
    .map((token) =>
      "text" in token
        ? token.text
        : `「${names.get(token.entity === "from" ? edge.fromId : edge.toId) ?? "?"}」`,
    )
    .join("");
  const placeId = edge.placeId ?? null;
  const placeName = placeId ? names.get(placeId) : undefined;
  return {
    from: step.from,
    to: step.to,
    type: edge.type,
    label: edge.label,
    direction: step.forward ? "forward" : "backward",
    twoway: edge.twoway,
    stepLabel: shown.label,
    arrow: shown.direction,
    title,
    desc: edge.description ?? null,
    note: edge.note,
    year: edge.year,
    yearText: edge.year !== null && isValidYear(edge.year) ? formatYear(edge.year) : null,
    place: placeId && placeName ? { id: placeId, name: placeName } : null,
  };
}

/** "李白 与 杜甫 的关系链", within the saved-item title limit. */
function titleOf(a: string, b: string): string {
  const cut = (s: string) => ([...s].length > 20 ? `${[...s].slice(0, 20).join("")}…` : s);
  return `${cut(a)} 与 ${cut(b)} 的关系链`;
}

/**
 * The A-to-B path (issue 17, decision 20): the top-K shortest relation chains between two
 * entries, from the in-memory index; saving one keeps a snapshot, so that a shared link opens
 * the same chain later, and says which of its entries have since been removed.
 */
export function createAbPathService(deps: {
  graph: RelationGraphSource;
  paths: AbPathRepository;
  saved: SavedItemService;
}) {
  async function find(input: AbPathBody): Promise<AbPathResult> {
    const parsed = abPathBody.safeParse(input);
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? "参数有误");
    const { source, destination, depth, topK } = parsed.data;
    const ends = new Map((await deps.paths.entries([source, destination])).map((r) => [r.id, r]));
    const from = ends.get(source);
    const to = ends.get(destination);
    if (!from) throw new NotFoundError("找不到起点词条，它可能已被删除");
    if (!to) throw new NotFoundError("找不到终点词条，它可能已被删除");
    const graph = await deps.graph.get();
    const found = graph.topKShortestPaths(source, destination, { maxDepth: depth, topK });
    const base = {
      source: nodeOf(from),
      destination: nodeOf(to),
      depth,
      topK,
      length: null,
      nodes: { [from.id]: nodeOf(from), [to.id]: nodeOf(to) },
      paths: [],
    };
    const pair = `「${from.name}」与「${to.name}」`;
    if (found.outcome === "missing" || found.outcome === "same") {
      const lonely = found.missing.map((id) => ends.get(id)?.name ?? id).join("」「");
      return {
        ...base,
        outcome: "none",
        reason: "isolated",
        message: `「${lonely}」还没有收录与其他词条的关系，暂时连不起来`,
      };
    }
    if (found.outcome === "none") {
      return {
        ...base,
        outcome: "none",
        reason: found.reason ?? "depth",
        message:
          found.reason === "disconnected"
            ? `${pair}之间没有任何关系链相连`
            : `在 ${depth} 步之内没有找到${pair}之间的关系链，可以试试更多步数`,
      };
    }
    const ids = new Set<string>();
    for (const path of found.paths) {
      for (const id of path.nodes) ids.add(id);
      for (const step of path.steps) if (step.edge.placeId) ids.add(step.edge.placeId);
    }
    const rows = await deps.paths.entries([...ids]);
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const nodes: Record<string, AbPathNode> = {};
    for (const row of rows) nodes[row.id] = nodeOf(row);
    const shortest = found.length ?? 0;
    return {
      ...base,
      outcome: "found",
      reason: null,
      length: shortest,
      nodes: Object.fromEntries(
        [...new Set(found.paths.flatMap((p) => p.nodes))].flatMap((id) =>
          nodes[id] ? [[id, nodes[id]]] : [],
        ),
      ),
      paths: found.paths.map((p) => ({
        nodeIds: p.nodes,
        steps: p.steps.map((s) => stepOf(s, names)),
        length: p.steps.length,
      })),
      message: `找到 ${found.paths.length} 条关系链，最短 ${shortest} 步`,
    };
  }

  return {
    find,

    /** The example pairs of the empty screen, those whose both ends are in the corpus. */
    async examples(): Promise<{ source: AbPathNode; destination: AbPathNode }[]> {
      const rows = await deps.paths.byNames(EXAMPLE_PAIRS.flat());
      const byName = new Map<string, PathEntryRow>();
      for (const row of rows) if (!byName.has(row.name)) byName.set(row.name, row);
      return EXAMPLE_PAIRS.flatMap(([a, b]) => {
        const from = byName.get(a);
        const to = byName.get(b);
        return from && to ? [{ source: nodeOf(from), destination: nodeOf(to) }] : [];
      });
    },

    /**
     * Saves what a search finds now (the server searches again: a saved path is always one the
     * graph had). Anyone may save, to share; a signed-in reader's save is also listed on /my.
     */
    async save(viewer: Viewer, input: AbPathBody): Promise<AbPathSaved> {
      const result = await find(input);
      if (result.outcome !== "found") throw new BadRequestError(result.message);
      const title = titleOf(result.source.name, result.destination.name);
      const row = await deps.paths.insert({
        ownerId: ownerIdOf(viewer),
        sourceId: result.source.id,
        destinationId: result.destination.id,
        depth: result.depth,
        data: JSON.stringify(result),
      });
      let savedToMy = false;
      if (isSignedIn(viewer)) {
        await deps.saved.save(viewer, {
          kind: "abpath",
          refId: row.id,
          title,
          data: {
            source: result.source.name,
            destination: result.destination.name,
            length: result.length,
          },
        });
        savedToMy = true;
      }
      return { id: row.id, title, href: SAVED_KIND_INFO.abpath.href(row.id), savedToMy };
    },

    detail,

    /** The Open Graph card of a saved path (PNG). */
    async card(id: string): Promise<Buffer> {
      return abPathCardPng(await detail(id));
    },
  };

  /** A saved path as it was saved, with the entries removed since marked and named. */
  async function detail(id: string): Promise<AbPathSaveDetail> {
    const row = await deps.paths.find(id);
    if (!row) throw new NotFoundError("这条关系链不存在或已被删除");
    let data: unknown = null;
    try {
      data = JSON.parse(row.data);
    } catch {
      // Unreadable: answered below like a snapshot that no longer fits the contract.
    }
    const parsed = abPathResult.safeParse(data);
    if (!parsed.success) throw new NotFoundError("这条关系链的保存内容已无法读取");
    const result = parsed.data;
    const ids = new Set([result.source.id, result.destination.id, ...Object.keys(result.nodes)]);
    const present = new Set((await deps.paths.entries([...ids])).map((r) => r.id));
    const missing: { id: string; name: string }[] = [];
    const mark = (node: AbPathNode): AbPathNode => {
      if (present.has(node.id)) return node;
      if (!missing.some((m) => m.id === node.id)) missing.push({ id: node.id, name: node.name });
      return { ...node, removed: true };
    };
    const marked: AbPathResult = {
      ...result,
      source: mark(result.source),
      destination: mark(result.destination),
      nodes: Object.fromEntries(Object.entries(result.nodes).map(([k, n]) => [k, mark(n)])),
    };
    return {
      id: row.id,
      title: titleOf(result.source.name, result.destination.name),
      createdAt: row.created_at,
      result: marked,
      missing,
      notice:
        missing.length === 0
          ? null
          : `关系链中的「${missing.map((m) => m.name).join("」「")}」已被删除，以下是保存时的关系链`,
    };
  }
}

export type AbPathService = ReturnType<typeof createAbPathService>;
