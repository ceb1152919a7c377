import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { formatTime, LearnRecordNav, SignInState } from "../features/ladder/ladder-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-ladderlist";
import "../features/ladder/ladder.css";

// 天梯记录 (/learnrecord/ladderlist): the reader's level practices, newest first, each opening
// its answers (/learnrecord/practicedetail).
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.kind === "anonymous") return { signedIn: false as const };
  return {
    signedIn: true as const,
    sessions: await context.services.reviews.sessions(context.viewer, "ladder"),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `天梯记录 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function LadderListRecordRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-ladder">
      <h1 className="tj-ladder__title">天梯记录</h1>
      <LearnRecordNav current="/learnrecord/ladderlist" />
      {!d.signedIn ? (
        <SignInState what="登录后，每一次天梯练习都会记在这里。" />
      ) : d.sessions.length === 0 ? (
        <p className="tj-empty">
          还没有天梯练习。<AppLink to="/wenshiladder">去文史天梯</AppLink>
        </p>
      ) : (
        <ul className="tj-ladder__table" aria-label="天梯练习">
          {d.sessions.map((s) => (
            <li key={s.id} data-testid="ladder-session">
              <AppLink to={`/learnrecord/practicedetail?id=${s.id}`}>
                {s.title}
                <br />
                <span className="tj-ladder__meta">{formatTime(s.startedAt)}</span>
              </AppLink>
              <span className="tj-ladder__meta">
                {s.submittedAt
                  ? `${s.correct}/${s.total}${s.correct / Math.max(1, s.total) >= 0.6 ? " 过关" : ""}`
                  : "未交卷"}
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
