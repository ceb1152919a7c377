import {
  ARTICLE_HUB_PAGE_SIZE,
  ARTICLE_SORT_LABELS,
  type ArticleHubView,
  articleHubPath,
  articleListApiPath,
  hubChannel,
  readArticleHubView,
} from "@tongjian/domain/article-hub";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useCallback } from "react";
import { useNavigation } from "react-router";
import { ArticleFeed } from "../features/content/article-feed.tsx";
import { ArticleHubSort, ArticleHubTabs, hubTabId } from "../features/content/article-hub-tabs.tsx";
import { listedArticles } from "../features/content/article-list.tsx";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/article-hub";
import "./article.css";
import "./article-hub.css";

// The article hub (/ah, issue 15 §6): the sections as tabs, each newest or most read first,
// a page at a time. The tab and the sort are in the URL, so the server renders the chosen list.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const view = readArticleHubView(url.searchParams);
  const page = await context.services.articles.listBySection({
    channel: hubChannel(view.section),
    page: 1,
    size: ARTICLE_HUB_PAGE_SIZE,
    sort: view.sort,
  });
  return {
    view,
    first: {
      list: listedArticles(page.list, { covers: true }),
      page: page.page,
      size: page.size,
      hasMore: page.hasMore,
    },
    total: page.total,
    description: seoDescription(
      `${PRODUCT_NAME}历史文章${view.section ? `「${view.section}」栏目` : ""}，共 ${page.total} 篇，按${view.sort === "hot" ? "阅读量" : "发布时间"}排列：中国史、世界史、艺术史、战争、科技史与大事件。`,
    ),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

function heading({ section, sort }: ArticleHubView): string {
  return `${section ?? "全部文章"} · ${ARTICLE_SORT_LABELS[sort]}`;
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `历史文章 - ${PRODUCT_NAME}` }];
  const title = `历史文章：${heading(d.view)}`;
  return seoMeta({
    origin: d.origin,
    path: articleHubPath(d.view),
    title,
    description: d.description,
    type: "website",
    jsonLd: { "@type": "CollectionPage", name: title, inLanguage: "zh-CN" },
  });
}

const PANEL_ID = "tj-hub-panel";

export default function ArticleHub({ loaderData }: Route.ComponentProps) {
  const { view, first, total } = loaderData;
  const navigation = useNavigation();
  // Another tab or sort of this page is loading: the list shown is about to be replaced.
  const switching = navigation.state === "loading" && navigation.location.pathname === "/ah";
  const pagePath = useCallback(
    (page: number, size: number) => articleListApiPath(view, page, size),
    [view],
  );
  return (
    <main className="tj-article tj-hub" aria-busy={switching}>
      <h1 className="tj-article__title">历史文章</h1>
      <ArticleHubTabs view={view} panelId={PANEL_ID} />
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={hubTabId(view.section)}
        className="tj-hub__panel"
        data-switching={switching || undefined}
      >
        <div className="tj-hub__bar">
          <p className="tj-hub__count">
            {view.section ?? "全部"} · 共 {total} 篇
          </p>
          <ArticleHubSort view={view} />
        </div>
        {switching && (
          <p className="tj-loading-note" role="status">
            正在加载文章…
          </p>
        )}
        <ArticleFeed
          key={`${hubChannel(view.section)}|${view.sort}`}
          first={first}
          pagePath={pagePath}
          covers
          empty={
            view.section
              ? `“${view.section}”栏目还没有文章，去看看其他栏目吧`
              : "还没有文章，过些时候再来看看吧"
          }
        />
      </div>
    </main>
  );
}

/** A list or topic that failed to load says so inside the shell and offers to load it again. */
export function ErrorBoundary() {
  return <RouteErrorState />;
}
