import { formatQuizScore } from "@tongjian/domain/quiz";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  CampaignHeader,
  CampaignRanking,
  CampaignRules,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import {
  MarkedQuestionCard,
  QuizNav,
  QuizPlay,
  quizBase,
  quizKeyOfPath,
} from "../features/quiz/quiz-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/quiz";
import "../features/campaigns/campaigns.css";
import "../features/challenges/challenges.css";
import "../features/quiz/quiz.css";
import { VIEW_ANSWER } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { "quiz-2021": VIEW_ANSWER } };

// /quiz/2024 and /quiz/2021 (tracked as Answer): the quiz campaigns of decision 44. While an
// edition runs a reader plays timed rounds drawn from the question bank, marked on the server,
// with a comment after each answer; an ended edition (2021) stays readable: 已结束, how many
// took part, its final ranking and a review of its questions with their answers.
export async function loader({ context, request }: Route.LoaderArgs) {
  const key = quizKeyOfPath(new URL(request.url).pathname);
  const overview = await orNotFound(
    context.services.quiz.overview(key, context.viewer, null),
    "答题活动不存在",
  );
  const ranking =
    overview.campaign.phase === "ended"
      ? await context.services.campaigns.ranking(key, context.viewer)
      : null;
  return { key, overview, ranking };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.overview.campaign.title ?? "历史知识答题"} - ${PRODUCT_NAME}` }];
}

export default function QuizRoute({
  loaderData: { key, overview, ranking },
}: Route.ComponentProps) {
  const { campaign } = overview;
  useInviteCapture(campaign);
  const base = quizBase(key);
  return (
    <main className="tj-campaign tj-quiz" data-testid="quiz-page">
      <CampaignHeader campaign={campaign}>
        <p className="tj-campaign__meta" data-testid="quiz-participants">
          {overview.participants > 0
            ? `本期共 ${overview.participants} 人参与，完成 ${overview.rounds} 轮答题`
            : campaign.phase === "ended"
              ? "本期没有留下答题记录"
              : "还没有人完成答题，来做第一个吧"}
        </p>
      </CampaignHeader>
      <QuizNav quiz={key} current={base} />
      {campaign.phase === "running" ? (
        <QuizPlay overview={overview} />
      ) : campaign.phase === "upcoming" ? (
        <p className="tj-state">活动尚未开始，开始后即可答题。</p>
      ) : (
        <>
          <section aria-labelledby="quiz-final">
            <h2 id="quiz-final" className="tj-section__title">
              最终排名
            </h2>
            {ranking ? (
              <CampaignRanking
                ranking={{ ...ranking, entries: ranking.entries.slice(0, 10) }}
                scoreLabel="成绩"
                formatScore={formatQuizScore}
                emptyText="本期没有人上榜。"
              />
            ) : null}
            {ranking && ranking.total > 10 ? (
              <AppLink className="tj-button tj-button--ghost" to={`${base}/ranklist`}>
                查看完整排行榜
              </AppLink>
            ) : null}
          </section>
          <section aria-labelledby="quiz-review" data-testid="quiz-review">
            <h2 id="quiz-review" className="tj-section__title">
              题目回顾
            </h2>
            {overview.review.length === 0 ? (
              <p className="tj-state">本期没有可回顾的题目。</p>
            ) : (
              <ol className="tj-quiz__marked-list">
                {overview.review.map((q, i) => (
                  <MarkedQuestionCard
                    key={q.id}
                    q={q}
                    index={i}
                    extra={q.rightPercent === null ? "无人作答" : `答对率 ${q.rightPercent}%`}
                  />
                ))}
              </ol>
            )}
          </section>
        </>
      )}
      <CampaignRules campaign={campaign} />
      {campaign.phase === "running" ? <ShareCampaign campaign={campaign} /> : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
