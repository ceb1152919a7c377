import { pointRef } from "@tongjian/contracts/knowledge-points";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import {
  KpNav,
  MasteryBadge,
  PointRows,
  SignInNotice,
} from "../features/knowledge-points/kp-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint-details";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

// 知识点详情 (/knowledgepoint/details/{id}, and /knowledgepoint/detail?id= by query): the lesson,
// its entries and articles, the questions that test it, related points and sharing. Without an
// id, every point to choose from.
export async function loader({ context, params, url, request }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const raw = params.id ?? url.searchParams.get("id") ?? "";
  const kp = context.services.knowledgePoints;
  if (!raw) return { kind: "all", list: await kp.list(context.viewer), origin } as const;
  if (!pointRef.safeParse(raw).success) throw notFound("这个知识点不存在");
  const page = await orNotFound(kp.page(context.viewer, raw), "这个知识点不存在");
  return { kind: "one", page, origin } as const;
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d || d.kind === "all") return [{ title: `知识点详情 - ${PRODUCT_NAME}` }];
  const p = d.page.point;
  return seoMeta({
    origin: d.origin,
    path: `/knowledgepoint/details/${p.id}`,
    title: `${p.title} · 知识点`,
    description: (p.lesson[0] ?? p.title).slice(0, 100),
    type: "article",
  });
}

export default function KnowledgePointDetail({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "all")
    return (
      <main className="tj-books tj-kp">
        <h1 className="tj-books__title">选择知识点</h1>
        <KpNav current={null} />
        <PointRows points={d.list.points} />
      </main>
    );
  const { point, mastery, related, signedIn, course } = d.page;
  return (
    <main className="tj-books tj-kp">
      <KpNav current={null} />
      <p className="tj-books__meta">
        <AppLink to={`/knowledgepoint/details/list/${point.era}`}>{point.eraLabel}</AppLink> ·{" "}
        <AppLink to={`/knowledgepoint/details/list/${point.theme}`}>{point.themeLabel}</AppLink>
      </p>
      <h1 className="tj-books__title">{point.title}</h1>
      {signedIn ? (
        <p className="tj-books__meta" data-testid="kp-mastery">
          我的掌握情况：
          <MasteryBadge mastery={mastery} />
        </p>
      ) : (
        <SignInNotice text="登录后练习，可记录你对这个知识点的掌握情况。" />
      )}
      <section className="tj-kp__lesson" aria-label="讲解">
        {point.lesson.map((para) => (
          <p key={para}>{para}</p>
        ))}
      </section>
      {point.entries.length > 0 && (
        <section aria-labelledby="tj-kp-entries">
          <h2 id="tj-kp-entries" className="tj-section__title">
            相关词条
          </h2>
          <ul className="tj-kp__tags">
            {point.entries.map((e) => (
              <li key={e.id}>
                <AppLink to={`/detail/${e.id}`}>{e.name}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {point.articles.length > 0 && (
        <section aria-labelledby="tj-kp-articles">
          <h2 id="tj-kp-articles" className="tj-section__title">
            延伸阅读
          </h2>
          <ul className="tj-kp__links">
            {point.articles.map((a) => (
              <li key={a.id}>
                <AppLink to={`/ah/article/${a.id}`}>{a.title}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="tj-kp-practice" className="tj-card-box">
        <h2 id="tj-kp-practice" className="tj-section__title">
          练一练
        </h2>
        <p>考查这个知识点的题目共 {point.questionCount} 道。</p>
        <div className="tj-kp__actions">
          {point.questionCount > 0 && (
            <AppLink className="tj-button" to={`/knowledgepoint/question?id=${point.id}`}>
              开始练习
            </AppLink>
          )}
          <AppLink className="tj-button tj-button--ghost" to={`/knowledgepoint/chips/${point.id}`}>
            知识碎片
          </AppLink>
          <AppLink
            className="tj-button tj-button--ghost"
            to={`/knowledgepoint/share?id=${point.id}`}
          >
            分享
          </AppLink>
        </div>
        <p className="tj-books__meta">
          系统学习：<AppLink to={`/knowledgepoint/product/${course.key}`}>{course.title}</AppLink>
        </p>
      </section>
      {related.length > 0 && (
        <section aria-labelledby="tj-kp-related">
          <h2 id="tj-kp-related" className="tj-section__title">
            相关知识点
          </h2>
          <PointRows points={related} />
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
