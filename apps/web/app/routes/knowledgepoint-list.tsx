import { pointFilter } from "@tongjian/contracts/knowledge-points";
import { isGrade } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { GradeTabs, KpNav, PointRows } from "../features/knowledge-points/kp-parts.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint-list";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

// 知识点列表: /knowledgepoint/list?era=&theme=&grade= and /knowledgepoint/details/list/{era or
// theme} — the points of an era or a theme, for a grade.
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const kp = context.services.knowledgePoints;
  const g = url.searchParams.get("grade");
  const grade = g && isGrade(g) ? g : undefined;
  const segment = params.id;
  if (segment !== undefined) {
    const list = await orNotFound(kp.listBy(context.viewer, segment, grade), "没有这个时代或主题");
    return { list, path: url.pathname };
  }
  const parsed = pointFilter.safeParse({
    era: url.searchParams.get("era") || undefined,
    theme: url.searchParams.get("theme") || undefined,
    grade,
  });
  if (!parsed.success) throw notFound("没有这个时代或主题");
  return { list: await kp.list(context.viewer, parsed.data), path: url.pathname };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.list.title ?? "知识点列表"} - ${PRODUCT_NAME}` }];
}

export default function KnowledgePointList({ loaderData: { list, path } }: Route.ComponentProps) {
  return (
    <main className="tj-books tj-kp">
      <h1 className="tj-books__title">{list.title}</h1>
      <KpNav current={null} />
      <GradeTabs
        path={path}
        grade={list.grade}
        keep={
          path === "/knowledgepoint/list"
            ? { era: list.era ?? undefined, theme: list.theme ?? undefined }
            : {}
        }
      />
      <p className="tj-books__meta">共 {list.points.length} 个知识点</p>
      <PointRows points={list.points} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
