import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { formatYear } from "@tongjian/domain/year-format";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { loadTimeMap, mapDetailRequest } from "../features/time-map/load-time-map.server.ts";
import { TimeMapErrorState } from "../features/time-map/time-map-error.tsx";
import { TimeMapScreen } from "../features/time-map/time-map-screen.tsx";
import { useShare } from "../shell/platform.tsx";
import type { Route } from "./+types/map-detail";

// 地图详情 (/map/detail/*, issue 18): the time map opened at what the link names. Article cards
// link a regime in a year (/map/detail/{regimeId}?year=620); an event, a person or a place opens
// at its year and place, a bare year (/map/detail/-221) at that year. Unknown: a Chinese 404.
export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  const asked = await mapDetailRequest(context, params["*"] ?? "", url);
  const screen = await loadTimeMap(context, asked);
  const y = screen.initial;
  const subject = screen.focus?.name ?? formatYear(y.year);
  return {
    screen,
    title: screen.focus ? `${screen.focus.name} · 时空地图` : `${formatYear(y.year)} · 时空地图`,
    path: url.pathname,
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      `${subject}在时空地图上：${formatYear(y.year)}，${y.regimes.map((r) => r.name).join("、") || "没有政权疆域"}。`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `地图详情 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: d.title,
    description: d.description,
    type: "website",
  });
}

export default function MapDetailRoute({ loaderData: d }: Route.ComponentProps) {
  useShare({ title: d.title, desc: d.description, imgUrl: "/favicon.svg" });
  return <TimeMapScreen key={d.path} title={d.title} data={d.screen} />;
}

export function ErrorBoundary() {
  return <TimeMapErrorState />;
}
