import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { loadTimeScreen } from "../features/time/load-time-screen.server.ts";
import { TimeScreen } from "../features/time/time-screen.tsx";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/time-column";

// 时间柱 (/timeColumn, issue 17 §5): regimes, events and people as columns down the years.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const loaded = await loadTimeScreen(context, url);
  return {
    ...loaded,
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      "时间柱：历代政权、事件与人物按年代并排成列。输入年份，看那一年有哪些政权并立、哪些人物在世；选一位人物，看谁与他同时代。",
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `时间柱 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/timeColumn",
    title: "时间柱",
    description: d.description,
    type: "website",
  });
}

export default function TimeColumnRoute({ loaderData: d }: Route.ComponentProps) {
  useShare({ title: "时间柱", desc: d.description, imgUrl: "/favicon.svg" });
  return (
    <TimeScreen
      orientation="vertical"
      path="/timeColumn"
      title="时间柱"
      data={d.screen}
      initialYear={d.year}
      initialFocus={d.focus}
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
