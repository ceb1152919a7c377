import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LoginPrompt, RankList, type RankRow } from "../features/challenges/challenge-parts.tsx";
import { formatSeconds } from "../features/challenges/challenge-paths.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/study-ranking";
import "../features/challenges/challenges.css";

// /study/ranking (学习排行): readers ranked by the study time or the questions answered this
// week (Monday to Sunday, China time), from what every learning screen records.
export async function loader({ context, request }: Route.LoaderArgs) {
  const by = new URL(request.url).searchParams.get("by") === "answered" ? "answered" : "seconds";
  return {
    signedIn: context.viewer.kind === "user",
    ranking: await context.services.challenges.studyRanking(context.viewer, by),
  };
}

export function meta() {
  return [{ title: `学习排行 - ${PRODUCT_NAME}` }];
}

const TABS = [
  ["seconds", "学习时长"],
  ["answered", "答题数"],
] as const;

export default function StudyRankingRoute({ loaderData: d }: Route.ComponentProps) {
  const { ranking } = d;
  const row = (e: (typeof ranking.entries)[number]): RankRow => ({
    rank: e.rank,
    userId: e.userId,
    name: e.name,
    avatar: e.avatar,
    value:
      ranking.by === "seconds"
        ? `${formatSeconds(e.seconds)} · ${e.answered} 题`
        : `${e.answered} 题 · ${formatSeconds(e.seconds)}`,
  });
  return (
    <main className="tj-challenge">
      <h1 className="tj-challenge__title">学习排行</h1>
      <p className="tj-challenge__lead">
        本周 {ranking.weekStart} 至 {ranking.weekEnd}
        （北京时间），按测评、天梯、练习、复习与挑战记录的学习统计。
      </p>
      <ul className="tj-challenge__tabs" aria-label="排行依据">
        {TABS.map(([by, label]) => (
          <li key={by}>
            <AppLink
              to={`/study/ranking?by=${by}`}
              aria-current={by === ranking.by ? "page" : undefined}
            >
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
      <RankList
        rows={ranking.entries.map(row)}
        me={ranking.me ? row(ranking.me) : null}
        label={`本周${ranking.by === "seconds" ? "学习时长" : "答题数"}排行`}
        empty="本周还没有人学习，去做一轮挑战吧。"
      />
      {d.signedIn ? (
        !ranking.me && <p className="tj-challenge__meta">你本周还没有学习记录。</p>
      ) : (
        <LoginPrompt text="登录后学习，时长和答题数会计入排行。" />
      )}
      <p className="tj-challenge__actions">
        <AppLink className="tj-button tj-button--ghost" to="/wenshichallenge">
          去文史挑战
        </AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
