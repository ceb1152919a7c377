import type { MarkedQuestion } from "@tongjian/contracts/learning";
import type {
  QuizAnswerResult,
  QuizOverview,
  QuizResultView,
  QuizRoundView,
} from "@tongjian/contracts/quiz";
import { ANSWER_GRACE_MS } from "@tongjian/domain/challenges";
import { optionLetter, QUESTION_TYPE_LABEL } from "@tongjian/domain/learning";
import { IDLE_QUIZ_EVENT, QUIZ_STATUS_LABELS, quizEvent } from "@tongjian/domain/quiz";
import { useCallback, useReducer, useState } from "react";
import { useRevalidator } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { failureMessage, useSignIn } from "../../shell/use-sign-in.ts";
import { CampaignNav } from "../campaigns/campaign-parts.tsx";
import { LoginPrompt } from "../challenges/challenge-parts.tsx";
import { useCountdown } from "../challenges/use-countdown.ts";
import { type QuizAudio, useQuizAudio } from "./use-quiz-audio.ts";

export type QuizKey = "quiz-2021" | "quiz-2024";

/** /quiz/2021…, /quiz/2024… → the campaign's key. */
export function quizKeyOfPath(pathname: string): QuizKey {
  return pathname.startsWith("/quiz/2021") ? "quiz-2021" : "quiz-2024";
}

export const quizBase = (key: QuizKey) => `/quiz/${key.slice(5)}`;

/** The quiz's three pages. */
export function QuizNav({ quiz, current }: { quiz: QuizKey; current: string }) {
  const base = quizBase(quiz);
  return (
    <CampaignNav
      current={current}
      links={[
        [base, quiz === "quiz-2021" ? "题目回顾" : "答题"],
        [`${base}/ranklist`, "排行榜"],
        [`${base}/share`, "邀请好友"],
      ]}
    />
  );
}

/** The mute toggle and whether the synthesised sounds are ready (spec §3 quizAudioLoaded). */
export function QuizAudioControls({ audio }: { audio: QuizAudio }) {
  return (
    <div
      className="tj-quiz__audio"
      data-testid="quiz-audio"
      data-audio-loaded={audio.loaded ? "true" : "false"}
    >
      <button
        type="button"
        className="tj-quiz__mute"
        aria-pressed={audio.muted}
        onClick={audio.toggleMute}
        data-testid="quiz-mute"
      >
        静音
      </button>
      <span className="tj-campaign__meta">
        {audio.failed
          ? "此设备无法播放音效"
          : audio.loaded
            ? `背景音乐与答题音效（合成）已就绪${audio.muted ? "，已静音" : ""}`
            : "背景音乐与答题音效为页面内合成，开始答题后加载"}
      </span>
    </div>
  );
}

/** One question of a result or a review: the options marked, the answer and the comment. */
export function MarkedQuestionCard({
  q,
  index,
  extra,
}: {
  q: Omit<MarkedQuestion, "chosen" | "correct"> & {
    chosen?: number[];
    correct?: boolean;
    timedOut?: boolean;
  };
  index: number;
  extra?: string;
}) {
  const verdict =
    q.correct === undefined
      ? null
      : q.timedOut
        ? "超时"
        : q.correct
          ? "答对"
          : q.chosen && q.chosen.length > 0
            ? "答错"
            : "未作答";
  return (
    <li className="tj-quiz__marked" data-correct={q.correct === undefined ? undefined : q.correct}>
      <p className="tj-quiz__marked-head">
        <span>第 {index + 1} 题</span>
        {verdict ? <span className="tj-quiz__verdict">{verdict}</span> : null}
        {extra ? <span className="tj-campaign__meta">{extra}</span> : null}
      </p>
      <p className="tj-quiz__stem">{q.stem}</p>
      <ul className="tj-quiz__marked-options">
        {q.options.map((text, i) => (
          <li
            key={text}
            data-right={q.answer.includes(i) ? "true" : undefined}
            data-chosen={q.chosen?.includes(i) ? "true" : undefined}
          >
            {optionLetter(i)}. {text}
            {q.answer.includes(i) ? "（正确答案）" : q.chosen?.includes(i) ? "（你的选择）" : ""}
          </li>
        ))}
      </ul>
      <p className="tj-quiz__comment">
        <strong>解析：</strong>
        {q.explanation}
      </p>
    </li>
  );
}

/** A finished round: the score, the place, the rewards and every question with its comment. */
export function QuizResultPanel({
  result,
  quiz,
  onAgain,
  againText,
}: {
  result: QuizResultView;
  quiz: QuizKey;
  onAgain?: (() => void) | undefined;
  againText?: string | undefined;
}) {
  const base = quizBase(quiz);
  return (
    <section
      className="tj-quiz__result"
      aria-labelledby="quiz-result-title"
      data-testid="quiz-result"
    >
      <h2 id="quiz-result-title" className="tj-section__title">
        本轮成绩
      </h2>
      <p className="tj-quiz__score" data-testid="quiz-score">
        <strong>{result.score}</strong> 分
      </p>
      <p>
        答对 {result.correct} / {result.total} 题，用时 {result.seconds} 秒。{result.verdict}
      </p>
      {result.place ? (
        <p data-testid="quiz-place">
          当前排名：第 {result.place.rank} 名（共 {result.place.total} 人上榜，按每人最好成绩计）
        </p>
      ) : null}
      {result.granted.length > 0 ? (
        <p className="tj-campaign__copied" role="status">
          获得奖励：{result.granted.join("、")}
        </p>
      ) : null}
      <div className="tj-challenge__actions">
        <AppLink className="tj-button" to={`${base}/ranklist`}>
          查看排行榜
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to={`${base}/share`}>
          邀请好友来挑战
        </AppLink>
        {onAgain ? (
          <button type="button" className="tj-button tj-button--ghost" onClick={onAgain}>
            {againText ?? "再答一轮"}
          </button>
        ) : null}
      </div>
      <h3 className="tj-campaign__subtitle">逐题解析</h3>
      {result.questions.length === 0 ? (
        <p className="tj-state">这一轮没有作答任何题目。</p>
      ) : (
        <ol className="tj-quiz__marked-list">
          {result.questions.map((q, i) => (
            <MarkedQuestionCard key={q.id} q={q} index={i} />
          ))}
        </ol>
      )}
    </section>
  );
}

interface Feedback {
  questionId: string;
  correct: boolean;
  answer: number[];
  chosen: number[];
  comment: string;
  /** The round as the server has it after the mark (the next question waiting, or finished). */
  after: QuizRoundView;
}

/**
 * The play screen of a running quiz: start (or continue) a round, one question at a time with
 * the server's clock, the mark and comment after each answer, then the result. The page keeps
 * the spec's quizEventData (type, status, position, comment, number) as it goes.
 */
export function QuizPlay({ overview }: { overview: QuizOverview }) {
  const { api } = usePlatform();
  const signIn = useSignIn();
  const revalidator = useRevalidator();
  const audio = useQuizAudio();
  const quiz = overview.campaign.key as QuizKey;
  const [event, dispatch] = useReducer(quizEvent, IDLE_QUIZ_EVENT);
  const [round, setRound] = useState<QuizRoundView | null>(null);
  const [result, setResult] = useState<QuizResultView | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const me = overview.campaign.me;
  const perDay = overview.campaign.limits.perDay;

  const fail = useCallback(
    (failure: unknown) => setNotice(failureMessage(failure, signIn)),
    [signIn],
  );

  const showResult = useCallback(
    async (roundId: string) => {
      const r = await api.get<QuizResultView>(`/api/m/quiz/rounds/${roundId}/result`);
      setResult(r);
      setRound(null);
      dispatch({ type: "finish", total: r.total });
      audio.stopMusic();
      audio.cue("finish");
      void revalidator.revalidate();
    },
    [api, audio, revalidator],
  );

  const show = useCallback(
    async (next: QuizRoundView) => {
      if (next.status === "finished") return showResult(next.id);
      setRound(next);
      setChosen([]);
      if (!next.waiting) {
        setFeedback(null);
        dispatch({ type: "question", index: next.index, total: next.total });
      }
    },
    [showResult],
  );

  const begin = async (resume: string | null) => {
    setBusy(true);
    setNotice(null);
    setResult(null);
    try {
      await audio.prepare();
      const r = resume
        ? await api.get<QuizRoundView>(`/api/m/quiz/rounds/${resume}`)
        : await api.post<QuizRoundView>(`/api/m/quiz/${quiz}/rounds`);
      const opened = r.waiting
        ? await api.post<QuizRoundView>(`/api/m/quiz/rounds/${r.id}/next`)
        : r;
      audio.startMusic();
      await show(opened);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const lastResult = async (roundId: string) => {
    setBusy(true);
    setNotice(null);
    try {
      setResult(await api.get<QuizResultView>(`/api/m/quiz/rounds/${roundId}/result`));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const refresh = useCallback(async () => {
    if (!round) return;
    try {
      const next = await api.get<QuizRoundView>(`/api/m/quiz/rounds/${round.id}`);
      if (next.index > round.index) {
        // The server moved past a question whose time ran out; its comment is in the result.
        dispatch({ type: "timeout", index: round.index, total: round.total, comment: "" });
        audio.cue("timeout");
        setNotice(`第 ${round.index + 1} 题超时，记为答错`);
      }
      await show(next);
    } catch (failure) {
      fail(failure);
    }
  }, [api, audio, fail, round, show]);

  const left = useCountdown(
    round?.questionRemainingMs ?? 0,
    `${round?.id}:${round?.index}:${round?.waiting}`,
    () => {
      if (round && !round.waiting && !feedback)
        window.setTimeout(() => void refresh(), ANSWER_GRACE_MS + 300);
    },
  );

  const submit = async (answer: number[]) => {
    const q = round?.question;
    if (!round || !q || busy || feedback || answer.length === 0) return;
    setBusy(true);
    setNotice(null);
    try {
      const res = await api.post<QuizAnswerResult>(`/api/m/quiz/rounds/${round.id}/answer`, {
        questionId: q.id,
        chosen: answer,
      });
      setFeedback({
        questionId: q.id,
        correct: res.correct,
        answer: res.answer,
        chosen: answer,
        comment: res.comment,
        after: res.round,
      });
      dispatch({
        type: "answer",
        index: round.index,
        total: round.total,
        correct: res.correct,
        comment: res.comment,
      });
      audio.cue(res.correct ? "correct" : "wrong");
      // The answered question stays on screen with its mark and comment until 下一题.
      setRound({ ...round, score: res.round.score, correct: res.round.correct, waiting: true });
    } catch (failure) {
      fail(failure);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const next = async () => {
    if (!round || !feedback) return;
    setBusy(true);
    setNotice(null);
    try {
      if (feedback.after.status === "finished") await showResult(round.id);
      else await show(await api.post<QuizRoundView>(`/api/m/quiz/rounds/${round.id}/next`));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    if (!round) return;
    setBusy(true);
    try {
      const r = await api.post<QuizResultView>(`/api/m/quiz/rounds/${round.id}/finish`);
      setResult(r);
      setRound(null);
      dispatch({ type: "finish", total: r.total });
      audio.stopMusic();
      void revalidator.revalidate();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  if (!me.signedIn)
    return <LoginPrompt text="登录后才能答题，成绩会进入排行榜，奖励发到你的账号。" />;

  const q = round?.question ?? null;
  const seconds = Math.ceil(left / 1000);
  const optionState = (i: number) => {
    if (!feedback) return chosen.includes(i) ? "chosen" : undefined;
    if (feedback.answer.includes(i)) return "right";
    return feedback.chosen.includes(i) ? "wrong" : undefined;
  };
  const usage =
    perDay === null ? `今日已答 ${me.usedToday} 轮` : `今日已答 ${me.usedToday} / ${perDay} 轮`;

  return (
    <section
      className="tj-quiz__play"
      aria-labelledby="quiz-play-title"
      data-testid="quiz-play"
      data-quiz-status={event.status}
      data-quiz-position={event.position}
      data-quiz-number={event.number}
    >
      <h2 id="quiz-play-title" className="tj-visually-hidden">
        答题
      </h2>
      <QuizAudioControls audio={audio} />
      <p className="tj-visually-hidden" role="status">
        {event.status === "idle" ? "" : `${QUIZ_STATUS_LABELS[event.status]}`}
      </p>
      {round && q ? (
        <>
          <div className="tj-challenge__bar">
            <span data-testid="quiz-progress">
              第 {round.index + 1} 题 / 共 {round.total} 题
            </span>
            <span>得分 {round.score}</span>
            {round.waiting ? (
              <span className="tj-challenge__clock">已作答</span>
            ) : (
              <span
                className="tj-challenge__clock"
                data-low={seconds <= 5 ? "true" : undefined}
                role="timer"
                aria-label={`剩余 ${seconds} 秒`}
              >
                {seconds} 秒
              </span>
            )}
          </div>
          <div className="tj-challenge__question" data-question-id={q.id}>
            <p className="tj-challenge__type">
              {QUESTION_TYPE_LABEL[q.type]} · 难度 {q.difficulty}
            </p>
            <h3 className="tj-challenge__stem">{q.stem}</h3>
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
              <div
                className="tj-challenge__feedback"
                data-correct={feedback.correct ? "true" : "false"}
                data-testid="quiz-feedback"
              >
                <p>
                  {feedback.correct
                    ? "✓ 回答正确！"
                    : `回答错误，正确答案：${feedback.answer.map(optionLetter).join("、")}`}
                </p>
                <p className="tj-quiz__comment" data-testid="quiz-comment">
                  {event.comment || feedback.comment}
                </p>
                <button
                  type="button"
                  className="tj-button tj-button--block"
                  disabled={busy}
                  onClick={() => void next()}
                  data-testid="quiz-next"
                >
                  {feedback.after.status === "finished" ? "查看成绩" : "下一题"}
                </button>
              </div>
            )}
          </div>
          <div className="tj-challenge__actions">
            <button
              type="button"
              className="tj-button tj-button--ghost"
              disabled={busy}
              onClick={() => void stop()}
            >
              结束本轮
            </button>
          </div>
        </>
      ) : result ? (
        <QuizResultPanel
          result={result}
          quiz={quiz}
          onAgain={me.reason === null ? () => void begin(null) : undefined}
        />
      ) : (
        <div className="tj-quiz__start">
          <p>
            每轮 {overview.settings.questionCount} 题，每题限时{" "}
            {overview.settings.perQuestionSeconds} 秒；读完解析再点“下一题”，读解析不计时。
          </p>
          <p className="tj-campaign__meta" data-testid="quiz-usage">
            {usage}
          </p>
          {overview.openRoundId ? (
            <button
              type="button"
              className="tj-button tj-button--block"
              disabled={busy}
              onClick={() => void begin(overview.openRoundId)}
            >
              继续上一轮
            </button>
          ) : (
            <button
              type="button"
              className="tj-button tj-button--block"
              disabled={busy || me.reason !== null}
              onClick={() => void begin(null)}
              data-testid="quiz-start"
            >
              {busy ? "正在出题…" : me.reason ? me.reason : "开始答题"}
            </button>
          )}
          {overview.lastRoundId ? (
            <button
              type="button"
              className="tj-button tj-button--ghost tj-button--block"
              disabled={busy}
              onClick={() => void lastResult(overview.lastRoundId as string)}
            >
              查看上一轮成绩
            </button>
          ) : null}
        </div>
      )}
      {notice && (
        <p className="tj-challenge__error" role="alert">
          {notice}
        </p>
      )}
    </section>
  );
}
