import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { MuseumScreen } from "../features/museum/museum-screen.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/museum";
import "../features/museum/museum.css";

// 博物馆 (/home/museum, issue 18 §4): the corpus's paintings and calligraphy in rooms by era. The
// rooms come from the museum service; the page draws them in 3D once three.js has loaded in the
// browser (only on this page), and lists them for screen readers and where WebGL is missing.
export async function loader({ context, request }: Route.LoaderArgs) {
  const museum = await context.services.museum.rooms();
  return {
    museum,
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      `${PRODUCT_NAME}博物馆：${museum.rooms.map((r) => r.name).join("、")}等展厅，陈列${museum.rooms
        .flatMap((r) => r.exhibits.slice(0, 2).map((e) => `《${e.name}》`))
        .join("")}等书画名作，可在 3D 展厅中走动观看。`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `博物馆 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/home/museum",
    title: "博物馆",
    description: d.description,
    type: "website",
  });
}

export default function MuseumRoute({ loaderData: d }: Route.ComponentProps) {
  return <MuseumScreen data={d.museum} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
