import type { PracticeRound, RoundAnswer } from "@tongjian/contracts/knowledge-points";
import type { Grade } from "@tongjian/domain/learning";
import { optionLetter, QUESTION_TYPE_LABEL } from "@tongjian/domain/learning";
import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { failureMessage, useSignIn } from "../../shell/use-sign-in.ts";
import { MasteryBadge, pointHref, SignInNotice } from "./kp-parts.tsx";

const API = "/api/learning/n/knowledgepoint";

/**
 * A point's practice, one question at a time: the server sends the questions without answers,
 * marks each answer as it is given and ends the round at the last one.
 */
export function PracticeScreen({
  point,
  signedIn,
  grade,
}: {
  point: { id: string; title: string; questionCount: number };
  signedIn: boolean;
  grade: Grade | null;
}) {
  const { api } = usePlatform();
  const signIn = useSignIn();
  const [round, setRound] = useState<PracticeRound | null>(null);
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<number[]>([]);
  const [result, setResult] = useState<RoundAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<PracticeRound>(`${API}/round`, {
        point: point.id,
        ...(grade ? { grade } : {}),
      });
      setRound(r);
      setIndex(0);
      setChosen([]);
      setResult(null);
    } catch (e) {
      setError(failureMessage(e, signIn) ?? "请登录后重试");
    } finally {
      setBusy(false);
    }
  };

  if (!round)
    return (
      <section className="tj-kp__practice" aria-label="练习">
        <p className="tj-books__lead">
          共 {point.questionCount} 道题，一题一题作答，答完立即看到对错和解析。
        </p>
        {!signedIn && (
          <SignInNotice text="未登录也可以练习，但本次结果不会保存，也不计入掌握情况。" />
        )}
        <button
          type="button"
          className="tj-button tj-button--block"
          disabled={busy}
          onClick={() => void start()}
        >
          {busy ? "正在出题…" : "开始练习"}
        </button>
        {error && (
          <p className="tj-form__error" role="alert">
            {error}
          </p>
        )}
      </section>
    );

  const q = round.questions[index];
  const finished = result?.finished ?? false;
  if (!q) return null;
  const single = q.isSingleChoice;
  const toggle = (i: number) => {
    if (result) return;
    setChosen((c) => (single ? [i] : c.includes(i) ? c.filter((x) => x !== i) : [...c, i]));
  };
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(
        await api.post<RoundAnswer>(`${API}/round/${round.round}/answer`, {
          questionId: q.id,
          chosen,
        }),
      );
    } catch (e) {
      setError(failureMessage(e, signIn) ?? "请登录后重试");
    } finally {
      setBusy(false);
    }
  };
  const next = () => {
    setIndex((i) => i + 1);
    setChosen([]);
    setResult(null);
  };
  const marked = result?.marked;

  return (
    <section className="tj-kp__practice" aria-label="练习">
      <p className="tj-kp__progress" data-testid="kp-progress">
        第 {index + 1} / {round.questions.length} 题 · {QUESTION_TYPE_LABEL[q.type]}
      </p>
      <h2 className="tj-kp__stem">{q.stem}</h2>
      {q.media?.kind === "painting" && (
        <img className="tj-kp__media" src={q.media.url} alt={q.media.title} />
      )}
      {q.media?.kind === "music" && (
        // biome-ignore lint/a11y/useMediaCaption: a synthesised melody has no words to caption
        <audio className="tj-kp__media" src={q.media.url} controls preload="none" />
      )}
      <ul className="tj-kp__options">
        {q.options.map((text, i) => {
          const state = marked
            ? marked.answer.includes(i)
              ? "right"
              : marked.chosen.includes(i)
                ? "wrong"
                : "plain"
            : chosen.includes(i)
              ? "chosen"
              : "plain";
          return (
            <li key={text}>
              <button
                type="button"
                className={`tj-kp__option tj-kp__option--${state}`}
                aria-pressed={chosen.includes(i)}
                disabled={Boolean(marked)}
                onClick={() => toggle(i)}
              >
                <span className="tj-kp__letter">{optionLetter(i)}</span>
                {text}
              </button>
            </li>
          );
        })}
      </ul>
      {!marked && (
        <button
          type="button"
          className="tj-button tj-button--block"
          disabled={busy || chosen.length === 0}
          onClick={() => void submit()}
        >
          {busy ? "正在判分…" : "提交答案"}
        </button>
      )}
      {error && (
        <p className="tj-form__error" role="alert">
          {error}
        </p>
      )}
      {marked && (
        <div className="tj-kp__verdict" data-testid="kp-verdict" data-correct={marked.correct}>
          <p className={marked.correct ? "tj-kp__right" : "tj-kp__wrong"} role="status">
            {marked.correct ? "回答正确" : "回答错误"} · 正确答案{" "}
            {marked.answer.map(optionLetter).join("、")}
          </p>
          <p className="tj-kp__explain">{marked.explanation}</p>
          {marked.entries.length > 0 && (
            <p className="tj-kp__entries">
              相关词条：
              {marked.entries.map((e) => (
                <AppLink key={e.id} to={`/detail/${e.id}`}>
                  {e.name}
                </AppLink>
              ))}
            </p>
          )}
          {!finished && (
            <button type="button" className="tj-button tj-button--block" onClick={next}>
              下一题
            </button>
          )}
        </div>
      )}
      {finished && result && (
        <div className="tj-kp__summary" data-testid="kp-summary">
          <h2 className="tj-section__title">
            本次练习：答对 {result.correct} / {result.total} 题
          </h2>
          {result.stored ? (
            <p>
              已记入学习记录。我的掌握情况：
              <MasteryBadge mastery={result.mastery} />
            </p>
          ) : (
            <SignInNotice text="未登录，本次结果没有保存。登录后练习可记录掌握情况。" />
          )}
          <div className="tj-kp__actions">
            <button type="button" className="tj-button" onClick={() => void start()}>
              再练一次
            </button>
            <AppLink className="tj-button tj-button--ghost" to={pointHref(point)}>
              回到知识点
            </AppLink>
          </div>
        </div>
      )}
    </section>
  );
}
