import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { VIEW_PHILOSOPHY_H5 } from "@tongjian/domain/tracking-pages";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { loadTimeScreen } from "../features/time/load-time-screen.server.ts";
import { TimeScreen } from "../features/time/time-screen.tsx";
import type { PageViewHandle } from "../shell/platform.tsx";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/timebar";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { timebar: VIEW_PHILOSOPHY_H5 } };

// 时间轴 (/timebar, issue 17 §5): the same bars as /timeColumn, across the screen; no top bar.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const loaded = await loadTimeScreen(context, url);
  return {
    ...loaded,
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      "时间轴：历代政权、事件与人物按年代横向排开。输入年份，看那一年有哪些政权并立、哪些人物在世；选一位人物，看谁与他同时代。",
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `时间轴 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/timebar",
    title: "时间轴",
    description: d.description,
    type: "website",
  });
}

export default function TimebarRoute({ loaderData: d }: Route.ComponentProps) {
  useShare({ title: "时间轴", desc: d.description, imgUrl: "/favicon.svg" });
  return (
    <TimeScreen
      orientation="horizontal"
      path="/timebar"
      title="时间轴"
      data={d.screen}
      initialYear={d.year}
      initialFocus={d.focus}
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
