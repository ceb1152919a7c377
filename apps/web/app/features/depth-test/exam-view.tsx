import type { ExamState } from "@tongjian/contracts/depth-test";
import { reportPath } from "@tongjian/domain/depth-test";
import { optionLetter, QUESTION_TYPE_LABEL } from "@tongjian/domain/learning";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { failureMessage } from "../../shell/use-sign-in.ts";
import { useExamCalls } from "./use-test-actions.ts";

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;

/** Loads the media of the questions that may come next, so the next one shows at once. */
function usePreload(urls: readonly string[]) {
  useEffect(() => {
    const held: (HTMLImageElement | HTMLAudioElement)[] = [];
    for (const url of urls) {
      if (/\.(wav|mp3|ogg|m4a)(\?|$)/.test(url)) {
        const audio = new Audio();
        audio.preload = "auto";
        audio.src = url;
        held.push(audio);
      } else {
        const image = new Image();
        image.src = url;
        held.push(image);
      }
    }
    return () => {
      for (const item of held) item.src = "";
    };
  }, [urls]);
}

/** The time left, counted down from the server's figure (the server decides when time is up). */
function useCountdown(remainingSeconds: number) {
  const [left, setLeft] = useState(remainingSeconds);
  useEffect(() => {
    setLeft(remainingSeconds);
    const started = Date.now();
    const timer = window.setInterval(() => {
      setLeft(Math.max(0, remainingSeconds - Math.floor((Date.now() - started) / 1000)));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [remainingSeconds]);
  return left;
}

/**
 * One test being taken (spec §3 exam state): the current question with its picture or audio
 * part, its stem and options (the selected option and the single-choice flag), a continue button
 * that saves the answer on the server and brings the next question, and the submit button.
 */
export function ExamView({ initial }: { initial: ExamState }) {
  const [state, setState] = useState(initial);
  const [selected, setSelected] = useState<number[]>(initial.question?.selectedOption ?? []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const calls = useExamCalls();
  const navigate = useNavigate();
  const left = useCountdown(state.remainingSeconds);
  const heading = useRef<HTMLHeadingElement>(null);
  usePreload(state.preload);
  const q = state.question;
  const report = reportPath(state.tag, state.testId);

  useEffect(() => {
    setState(initial);
    setSelected(initial.question?.selectedOption ?? []);
  }, [initial]);

  // The option chosen but not yet saved is kept on the device for this tab, so a reload shows
  // it still chosen (the saved answers are on the server).
  const draftKey = q ? `tj:exam-draft:${state.testId}:${q.id}` : null;
  useEffect(() => {
    if (!draftKey) return;
    try {
      const draft = JSON.parse(sessionStorage.getItem(draftKey) ?? "null") as unknown;
      if (Array.isArray(draft) && draft.every((i) => Number.isInteger(i))) setSelected(draft);
    } catch {
      // No storage (private mode) or a bad value: start unselected.
    }
  }, [draftKey]);

  const choose = (index: number) => {
    if (!q) return;
    const next = q.isSingleChoice
      ? [index]
      : selected.includes(index)
        ? selected.filter((i) => i !== index)
        : [...selected, index].sort((a, b) => a - b);
    setSelected(next);
    try {
      if (draftKey) sessionStorage.setItem(draftKey, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the choice still stands on the page.
    }
  };

  const refused = (failure: unknown) => {
    // Time is up or the test was submitted elsewhere: its report says what was counted.
    if (
      failure instanceof ApiRequestError &&
      failure.status === 409 &&
      /时限|已经交卷/.test(failure.message)
    ) {
      setError(failure.message);
      return;
    }
    setError(failureMessage(failure, calls.signIn));
  };

  const next = async () => {
    if (!q || selected.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const fresh = await calls.answer(state.testId, q.id, selected);
      try {
        if (draftKey) sessionStorage.removeItem(draftKey);
      } catch {
        // Nothing was kept.
      }
      setState(fresh);
      setSelected(fresh.question?.selectedOption ?? []);
      setConfirming(false);
      heading.current?.focus();
    } catch (failure) {
      refused(failure);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const unanswered = state.length - state.answered - (q && selected.length > 0 ? 1 : 0);
    if (unanswered > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await calls.submit(
        state.testId,
        q && selected.length > 0 ? [{ questionId: q.id, chosen: selected }] : [],
      );
      navigate(report);
    } catch (failure) {
      refused(failure);
      setBusy(false);
    }
  };

  const unansweredAfter = state.length - state.answered - (q && selected.length > 0 ? 1 : 0);

  return (
    <section className="tj-exam" aria-labelledby="tj-exam-heading">
      <div className="tj-exam__bar">
        <span>
          {state.gradeLabel} · {state.tagLabel}
        </span>
        <span className="tj-exam__clock">剩余 {clock(left)}</span>
      </div>
      <div
        className="tj-exam__progress"
        role="progressbar"
        aria-label="答题进度"
        aria-valuemin={0}
        aria-valuemax={state.length}
        aria-valuenow={state.answered}
      >
        <span style={{ width: `${(100 * state.answered) / Math.max(1, state.length)}%` }} />
      </div>
      {q ? (
        <div className="tj-exam__question" data-question-id={q.id}>
          <h2 className="tj-exam__number" id="tj-exam-heading" tabIndex={-1} ref={heading}>
            第 {state.position} / {state.length} 题 · {QUESTION_TYPE_LABEL[q.type]}
          </h2>
          {q.media && (
            <figure className="tj-exam__media">
              {q.media.kind === "music" ? (
                <audio
                  controls
                  preload="auto"
                  src={q.media.url}
                  aria-label={`乐曲：${q.media.title}`}
                >
                  <track kind="captions" />
                </audio>
              ) : (
                <img src={q.media.url} alt={`名画：${q.media.title}`} />
              )}
              <figcaption>{q.media.title}</figcaption>
            </figure>
          )}
          <p className="tj-exam__stem">{q.stem}</p>
          <fieldset className="tj-exam__options">
            <legend className="tj-visually-hidden">
              {q.isSingleChoice ? "选择一个答案" : "选择所有正确的答案"}
            </legend>
            {q.options.map((option, index) => (
              <label
                key={option}
                className="tj-exam__option"
                data-selected={selected.includes(index) ? "true" : undefined}
              >
                <input
                  type={q.isSingleChoice ? "radio" : "checkbox"}
                  name={`q-${q.id}`}
                  checked={selected.includes(index)}
                  onChange={() => choose(index)}
                />
                <span
                  className={
                    q.isSingleChoice ? "tj-exam__mark" : "tj-exam__mark tj-exam__mark--box"
                  }
                  aria-hidden="true"
                />
                <span className="tj-exam__letter">{optionLetter(index)}</span>
                <span>{option}</span>
              </label>
            ))}
          </fieldset>
        </div>
      ) : (
        <div className="tj-exam__question">
          <h2 className="tj-exam__number" id="tj-exam-heading" tabIndex={-1} ref={heading}>
            全部 {state.length} 题已作答
          </h2>
          <p className="tj-exam__stem">交卷后即可查看得分、水平和接下来要学的知识点。</p>
        </div>
      )}
      {left === 0 && !error && (
        <p className="tj-exam__confirm" role="alert">
          作答时间已到：交卷后按时限内保存的作答评分。
        </p>
      )}
      {error && (
        <p className="tj-form__error" role="alert">
          {error} {/时限|已经交卷/.test(error) ? <AppLink to={report}>查看报告</AppLink> : null}
        </p>
      )}
      {confirming && unansweredAfter > 0 && (
        <p className="tj-exam__confirm" role="alert">
          还有 {unansweredAfter} 题没有作答，交卷后不能再答。确定交卷吗？
        </p>
      )}
      <div className="tj-exam__actions">
        {q && (
          <button
            type="button"
            className="tj-button"
            disabled={busy || selected.length === 0}
            onClick={() => void next()}
          >
            {busy ? "保存中…" : state.position >= state.length ? "保存答案" : "下一题"}
          </button>
        )}
        <button
          type="button"
          className={q ? "tj-button tj-button--ghost" : "tj-button"}
          disabled={busy}
          onClick={() => void submit()}
        >
          {confirming && unansweredAfter > 0 ? "确定交卷" : "交卷"}
        </button>
      </div>
      <p className="tj-exam__hint">
        每答一题都会保存，离开后可在 <AppLink to="/depthtest/state">测评状态</AppLink> 继续作答。
      </p>
    </section>
  );
}
