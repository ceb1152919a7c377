import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { CourseGateNotice, KpNav } from "../features/knowledge-points/kp-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint-productlist";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

// 知识点课程 (/knowledgepoint/productlist): the courses, each the points of one era or one
// theme, with the first two points free and the rest open with the learning product.
export async function loader({ context }: Route.LoaderArgs) {
  return { catalogue: await context.services.knowledgePoints.courses(context.viewer) };
}

export function meta() {
  return [{ title: `知识点课程 - ${PRODUCT_NAME}` }];
}

export default function CourseList({ loaderData: { catalogue } }: Route.ComponentProps) {
  const eras = catalogue.courses.filter((c) => c.kind === "era");
  const themes = catalogue.courses.filter((c) => c.kind === "theme");
  const group = (title: string, id: string, list: typeof eras) =>
    list.length > 0 && (
      <section aria-labelledby={id}>
        <h2 id={id} className="tj-section__title">
          {title}
        </h2>
        <ul className="tj-kp__points">
          {list.map((c) => (
            <li key={c.key} className="tj-kp__point">
              <AppLink to={`/knowledgepoint/product/${c.key}`} className="tj-kp__point-link">
                <span className="tj-kp__point-title">{c.title}</span>
                <span className="tj-kp__point-meta">
                  {c.points} 课 · {c.questions} 道练习题 · 免费试学 {c.free} 课
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <main className="tj-books tj-kp">
      <h1 className="tj-books__title">知识点课程</h1>
      <KpNav current="courses" />
      <CourseGateNotice catalogue={catalogue} />
      {catalogue.courses.length === 0 && <p className="tj-empty">课程正在准备中</p>}
      {group("按时代学", "tj-kp-course-eras", eras)}
      {group("按专题学", "tj-kp-course-themes", themes)}
      <p className="tj-books__meta">
        想了解课程？<AppLink to="/knowledgepoint/wechatqrcode/sale">课程咨询</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
