import { editionOfPath } from "@tongjian/domain/panorama";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { HotspotCard } from "../features/panorama/hotspot-sheet.tsx";
import { loadPanoramaScreen } from "../features/panorama/load-panorama.server.ts";
import { panoramaPath } from "../features/panorama/panorama-nav.tsx";
import { PanoramaPage } from "../features/panorama/panorama-page.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/panorama-popups";

// 全景弹窗 (/panorama/popups, /panorama2022/popups): a hotspot's pop-up as a page of its own
// (?scene=&spot=), to share or to read without the 3D view; the scene's other hotspots follow.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { edition, scene } = await loadPanoramaScreen(context, url);
  if (scene.access === "locked") throw notFound("该场景尚未解锁，请先兑换");
  const spotId = url.searchParams.get("spot");
  const spot = scene.hotspots.find((h) => h.id === spotId) ?? scene.hotspots[0];
  if (!spot) throw notFound("这个热点不存在");
  return {
    edition: { key: edition.key, title: edition.title },
    scene: { key: scene.key, name: scene.name, era: scene.era, thumbUrl: scene.thumbUrl },
    spot,
    others: scene.hotspots.filter((h) => h.id !== spot.id),
    origin: requestOrigin(request, context.hosts.publicOrigin),
    path: `${url.pathname}${url.search}`,
  };
}

export function meta({ data: d, location }: Route.MetaArgs) {
  if (!d) return [{ title: `全景热点 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path || location.pathname,
    title: `${d.spot.label}·${d.scene.name}`,
    description: d.spot.note,
    type: "website",
  });
}

export default function PanoramaPopupsRoute({ loaderData: d }: Route.ComponentProps) {
  const edition = editionOfPath(`/${d.edition.key}`);
  return (
    <PanoramaPage edition={edition} editionTitle={d.edition.title} part="popups" title="全景热点">
      <article className="tj-pano-popup" aria-labelledby="tj-pano-popup-title">
        <img className="tj-pano-popup__thumb" src={d.scene.thumbUrl} alt="" />
        <p className="tj-pano-popup__scene">
          {d.scene.name} · {d.scene.era}
        </p>
        <HotspotCard hotspot={d.spot} headingId="tj-pano-popup-title" />
        <div className="tj-pano-sheet__actions">
          <AppLink className="tj-button" to={`/detail/${d.spot.entry.id}`}>
            查看词条
          </AppLink>
          <AppLink
            className="tj-button tj-button--ghost"
            to={panoramaPath(edition, "", `?scene=${d.scene.key}`)}
          >
            回到全景
          </AppLink>
        </div>
      </article>
      {d.others.length > 0 && (
        <section aria-labelledby="tj-pano-popup-others">
          <h2 id="tj-pano-popup-others" className="tj-pano-page__h2">
            同一场景的其他热点
          </h2>
          <ul className="tj-pano-list">
            {d.others.map((h) => (
              <li key={h.id}>
                <AppLink to={panoramaPath(edition, "popups", `?scene=${d.scene.key}&spot=${h.id}`)}>
                  {h.label}：{h.entry.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PanoramaPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
