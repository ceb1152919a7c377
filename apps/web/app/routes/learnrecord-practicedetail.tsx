import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { formatTime, LearnRecordNav, SignInState } from "../features/ladder/ladder-parts.tsx";
import { MarkedList } from "../features/ladder/practice-form.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-practicedetail";
import "../features/ladder/ladder.css";

// 练习详情 (/learnrecord/practicedetail?id=): one practice session — a level's practice or a
// review round — with each answer marked and explained. Only the reader's own.
export async function loader({ context, url }: Route.LoaderArgs) {
  if (context.viewer.kind === "anonymous") return { signedIn: false as const };
  const id = url.searchParams.get("id") ?? "";
  if (!/^[0-9a-f]{24}$/.test(id)) throw notFound("这次练习不存在");
  return {
    signedIn: true as const,
    practice: await orNotFound(
      context.services.reviews.practice(context.viewer, id),
      "这次练习不存在",
    ),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `练习详情 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function PracticeDetailRoute({ loaderData: d }: Route.ComponentProps) {
  if (!d.signedIn)
    return (
      <main className="tj-ladder">
        <h1 className="tj-ladder__title">练习详情</h1>
        <SignInState what="登录后可以回看每一次练习的作答与解析。" />
      </main>
    );
  const p = d.practice;
  return (
    <main className="tj-ladder">
      <p className="tj-ladder__kicker">{p.kind === "review" ? "错题复习" : "天梯练习"}</p>
      <h1 className="tj-ladder__title">{p.title}</h1>
      <LearnRecordNav
        current={p.kind === "review" ? "/learnrecord/practicelist" : "/learnrecord/ladderlist"}
      />
      <p className="tj-ladder__lead">
        {formatTime(p.startedAt)} 开始 ·{" "}
        {p.submittedAt ? `答对 ${p.correct}/${p.total} 题` : `未交卷（${p.pending} 题）`}
      </p>
      {p.marked.length === 0 ? (
        <p className="tj-empty">这次练习没有交卷，没有作答记录。</p>
      ) : (
        <MarkedList marked={p.marked} questionLinks />
      )}
      {p.kind === "ladder" && (
        <p className="tj-ladder__links">
          <AppLink to="/learnrecord/ladderlist">全部天梯记录</AppLink>
        </p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
