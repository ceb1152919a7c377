import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { formatTime, LearnRecordNav, SignInState } from "../features/ladder/ladder-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-questionlist";
import "../features/ladder/ladder.css";

const SOURCE_LABEL: Record<string, string> = {
  ladder: "天梯",
  depthtest: "深度测评",
  aitest: "AI 测评",
  challenge: "挑战",
  review: "复习",
};

// 错题本 (/learnrecord/questionlist): every question on the reader's review list, the next due
// first, with where it was got wrong and when it comes back.
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.kind === "anonymous") return { signedIn: false as const };
  return { signedIn: true as const, cards: await context.services.reviews.cards(context.viewer) };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `错题本 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function QuestionListRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-ladder">
      <h1 className="tj-ladder__title">错题本</h1>
      <LearnRecordNav current="/learnrecord/questionlist" />
      {!d.signedIn ? (
        <SignInState what="登录后，做错的题都会收进错题本。" />
      ) : d.cards.length === 0 ? (
        <p className="tj-empty">
          错题本是空的。<AppLink to="/wenshiladder">去天梯练一关</AppLink>
        </p>
      ) : (
        <ul className="tj-ladder__table" aria-label="错题">
          {d.cards.map((c) => (
            <li key={c.questionId} data-testid="review-card" data-question-id={c.questionId}>
              <span>
                <AppLink to={`/learnrecord/question?id=${c.questionId}`}>{c.stem}</AppLink>
                <br />
                <span className="tj-ladder__meta">
                  {c.pointTitle} · 来自{SOURCE_LABEL[c.source] ?? c.source} · 错 {c.wrongCount} 次
                </span>
              </span>
              <span className="tj-ladder__meta">
                {c.isDue ? "待复习" : `${formatTime(c.due)} 复习`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
