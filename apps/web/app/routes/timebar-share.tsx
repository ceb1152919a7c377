import type { TimeColumnData } from "@tongjian/contracts/graph-time";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { clampYear, parseYearInput } from "@tongjian/domain/time-columns";
import { formatYear } from "@tongjian/domain/year-format";
import { data } from "react-router";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { FocusList, YearList } from "../features/time/time-lists.tsx";
import { TimeShareFigure } from "../features/time/time-share-figure.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { isNotFoundError } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/timebar-share";
import "../features/time/time-screen.css";

/** Years either side of the shared year that the picture shows. */
const HALF_WINDOW = 80;
/** People drawn in the picture (the best known of the window); the list names more. */
const PICTURE_PEOPLE = 30;

// 时间轴分享 (/timebar/share?year=…&focus=…, issue 17 §5): the view at one year, drawn on the
// server as a picture with the lists beneath, so that a shared link shows it without script.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const rawYear = url.searchParams.get("year");
  const rawFocus = url.searchParams.get("focus");
  const year = rawYear === null ? null : parseYearInput(rawYear);
  if (rawYear !== null && year === null)
    throw data("分享链接里的年份无效：应为前3000年到2100年之间的年份，如 1127、-221", {
      status: 400,
    });
  if (rawFocus !== null && !isEntityId(rawFocus))
    throw data("分享链接里的人物编号无效", { status: 400 });
  const { timeColumns } = context.services;
  let focusAnswer: TimeColumnData["focus"] = null;
  if (rawFocus) {
    try {
      focusAnswer = (await timeColumns.columns({ kinds: [], focus: rawFocus, limit: 1 })).focus;
    } catch (error) {
      if (!isNotFoundError(error)) throw error;
    }
  }
  const center =
    year ?? (focusAnswer ? Math.round((focusAnswer.start + focusAnswer.end) / 2) : null);
  if (center === null) return { origin, view: null };
  const from = clampYear(center - HALF_WINDOW);
  const to = clampYear(center + HALF_WINDOW);
  const view = await timeColumns.columns({
    from,
    to,
    kinds: ["regime", "person"],
    limit: PICTURE_PEOPLE,
    ...(year !== null ? { year } : {}),
  });
  const regimeNames = view.year?.regimes.map((r) => r.name) ?? [];
  const title = year !== null ? `${formatYear(year)}的时间轴` : `${focusAnswer?.name ?? ""}的时代`;
  const description = seoDescription(
    [
      year !== null && regimeNames.length > 0
        ? `${formatYear(year)}，${regimeNames.join("、")}并立。`
        : "",
      view.year && view.year.people.length > 0
        ? `在世的有${view.year.people
            .slice(0, 8)
            .map((p) => p.name)
            .join("、")}等 ${view.year.peopleTotal} 人。`
        : "",
      focusAnswer
        ? `与${focusAnswer.name}同时代的有${focusAnswer.contemporaries
            .slice(0, 6)
            .map((p) => p.name)
            .join("、")}等 ${focusAnswer.contemporariesTotal} 人。`
        : "",
    ].join("") || `${title}：历代政权与人物按年代排开。`,
  );
  return {
    origin,
    view: {
      from: view.from,
      to: view.to,
      year,
      title,
      description,
      eras: view.eras,
      bars: view.bars,
      lanes: view.lanes,
      yearAnswer: view.year,
      focus: focusAnswer,
      query: url.search,
    },
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d?.view) return [{ title: `时间轴分享 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: `/timebar/share${d.view.query}`,
    title: d.view.title,
    description: d.view.description,
    type: "article",
  });
}

export default function TimebarShareRoute({ loaderData: d }: Route.ComponentProps) {
  const v = d.view;
  useShare(v ? { title: v.title, desc: v.description, imgUrl: "/favicon.svg" } : null);
  if (!v)
    return (
      <main className="tj-time">
        <h1 className="tj-time__title">时间轴分享</h1>
        <p className="tj-empty">这个分享链接没有指明年份或人物。</p>
        <p className="tj-time__share">
          <AppLink to="/timebar">打开时间轴，自己选一个年份</AppLink>
        </p>
      </main>
    );
  const open = `/timebar${v.query}`;
  return (
    <main className="tj-time" data-testid="timebar-share">
      <header className="tj-time__head">
        <AppLink className="tj-time__home" to="/" aria-label="返回首页">
          通鉴
        </AppLink>
        <h1 className="tj-time__title">{v.title}</h1>
      </header>
      <p className="tj-time__lead">{v.description}</p>
      <TimeShareFigure
        from={v.from}
        to={v.to}
        year={v.year}
        eras={v.eras}
        bars={v.bars}
        lanes={v.lanes}
        focusId={v.focus?.id ?? null}
        label={`${formatYear(v.from)}到${formatYear(v.to)}的政权与人物示意图${v.year !== null ? `，红线标出${formatYear(v.year)}` : ""}；文字见下方列表。`}
      />
      {v.focus && <FocusList answer={v.focus} />}
      {v.yearAnswer && <YearList answer={v.yearAnswer} />}
      <p className="tj-time__share">
        <AppLink to={open}>在时间轴中打开，继续缩放和查找</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
