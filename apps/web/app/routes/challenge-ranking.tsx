import { RANKING_PERIOD_LABEL, RANKING_PERIODS } from "@tongjian/domain/challenges";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  ChallengeNav,
  challengeRow,
  LoginPrompt,
  RankList,
} from "../features/challenges/challenge-parts.tsx";
import { challengePath, kindOfPath, periodOf } from "../features/challenges/challenge-paths.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/challenge-ranking";
import "../features/challenges/challenges.css";

// /…/ranking?period=day|week|all: the readers' best rounds of the period (China day, week from
// Monday, all time), the top 50 and the reader's own place wherever it is.
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindOfPath(url.pathname);
  const period = periodOf(url.searchParams.get("period"));
  const { challenges } = context.services;
  return {
    kind,
    title: challenges.rules(kind).title,
    signedIn: context.viewer.kind === "user",
    ranking: await challenges.ranking(context.viewer, kind, period),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.title ?? "挑战"}排行榜 - ${PRODUCT_NAME}` }];
}

export default function ChallengeRankingRoute({ loaderData: d }: Route.ComponentProps) {
  const { kind, ranking } = d;
  return (
    <main className="tj-challenge">
      <h1 className="tj-challenge__title">{d.title} · 排行榜</h1>
      <ChallengeNav kind={kind} current="ranking" />
      <ul className="tj-challenge__tabs" aria-label="排行周期">
        {RANKING_PERIODS.map((p) => (
          <li key={p}>
            <AppLink
              to={challengePath(kind, "ranking", `period=${p}`)}
              aria-current={p === ranking.period ? "page" : undefined}
            >
              {RANKING_PERIOD_LABEL[p]}
            </AppLink>
          </li>
        ))}
      </ul>
      <p className="tj-challenge__meta">
        {ranking.period === "all"
          ? "历史最好成绩"
          : ranking.period === "week"
            ? `本周（${ranking.periodKey} 起）`
            : `今日（${ranking.periodKey}）`}
        · 共 {ranking.total} 人上榜 · 按每人最好一轮，同分用时少者在前
      </p>
      <RankList
        rows={ranking.entries.map(challengeRow)}
        me={ranking.me ? challengeRow(ranking.me) : null}
        label={`${RANKING_PERIOD_LABEL[ranking.period]}排行`}
        empty="这一期还没有人上榜。"
      />
      {d.signedIn ? (
        !ranking.me && (
          <p className="tj-challenge__meta">
            你在这一期还没有成绩，<AppLink to={challengePath(kind)}>去挑战</AppLink>。
          </p>
        )
      ) : (
        <LoginPrompt text="登录后参加挑战，看看自己排第几。" />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
