import type { SiteEntryRef } from "@tongjian/contracts/places";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import type { ReactNode } from "react";
import { KIND_NAMES } from "../features/content/entry-kinds.ts";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { NamesTimeline, PlaceHolders } from "../features/places/names-timeline.tsx";
import { SiteMapFigure } from "../features/places/site-map-figure.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/historical-site";
import "../features/lists/lists.css";

const MISSING = "没有这处历史遗址";

// 历史遗址 (/historicalsite/detail?id=, issue 18 §6): a place of the corpus on a small map drawn by
// the server, its names over time, the regimes that held it and the entries tied to it. Without
// an id the page lists the sites to choose from.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { places } = context.services;
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const id = url.searchParams.get("id");
  if (id === null || id === "") {
    const list = await places.list();
    return {
      site: null,
      regions: list.regions.map((r) => ({
        name: r.name,
        places: r.places.map((p) => ({ id: p.id, name: p.name })),
      })),
      origin,
      description: seoDescription(
        `历史遗址：${list.total} 处古城、都邑、关隘与遗址，看它们的历代名称、所属政权和在那里发生的事。`,
      ),
    };
  }
  if (!isEntityId(id)) throw notFound(MISSING);
  const site = await orNotFound(places.site(id), MISSING);
  return {
    site,
    regions: [],
    origin,
    description: seoDescription(`${site.place.name}：${site.place.summary}`),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `历史遗址 - ${PRODUCT_NAME}` }];
  const site = d.site;
  return seoMeta({
    origin: d.origin,
    path: site ? `/historicalsite/detail?id=${site.place.id}` : "/historicalsite/detail",
    title: site ? `${site.place.name} - 历史遗址` : "历史遗址",
    description: d.description,
    type: site ? "article" : "website",
    ...(site
      ? {
          jsonLd: {
            "@type": "Place",
            name: site.place.name,
            ...(site.place.aliases.length > 0 ? { alternateName: site.place.aliases } : {}),
            geo: {
              "@type": "GeoCoordinates",
              latitude: site.place.lat,
              longitude: site.place.lng,
            },
          },
        }
      : {}),
  });
}

function RefList({ items, empty }: { items: readonly SiteEntryRef[]; empty?: string }) {
  if (items.length === 0) return empty ? <p className="tj-lists__note">{empty}</p> : null;
  return (
    <ul className="tj-reflist">
      {items.map((e) => (
        <li className="tj-reflist__item" key={e.id}>
          <AppLink className="tj-reflist__link" to={`/detail/${e.id}`}>
            <span className="tj-reflist__name">{e.name}</span>
            <span className="tj-reflist__meta">
              {[e.label ?? KIND_NAMES[e.kind], e.timeDesc].filter(Boolean).join(" · ")}
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="tj-section">
      <h2 className="tj-section__title">{title}</h2>
      {children}
    </section>
  );
}

export default function HistoricalSite({ loaderData: d }: Route.ComponentProps) {
  const site = d.site;
  if (!site)
    return (
      <main className="tj-lists tj-lists--under-bar">
        <h1 className="tj-article__title">历史遗址</h1>
        <p className="tj-lists__intro">
          古城、都邑、关隘与遗址：点开一处，看它的位置、历代名称和在那里发生的事。
        </p>
        {d.regions.length === 0 ? (
          <p className="tj-empty">还没有收录地点。</p>
        ) : (
          d.regions.map((r) => (
            <section className="tj-region" key={r.name} aria-label={r.name}>
              <h2 className="tj-region__name">{r.name}</h2>
              <ul className="tj-chips">
                {r.places.map((p) => (
                  <li key={p.id}>
                    <AppLink className="tj-chip" to={`/historicalsite/detail?id=${p.id}`}>
                      {p.name}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </main>
    );
  const { place } = site;
  return (
    <main className="tj-lists tj-lists--under-bar" data-testid="site">
      <h1 className="tj-article__title">{place.name}</h1>
      {place.modern && <p className="tj-place-card__modern">今{place.modern}</p>}
      <SiteMapFigure name={place.name} lat={place.lat} lng={place.lng} map={site.map} />
      <p className="tj-entry__summary">{place.summary}</p>
      <Section title="历代名称">
        <NamesTimeline names={site.names} />
      </Section>
      <Section title="所属政权">
        <PlaceHolders holders={site.holders} />
        {site.capitalOf.length > 0 && (
          <>
            <h3 className="tj-region__name">建都于此</h3>
            <RefList items={site.capitalOf} />
          </>
        )}
      </Section>
      <Section title={`在此发生的事件（${site.events.length}）`}>
        <RefList items={site.events} empty="本站还没有记下在这里发生的事件。" />
      </Section>
      {site.people.length > 0 && (
        <Section title={`籍贯于此的人物（${site.people.length}）`}>
          <RefList items={site.people} />
        </Section>
      )}
      {site.works.length > 0 && (
        <Section title="相关作品">
          <RefList items={site.works} />
        </Section>
      )}
      {site.related.length > 0 && (
        <Section title="相关条目">
          <RefList items={site.related} />
        </Section>
      )}
      {site.map.near.length > 0 && (
        <Section title="附近的地点">
          <ul className="tj-chips">
            {site.map.near.map((p) => (
              <li key={p.id}>
                <AppLink className="tj-chip" to={`/historicalsite/detail?id=${p.id}`}>
                  {p.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <div className="tj-place-card__links">
        <AppLink className="tj-button tj-button--ghost" to={`/home/spacebar?place=${place.id}`}>
          在空间轴上看
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to={`/detail/${place.id}`}>
          地点词条
        </AppLink>
      </div>
      {place.sources.length > 0 && (
        <p className="tj-lists__sources">资料来源：{place.sources.join("；")}</p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
