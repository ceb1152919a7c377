import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { editionOf } from "../features/panorama/load-panorama.server.ts";
import { PanoramaPage } from "../features/panorama/panorama-page.tsx";
import { SceneEntryLists } from "../features/panorama/scene-entry-lists.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/panorama-people";

// 全景人物 (/panorama/people, /panorama2022/people): 全景场景中的人物：他们在这座城、这条路上留下了什么。
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const lists = await orNotFound(context.services.panoramas.people(editionOf(url), context.viewer));
  return { lists, origin: requestOrigin(request, context.hosts.publicOrigin), path: url.pathname };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `全景人物 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: `人物·${d.lists.title}`,
    description: "全景场景中的人物：他们在这座城、这条路上留下了什么。",
    type: "website",
  });
}

export default function PanoramaPeopleRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <PanoramaPage edition={d.lists.edition} editionTitle={d.lists.title} part="people" title="人物">
      <p className="tj-pano-page__lead">全景场景中的人物：他们在这座城、这条路上留下了什么。</p>
      <SceneEntryLists lists={d.lists} empty="这一篇还没有列出人物。" />
    </PanoramaPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
