import { formatQuizScore } from "@tongjian/domain/quiz";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ownerIdOf } from "@tongjian/domain/viewer";
import { CampaignHeader, CampaignRanking } from "../features/campaigns/campaign-parts.tsx";
import { QuizNav, quizBase, quizKeyOfPath } from "../features/quiz/quiz-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/quiz-ranklist";
import "../features/campaigns/campaigns.css";
import "../features/challenges/challenges.css";
import "../features/quiz/quiz.css";

// /quiz/2024/ranklist, /quiz/2021/ranklist: the quiz's ranking (the engine's campaign_score, each
// reader's best round: score, then who got there first), all readers or ?scope=friends — the
// reader and the friends their link brought. An ended edition shows its final ranking.
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const key = quizKeyOfPath(url.pathname);
  const scope = url.searchParams.get("scope") === "friends" ? "friends" : "all";
  const campaign = await orNotFound(
    context.services.campaigns.view(key, context.viewer),
    "答题活动不存在",
  );
  const owner = ownerIdOf(context.viewer);
  const ranking =
    scope === "friends" && !owner
      ? null
      : await context.services.campaigns.ranking(
          key,
          context.viewer,
          scope === "friends" ? (owner ?? undefined) : undefined,
        );
  return { key, scope, campaign, ranking };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.campaign.title ?? "答题"}排行榜 - ${PRODUCT_NAME}` }];
}

export default function QuizRanklistRoute({
  loaderData: { key, scope, campaign, ranking },
}: Route.ComponentProps) {
  const base = quizBase(key);
  return (
    <main className="tj-campaign tj-quiz" data-testid="quiz-ranklist">
      <CampaignHeader campaign={campaign} />
      <QuizNav quiz={key} current={`${base}/ranklist`} />
      <h2 className="tj-section__title">{campaign.phase === "ended" ? "最终排名" : "排行榜"}</h2>
      <nav aria-label="排行范围">
        <ul className="tj-challenge__tabs">
          <li>
            <AppLink to={`${base}/ranklist`} aria-current={scope === "all" ? "page" : undefined}>
              全部读者
            </AppLink>
          </li>
          <li>
            <AppLink
              to={`${base}/ranklist?scope=friends`}
              aria-current={scope === "friends" ? "page" : undefined}
            >
              我和好友
            </AppLink>
          </li>
        </ul>
      </nav>
      <p className="tj-campaign__meta">
        {scope === "friends"
          ? "好友：通过你的分享链接参加本活动的读者。"
          : "按每人最好的一轮排名：分数高者在前，同分时先达到者在前。"}
      </p>
      {ranking ? (
        <CampaignRanking
          ranking={ranking}
          scoreLabel="成绩"
          formatScore={formatQuizScore}
          emptyText={
            scope === "friends"
              ? "你和好友还没有人上榜。"
              : campaign.phase === "ended"
                ? "本期没有人上榜。"
                : "还没有人上榜，快来参与吧。"
          }
        />
      ) : (
        <p className="tj-state">登录后可查看你和好友的排名。</p>
      )}
      {campaign.phase === "running" ? (
        <AppLink className="tj-button" to={base}>
          去答题
        </AppLink>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
