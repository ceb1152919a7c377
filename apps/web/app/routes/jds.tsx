import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/jds";
import "../features/campaigns/campaigns.css";
import "../features/campaign-days/days.css";

// 简读史 (/jds): every regime of the corpus in a sentence or two, oldest first, twelve a page,
// each linking to its entry and, where there is one, an article about it.
export async function loader({ context, request }: Route.LoaderArgs) {
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, 1000) : 1;
  return { reads: await context.services.days.shortReads(page) };
}

export function meta({ data: d }: Route.MetaArgs) {
  const page = d && d.reads.page > 1 ? ` · 第${d.reads.page}页` : "";
  return [{ title: `简读史${page} - ${PRODUCT_NAME}` }];
}

export default function ShortReadsRoute({ loaderData: { reads } }: Route.ComponentProps) {
  const pager = (
    <nav aria-label="翻页" className="tj-day__pager">
      {reads.page > 1 ? (
        <AppLink to={`/jds?page=${reads.page - 1}`} rel="prev" data-testid="jds-prev">
          ‹ 上一页
        </AppLink>
      ) : (
        <span />
      )}
      <span className="tj-campaign__meta">
        第 {reads.page} / {reads.pages} 页，共 {reads.total} 个政权
      </span>
      {reads.page < reads.pages ? (
        <AppLink to={`/jds?page=${reads.page + 1}`} rel="next" data-testid="jds-next">
          下一页 ›
        </AppLink>
      ) : (
        <span />
      )}
    </nav>
  );
  return (
    <main className="tj-campaign tj-day" data-theme="calm">
      <header className="tj-day__head">
        <h1 className="tj-campaign__title">简读史</h1>
        <p className="tj-campaign__summary">
          从夏商周到近代，每个政权用一两句话读完，按开始年代排列。想深入，点名称读词条，或读相关文章。
        </p>
      </header>
      {reads.items.length === 0 ? (
        <p className="tj-empty">暂时没有内容。</p>
      ) : (
        <ol className="tj-day__timeline" data-testid="jds-items" start={(reads.page - 1) * 12 + 1}>
          {reads.items.map((i) => (
            <li key={i.href}>
              <span className="tj-day__when">{i.when}</span>
              <h2 className="tj-day-card__title">
                <AppLink to={i.href}>{i.title}</AppLink>
              </h2>
              <p className="tj-day-card__summary">{i.summary}</p>
              {i.article ? (
                <p className="tj-campaign__meta">
                  相关文章：<AppLink to={i.article.href}>{i.article.title}</AppLink>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {pager}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
