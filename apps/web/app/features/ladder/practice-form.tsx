import type { AnswerItem, MarkedQuestion, PublicQuestion } from "@tongjian/contracts/learning";
import { optionLetter, QUESTION_TYPE_LABEL } from "@tongjian/domain/learning";
import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";

function Media({ media }: { media: PublicQuestion["media"] }) {
  if (!media) return null;
  if (media.kind === "music")
    // biome-ignore lint/a11y/useMediaCaption: a synthesised instrumental piece has no words.
    return <audio className="tj-quiz__audio" controls preload="none" src={media.url} />;
  return <img className="tj-quiz__image" src={media.url} alt={media.title} loading="lazy" />;
}

/**
 * A practice's questions, all on one page: a single-choice question takes one option, a
 * multiple-choice one several. Handed in once every question has an answer; the marking is
 * the server's.
 */
export function PracticeForm({
  questions,
  onSubmit,
  busy,
  error,
  submitLabel = "交卷",
}: {
  questions: PublicQuestion[];
  onSubmit: (answers: AnswerItem[]) => void;
  busy: boolean;
  error: string | null;
  submitLabel?: string;
}) {
  const [chosen, setChosen] = useState<Record<string, number[]>>({});
  const answered = questions.filter((q) => (chosen[q.id]?.length ?? 0) > 0).length;
  const pick = (q: PublicQuestion, i: number, on: boolean) =>
    setChosen((all) => {
      const current = all[q.id] ?? [];
      const next = q.isSingleChoice
        ? [i]
        : on
          ? [...new Set([...current, i])].sort((a, b) => a - b)
          : current.filter((x) => x !== i);
      return { ...all, [q.id]: next };
    });
  return (
    <form
      className="tj-quiz"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(questions.map((q) => ({ questionId: q.id, chosen: chosen[q.id] ?? [] })));
      }}
    >
      <ol className="tj-quiz__list">
        {questions.map((q, n) => (
          <li
            key={q.id}
            className="tj-quiz__item"
            data-testid="quiz-question"
            data-question-id={q.id}
          >
            <fieldset className="tj-quiz__fieldset">
              <legend className="tj-quiz__stem">
                <span className="tj-quiz__number">{n + 1}.</span>
                <span className="tj-quiz__type">{QUESTION_TYPE_LABEL[q.type]}</span> {q.stem}
              </legend>
              <Media media={q.media} />
              {q.options.map((option, i) => (
                <label key={option} className="tj-quiz__option">
                  <input
                    type={q.isSingleChoice ? "radio" : "checkbox"}
                    name={`q-${q.id}`}
                    value={i}
                    checked={(chosen[q.id] ?? []).includes(i)}
                    onChange={(event) => pick(q, i, event.currentTarget.checked)}
                  />
                  <span>
                    {optionLetter(i)}. {option}
                  </span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      {error && (
        <p className="tj-quiz__error" role="alert">
          {error}
        </p>
      )}
      <p className="tj-quiz__count" aria-live="polite">
        已答 {answered} / {questions.length} 题
      </p>
      <button
        type="submit"
        className="tj-button tj-button--block"
        disabled={busy || answered < questions.length}
        aria-busy={busy}
      >
        {busy ? "正在判分…" : answered < questions.length ? "答完全部题目后交卷" : submitLabel}
      </button>
    </form>
  );
}

const letters = (list: readonly number[]) =>
  list.length ? list.map(optionLetter).join("、") : "未作答";

/** Marked answers: right or wrong, the right options, why, and the entries each tests. */
export function MarkedList({
  marked,
  questionLinks,
}: {
  marked: MarkedQuestion[];
  /** Links to each question's page in the records (signed-in readers). */
  questionLinks: boolean;
}) {
  return (
    <ol className="tj-quiz__list" aria-label="答题解析">
      {marked.map((m, n) => (
        <li
          key={m.id}
          className={`tj-quiz__item tj-quiz__item--${m.correct ? "right" : "wrong"}`}
          data-testid="marked-question"
          data-question-id={m.id}
          data-correct={m.correct}
        >
          <p className="tj-quiz__stem">
            <span className="tj-quiz__number">{n + 1}.</span> {m.stem}
          </p>
          <p className="tj-quiz__verdict">
            <strong>{m.correct ? "答对了" : "答错了"}</strong> · 你的答案：{letters(m.chosen)} ·
            正确答案：{letters(m.answer)}
          </p>
          <ul className="tj-quiz__options">
            {m.options.map((option, i) => (
              <li key={option} data-answer={m.answer.includes(i) || undefined}>
                {optionLetter(i)}. {option}
                {m.answer.includes(i) ? "（正确）" : ""}
              </li>
            ))}
          </ul>
          <p className="tj-quiz__explanation">解析：{m.explanation}</p>
          {(m.entries.length > 0 || questionLinks) && (
            <p className="tj-quiz__links">
              {m.entries.map((e) => (
                <AppLink key={e.id} to={`/detail/${e.id}`}>
                  {e.name}
                </AppLink>
              ))}
              {questionLinks && (
                <AppLink to={`/learnrecord/question?id=${m.id}`}>这道题的记录</AppLink>
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
