import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { loadPanoramaScreen } from "../features/panorama/load-panorama.server.ts";
import { PanoramaScreen } from "../features/panorama/panorama-screen.tsx";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/panorama";

// 全景 (/panorama, /panorama2022; issue 18 §5): a historical place in 360°, drawn by the site.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const loaded = await loadPanoramaScreen(context, url);
  return {
    ...loaded,
    path: `${url.pathname}${url.search}`,
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      `${loaded.scene.name}（${loaded.scene.era}）360° 全景：${loaded.scene.summary}`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `全景 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: `${d.scene.name}·${d.edition.title}`,
    description: d.description,
    type: "website",
  });
}

export default function PanoramaRoute({ loaderData: d }: Route.ComponentProps) {
  useShare({
    title: `${d.scene.name}·${d.edition.title}`,
    desc: d.description,
    imgUrl: d.scene.thumbUrl,
  });
  return <PanoramaScreen edition={d.edition} scene={d.scene} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
