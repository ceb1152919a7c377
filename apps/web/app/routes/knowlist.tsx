import { isGrade } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  GradeTabs,
  KpNav,
  pointHref,
  SignInNotice,
} from "../features/knowledge-points/kp-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowlist";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

// 知识清单 (/knowlist?grade=): every point of a grade by era, ticked when the reader has mastered
// it; printable (the print sheet drops the shell and the buttons).
export async function loader({ context, url }: Route.LoaderArgs) {
  const g = url.searchParams.get("grade");
  const grade = g && isGrade(g) ? g : undefined;
  return { list: await context.services.knowledgePoints.knowlist(context.viewer, grade) };
}

export function meta() {
  return [{ title: `知识清单 - ${PRODUCT_NAME}` }];
}

export default function Knowlist({ loaderData: { list } }: Route.ComponentProps) {
  return (
    <main className="tj-books tj-kp tj-kp--print">
      <h1 className="tj-books__title">知识清单</h1>
      <div className="tj-kp__no-print">
        <KpNav current="list" />
        <GradeTabs path="/knowlist" grade={list.grade} />
      </div>
      <p className="tj-books__meta">
        共 {list.total} 个知识点
        {list.signedIn ? `，已掌握 ${list.mastered} 个（✓）` : ""}
      </p>
      {!list.signedIn && (
        <div className="tj-kp__no-print">
          <SignInNotice text="登录后，已掌握的知识点会在清单上打勾。" />
        </div>
      )}
      <button type="button" className="tj-button tj-kp__no-print" onClick={() => window.print()}>
        打印清单
      </button>
      {list.eras.length === 0 && <p className="tj-empty">这个年级还没有知识点</p>}
      {list.eras.map((e) => (
        <section key={e.era} aria-labelledby={`tj-kl-${e.era}`} className="tj-kp__checklist">
          <h2 id={`tj-kl-${e.era}`} className="tj-section__title">
            {e.label}
          </h2>
          <ul>
            {e.points.map((p) => {
              const done = p.mastery?.level === "mastered";
              return (
                <li key={p.id} data-mastered={done}>
                  <span className="tj-kp__tick" aria-hidden="true">
                    {done ? "✓" : "○"}
                  </span>
                  <span className="tj-visually-hidden">{done ? "已掌握：" : "未掌握："}</span>
                  <AppLink to={pointHref(p)}>{p.title}</AppLink>
                  <span className="tj-kp__point-meta"> {p.themeLabel}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
