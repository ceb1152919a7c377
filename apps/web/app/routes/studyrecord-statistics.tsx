import type { BreakdownRow } from "@tongjian/contracts/study-records";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  accuracyText,
  minutesText,
  SignInState,
  StudyNav,
  StudyPage,
} from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/studyrecord-statistics";
import "../features/study-records/study-records.css";

// 学习统计 (/studyrecord/statistics): every stretch by kind; by era and theme only where the
// questions were kept one by one (the mock tests) — the other screens record counts alone.
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  return {
    signedIn: true as const,
    stats: await context.services.studyRecords.statistics(viewer),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习统计 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

function Table({ rows, time }: { rows: BreakdownRow[]; time: boolean }) {
  const max = Math.max(1, ...rows.map((r) => r.answered));
  return (
    <ul className="tj-study__list">
      {rows.map((r) => (
        <li key={r.key}>
          <div className="tj-study__row">
            <span>{r.label}</span>
            <span>
              {time ? `${minutesText(r.seconds)} · ${r.stretches} 次 · ` : ""}
              {r.answered} 题 · 正确率 {accuracyText(r.answered, r.correct)}
            </span>
          </div>
          <div className="tj-study__bar" aria-hidden="true">
            <span style={{ width: `${Math.round((100 * r.answered) / max)}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function StudyStatisticsRoute({ loaderData: d }: Route.ComponentProps) {
  if (!d.signedIn)
    return (
      <StudyPage title="学习统计">
        <SignInState title="登录后查看学习统计" lead="按学习类型、时代与主题看你的答题与正确率。" />
      </StudyPage>
    );
  const s = d.stats;
  return (
    <StudyPage title="学习统计">
      <StudyNav />
      <section className="tj-study__card" aria-labelledby="tj-stat-kind">
        <h2 id="tj-stat-kind">按学习类型</h2>
        {s.byKind.length === 0 ? (
          <p className="tj-empty">
            还没有学习记录，去<AppLink to="/ladder/list">天梯</AppLink>看看
          </p>
        ) : (
          <Table rows={s.byKind} time />
        )}
      </section>
      <section className="tj-study__card" aria-labelledby="tj-stat-era">
        <h2 id="tj-stat-era">按时代</h2>
        <p className="tj-study__meta">
          按时代与主题的统计来自逐题保存的模拟测试（共 {s.questionLevelAnswered}{" "}
          题）；天梯、挑战等只记录题数与正确数，不计入这里。
        </p>
        {s.byEra.length === 0 ? (
          <p className="tj-empty">
            还没有逐题记录，<AppLink to="/studyrecord/mock">做一次模拟测试</AppLink>
          </p>
        ) : (
          <Table rows={s.byEra} time={false} />
        )}
      </section>
      {s.byTheme.length > 0 && (
        <section className="tj-study__card" aria-labelledby="tj-stat-theme">
          <h2 id="tj-stat-theme">按主题</h2>
          <Table rows={s.byTheme} time={false} />
        </section>
      )}
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
