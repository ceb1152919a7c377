import type { ArticleDetail } from "@tongjian/contracts/content";
import type { LevelView } from "@tongjian/contracts/ladder";
import type { PointDetail } from "@tongjian/contracts/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ownerIdOf } from "@tongjian/domain/viewer";
import { ArticleBody } from "../features/content/article-body.tsx";
import { FontSizeSwitch } from "../features/content/font-size-switch.tsx";
import { useArticleFont } from "../features/content/use-article-font.ts";
import { GateNotice, levelPath } from "../features/ladder/ladder-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-article-detail";
import "./article.css";
import "../features/ladder/ladder.css";

// One lesson of a level on the article reader (/ah/ladderarticledetail?level=&point= or
// &article=): a knowledge point's lesson with its entries and further reading, or one of the
// level's articles. The reader's font sizes and the body's inner links are the article page's.
// A gated level's lesson shows its opening and the 开通 notice.
export async function loader({ context, url }: Route.LoaderArgs) {
  const levelId = url.searchParams.get("level") ?? "";
  const pointKey = url.searchParams.get("point");
  const articleId = url.searchParams.get("article");
  if (!/^[a-z0-9-]{1,60}$/.test(levelId)) throw notFound("这一关不存在");
  const view = await orNotFound(
    context.services.ladders.level(context.viewer, levelId),
    "这一关不存在",
  );
  const open = view.level.access;
  if (pointKey) {
    const point = view.points.find((p) => p.key === pointKey || p.id === pointKey);
    if (!point) throw notFound("这一关没有这篇课文");
    // A gated level's lesson comes with its opening only (services/learning/ladders).
    return { kind: "point" as const, view, open, point };
  }
  if (articleId) {
    const ref = view.articles.find((a) => a.id === articleId || a.key === articleId);
    if (!ref) throw notFound("这一关没有这篇文章");
    if (!open) return { kind: "gated-article" as const, view, title: ref.title };
    const article = await orNotFound(
      context.services.articles.detail(ref.id, { reader: ownerIdOf(context.viewer) }),
      "这篇文章不存在或已被删除",
    );
    return { kind: "article" as const, view, article };
  }
  throw notFound("请从关卡页选择一篇课文");
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `天梯课文 - ${PRODUCT_NAME}` }];
  const title =
    d.kind === "point" ? d.point.title : d.kind === "article" ? d.article.title : d.title;
  return [{ title: `${title} - ${d.view.level.title} - ${PRODUCT_NAME}` }];
}

function Crumbs({ view }: { view: LevelView }) {
  return (
    <p className="tj-article__section">
      <AppLink to={`/ladder/${view.ladder.key}`}>{view.ladder.title}</AppLink> ·{" "}
      <AppLink to={levelPath(view.level)}>
        第 {view.level.position + 1} 关 {view.level.title}
      </AppLink>
    </p>
  );
}

function PointLesson({ point, open }: { point: PointDetail; open: boolean }) {
  return (
    <>
      <div className="tj-rich-text tj-article__body" data-testid="lesson-body">
        {point.lesson.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {!open && <GateNotice />}
      {open && point.entries.length > 0 && (
        <section className="tj-section" aria-labelledby="tj-lesson-entries">
          <h2 className="tj-section__title" id="tj-lesson-entries">
            课文里的词条
          </h2>
          <p className="tj-quiz__links">
            {point.entries.map((e) => (
              <AppLink key={e.id} to={`/detail/${e.id}`}>
                {e.name}
              </AppLink>
            ))}
          </p>
        </section>
      )}
      {open && point.articles.length > 0 && (
        <section className="tj-section" aria-labelledby="tj-lesson-articles">
          <h2 className="tj-section__title" id="tj-lesson-articles">
            延伸阅读
          </h2>
          <p className="tj-quiz__links">
            {point.articles.map((a) => (
              <AppLink key={a.id} to={`/ah/article/${a.id}`}>
                {a.title}
              </AppLink>
            ))}
          </p>
        </section>
      )}
    </>
  );
}

export default function LadderArticleDetailRoute({ loaderData: d }: Route.ComponentProps) {
  const [font, setFont] = useArticleFont();
  const title =
    d.kind === "point" ? d.point.title : d.kind === "article" ? d.article.title : d.title;
  const article: ArticleDetail | null = d.kind === "article" ? d.article : null;
  return (
    <main className="tj-article" data-font={font}>
      <header className="tj-article__header">
        <Crumbs view={d.view} />
        <h1 className="tj-article__title">{title}</h1>
        <div className="tj-article__toolbar">
          <p className="tj-article__meta">
            {d.kind === "point" ? `${d.point.eraLabel} · ${d.point.themeLabel}` : "天梯阅读"}
          </p>
          <FontSizeSwitch value={font} onChange={setFont} />
        </div>
      </header>
      {d.kind === "point" && <PointLesson point={d.point} open={d.open} />}
      {article && (
        <>
          <blockquote className="tj-article__abstract">{article.summary}</blockquote>
          <ArticleBody html={article.content} textLength={article.textLength} isH5={false} />
        </>
      )}
      {d.kind === "gated-article" && <GateNotice />}
      <p className="tj-ladder__links">
        <AppLink className="tj-button" to={levelPath(d.view.level)}>
          回到本关练习
        </AppLink>
        <AppLink to={`/ah/ladderarticle?level=${d.view.level.id}`}>本关阅读清单</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
