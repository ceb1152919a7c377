import type { RoundView } from "@tongjian/contracts/challenges";
import { GRADE_LABEL, GRADES, type Grade } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useNavigate } from "react-router";
import {
  ChallengeNav,
  challengeRow,
  LoginPrompt,
  RankList,
} from "../features/challenges/challenge-parts.tsx";
import {
  challengePath,
  formatSeconds,
  kindOfPath,
} from "../features/challenges/challenge-paths.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import { failureMessage, useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/challenge-landing";
import "../features/challenges/challenges.css";

// 天梯挑战 /ladderchallenge/*, 文史挑战 /wenshichallenge/*, 文史答题 /wenshianswer/*: the
// landing page of a challenge — its rules, the reader's best and today's rounds, the start
// button. Any tail after the challenge's name shows the same landing (shared links carry one).
export async function loader({ context, request }: Route.LoaderArgs) {
  const kind = kindOfPath(new URL(request.url).pathname);
  const { challenges } = context.services;
  const [overview, ranking] = await Promise.all([
    challenges.overview(context.viewer, kind),
    challenges.ranking(context.viewer, kind, "day"),
  ]);
  return { kind, overview, top: ranking.entries.slice(0, 5) };
}

export function meta({ data }: Route.MetaArgs) {
  const title = data?.overview.rules.title ?? "挑战";
  return [
    { title: `${title} - ${PRODUCT_NAME}` },
    { name: "description", content: data?.overview.rules.tagline ?? "" },
  ];
}

const PERIOD_NAME = { day: "今日", week: "本周", all: "历史" } as const;

export default function ChallengeLandingRoute({ loaderData: d }: Route.ComponentProps) {
  const { kind, overview, top } = d;
  const { rules } = overview;
  const { api } = usePlatform();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [grade, setGrade] = useState<Grade>("junior");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const round = await api.post<RoundView>(
        `/api/learning/challenges/${kind}/rounds`,
        rules.picksGrade ? { grade } : {},
      );
      navigate(challengePath(kind, "question", `round=${round.id}`));
    } catch (failure) {
      setError(failureMessage(failure, signIn));
      setBusy(false);
    }
  };

  const dailyDone = rules.oncePerDay && overview.playedToday && !overview.openRoundId;
  return (
    <main className="tj-challenge">
      <h1 className="tj-challenge__title">{rules.title}</h1>
      <p className="tj-challenge__lead">{rules.tagline}</p>
      <ChallengeNav kind={kind} current="" />

      <section className="tj-section" aria-labelledby="tj-challenge-rules">
        <h2 className="tj-section__title" id="tj-challenge-rules">
          挑战规则
        </h2>
        <ol className="tj-challenge__rules">
          {rules.rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <p className="tj-challenge__meta">
          {rules.perQuestionSeconds
            ? `共 ${rules.questionCount} 题 · 每题 ${rules.perQuestionSeconds} 秒`
            : `限时 ${rules.totalSeconds} 秒`}
          {" · "}奖励：{rules.rewardLabel}（{rules.rewardThreshold} 分及以上，每
          {rules.rewardPeriod === "day" ? "天" : "周"}一次）
        </p>
      </section>

      {!overview.signedIn ? (
        <LoginPrompt text="登录后即可参加挑战，成绩会进入排行榜。" />
      ) : (
        <section className="tj-section" aria-labelledby="tj-challenge-mine">
          <h2 className="tj-section__title" id="tj-challenge-mine">
            我的挑战
          </h2>
          <p className="tj-challenge__meta" data-testid="today-rounds">
            今日已挑战 {overview.todayRounds} 轮
            {overview.pendingRewards > 0 && (
              <>
                {" · "}
                <AppLink to={challengePath(kind, "gift")}>
                  {overview.pendingRewards} 份奖励待领取
                </AppLink>
              </>
            )}
          </p>
          {overview.best.length === 0 ? (
            <p className="tj-empty">还没有成绩，来挑战一轮吧。</p>
          ) : (
            <ul className="tj-challenge__bests">
              {overview.best.map((b) => (
                <li key={b.period}>
                  <span>{PERIOD_NAME[b.period]}最好</span>
                  <strong>{b.score} 分</strong>
                  <span>
                    {formatSeconds(b.seconds)} · 第 {b.rank} 名
                  </span>
                </li>
              ))}
            </ul>
          )}
          {rules.picksGrade && !overview.openRoundId && (
            <fieldset className="tj-challenge__grades">
              <legend>选择学段</legend>
              {GRADES.map((g) => (
                <label key={g} className="tj-challenge__grade">
                  <input
                    type="radio"
                    name="grade"
                    value={g}
                    checked={grade === g}
                    onChange={() => setGrade(g)}
                  />
                  {GRADE_LABEL[g]}
                </label>
              ))}
            </fieldset>
          )}
          <div className="tj-challenge__actions">
            {overview.openRoundId ? (
              <AppLink
                className="tj-button"
                to={challengePath(kind, "question", `round=${overview.openRoundId}`)}
              >
                继续本轮挑战
              </AppLink>
            ) : dailyDone ? (
              <p className="tj-challenge__done" role="status">
                今天已经答过了，明天再来吧。
              </p>
            ) : (
              <button
                type="button"
                className="tj-button"
                disabled={busy}
                onClick={() => void start()}
              >
                {busy ? "出题中…" : "开始挑战"}
              </button>
            )}
            {overview.lastRoundId && (
              <AppLink
                className="tj-button tj-button--ghost"
                to={challengePath(kind, "result", `round=${overview.lastRoundId}`)}
              >
                上一轮成绩
              </AppLink>
            )}
          </div>
          {error && (
            <p className="tj-challenge__error" role="alert">
              {error}{" "}
              <button type="button" className="tj-link-button" onClick={() => void start()}>
                重试
              </button>
            </p>
          )}
        </section>
      )}

      <section className="tj-section" aria-labelledby="tj-challenge-top">
        <h2 className="tj-section__title" id="tj-challenge-top">
          今日前五
        </h2>
        <RankList
          rows={top.map(challengeRow)}
          me={null}
          label="今日前五名"
          empty="今天还没有人上榜，第一个就是你。"
        />
        <AppLink className="tj-challenge__more" to={challengePath(kind, "ranking")}>
          查看完整排行
        </AppLink>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
