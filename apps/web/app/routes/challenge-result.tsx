import { RANKING_PERIOD_LABEL } from "@tongjian/domain/challenges";
import { optionLetter } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ChallengeNav, LoginPrompt } from "../features/challenges/challenge-parts.tsx";
import {
  challengePath,
  formatSeconds,
  kindOfPath,
  roundIdOf,
} from "../features/challenges/challenge-paths.ts";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/challenge-result";
import "../features/challenges/challenges.css";

// /…/result?round=…: a finished round's score and time, each question with the right answer,
// why, and the entries it tests; the reader's places in the rankings and any reward. Without a
// round id: the reader's latest round of the challenge.
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindOfPath(url.pathname);
  const { challenges } = context.services;
  const title = challenges.rules(kind).title;
  if (context.viewer.kind !== "user") return { kind, title, result: null, signedIn: false };
  const roundId =
    roundIdOf(url.searchParams.get("round")) ??
    (await challenges.lastRoundId(context.viewer, kind));
  if (!roundId) return { kind, title, result: null, signedIn: true };
  const result = await orNotFound(
    challenges.result(context.viewer, roundId),
    "这轮挑战不存在或已失效",
  );
  return { kind, title, result, signedIn: true };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.title ?? "挑战"}成绩 - ${PRODUCT_NAME}` }];
}

export default function ChallengeResultRoute({ loaderData: d }: Route.ComponentProps) {
  const { kind, result } = d;
  return (
    <main className="tj-challenge">
      <h1 className="tj-challenge__title">{d.title} · 成绩</h1>
      <ChallengeNav kind={kind} current="result" />
      {!d.signedIn ? (
        <LoginPrompt text="登录后查看你的挑战成绩。" />
      ) : !result ? (
        <div className="tj-challenge__login">
          <p className="tj-empty">还没有完成过这项挑战。</p>
          <AppLink className="tj-button" to={challengePath(kind)}>
            去挑战
          </AppLink>
        </div>
      ) : (
        <>
          <section className="tj-challenge__score" aria-label="本轮成绩">
            <p>
              <strong data-testid="challenge-score">{result.score}</strong> 分
            </p>
            <p className="tj-challenge__meta">
              答对 {result.correct} / {result.answered} 题 · 用时{" "}
              {formatSeconds(result.durationMs / 1000)}
            </p>
            {result.places.length > 0 && (
              <ul className="tj-challenge__places" data-testid="challenge-places">
                {result.places.map((p) => (
                  <li key={p.period}>
                    <AppLink to={challengePath(kind, "ranking", `period=${p.period}`)}>
                      {RANKING_PERIOD_LABEL[p.period]}第 {p.rank} 名
                    </AppLink>
                  </li>
                ))}
              </ul>
            )}
            {result.reward ? (
              <p className="tj-challenge__reward">
                达到 {result.rewardThreshold} 分，获得奖励：{result.reward.label}（
                {result.reward.status === "claimed" ? "已领取" : "未领取"}）{" "}
                <AppLink to={challengePath(kind, "gift")}>去领取</AppLink>
              </p>
            ) : (
              <p className="tj-challenge__meta">达到 {result.rewardThreshold} 分可获得奖励。</p>
            )}
            <div className="tj-challenge__actions">
              <AppLink className="tj-button" to={challengePath(kind)}>
                再来一轮
              </AppLink>
              <AppLink className="tj-button tj-button--ghost" to={challengePath(kind, "ranking")}>
                看排行榜
              </AppLink>
            </div>
          </section>
          <section className="tj-section" aria-labelledby="tj-challenge-review">
            <h2 className="tj-section__title" id="tj-challenge-review">
              答案与解析
            </h2>
            {result.questions.length === 0 ? (
              <p className="tj-empty">这一轮没有作答。</p>
            ) : (
              <ol className="tj-challenge__review">
                {result.questions.map((q, n) => (
                  <li
                    key={q.id}
                    className="tj-challenge__reviewed"
                    data-correct={q.correct ? "true" : "false"}
                  >
                    <p className="tj-challenge__type">
                      第 {n + 1} 题 · {q.timedOut ? "超时" : q.correct ? "答对" : "答错"}
                      {q.pointTitle ? ` · ${q.pointTitle}` : ""}
                    </p>
                    <h3 className="tj-challenge__stem">{q.stem}</h3>
                    <ul className="tj-challenge__choices">
                      {q.options.map((text, i) => (
                        <li
                          key={text}
                          data-state={
                            q.answer.includes(i)
                              ? "right"
                              : q.chosen.includes(i)
                                ? "wrong"
                                : undefined
                          }
                        >
                          {optionLetter(i)}. {text}
                          {q.answer.includes(i) ? "（正确答案）" : ""}
                          {q.chosen.includes(i) && !q.answer.includes(i) ? "（你的选择）" : ""}
                        </li>
                      ))}
                    </ul>
                    <p className="tj-challenge__explain">解析：{q.explanation}</p>
                    {q.entries.length > 0 && (
                      <p className="tj-challenge__entries">
                        相关词条：
                        {q.entries.map((e) => (
                          <AppLink key={e.id} to={`/detail/${e.id}`}>
                            {e.name}
                          </AppLink>
                        ))}
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
