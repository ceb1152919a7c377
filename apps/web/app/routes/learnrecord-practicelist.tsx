import type { ReviewResult } from "@tongjian/contracts/ladder";
import type { AnswerItem, PublicQuestion } from "@tongjian/contracts/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatTime, LearnRecordNav, SignInState } from "../features/ladder/ladder-parts.tsx";
import { MarkedList, PracticeForm } from "../features/ladder/practice-form.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import { failureMessage, useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/learnrecord-practicelist";
import "../features/ladder/ladder.css";

// 错题复习 (/learnrecord/practicelist): the wrong answers due for review (FSRS), practised here
// and marked on the server, and the review rounds done before.
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.kind === "anonymous") return { signedIn: false as const };
  return { signedIn: true as const, home: await context.services.reviews.home(context.viewer) };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `错题复习 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function PracticeListRoute({ loaderData: d }: Route.ComponentProps) {
  const { api } = usePlatform();
  const signIn = useSignIn();
  const revalidator = useRevalidator();
  const [round, setRound] = useState<{ practiceId: string; questions: PublicQuestion[] } | null>(
    null,
  );
  const [result, setResult] = useState<ReviewResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!d.signedIn)
    return (
      <main className="tj-ladder">
        <h1 className="tj-ladder__title">错题复习</h1>
        <LearnRecordNav current="/learnrecord/practicelist" />
        <SignInState what="登录后，天梯练习做错的题会进入错题本，按遗忘规律安排复习。" />
      </main>
    );
  const { home } = d;
  const start = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setRound(await api.post("/api/review/y/start"));
    } catch (failure) {
      setError(failureMessage(failure, signIn));
    } finally {
      setBusy(false);
    }
  };
  const submit = async (answers: AnswerItem[]) => {
    if (!round) return;
    setBusy(true);
    setError(null);
    try {
      const marked = await api.post<ReviewResult>(
        `/api/review/y/practice/${round.practiceId}/submit`,
        { answers },
      );
      setResult(marked);
      setRound(null);
      window.scrollTo({ top: 0 });
      void revalidator.revalidate();
    } catch (failure) {
      setError(failureMessage(failure, signIn));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="tj-ladder">
      <h1 className="tj-ladder__title">错题复习</h1>
      <LearnRecordNav current="/learnrecord/practicelist" />
      {result && (
        <section className="tj-section" aria-labelledby="tj-review-result">
          <div className="tj-ladder__result" data-testid="review-result">
            <h2 className="tj-section__title" id="tj-review-result">
              本轮复习：答对 {result.correct}/{result.total}
            </h2>
            <p>答对的题间隔拉长，答错的题很快会再出现。</p>
          </div>
          <MarkedList marked={result.marked} questionLinks />
        </section>
      )}
      {round ? (
        <section className="tj-section" aria-labelledby="tj-review-round">
          <h2 className="tj-section__title" id="tj-review-round">
            复习 {round.questions.length} 道题
          </h2>
          <PracticeForm
            questions={round.questions}
            onSubmit={(answers) => void submit(answers)}
            busy={busy}
            error={error}
            submitLabel="交卷"
          />
        </section>
      ) : (
        <section className="tj-section" aria-labelledby="tj-review-due">
          <h2 className="tj-section__title" id="tj-review-due">
            待复习 {home.due.length} 题
          </h2>
          {home.due.length === 0 ? (
            <p className="tj-empty">
              {home.cardCount === 0
                ? "还没有错题。去天梯练一关，做错的题会来这里。"
                : "现在没有到期的题，按时回来复习。"}
            </p>
          ) : (
            <>
              <ul className="tj-ladder__table" aria-label="到期的错题">
                {home.due.map((c) => (
                  <li key={c.questionId} data-testid="due-review" data-question-id={c.questionId}>
                    <AppLink to={`/learnrecord/question?id=${c.questionId}`}>{c.stem}</AppLink>
                    <span className="tj-ladder__meta">错 {c.wrongCount} 次</span>
                  </li>
                ))}
              </ul>
              {error && (
                <p className="tj-quiz__error" role="alert">
                  {error}
                </p>
              )}
              <button
                type="button"
                className="tj-button tj-button--block"
                onClick={() => void start()}
                disabled={busy}
                aria-busy={busy}
              >
                {busy ? "正在出题…" : "开始复习"}
              </button>
            </>
          )}
          <p className="tj-ladder__meta">
            错题本共 {home.cardCount} 题 ·{" "}
            <AppLink to="/learnrecord/questionlist">查看错题本</AppLink>
          </p>
        </section>
      )}
      <section className="tj-section" aria-labelledby="tj-review-sessions">
        <h2 className="tj-section__title" id="tj-review-sessions">
          复习记录
        </h2>
        {home.sessions.length === 0 ? (
          <p className="tj-empty">还没有复习记录</p>
        ) : (
          <ul className="tj-ladder__table">
            {home.sessions.map((s) => (
              <li key={s.id}>
                <AppLink to={`/learnrecord/practicedetail?id=${s.id}`}>
                  {formatTime(s.startedAt)} · {s.title}
                </AppLink>
                <span className="tj-ladder__meta">
                  {s.submittedAt ? `答对 ${s.correct}/${s.total}` : "未交卷"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
