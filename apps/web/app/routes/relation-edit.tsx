import type { AmongReply, GraphEdge, SavedGraph } from "@tongjian/contracts/relation-map";
import type { SearchEntryHit } from "@tongjian/contracts/search";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { CUSTOM_GRAPH_LIMITS } from "@tongjian/domain/custom-graph-limits";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { KIND_NAMES } from "../features/content/entry-kinds.ts";
import {
  draftBody,
  draftEdges,
  draftFromGraph,
  draftModel,
  draftProblem,
  dropDraft,
  EMPTY_DRAFT,
  type GraphDraft,
  isEmptyDraft,
  readDraft,
  writeDraft,
} from "../features/relation-map/graph-draft.ts";
import { RelationMapView } from "../features/relation-map/relation-map-view.tsx";
import { ApiRequestError } from "../shell/api-client.ts";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import { useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/relation-edit";
import "../features/relation-map/relation-map.css";

const SUGGEST_DEBOUNCE_MS = 250;

// The graph editor (/relationedit/edit/new, /relationedit/edit/<graph id>): name a graph, add
// entries found as you type, keep the relations the corpus has among them and add your own,
// preview it and save it. Composing needs no account; saving does, and the draft waits on the
// device while the reader signs in.
export async function loader({ context, params }: Route.LoaderArgs) {
  const slot = params["*"] || "new";
  if (slot === "new") return { slot, graph: null };
  if (!isEntityId(slot)) throw notFound("这张关系图不存在");
  const g = await orNotFound(
    context.services.relationMaps.graph(slot, context.viewer),
    "这张关系图不存在或已被删除",
  );
  return { slot, graph: draftFromGraph(g) };
}

export function meta() {
  return [{ title: `编辑关系图 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function RelationEditRoute({ loaderData: d }: Route.ComponentProps) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  // A WeChat visitor may keep graphs (decision 18); the draft waits on the device meanwhile.
  const signIn = useSignIn("reader");
  const [draft, setDraft] = useState<GraphDraft>(d.graph ?? EMPTY_DRAFT);
  const [restored, setRestored] = useState(false);
  const [corpus, setCorpus] = useState<GraphEdge[]>([]);
  const [keyword, setKeyword] = useState("");
  const [hits, setHits] = useState<SearchEntryHit[]>([]);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [own, setOwn] = useState({ from: "", to: "", label: "", twoway: true });
  // Written to the device only once what it held has been read back.
  const [ready, setReady] = useState(false);

  // The draft on the device wins over the server's copy: it is the reader's unsaved work.
  useEffect(() => {
    const kept = readDraft(window.localStorage, d.slot);
    if (kept && !isEmptyDraft(kept)) {
      setDraft(kept);
      setRestored(true);
    }
    setReady(true);
  }, [d.slot]);
  useEffect(() => {
    if (ready) writeDraft(window.localStorage, d.slot, draft);
  }, [draft, d.slot, ready]);

  const nodeIds = draft.nodes.map((n) => n.id).join(",");
  useEffect(() => {
    if (!nodeIds.includes(",")) {
      setCorpus([]);
      return;
    }
    let live = true;
    api
      .post<AmongReply>("/api/customRelationGraph/v1/n/among", { ids: nodeIds.split(",") })
      .then((r) => live && setCorpus(r.edges))
      .catch(() => live && setCorpus([]));
    return () => {
      live = false;
    };
  }, [api, nodeIds]);

  useEffect(() => {
    const k = keyword.trim();
    if (!k) {
      setHits([]);
      return;
    }
    const timer = window.setTimeout(() => {
      api
        .post<SearchEntryHit[]>("/api/search/getSuggestion", { keyword: k })
        .then(setHits)
        .catch(() => setHits([]));
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [api, keyword]);

  const names = useMemo(() => new Map(draft.nodes.map((n) => [n.id, n.name])), [draft.nodes]);
  const model = useMemo(() => draftModel(draft, corpus), [draft, corpus]);
  const edges = useMemo(() => draftEdges(draft, corpus), [draft, corpus]);

  const add = (hit: SearchEntryHit) => {
    setKeyword("");
    setHits([]);
    if (draft.nodes.some((n) => n.id === hit.id)) return;
    if (draft.nodes.length >= CUSTOM_GRAPH_LIMITS.nodesMax) {
      setStatus({ text: `至多 ${CUSTOM_GRAPH_LIMITS.nodesMax} 个词条`, error: true });
      return;
    }
    setDraft((x) => ({
      ...x,
      nodes: [
        ...x.nodes,
        { id: hit.id, name: hit.name, kind: hit.kind, timeDesc: hit.timeDesc, imageUrl: null },
      ],
    }));
  };
  const removeNode = (id: string) =>
    setDraft((x) => ({
      ...x,
      nodes: x.nodes.filter((n) => n.id !== id),
      own: x.own.filter((o) => o.from !== id && o.to !== id),
    }));
  const toggleCorpus = (id: string) =>
    setDraft((x) => ({
      ...x,
      skipped: x.skipped.includes(id) ? x.skipped.filter((s) => s !== id) : [...x.skipped, id],
    }));
  const addOwn = () => {
    const label = own.label.trim();
    if (!own.from || !own.to || own.from === own.to) {
      setStatus({ text: "请选择两个不同的词条", error: true });
      return;
    }
    if (!label || [...label].length > CUSTOM_GRAPH_LIMITS.labelMax) {
      setStatus({ text: `关系名称 1–${CUSTOM_GRAPH_LIMITS.labelMax} 个字`, error: true });
      return;
    }
    setDraft((x) => ({ ...x, own: [...x.own, { ...own, label }] }));
    setOwn((o) => ({ ...o, label: "" }));
    setStatus(null);
  };

  const save = async () => {
    const problem = draftProblem(draft);
    if (problem) {
      setStatus({ text: problem, error: true });
      return;
    }
    setSaving(true);
    setStatus({ text: "正在保存…" });
    try {
      const saved = await api.post<SavedGraph>(
        "/api/customRelationGraph/v1/y/save",
        draftBody(draft, corpus) as unknown as Record<string, unknown>,
      );
      dropDraft(window.localStorage, d.slot);
      navigate(saved.href);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN) {
        // The draft is on the device already; sign in and come back to it.
        writeDraft(window.localStorage, d.slot, draft);
        setStatus({ text: "保存需要登录，草稿已保存在本机，登录后回到这里继续" });
        await signIn();
      } else {
        setStatus({
          text: error instanceof Error ? error.message : "保存失败，请稍后重试",
          error: true,
        });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className="tj-relpage tj-graph-edit">
      <header className="tj-relpage__head">
        <div className="tj-relpage__nav">
          <AppLink className="tj-relpage__back" to="/home/relationalmap">
            ← 关系图谱首页
          </AppLink>
        </div>
        <h1 className="tj-relpage__title">{draft.id ? "编辑关系图" : "新建关系图"}</h1>
        <p className="tj-relpage__summary">
          搜索并加入人物或其他词条，勾选它们之间已有的关系，也可以自己连线。草稿自动保存在本机。
        </p>
        {restored && (
          <p className="tj-graph-edit__status" role="status">
            已恢复本机上未保存的草稿。
          </p>
        )}
      </header>

      <label htmlFor="graph-title">名称</label>
      <input
        id="graph-title"
        value={draft.title}
        maxLength={CUSTOM_GRAPH_LIMITS.titleMax}
        placeholder="例如：竹林与诗酒"
        onChange={(e) => setDraft((x) => ({ ...x, title: e.target.value }))}
      />
      <label htmlFor="graph-desc">简介（可不填）</label>
      <textarea
        id="graph-desc"
        rows={2}
        value={draft.description}
        maxLength={CUSTOM_GRAPH_LIMITS.descriptionMax}
        onChange={(e) => setDraft((x) => ({ ...x, description: e.target.value }))}
      />

      <h2>
        词条 <small>{`${draft.nodes.length}/${CUSTOM_GRAPH_LIMITS.nodesMax}`}</small>
      </h2>
      <label htmlFor="graph-search">搜索加入</label>
      <input
        id="graph-search"
        type="search"
        value={keyword}
        autoComplete="off"
        placeholder="人物、朝代、事件，也可用拼音"
        onChange={(e) => setKeyword(e.target.value)}
        aria-controls={hits.length > 0 ? "graph-suggest" : undefined}
      />
      {hits.length > 0 && (
        <ul id="graph-suggest" className="tj-graph-edit__suggest" aria-label="搜索建议">
          {hits.slice(0, 8).map((h) => (
            <li key={h.id}>
              <button type="button" onClick={() => add(h)}>
                加入 <strong>{h.name}</strong>
                <small>{h.timeDesc ?? KIND_NAMES[h.kind] ?? ""}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {draft.nodes.length > 0 && (
        <ul className="tj-graph-edit__chips" aria-label="已加入的词条">
          {draft.nodes.map((n) => (
            <li key={n.id}>
              {n.name}
              <button type="button" aria-label={`移除${n.name}`} onClick={() => removeNode(n.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}

      {corpus.length > 0 && (
        <>
          <h2>已有的关系</h2>
          {corpus.map((e) => (
            <label key={e.id} className="tj-graph-edit__check">
              <input
                type="checkbox"
                checked={!draft.skipped.includes(e.id)}
                onChange={() => toggleCorpus(e.id)}
              />
              {names.get(e.from)} {e.direction === "twoway" ? "⇄" : "→"} {names.get(e.to)}：
              {e.label}
            </label>
          ))}
        </>
      )}

      {draft.nodes.length >= 2 && (
        <>
          <h2>自己连线</h2>
          <div className="tj-graph-edit__own">
            <select
              aria-label="从"
              value={own.from}
              onChange={(e) => setOwn((o) => ({ ...o, from: e.target.value }))}
            >
              <option value="">从…</option>
              {draft.nodes.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
            <select
              aria-label="到"
              value={own.to}
              onChange={(e) => setOwn((o) => ({ ...o, to: e.target.value }))}
            >
              <option value="">到…</option>
              {draft.nodes.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
            <input
              aria-label="关系名称"
              placeholder={`关系名称，${CUSTOM_GRAPH_LIMITS.labelMax} 字以内`}
              value={own.label}
              maxLength={CUSTOM_GRAPH_LIMITS.labelMax}
              onChange={(e) => setOwn((o) => ({ ...o, label: e.target.value }))}
            />
          </div>
          <p className="tj-graph-edit__actions">
            <button type="button" className="tj-button tj-button--ghost" onClick={addOwn}>
              添加连线
            </button>
          </p>
          {draft.own.length > 0 && (
            <ul className="tj-graph-edit__chips" aria-label="自己的连线">
              {draft.own.map((o, i) => (
                <li key={`${o.from}-${o.to}-${o.label}`}>
                  {names.get(o.from)} → {names.get(o.to)}：{o.label}
                  <button
                    type="button"
                    aria-label={`删除连线${o.label}`}
                    onClick={() =>
                      setDraft((x) => ({ ...x, own: x.own.filter((_, j) => j !== i) }))
                    }
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {status && (
        <p
          className={`tj-graph-edit__status${status.error ? " tj-graph-edit__error" : ""}`}
          role={status.error ? "alert" : "status"}
        >
          {status.text}
        </p>
      )}
      <p className="tj-graph-edit__actions">
        <button type="button" className="tj-button" onClick={save} disabled={saving}>
          保存
        </button>
        {!isEmptyDraft(draft) && (
          <button
            type="button"
            className="tj-button tj-button--ghost"
            onClick={() => {
              dropDraft(window.localStorage, d.slot);
              setDraft(d.graph ?? EMPTY_DRAFT);
              setRestored(false);
            }}
          >
            清空草稿
          </button>
        )}
      </p>

      {draft.nodes.length >= 2 && (
        <>
          <h2>预览</h2>
          <p className="tj-graph-edit__status">
            {draft.nodes.length} 个词条，{edges.length} 条关系
          </p>
          <RelationMapView
            model={model}
            name={draft.title.trim() || "新关系图"}
            nodeHref={(id) => `/relation?id=${id}`}
            onNode={() => {}}
          />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
