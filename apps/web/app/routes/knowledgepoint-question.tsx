import { pointRef } from "@tongjian/contracts/knowledge-points";
import { isGrade } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { KpNav, PointRows } from "../features/knowledge-points/kp-parts.tsx";
import { PracticeScreen } from "../features/knowledge-points/practice.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint-question";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

// 知识点练习 (/knowledgepoint/question?id=<point>): a point's questions one by one, marked on the
// server. Without an id, the points to practise.
export async function loader({ context, url }: Route.LoaderArgs) {
  const raw = url.searchParams.get("id") ?? "";
  const g = url.searchParams.get("grade");
  const grade = g && isGrade(g) ? g : null;
  const kp = context.services.knowledgePoints;
  if (!raw) return { kind: "all", list: await kp.list(context.viewer) } as const;
  if (!pointRef.safeParse(raw).success) throw notFound("这个知识点不存在");
  const page = await orNotFound(kp.page(context.viewer, raw), "这个知识点不存在");
  return { kind: "one", page, grade } as const;
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d?.kind === "one" ? `练习·${d.page.point.title}` : "知识点练习";
  return [{ title: `${title} - ${PRODUCT_NAME}` }];
}

export default function KnowledgePointQuestion({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "all")
    return (
      <main className="tj-books tj-kp">
        <h1 className="tj-books__title">知识点练习</h1>
        <KpNav current={null} />
        <p className="tj-books__lead">选一个知识点，读完讲解再练习。</p>
        <PointRows points={d.list.points.filter((p) => p.questionCount > 0)} />
      </main>
    );
  const { point, signedIn } = d.page;
  return (
    <main className="tj-books tj-kp">
      <p className="tj-books__meta">
        <AppLink to={`/knowledgepoint/details/${point.id}`}>
          {point.eraLabel} · {point.title}
        </AppLink>
      </p>
      <h1 className="tj-books__title">练习：{point.title}</h1>
      <PracticeScreen point={point} signedIn={signedIn} grade={d.grade} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
