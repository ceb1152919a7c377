import type { TimeListItem } from "@tongjian/contracts/graph-time";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { truncateText } from "@tongjian/domain/text-length";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { TimelineChooser, TimelineView } from "../features/time/timeline-view.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/timeline";
import "../features/content/entry-timeline.css";

/** Timeline lines show two lines of text; longer summaries are cut before they ship. */
const DESC_LIMIT = 80;
const SEARCH_KINDS = new Set(["person", "regime", "event", "work"]);

// 时间线 (/timeline/:id?, issue 17 §4): one entry's life in dates, or a chooser of timelines.
export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const id = params.id;
  if (!id) {
    const q = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
    const [chooser, hits] = await Promise.all([
      context.services.timeColumns.notable(),
      q ? context.services.search.suggestions({ keyword: q, hasTime: true }) : null,
    ]);
    const found: TimeListItem[] | null =
      hits
        ?.filter((h) => SEARCH_KINDS.has(h.kind))
        .map((h) => ({
          id: h.id,
          kind: h.kind as TimeListItem["kind"],
          name: h.name,
          timeDesc: h.timeDesc ?? "",
        })) ?? null;
    return {
      kind: "chooser" as const,
      origin,
      q,
      found,
      ...chooser,
      description: seoDescription(
        `时间线：${chooser.people
          .slice(0, 8)
          .map((p) => p.name)
          .join("、")}等人物的一生，历代王朝的兴亡与重大事件的经过，按年份排开。`,
      ),
    };
  }
  if (!isEntityId(id)) throw notFound();
  const data = await orNotFound(context.services.timelines.detail(id), "这个词条不存在或已被删除");
  return {
    kind: "detail" as const,
    origin,
    data: {
      ...data,
      list: data.list.map((item) => ({ ...item, desc: truncateText(item.desc, DESC_LIMIT) })),
    },
    description: seoDescription(
      `${data.entry.name}的时间线${data.entry.timeDesc ? `（${data.entry.timeDesc}）` : ""}：${data.list
        .slice(0, 6)
        .map((i) => `${i.timeDesc}${i.title}`)
        .join("；")}`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `时间线 - ${PRODUCT_NAME}` }];
  if (d.kind === "chooser")
    return seoMeta({
      origin: d.origin,
      path: "/timeline",
      title: "时间线",
      description: d.description,
      type: "website",
    });
  return seoMeta({
    origin: d.origin,
    path: `/timeline/${d.data.entry.id}`,
    title: `${d.data.entry.name}的时间线`,
    description: d.description,
    image: `/media/cover/${d.data.entry.id}.svg`,
    type: "article",
  });
}

export default function TimelineRoute({ loaderData: d }: Route.ComponentProps) {
  useShare(
    d.kind === "detail"
      ? {
          title: `${d.data.entry.name}的时间线`,
          desc: d.description,
          imgUrl: `/media/cover/${d.data.entry.id}.svg`,
        }
      : { title: "时间线", desc: d.description, imgUrl: "/favicon.svg" },
  );
  if (d.kind === "chooser")
    return (
      <TimelineChooser
        people={d.people}
        regimes={d.regimes}
        events={d.events}
        q={d.q}
        found={d.found}
      />
    );
  // A new entry starts at its own top, with its own state.
  return <TimelineView key={d.data.entry.id} data={d.data} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
