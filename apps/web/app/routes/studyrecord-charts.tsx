import type { SeriesPoint } from "@tongjian/contracts/study-records";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useMemo, useState } from "react";
import {
  accuracyText,
  minutesText,
  SignInState,
  StudyNav,
  StudyPage,
} from "../features/study-records/parts.tsx";
import { StudyChartView } from "../features/study-records/study-chart-view.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/studyrecord-charts";
import "../features/study-records/study-records.css";

// 学习图表 (/studyrecord/charts): time studied, questions answered and accuracy per day (last 14
// or 30 days), per week (12) and per month (6), drawn by ECharts in the browser.
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  return { signedIn: true as const, series: await context.services.studyRecords.series(viewer) };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习图表 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

type Range = "14" | "30" | "week" | "month";
const RANGES: [Range, string][] = [
  ["14", "近 14 天"],
  ["30", "近 30 天"],
  ["week", "按周"],
  ["month", "按月"],
];
const shortDay = (label: string) => label.slice(5).replace("-", "/");
const shortWeek = (label: string) => `${shortDay(label)}周`;
const shortMonth = (label: string) => `${Number(label.slice(5))}月`;

export default function StudyChartsRoute({ loaderData: d }: Route.ComponentProps) {
  const [range, setRange] = useState<Range>("14");
  const points: SeriesPoint[] = useMemo(() => {
    if (!d.signedIn) return [];
    if (range === "14") return d.series.days.slice(-14);
    if (range === "30") return d.series.days;
    return range === "week" ? d.series.weeks : d.series.months;
  }, [d, range]);
  if (!d.signedIn)
    return (
      <StudyPage title="学习图表">
        <SignInState title="登录后查看学习图表" lead="按天、周、月看学习时长、答题数与正确率。" />
      </StudyPage>
    );
  const short = range === "week" ? shortWeek : range === "month" ? shortMonth : shortDay;
  const rangeLabel = RANGES.find(([r]) => r === range)?.[1] ?? "";
  const any = points.some((p) => p.stretches > 0);
  return (
    <StudyPage title="学习图表">
      <StudyNav />
      <div className="tj-study__choices" role="radiogroup" aria-label="时间范围">
        {RANGES.map(([r, label]) => (
          <label key={r} className="tj-study__choice">
            <input
              type="radio"
              name="range"
              value={r}
              checked={range === r}
              onChange={() => setRange(r)}
            />
            {label}
          </label>
        ))}
      </div>
      {!any && (
        <p className="tj-study__notice">
          {rangeLabel}还没有学习记录，去<AppLink to="/ladder/list">天梯</AppLink>看看。
        </p>
      )}
      <section className="tj-study__card" aria-labelledby="tj-chart-time">
        <h2 id="tj-chart-time">学习时长</h2>
        <StudyChartView
          kind="time"
          points={points}
          short={short}
          label={`${rangeLabel}学习时长柱状图`}
        />
      </section>
      <section className="tj-study__card" aria-labelledby="tj-chart-questions">
        <h2 id="tj-chart-questions">答题数与正确率</h2>
        <StudyChartView
          kind="questions"
          points={points}
          short={short}
          label={`${rangeLabel}答题数与正确率图`}
        />
      </section>
      <section className="tj-study__card" aria-labelledby="tj-chart-table">
        <h2 id="tj-chart-table">明细</h2>
        <ul className="tj-study__list">
          {points
            .filter((p) => p.stretches > 0)
            .reverse()
            .map((p) => (
              <li key={p.label} className="tj-study__row">
                <span>{range === "14" || range === "30" ? p.label : short(p.label)}</span>
                <span>
                  {minutesText(p.seconds)} · {p.answered} 题 · {accuracyText(p.answered, p.correct)}
                </span>
              </li>
            ))}
        </ul>
        {!any && <p className="tj-empty">暂无数据</p>}
      </section>
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
