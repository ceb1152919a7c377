import { isEntityId } from "@tongjian/domain/entity-id";
import { builtRoutes } from "@tongjian/domain/route-manifest";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { NamesTimeline, PlaceHolders } from "../features/places/names-timeline.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/home-spacebar";
import "../features/lists/lists.css";

// 空间轴 (/home/spacebar, issue 18 §2): a place over time. Pick a place from the list (or find it
// by any of its names); its names by period run down a line, with the regimes that held it.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { places } = context.services;
  const q = url.searchParams.get("q")?.trim().slice(0, 20) || undefined;
  const placeParam = url.searchParams.get("place");
  if (placeParam !== null && !isEntityId(placeParam)) throw notFound("没有这处地点");
  const [list, site] = await Promise.all([
    places.list({ q }),
    placeParam ? orNotFound(places.site(placeParam), "没有这处地点") : null,
  ]);
  return {
    q: list.q,
    total: list.total,
    // Only what the list shows goes into the page.
    regions: list.regions.map((r) => ({
      name: r.name,
      places: r.places.map((p) => ({ id: p.id, name: p.name })),
    })),
    picked: site && {
      id: site.place.id,
      name: site.place.name,
      modern: site.place.modern,
      names: site.names,
      holders: site.holders,
      capitalOf: site.capitalOf.map((r) => ({ id: r.id, name: r.name, timeDesc: r.timeDesc })),
    },
    // The manifest stays on the server: only whether the time map is built reaches the page.
    timeMapBuilt: builtRoutes().some((r) => r.path === "/home/timemap"),
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      site
        ? `${site.place.name}的历代名称：${site.names.map((n) => n.name).join("、")}。${site.place.modern ? `今${site.place.modern}。` : ""}`
        : `空间轴：${list.total} 处历史地点，看一处地方在不同年代叫什么名字、归哪个政权管辖。`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `空间轴 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.picked ? `/home/spacebar?place=${d.picked.id}` : "/home/spacebar",
    title: d.picked ? `空间轴：${d.picked.name}` : "空间轴",
    description: d.description,
    type: "website",
  });
}

export default function SpaceBar({ loaderData: d }: Route.ComponentProps) {
  const query = d.q ? `&q=${encodeURIComponent(d.q)}` : "";
  return (
    <main className="tj-lists tj-lists--under-bar">
      <h1 className="tj-article__title">空间轴</h1>
      <p className="tj-lists__intro">选一处地点，看它在各个年代叫什么名字、由哪些政权管辖。</p>
      {d.picked && (
        <section
          className="tj-place-card"
          aria-labelledby="picked-place"
          data-testid="picked-place"
        >
          <h2 className="tj-place-card__title" id="picked-place">
            {d.picked.name}
          </h2>
          {d.picked.modern && <p className="tj-place-card__modern">今{d.picked.modern}</p>}
          <h3 className="tj-section__title">历代名称</h3>
          <NamesTimeline names={d.picked.names} />
          <h3 className="tj-section__title">所属政权</h3>
          <PlaceHolders holders={d.picked.holders} />
          {d.picked.capitalOf.length > 0 && (
            <p className="tj-lists__note">
              曾为{d.picked.capitalOf.map((r) => r.name).join("、")}的都城。
            </p>
          )}
          <div className="tj-place-card__links">
            <AppLink className="tj-button" to={`/historicalsite/detail?id=${d.picked.id}`}>
              遗址详情
            </AppLink>
            <AppLink className="tj-button tj-button--ghost" to={`/detail/${d.picked.id}`}>
              地点词条
            </AppLink>
            {d.timeMapBuilt && (
              <AppLink
                className="tj-button tj-button--ghost"
                to={`/home/timemap?place=${d.picked.id}`}
              >
                时空地图
              </AppLink>
            )}
          </div>
        </section>
      )}
      <form className="tj-findform" method="get" action="/home/spacebar" role="search">
        <label className="tj-visually-hidden" htmlFor="place-q">
          查找地点
        </label>
        <input
          id="place-q"
          className="tj-findform__input"
          name="q"
          type="search"
          maxLength={20}
          defaultValue={d.q ?? ""}
          placeholder="今名、古称或今地，如 雒阳、西安"
        />
        <button className="tj-button" type="submit">
          查找
        </button>
      </form>
      {d.q && (
        <p className="tj-lists__note" role="status">
          “{d.q}”：找到 {d.total} 处地点。
          {d.total > 0 && <AppLink to="/home/spacebar">看全部</AppLink>}
        </p>
      )}
      {d.total === 0 ? (
        <p className="tj-empty">
          没有找到这个地名，换个名字试试，或<AppLink to="/home/spacebar">看全部地点</AppLink>。
        </p>
      ) : (
        <nav aria-label="地点列表">
          {d.regions.map((r) => (
            <section className="tj-region" key={r.name} aria-label={r.name}>
              <h2 className="tj-region__name">{r.name}</h2>
              <ul className="tj-chips">
                {r.places.map((p) => (
                  <li key={p.id}>
                    <AppLink
                      className="tj-chip"
                      to={`/home/spacebar?place=${p.id}${query}`}
                      aria-current={p.id === d.picked?.id ? "page" : undefined}
                    >
                      {p.name}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
