import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { formatYear } from "@tongjian/domain/year-format";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { loadTimeMap, requestOf } from "../features/time-map/load-time-map.server.ts";
import { TimeMapErrorState } from "../features/time-map/time-map-error.tsx";
import { TimeMapScreen } from "../features/time-map/time-map-screen.tsx";
import { useShare } from "../shell/platform.tsx";
import type { Route } from "./+types/time-map";

// 时空地图 (/home/timemap, issue 18): the regimes of a year on the map, with the year's events,
// capitals, and on demand the people alive then and the world's events of the period.
// `?year=` (default 1949, clamped to the map's years) and `?place=` (a place marked and centred).
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const screen = await loadTimeMap(context, requestOf(url));
  const y = screen.initial;
  return {
    screen,
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      `时空地图：${formatYear(y.year)}，${y.regimes.map((r) => r.name).join("、") || "没有政权疆域"}。拖动年份，看历代政权的疆域、都城与大事在地图上的起落。`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `时空地图 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/home/timemap",
    title: `时空地图 · ${formatYear(d.screen.initial.year)}`,
    description: d.description,
    type: "website",
  });
}

export default function TimeMapRoute({ loaderData: d }: Route.ComponentProps) {
  useShare({ title: "时空地图", desc: d.description, imgUrl: "/favicon.svg" });
  return <TimeMapScreen title="时空地图" data={d.screen} />;
}

export function ErrorBoundary() {
  return <TimeMapErrorState />;
}
