import { hubSections } from "@tongjian/domain/hub-sections";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/home-more";
import "../features/lists/lists.css";

// 更多 (/home/more, issue 18 §2): every tool and section of the product in one place, grouped.
// Built screens link; planned ones say 即将上线 (read from the route manifest on the server).
export function loader({ context, request }: Route.LoaderArgs) {
  return {
    sections: hubSections(),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `更多 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/home/more",
    title: "更多",
    description: "通鉴的全部栏目与工具：文章、词条、时间轴、关系图谱、地图、榜单、数据页与学习。",
    type: "website",
  });
}

export default function More({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-lists">
      <h1 className="tj-article__title">更多</h1>
      {d.sections.map((s) => (
        <section className="tj-hub__group" key={s.title} aria-labelledby={`hub-${s.title}`}>
          <h2 className="tj-section__title" id={`hub-${s.title}`}>
            {s.title}
          </h2>
          <ul className="tj-hub__tools">
            {s.tools.map((tool) => (
              <li key={tool.to}>
                {tool.built ? (
                  <AppLink className="tj-hub__tool" to={tool.to}>
                    <span className="tj-hub__icon" aria-hidden="true">
                      {tool.glyph}
                    </span>
                    <span className="tj-hub__name">{tool.name}</span>
                    <span className="tj-hub__hint">{tool.hint}</span>
                  </AppLink>
                ) : (
                  <div className="tj-hub__tool tj-hub__tool--planned" data-planned="true">
                    <span className="tj-hub__icon" aria-hidden="true">
                      {tool.glyph}
                    </span>
                    <span className="tj-hub__name">{tool.name}</span>
                    <span className="tj-hub__soon">即将上线</span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
