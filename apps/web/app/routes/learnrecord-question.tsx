import { optionLetter } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { formatTime, LearnRecordNav, SignInState } from "../features/ladder/ladder-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-question";
import "../features/ladder/ladder.css";

// 题目 (/learnrecord/question?id=): one question the reader has answered: the right options and
// why, each time they answered it, and when it is due for review.
export async function loader({ context, url }: Route.LoaderArgs) {
  if (context.viewer.kind === "anonymous") return { signedIn: false as const };
  const id = url.searchParams.get("id") ?? "";
  if (!/^[0-9a-f]{24}$/.test(id)) throw notFound("题目不存在");
  return {
    signedIn: true as const,
    history: await orNotFound(
      context.services.reviews.question(context.viewer, id),
      "你还没有做过这道题",
    ),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `题目 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const letters = (list: readonly number[]) =>
  list.length ? list.map(optionLetter).join("、") : "未作答";

export default function QuestionRoute({ loaderData: d }: Route.ComponentProps) {
  if (!d.signedIn)
    return (
      <main className="tj-ladder">
        <h1 className="tj-ladder__title">题目</h1>
        <SignInState what="登录后可以看到自己做过的每道题和解析。" />
      </main>
    );
  const { question: q, card, answers } = d.history;
  return (
    <main className="tj-ladder">
      <p className="tj-ladder__kicker">{q.pointTitle}</p>
      <h1 className="tj-ladder__title">{q.stem}</h1>
      <LearnRecordNav current="/learnrecord/questionlist" />
      <ul className="tj-quiz__options">
        {q.options.map((o, i) => (
          <li key={o} data-answer={q.answer.includes(i) || undefined}>
            {optionLetter(i)}. {o}
            {q.answer.includes(i) ? "（正确）" : ""}
          </li>
        ))}
      </ul>
      <p className="tj-quiz__explanation">解析：{q.explanation}</p>
      {q.entries.length > 0 && (
        <p className="tj-quiz__links">
          {q.entries.map((e) => (
            <AppLink key={e.id} to={`/detail/${e.id}`}>
              {e.name}
            </AppLink>
          ))}
        </p>
      )}
      <section className="tj-section" aria-labelledby="tj-question-card">
        <h2 className="tj-section__title" id="tj-question-card">
          复习安排
        </h2>
        {card ? (
          <p className="tj-ladder__lead">
            {card.isDue ? "现在就该复习" : `下次复习：${formatTime(card.due)}`} · 错{" "}
            {card.wrongCount} 次，复习答对 {card.rightCount} 次 ·{" "}
            <AppLink to="/learnrecord/practicelist">去复习</AppLink>
          </p>
        ) : (
          <p className="tj-ladder__lead">这道题没有做错过，不在错题本里。</p>
        )}
      </section>
      <section className="tj-section" aria-labelledby="tj-question-history">
        <h2 className="tj-section__title" id="tj-question-history">
          作答记录
        </h2>
        {answers.length === 0 ? (
          <p className="tj-empty">还没有作答记录</p>
        ) : (
          <ul className="tj-ladder__table">
            {answers.map((a) => (
              <li key={`${a.practiceId}-${a.at}`}>
                <AppLink to={`/learnrecord/practicedetail?id=${a.practiceId}`}>
                  {formatTime(a.at)} · {a.title}
                </AppLink>
                <span className="tj-ladder__meta">
                  {a.correct ? "答对" : "答错"}（选 {letters(a.chosen)}）
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
