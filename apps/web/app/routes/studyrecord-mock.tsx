import type { MockPaper } from "@tongjian/contracts/study-records";
import { GRADE_LABEL, GRADES, type Grade, isGrade, optionLetter } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { MOCK_MINUTES, MOCK_QUESTIONS } from "@tongjian/domain/study-records";
import { useState } from "react";
import { useNavigate } from "react-router";
import {
  ActionMessages,
  SignInState,
  StudyPage,
  useAction,
} from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/studyrecord-mock";
import "../features/study-records/study-records.css";

// 模拟测试 (/studyrecord/mock): the grade's fixed paper of up to 20 questions from the question
// bank (the same for every reader of the grade, not adaptive), answered here and marked on the
// server; the page never holds an answer before it submits.
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = context.viewer;
  const asked = url.searchParams.get("grade");
  const grade: Grade = isGrade(asked) ? asked : "junior";
  if (viewer.kind !== "user") return { signedIn: false as const, grade };
  return {
    signedIn: true as const,
    grade,
    recent: await context.services.studyRecords.recentMocks(viewer),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `模拟测试 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

function Paper({ paper }: { paper: MockPaper }) {
  const navigate = useNavigate();
  const { api, busy, error, notice, run, setError } = useAction();
  const [chosen, setChosen] = useState<Record<string, number[]>>({});
  const answered = Object.values(chosen).filter((c) => c.length > 0).length;
  const pick = (id: string, index: number, single: boolean) =>
    setChosen((prev) => {
      const now = prev[id] ?? [];
      const next = single
        ? [index]
        : now.includes(index)
          ? now.filter((i) => i !== index)
          : [...now, index];
      return { ...prev, [id]: next };
    });
  const submit = async () => {
    if (answered === 0) return setError("请至少回答一道题再交卷");
    const answers = Object.entries(chosen)
      .filter(([, c]) => c.length > 0)
      .map(([questionId, c]) => ({ questionId, chosen: c }));
    const result = await run(() =>
      api.post<{ id: string }>(`/api/studyrecord/y/mock/${paper.id}/submit`, { answers }),
    );
    if (result) navigate(`/studyrecord/result?id=${result.id}`);
  };
  return (
    <form
      className="tj-study__card"
      aria-label="试卷"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="tj-study__meta">
        {GRADE_LABEL[paper.grade]} · 共 {paper.questions.length} 题 · 已答 {answered} 题 · 请在{" "}
        {MOCK_MINUTES} 分钟内交卷
      </p>
      {paper.questions.map((q, n) => (
        <fieldset key={q.id} className="tj-study__fieldset tj-study__question">
          <legend>
            {n + 1}. {q.stem}（{q.isSingleChoice ? "单选" : "多选"}）
          </legend>
          <div className="tj-study__options">
            {q.options.map((option, i) => (
              <label key={option} className="tj-study__option">
                <input
                  type={q.isSingleChoice ? "radio" : "checkbox"}
                  name={q.id}
                  checked={(chosen[q.id] ?? []).includes(i)}
                  onChange={() => pick(q.id, i, q.isSingleChoice)}
                />
                {optionLetter(i)}. {option}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <ActionMessages error={error} notice={notice} />
      <button type="submit" className="tj-button tj-button--block" disabled={busy}>
        {busy ? "交卷中…" : "交卷"}
      </button>
    </form>
  );
}

export default function StudyMockRoute({ loaderData: d }: Route.ComponentProps) {
  const [grade, setGrade] = useState<Grade>(d.grade);
  const [paper, setPaper] = useState<MockPaper | null>(null);
  const { api, busy, error, notice, run } = useAction();
  if (!d.signedIn)
    return (
      <StudyPage title="模拟测试">
        <SignInState
          title="登录后做模拟测试"
          lead={`按年级的固定试卷，${MOCK_QUESTIONS} 道题，交卷后在服务器判分并给出解析。`}
        />
      </StudyPage>
    );
  const start = async () => {
    const p = await run(() => api.post<MockPaper>("/api/studyrecord/y/mock", { grade }));
    if (p) setPaper(p);
  };
  return (
    <StudyPage
      title="模拟测试"
      lead={`每个年级一份固定试卷（最多 ${MOCK_QUESTIONS} 题），交卷后显示得分与每题解析，计入学习记录的“练习”。`}
    >
      {paper ? (
        <Paper paper={paper} />
      ) : (
        <section className="tj-study__card" aria-labelledby="tj-mock-start">
          <h2 id="tj-mock-start">选择年级</h2>
          <div className="tj-study__choices" role="radiogroup" aria-label="年级">
            {GRADES.map((g) => (
              <label key={g} className="tj-study__choice">
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
          </div>
          <ActionMessages error={error} notice={notice} />
          <div className="tj-study__actions">
            <button
              type="button"
              className="tj-button"
              disabled={busy}
              onClick={() => void start()}
            >
              {busy ? "准备试卷…" : "开始测试"}
            </button>
          </div>
        </section>
      )}
      {d.recent.length > 0 && (
        <section className="tj-study__card" aria-labelledby="tj-mock-recent">
          <h2 id="tj-mock-recent">最近的测试</h2>
          <ul className="tj-study__list">
            {d.recent.map((m) => (
              <li key={m.id} className="tj-study__row">
                <span>
                  {GRADE_LABEL[m.grade]} · {m.createdAt.slice(0, 10)}
                </span>
                {m.submittedAt ? (
                  <AppLink to={`/studyrecord/result?id=${m.id}`}>{m.score} 分 · 看解析</AppLink>
                ) : (
                  <span>未交卷</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
