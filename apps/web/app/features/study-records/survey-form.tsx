import type { SurveyView } from "@tongjian/contracts/study-records";
import { useState } from "react";
import { ActionMessages, SignInState, useAction } from "./parts.tsx";

type Answers = Record<string, number | number[] | string>;

/**
 * A questionnaire: single and multiple choice, ratings and free text, stored once per reader
 * and editable; under it the summary everyone sees (counts per option, average ratings), with
 * the written answers shown to admins only.
 */
export function SurveyForm({ view }: { view: SurveyView }) {
  const { api, busy, error, notice, run } = useAction();
  const [answers, setAnswers] = useState<Answers>(view.mine ?? {});
  const [editing, setEditing] = useState(view.mine === null);
  const set = (key: string, value: number | number[] | string) =>
    setAnswers((a) => ({ ...a, [key]: value }));
  const submit = async () => {
    const r = await run(
      () => api.post<{ edited: boolean }>(`/api/survey/y/${view.survey.key}`, { answers }),
      (r) => (r.edited ? "已更新你的回答，谢谢！" : "提交成功，谢谢你的反馈！"),
    );
    if (r) setEditing(false);
  };
  const summary = new Map(view.summary.questions.map((q) => [q.key, q]));
  return (
    <>
      {!view.signedIn ? (
        <SignInState title="登录后填写问卷" lead="每位读者填写一次，之后可以修改。" />
      ) : editing ? (
        <form
          className="tj-study__card tj-study__form"
          aria-label={view.survey.title}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {view.survey.questions.map((q, n) => {
            const a = answers[q.key];
            const title = `${n + 1}. ${q.title}${q.optional ? "（选填）" : ""}`;
            if (q.kind === "text")
              return (
                <div key={q.key}>
                  <label htmlFor={`tj-survey-${q.key}`}>{title}</label>
                  <textarea
                    id={`tj-survey-${q.key}`}
                    maxLength={q.maxLength}
                    value={typeof a === "string" ? a : ""}
                    onChange={(e) => set(q.key, e.target.value)}
                  />
                </div>
              );
            const options =
              q.kind === "rating"
                ? Array.from({ length: q.max ?? 5 }, (_, i) => `${i + 1} 分`)
                : (q.options ?? []);
            return (
              <fieldset key={q.key} className="tj-study__fieldset">
                <legend className="tj-study__legend">{title}</legend>
                <div className="tj-study__choices">
                  {options.map((o, i) => {
                    const value = q.kind === "rating" ? i + 1 : i;
                    const checked =
                      q.kind === "multiple" ? Array.isArray(a) && a.includes(i) : a === value;
                    return (
                      <label key={o} className="tj-study__choice">
                        <input
                          type={q.kind === "multiple" ? "checkbox" : "radio"}
                          name={q.key}
                          checked={checked}
                          onChange={() => {
                            if (q.kind !== "multiple") return set(q.key, value);
                            const now = Array.isArray(a) ? a : [];
                            set(q.key, now.includes(i) ? now.filter((x) => x !== i) : [...now, i]);
                          }}
                        />
                        {o}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
          <ActionMessages error={error} notice={null} />
          <button type="submit" className="tj-button" disabled={busy}>
            {busy ? "提交中…" : view.mine ? "保存修改" : "提交问卷"}
          </button>
        </form>
      ) : (
        <section className="tj-study__card" aria-labelledby="tj-survey-done">
          <h2 id="tj-survey-done">你已填写这份问卷</h2>
          <ActionMessages error={null} notice={notice} />
          {view.answeredAt && (
            <p className="tj-study__meta">最后修改：{view.answeredAt.slice(0, 10)}</p>
          )}
          <button
            type="button"
            className="tj-button tj-button--ghost"
            onClick={() => setEditing(true)}
          >
            修改回答
          </button>
        </section>
      )}
      <section className="tj-study__card" aria-labelledby="tj-survey-summary">
        <h2 id="tj-survey-summary">大家的回答（共 {view.summary.responses} 份）</h2>
        {view.summary.responses === 0 ? (
          <p className="tj-empty">还没有人填写</p>
        ) : (
          view.survey.questions.map((q) => {
            const s = summary.get(q.key);
            if (!s) return null;
            return (
              <div key={q.key}>
                <p className="tj-study__lead">{q.title}</p>
                {s.counts && (
                  <ul className="tj-study__list">
                    {(q.options ?? []).map((o, i) => {
                      const n = s.counts?.[i] ?? 0;
                      return (
                        <li key={o}>
                          <div className="tj-study__row">
                            <span>{o}</span>
                            <span>{n} 人</span>
                          </div>
                          <div className="tj-study__bar" aria-hidden="true">
                            <span
                              style={{
                                width: `${Math.round((100 * n) / Math.max(1, view.summary.responses))}%`,
                              }}
                            />
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {q.kind === "rating" && (
                  <p className="tj-study__meta">
                    平均 {s.average === null ? "—" : `${s.average} 分`}（满分 {q.max}）
                  </p>
                )}
                {q.kind === "text" && (
                  <>
                    <p className="tj-study__meta">
                      {s.texts ?? 0} 人写了意见（仅管理员可查看内容）
                    </p>
                    {s.textSamples && (
                      <ul className="tj-study__list">
                        {s.textSamples.map((t, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the same text may come twice
                          <li key={i} className="tj-study__row">
                            {t}
                          </li>
                        ))}
                      </ul>
                    )}
                  </>
                )}
              </div>
            );
          })
        )}
      </section>
    </>
  );
}
