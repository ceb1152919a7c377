import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { editionOf } from "../features/panorama/load-panorama.server.ts";
import { PanoramaPage } from "../features/panorama/panorama-page.tsx";
import { SceneEntryLists } from "../features/panorama/scene-entry-lists.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/panorama-book";

// 全景书籍 (/panorama/book, /panorama2022/book): 与全景场景相关的典籍、画作与发明。
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const lists = await orNotFound(context.services.panoramas.books(editionOf(url), context.viewer));
  return { lists, origin: requestOrigin(request, context.hosts.publicOrigin), path: url.pathname };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `全景书籍 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: `书籍·${d.lists.title}`,
    description: "与全景场景相关的典籍、画作与发明。",
    type: "website",
  });
}

export default function PanoramaBookRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <PanoramaPage edition={d.lists.edition} editionTitle={d.lists.title} part="book" title="书籍">
      <p className="tj-pano-page__lead">与全景场景相关的典籍、画作与发明。</p>
      <SceneEntryLists lists={d.lists} empty="这一篇还没有列出书籍。" />
    </PanoramaPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
