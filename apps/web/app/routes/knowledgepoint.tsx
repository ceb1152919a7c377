import { pointFilter } from "@tongjian/contracts/knowledge-points";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { Form } from "react-router";
import {
  GradeTabs,
  KpNav,
  PointRows,
  SignInNotice,
} from "../features/knowledge-points/kp-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

// 知识点 (/knowledgepoint): the points on a timeline of eras and by theme, for a grade, with a
// search of their titles and, for a signed-in reader, their mastery of each.
export async function loader({ context, url }: Route.LoaderArgs) {
  const parsed = pointFilter.safeParse({
    grade: url.searchParams.get("grade") || undefined,
    q: url.searchParams.get("q") || undefined,
  });
  const filter = parsed.success ? parsed.data : {};
  return { hub: await context.services.knowledgePoints.hub(context.viewer, filter) };
}

export function meta() {
  return [
    { title: `知识点 - ${PRODUCT_NAME}` },
    {
      name: "description",
      content: "按时代和主题整理的中国历史知识点，每个知识点配讲解、词条和练习。",
    },
  ];
}

export default function KnowledgePointHub({ loaderData: { hub } }: Route.ComponentProps) {
  return (
    <main className="tj-books tj-kp">
      <h1 className="tj-books__title">知识点</h1>
      <KpNav current="hub" />
      <GradeTabs path="/knowledgepoint" grade={hub.grade} keep={{ q: hub.q }} />
      <Form method="get" action="/knowledgepoint" className="tj-kp__search" role="search">
        {hub.grade && <input type="hidden" name="grade" value={hub.grade} />}
        <input
          type="search"
          name="q"
          defaultValue={hub.q}
          placeholder="搜索知识点标题，如：张骞"
          aria-label="搜索知识点"
          maxLength={50}
        />
        <button type="submit" className="tj-button">
          搜索
        </button>
      </Form>
      <p className="tj-books__meta" data-testid="kp-total">
        共 {hub.total} 个知识点
        {hub.signedIn ? `，已掌握 ${hub.mastered} 个` : ""}
      </p>
      {!hub.signedIn && <SignInNotice text="登录后可以看到每个知识点的掌握情况。" />}
      <section aria-labelledby="tj-kp-themes">
        <h2 id="tj-kp-themes" className="tj-section__title">
          按主题
        </h2>
        <ul className="tj-kp__themes">
          {hub.themes.map((t) => (
            <li key={t.theme}>
              <AppLink
                to={`/knowledgepoint/list?theme=${t.theme}${hub.grade ? `&grade=${hub.grade}` : ""}`}
              >
                {t.label} <span className="tj-kp__count">{t.count}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tj-kp-eras">
        <h2 id="tj-kp-eras" className="tj-section__title">
          按时代
        </h2>
        {hub.eras.length === 0 && <p className="tj-empty">没有符合条件的知识点</p>}
        <ol className="tj-kp__timeline">
          {hub.eras.map((e) => (
            <li key={e.era} className="tj-kp__era" data-era={e.era}>
              <div className="tj-section__head">
                <h3 className="tj-kp__era-title">
                  {e.label} <span className="tj-kp__count">{e.count}</span>
                </h3>
                <AppLink className="tj-section__link" to={`/knowledgepoint/chips/${e.era}`}>
                  知识碎片
                </AppLink>
              </div>
              <PointRows points={e.points} />
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
