import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useCallback, useState } from "react";
import { redirect, useNavigate } from "react-router";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { modelFromGraph } from "../features/relation-map/graph-model.ts";
import { RelationMapView } from "../features/relation-map/relation-map-view.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/relation-edit-detail";

const relationPath = (id: string) => `/relation?id=${id}`;

// A reader's own relation graph (/relationedit/detail?id=): anyone with the link sees it; its
// owner may edit it. Entries removed since it was saved are named, not silently dropped.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const id = url.searchParams.get("id");
  if (!id || !isEntityId(id)) throw notFound("这张关系图不存在");
  const g = await orNotFound(
    context.services.relationMaps.graph(id, context.viewer),
    "这张关系图不存在或已被删除",
  );
  if (g.kind === "network") throw redirect(`/relation?networkId=${g.id}`);
  return {
    id: g.id,
    name: g.name,
    summary: g.summary,
    mine: g.mine,
    missing: g.missing,
    model: modelFromGraph(g),
    description: seoDescription(
      `${g.name}：${g.summary || `${g.nodes.map((n) => n.name).join("、")}之间的关系`}`,
    ),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `关系图 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: `/relationedit/detail?id=${d.id}`,
    title: d.name,
    description: d.description,
    image: null,
    type: "website",
  });
}

export default function RelationEditDetailRoute({ loaderData: d }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [copied, setCopied] = useState<string | null>(null);
  const onNode = useCallback((id: string) => navigate(relationPath(id)), [navigate]);
  const share = async () => {
    const link = window.location.href;
    try {
      if (navigator.share) await navigator.share({ title: d.name, url: link });
      else {
        await navigator.clipboard.writeText(link);
        setCopied("链接已复制，发给朋友就能看到这张图");
      }
    } catch {
      setCopied(`复制这个链接分享：${link}`);
    }
  };
  return (
    <main className="tj-relpage" data-kind="custom" data-graph={d.id}>
      <header className="tj-relpage__head">
        <div className="tj-relpage__nav">
          <AppLink className="tj-relpage__back" to="/home/relationalmap">
            ← 关系图谱首页
          </AppLink>
        </div>
        <h1 className="tj-relpage__title">{d.name}</h1>
        {d.summary && <p className="tj-relpage__summary">{d.summary}</p>}
        {d.missing.length > 0 && (
          <p className="tj-relpage__missing" role="note">
            图中的{d.missing.map((m) => `「${m.name}」`).join("")}
            已从词条库中删除，与之相连的关系不再显示。
          </p>
        )}
        <p className="tj-graph-edit__actions">
          {d.mine && (
            <AppLink className="tj-button" to={`/relationedit/edit/${d.id}`}>
              编辑
            </AppLink>
          )}
          <button type="button" className="tj-button tj-button--ghost" onClick={share}>
            分享
          </button>
          {!d.mine && (
            <AppLink className="tj-button tj-button--ghost" to={`/relationedit/edit/${d.id}`}>
              以此为底稿新建
            </AppLink>
          )}
        </p>
        {copied && (
          <p className="tj-graph-edit__status" role="status">
            {copied}
          </p>
        )}
      </header>
      {d.model.nodes.length === 0 ? (
        <p className="tj-relmap__empty">这张图里的词条都已删除，无法显示。</p>
      ) : (
        <RelationMapView model={d.model} name={d.name} nodeHref={relationPath} onNode={onNode} />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
