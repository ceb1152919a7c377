import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { data, Link } from "react-router";
import { ArticleList } from "../features/content/article-list.tsx";
import type { ArticleCard, ArticleDetail, FeedPage } from "../features/content/content-types.ts";
import { LikeButton } from "../features/content/like-button.tsx";
import { RichText } from "../features/content/rich-text.tsx";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { ApiRequestError, callApi } from "../shell/api-client.ts";
import { useShare } from "../shell/platform.tsx";
import type { Route } from "./+types/article";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const id = params.id;
  if (!id) {
    // Without an id the route lists the newest articles.
    const feed = await callApi<FeedPage>(context.apiFetch, "/api/m/homepage/v2/n/getFeed/cn/1/50");
    return { article: null, related: [], list: feed.list, origin };
  }
  if (!isEntityId(id)) throw data("抱歉，页面找不到了", { status: 404 });
  try {
    const [article, related] = await Promise.all([
      callApi<ArticleDetail>(context.apiFetch, `/api/m/article/v1/n/detail/cn/${id}`),
      callApi<ArticleCard[]>(context.apiFetch, `/api/recommend/get/relation/cn/${id}/10`).catch(
        () => [],
      ),
    ]);
    return { article, related, list: [], origin };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 404) {
      throw data("抱歉，页面找不到了", { status: 404 });
    }
    throw error;
  }
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d?.article) return [{ title: `历史文章 - ${PRODUCT_NAME}` }];
  const a = d.article;
  return seoMeta({
    origin: d.origin,
    path: `/ah/article/${a.id}`,
    title: a.title,
    description: a.summary,
    image: a.imageUrl,
    type: "article",
    jsonLd: {
      "@type": "Article",
      headline: a.title,
      description: a.summary,
      articleSection: a.section,
      datePublished: a.publishedAt,
      inLanguage: "zh-CN",
      image: new URL(a.imageUrl, d.origin).toString(),
      publisher: { "@type": "Organization", name: PRODUCT_NAME },
    },
  });
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related, list } = loaderData;
  useShare(
    article ? { title: article.title, desc: article.summary, imgUrl: article.imageUrl } : null,
  );
  if (!article) {
    return (
      <main className="tj-article">
        <h1 className="tj-article__title">历史文章</h1>
        <ArticleList articles={list} />
      </main>
    );
  }
  return (
    <main className="tj-article">
      <p className="tj-article__section">{article.section}</p>
      <h1 className="tj-article__title">{article.title}</h1>
      <p className="tj-article__meta">{article.viewNumShow} 阅读</p>
      <blockquote className="tj-article__abstract">{article.summary}</blockquote>
      <RichText html={article.content} className="tj-article__body" />
      <LikeButton itemId={article.id} type="article" initialCount={article.likeNum} />
      {related.length > 0 && (
        <section className="tj-section">
          <h2 className="tj-section__title">相关推荐</h2>
          <ArticleList articles={related} />
        </section>
      )}
    </main>
  );
}
