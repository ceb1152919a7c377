import { quizChallengeLine } from "@tongjian/domain/quiz";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  CampaignHeader,
  InvitedFriends,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import { LoginPrompt } from "../features/challenges/challenge-parts.tsx";
import { QuizNav, quizBase, quizKeyOfPath } from "../features/quiz/quiz-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/quiz-share";
import "../features/campaigns/campaigns.css";
import "../features/challenges/challenges.css";
import "../features/quiz/quiz.css";
import { VIEW_FRIEND_LIST } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { "quiz-2021-share": VIEW_FRIEND_LIST } };

// /quiz/2024/share, /quiz/2021/share (tracked as FriendList): the reader's best result, the
// friends who came through their link (the engine's invitations) and the share that invites
// them to beat it; the shared link opens the quiz with the reader as `from`.
export async function loader({ context, request }: Route.LoaderArgs) {
  const key = quizKeyOfPath(new URL(request.url).pathname);
  const campaign = await orNotFound(
    context.services.campaigns.view(key, context.viewer),
    "答题活动不存在",
  );
  const [best, invites] = await Promise.all([
    context.services.quiz.myBest(key, context.viewer),
    context.services.campaigns.invites(key, context.viewer),
  ]);
  return { key, campaign, best, invites };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.campaign.title ?? "答题"} · 邀请好友 - ${PRODUCT_NAME}` }];
}

export default function QuizShareRoute({
  loaderData: { key, campaign, best, invites },
}: Route.ComponentProps) {
  useInviteCapture(campaign);
  const base = quizBase(key);
  const mine = best.best;
  const line = mine
    ? quizChallengeLine(
        campaign.title,
        { correct: mine.correct, total: mine.total, seconds: mine.seconds },
        mine.score,
      )
    : null;
  return (
    <main className="tj-campaign tj-quiz" data-testid="quiz-share">
      <CampaignHeader campaign={campaign} />
      <QuizNav quiz={key} current={`${base}/share`} />
      {!best.signedIn ? (
        <LoginPrompt text="登录后查看你的成绩和通过你的链接来答题的好友。" />
      ) : (
        <>
          <section aria-labelledby="quiz-my-best" className="tj-quiz__best">
            <h2 id="quiz-my-best" className="tj-section__title">
              我的最好成绩
            </h2>
            {mine ? (
              <div data-testid="quiz-best">
                <p className="tj-quiz__score">
                  <strong>{mine.score}</strong> 分
                </p>
                <p>
                  答对 {mine.correct}
                  {mine.total > 0 ? ` / ${mine.total}` : ""} 题，用时 {mine.seconds} 秒
                  {mine.rank ? `，排名第 ${mine.rank} 名` : ""}
                </p>
              </div>
            ) : (
              <p className="tj-state">
                你还没有完成过一轮答题。
                {campaign.phase === "running" ? <AppLink to={base}>去答题</AppLink> : null}
              </p>
            )}
          </section>
          {campaign.phase === "running" ? (
            <section aria-labelledby="quiz-invite" className="tj-quiz__invite">
              <h2 id="quiz-invite" className="tj-section__title">
                邀请好友来挑战
              </h2>
              <p>{line ?? "把答题分享给好友，看看谁读史更熟。"}</p>
              <ShareCampaign
                campaign={campaign}
                desc={line ?? campaign.share.desc}
                label={mine ? "分享我的成绩，邀好友来超过我" : "分享给好友"}
              />
            </section>
          ) : null}
          <section aria-labelledby="quiz-friends">
            <h2 id="quiz-friends" className="tj-section__title">
              我邀请的好友（{invites.friendsNum}）
            </h2>
            <InvitedFriends invites={invites} />
            {invites.friendsNum > 0 ? (
              <AppLink className="tj-button tj-button--ghost" to={`${base}/ranklist?scope=friends`}>
                看我和好友的排名
              </AppLink>
            ) : null}
          </section>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
