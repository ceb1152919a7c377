import type { TestSummary } from "@tongjian/contracts/depth-test";
import type { TestTag } from "@tongjian/domain/depth-test";
import { GRADE_LABEL, GRADES, type Grade } from "@tongjian/domain/learning";
import { AppLink } from "../../shell/app-link.tsx";
import { useSignIn } from "../../shell/use-sign-in.ts";
import { useStartTest } from "./use-test-actions.ts";

/** The 未登录 state of a test page: what the page offers, and a login button. */
export function SignInState({ title, hint }: { title: string; hint: string }) {
  const signIn = useSignIn();
  return (
    <div className="tj-state tj-test__signin">
      <p className="tj-state__title">{title}</p>
      <p className="tj-state__hint">{hint}</p>
      <button type="button" className="tj-button" onClick={() => void signIn()}>
        登录
      </button>
    </div>
  );
}

/** Grade choice as links (a page per grade, so it works before the page's script runs). */
export function GradePicker({
  current,
  hrefOf,
  counts,
}: {
  current: Grade;
  hrefOf: (grade: Grade) => string;
  counts?: Partial<Record<Grade, number>>;
}) {
  return (
    <nav aria-label="选择年级">
      <ul className="tj-test__grades">
        {GRADES.map((g) => (
          <li key={g}>
            <AppLink to={hrefOf(g)} aria-current={g === current ? "page" : undefined}>
              {GRADE_LABEL[g]}
              {counts?.[g] !== undefined ? <small> {counts[g]} 题</small> : null}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString("zh-CN");

/** Tests as rows: an unfinished one with its progress and 继续作答, a finished one with its score. */
export function TestList({ tests, empty }: { tests: TestSummary[]; empty: string }) {
  if (tests.length === 0) return <p className="tj-empty">{empty}</p>;
  return (
    <ul className="tj-test__list">
      {tests.map((t) => (
        <li key={t.testId} className="tj-test__row" data-status={t.status}>
          <div>
            <p className="tj-test__row-title">
              {t.gradeLabel} · {t.tagLabel}
            </p>
            <p className="tj-test__meta">
              {t.status === "open"
                ? `已答 ${t.answered} / ${t.length} 题 · 开始于 ${when(t.startedAt)} · ${when(t.deadlineAt)} 前有效`
                : t.score === null
                  ? `时限内未作答 · ${when(t.finishedAt ?? t.deadlineAt)}`
                  : `${t.score} 分 · ${t.level ?? ""} · ${when(t.finishedAt ?? t.startedAt)}${t.status === "expired" ? " · 到时自动交卷" : ""}`}
            </p>
          </div>
          {t.status === "open" ? (
            <AppLink className="tj-button" to={t.path}>
              继续作答
            </AppLink>
          ) : t.score !== null ? (
            <AppLink className="tj-button tj-button--ghost" to={t.path}>
              查看报告
            </AppLink>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The start button of a test of a grade and kind (or 继续 when one is unfinished). */
export function StartButton({
  grade,
  tag,
  signedIn,
  resume,
  disabled,
}: {
  grade: Grade;
  tag: TestTag;
  signedIn: boolean;
  resume?: TestSummary | null;
  disabled?: boolean;
}) {
  const { start, busy, error, signIn } = useStartTest();
  if (!signedIn)
    return (
      <div className="tj-test__start">
        <button type="button" className="tj-button" onClick={() => void signIn()}>
          登录后开始测评
        </button>
      </div>
    );
  if (resume)
    return (
      <div className="tj-test__start">
        <AppLink className="tj-button" to={resume.path}>
          继续作答（已答 {resume.answered} / {resume.length} 题）
        </AppLink>
      </div>
    );
  return (
    <div className="tj-test__start">
      <button
        type="button"
        className="tj-button"
        disabled={busy || disabled}
        onClick={() => void start(grade, tag)}
      >
        {busy ? "正在出题…" : "开始测评"}
      </button>
      {error && (
        <p className="tj-form__error" role="alert">
          {error}{" "}
          <button type="button" className="tj-link-button" onClick={() => void start(grade, tag)}>
            重试
          </button>
        </p>
      )}
    </div>
  );
}
