import type { AnswerResult, RoundView } from "@tongjian/contracts/challenges";
import { ANSWER_GRACE_MS } from "@tongjian/domain/challenges";
import { optionLetter, QUESTION_TYPE_LABEL } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { LoginPrompt } from "../features/challenges/challenge-parts.tsx";
import { challengePath, kindOfPath, roundIdOf } from "../features/challenges/challenge-paths.ts";
import { useCountdown } from "../features/challenges/use-countdown.ts";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import { failureMessage, useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/challenge-question";
import "../features/challenges/challenges.css";

// /ladderchallenge/question, /wenshichallenge/question, /wenshianswer/question?round=…: the
// play screen. The round, its questions and its clock live on the server; this page shows the
// question now due (never its answer), counts down from the milliseconds the server gave, and
// sends each answer — the server says whether it was right and in time.
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindOfPath(url.pathname);
  const title = context.services.challenges.rules(kind).title;
  const roundId = roundIdOf(url.searchParams.get("round"));
  if (context.viewer.kind !== "user") return { kind, title, state: "login" as const };
  if (!roundId) return { kind, title, state: "none" as const };
  const round = await orNotFound(
    context.services.challenges.round(context.viewer, roundId),
    "这轮挑战不存在或已失效",
  );
  return { kind, title, state: "round" as const, round };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.title ?? "挑战"}答题 - ${PRODUCT_NAME}` }];
}

interface Feedback {
  questionId: string;
  correct: boolean;
  answer: number[];
  chosen: number[];
}

function Play({ initial }: { initial: RoundView }) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [round, setRound] = useState(initial);
  const [chosen, setChosen] = useState<number[]>([]);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const resultPath = challengePath(round.kind, "result", `round=${round.id}`);

  const show = useCallback(
    (next: RoundView) => {
      if (next.status === "finished") navigate(resultPath, { replace: true });
      else {
        setRound(next);
        setChosen([]);
        setFeedback(null);
      }
    },
    [navigate, resultPath],
  );

  const refresh = useCallback(async () => {
    try {
      show(await api.get<RoundView>(`/api/learning/challenge-rounds/${round.id}`));
    } catch (failure) {
      setNotice(failureMessage(failure, signIn));
    }
  }, [api, round.id, show, signIn]);

  // When the count reaches zero the server decides: after the grace it has moved on.
  const left = useCountdown(round.questionRemainingMs, `${round.id}:${round.index}`, () => {
    window.setTimeout(() => void refresh(), ANSWER_GRACE_MS + 300);
  });
  const roundLeft = useCountdown(round.remainingMs, `${round.id}:${round.index}:all`);

  useEffect(() => {
    if (round.status === "finished") navigate(resultPath, { replace: true });
  }, [round.status, navigate, resultPath]);

  const q = round.question;
  if (!q) return <p className="tj-empty">正在进入成绩页…</p>;

  const submit = async (answer: number[]) => {
    if (busy || feedback || answer.length === 0) return;
    setBusy(true);
    setNotice(null);
    try {
      const res = await api.post<AnswerResult>(
        `/api/learning/challenge-rounds/${round.id}/answers`,
        { questionId: q.id, chosen: answer },
      );
      setFeedback({ questionId: q.id, correct: res.correct, answer: res.answer, chosen: answer });
      window.setTimeout(() => show(res.round), 700);
    } catch (failure) {
      setNotice(failureMessage(failure, signIn));
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    setBusy(true);
    try {
      await api.post(`/api/learning/challenge-rounds/${round.id}/finish`);
      navigate(resultPath, { replace: true });
    } catch (failure) {
      setNotice(failureMessage(failure, signIn));
      setBusy(false);
    }
  };

  const seconds = Math.ceil(left / 1000);
  const optionState = (i: number) => {
    if (!feedback) return chosen.includes(i) ? "chosen" : undefined;
    if (feedback.answer.includes(i)) return "right";
    return feedback.chosen.includes(i) ? "wrong" : undefined;
  };
  return (
    <>
      <div className="tj-challenge__bar">
        <span data-testid="challenge-progress">
          第 {round.index + 1} 题{round.kind === "wenshichallenge" ? "" : ` / 共 ${round.total} 题`}
        </span>
        <span>得分 {round.score}</span>
        <span
          className="tj-challenge__clock"
          data-low={seconds <= 5 ? "true" : undefined}
          role="timer"
          aria-label={`剩余 ${seconds} 秒`}
        >
          {seconds} 秒
        </span>
      </div>
      {round.kind !== "wenshichallenge" && (
        <p className="tj-challenge__meta">本轮剩余 {Math.ceil(roundLeft / 1000)} 秒</p>
      )}
      <section className="tj-challenge__question" data-question-id={q.id} aria-live="polite">
        <p className="tj-challenge__type">
          {QUESTION_TYPE_LABEL[q.type]} · 难度 {q.difficulty}
        </p>
        <h2 className="tj-challenge__stem">{q.stem}</h2>
        {q.media?.kind === "painting" && (
          <img className="tj-challenge__media" src={q.media.url} alt={q.media.title} />
        )}
        {q.media?.kind === "music" && (
          // biome-ignore lint/a11y/useMediaCaption: a music excerpt has no words to caption
          <audio className="tj-challenge__media" src={q.media.url} controls preload="none" />
        )}
        <ul className="tj-challenge__options">
          {q.options.map((text, i) => (
            <li key={text}>
              <button
                type="button"
                className="tj-challenge__option"
                data-state={optionState(i)}
                aria-pressed={q.isSingleChoice ? undefined : chosen.includes(i)}
                disabled={busy || feedback !== null}
                onClick={() =>
                  q.isSingleChoice
                    ? void submit([i])
                    : setChosen((c) => (c.includes(i) ? c.filter((x) => x !== i) : [...c, i]))
                }
              >
                <span className="tj-challenge__letter">{optionLetter(i)}</span>
                {text}
              </button>
            </li>
          ))}
        </ul>
        {!q.isSingleChoice && !feedback && (
          <button
            type="button"
            className="tj-button tj-button--block"
            disabled={busy || chosen.length === 0}
            onClick={() => void submit(chosen)}
          >
            提交答案
          </button>
        )}
        {feedback && (
          <p
            className="tj-challenge__feedback"
            data-correct={feedback.correct ? "true" : "false"}
            role="status"
          >
            {feedback.correct
              ? "✓ 回答正确！"
              : `回答错误，正确答案：${feedback.answer.map(optionLetter).join("、")}`}
          </p>
        )}
      </section>
      {notice && (
        <p className="tj-challenge__error" role="alert">
          {notice}
        </p>
      )}
      <div className="tj-challenge__actions">
        <button
          type="button"
          className="tj-button tj-button--ghost"
          disabled={busy}
          onClick={() => void finish()}
        >
          结束本轮
        </button>
      </div>
    </>
  );
}

export default function ChallengeQuestionRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-challenge">
      <h1 className="tj-challenge__title">{d.title}</h1>
      {d.state === "login" ? (
        <LoginPrompt text="登录后才能答题，成绩会进入排行榜。" />
      ) : d.state === "none" ? (
        <div className="tj-challenge__login">
          <p>还没有开始这项挑战。</p>
          <AppLink className="tj-button" to={challengePath(d.kind)}>
            去开始挑战
          </AppLink>
        </div>
      ) : (
        <Play key={d.round.id} initial={d.round} />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
