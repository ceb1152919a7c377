import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useCallback, useEffect, useRef, useState } from "react";
import { redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { KIND_NAMES } from "../features/content/entry-kinds.ts";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { modelFromEntry, modelFromGraph, nextTrail } from "../features/relation-map/graph-model.ts";
import { RelationMapView } from "../features/relation-map/relation-map-view.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/relation";

const relationPath = (id: string) => `/relation?id=${id}`;

// 关系图谱 (/relation, issue 17): `?id=<entry>` one entry and its neighbours, re-centred by a
// tap (each centre is a URL, so the browser's back steps through them); `?networkId=<id>` a
// curated network. The title, the centre and the list render on the server; the chart draws
// once ECharts has loaded in the browser.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const networkId = url.searchParams.get("networkId");
  const id = url.searchParams.get("id");
  if (networkId !== null) {
    if (!isEntityId(networkId)) throw notFound("这个关系网不存在");
    const g = await orNotFound(
      context.services.relationMaps.graph(networkId, context.viewer),
      "这个关系网不存在或已被删除",
    );
    if (g.kind !== "network") throw redirect(`/relationedit/detail?id=${g.id}`);
    return {
      kind: "network" as const,
      key: g.id,
      name: g.name,
      summary: g.summary,
      center: null,
      model: modelFromGraph(g),
      description: seoDescription(`${g.name}：${g.summary}`),
      origin,
      path: `/relation?networkId=${g.id}`,
    };
  }
  if (id === null) throw redirect("/home/relationalmap");
  if (!isEntityId(id)) throw notFound("这个词条不存在");
  const data = await orNotFound(context.services.entries.relations(id), "这个词条不存在或已被删除");
  const model = modelFromEntry(data);
  const c = data.center;
  return {
    kind: "entry" as const,
    key: c.id,
    name: c.name,
    summary: c.summary,
    center: { id: c.id, name: c.name, kind: c.kind, timeDesc: c.timeDesc },
    model,
    description: seoDescription(
      `${c.name}的关系图谱：${model.edges.length} 条关系，${model.groups.map((g) => g.name).join("、")}。${c.summary}`,
    ),
    origin,
    path: relationPath(c.id),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `关系图谱 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: d.kind === "entry" ? `${d.name}的关系图谱` : `${d.name}关系图谱`,
    description: d.description,
    image: null,
    type: "website",
  });
}

export default function RelationRoute({ loaderData: d }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  // The centres visited on this map and their names, for 返回.
  const [trail, setTrail] = useState<string[]>([d.key]);
  const names = useRef(new Map<string, string>());
  names.current.set(d.key, d.name);
  useEffect(() => {
    setTrail((t) => nextTrail(t, d.key));
  }, [d.key]);

  const loading = navigation.state === "loading" && navigation.location?.pathname === "/relation";
  const onNode = useCallback(
    (nodeId: string) => {
      if (d.kind === "entry" && nodeId === d.key) return;
      navigate(relationPath(nodeId), { preventScrollReset: true });
    },
    [d.kind, d.key, navigate],
  );
  const previous = trail.length > 1 ? trail[trail.length - 2] : undefined;
  const empty = d.model.edges.length === 0;

  return (
    <main className="tj-relpage" data-kind={d.kind} data-center={d.key}>
      <header className="tj-relpage__head">
        <div className="tj-relpage__nav">
          {previous && location.key !== "default" ? (
            <button type="button" className="tj-relpage__back" onClick={() => navigate(-1)}>
              ← 返回{names.current.get(previous) ? `「${names.current.get(previous)}」` : ""}
            </button>
          ) : (
            <AppLink className="tj-relpage__back" to="/home/relationalmap">
              ← 关系图谱首页
            </AppLink>
          )}
        </div>
        <h1 className="tj-relpage__title">{d.kind === "entry" ? `${d.name}的关系图谱` : d.name}</h1>
        {d.center ? (
          <p className="tj-relpage__center">
            <span>{d.center.timeDesc ?? KIND_NAMES[d.center.kind] ?? ""}</span>
            <AppLink to={`/detail/${d.center.id}`} className="tj-relpage__detail">
              查看词条
            </AppLink>
          </p>
        ) : (
          <p className="tj-relpage__summary">{d.summary}</p>
        )}
        {loading && (
          <p className="tj-relpage__loading" role="status">
            正在载入关系…
          </p>
        )}
      </header>
      {empty ? (
        <div className="tj-state tj-relpage__empty">
          <h2 className="tj-state__title">{d.name}暂无可显示的关系</h2>
          <p className="tj-state__hint">
            关系还在整理中，可以先看词条，或从关系图谱首页换一个人物。
          </p>
          <p>
            {d.center && (
              <AppLink className="tj-button" to={`/detail/${d.center.id}`}>
                查看词条
              </AppLink>
            )}{" "}
            <AppLink className="tj-button tj-button--ghost" to="/home/relationalmap">
              关系图谱首页
            </AppLink>
          </p>
        </div>
      ) : (
        <RelationMapView
          model={d.model}
          name={d.name}
          nodeHref={relationPath}
          onNode={onNode}
          busy={loading}
        />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
