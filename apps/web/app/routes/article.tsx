import type { ArticleDetail } from "@tongjian/contracts/content";
import { isH5Flag } from "@tongjian/domain/article-collapse";
import {
  ALL_SECTIONS_CHANNEL,
  articleRouteFor,
  isArticleSection,
  SECTION_CHANNELS,
} from "@tongjian/domain/article-sections";
import { isEntityId } from "@tongjian/domain/entity-id";
import { isOfflineSaveRequest } from "@tongjian/domain/offline-pages";
import { FEED_PAGE_SIZE_DEFAULT } from "@tongjian/domain/page-size";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ownerIdOf } from "@tongjian/domain/viewer";
import { useNavigation } from "react-router";
import { ArticleBody } from "../features/content/article-body.tsx";
import {
  ArticleList,
  type ListedArticle,
  listedArticles,
} from "../features/content/article-list.tsx";
import { FontSizeSwitch } from "../features/content/font-size-switch.tsx";
import { LikeButton } from "../features/content/like-button.tsx";
import { PromotionBar } from "../features/content/promotion-bar.tsx";
import { SectionNav } from "../features/content/section-nav.tsx";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { useArticleFont } from "../features/content/use-article-font.ts";
import { useDeviceRead } from "../features/my/use-device-history.ts";
import { isNotFoundError, notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import type { Route } from "./+types/article";
import "./article.css";
import { ARTICLE_VIEWS } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: ARTICLE_VIEWS };

// One module renders every article route of spec §2: /ah/article/{id?}, the section routes
// (/ah/war …, with `?id=` for one article), /article/*, /harmony/article and /summarize/{id?}.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const route = articleRouteFor(url.pathname);
  if (!route) throw notFound();
  const id = route.id ?? url.searchParams.get("id");
  if (!id) {
    const asked = url.searchParams.get("section");
    const section = route.section ?? (isArticleSection(asked) ? asked : null);
    const channel = section ? SECTION_CHANNELS[section] : ALL_SECTIONS_CHANNEL;
    const page = await context.services.articles.listBySection({
      channel,
      page: 1,
      size: FEED_PAGE_SIZE_DEFAULT,
    });
    const title = route.section === null && section ? section : route.title;
    return {
      kind: "list" as const,
      title,
      section,
      list: listedArticles(page.list),
      total: page.total,
      origin,
    };
  }
  if (!isEntityId(id)) throw notFound();
  const { articles } = context.services;
  const [article, related] = await Promise.all([
    // The service worker's copy for offline reading counts no second view (decision 16).
    orNotFound(
      articles.detail(id, {
        countView: !isOfflineSaveRequest(request.headers),
        // A signed-in reader's read goes in their history on /my.
        reader: ownerIdOf(context.viewer),
      }),
      "这篇文章不存在或已被删除",
    ),
    // The page still shows the article when its recommendations fail; an unknown article is
    // answered by the detail's 404.
    articles.recommended({ id, n: 10 }).catch((error: unknown) => {
      if (!isNotFoundError(error)) console.warn(`文章页 ${id} 的推荐加载失败`, error);
      return null;
    }),
  ]);
  const isH5 = isH5Flag(url.searchParams.get("isH5"));
  // VIP (decision 33, domain VIP_RIGHTS): the full text without the mask, and no open-app bar.
  const signedIn = context.viewer.kind !== "anonymous";
  const [fullArticles, adFree] = signedIn
    ? await Promise.all([
        context.services.entitlements.has(context.viewer, "full-articles"),
        context.services.entitlements.has(context.viewer, "ad-free"),
      ])
    : [false, false];
  // An article's recommendations are articles (an entry's may hold entries too).
  const relatedArticles =
    related?.filter(
      (card): card is Extract<typeof card, { type: "ARTICLE" }> => card.type === "ARTICLE",
    ) ?? [];
  return {
    kind: "article" as const,
    article,
    description: seoDescription(article.summary),
    related: listedArticles(relatedArticles),
    isH5,
    fullArticles,
    adFree,
    origin,
    // Who reads decides where the read is kept: the server, or this device (features/my).
    signedIn,
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `历史文章 - ${PRODUCT_NAME}` }];
  if (d.kind === "list") {
    return [
      { title: `${d.title} - ${PRODUCT_NAME}` },
      { name: "description", content: `${PRODUCT_NAME}${d.title}栏目：${d.total} 篇文章` },
    ];
  }
  const a = d.article;
  return seoMeta({
    origin: d.origin,
    // Every form of an article shares one canonical address.
    path: `/ah/article/${a.id}`,
    title: a.title,
    description: d.description,
    image: a.imageUrl,
    type: "article",
    jsonLd: {
      "@type": "Article",
      headline: a.title,
      description: d.description,
      articleSection: a.section,
      datePublished: a.publishedAt,
      inLanguage: "zh-CN",
      image: new URL(a.imageUrl, d.origin).toString(),
      publisher: { "@type": "Organization", name: PRODUCT_NAME },
    },
  });
}

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "list") {
    return <ArticleListScreen {...loaderData} />;
  }
  return <ArticleScreen {...loaderData} />;
}

function ArticleListScreen({
  title,
  section,
  list,
}: {
  title: string;
  section: Parameters<typeof SectionNav>[0]["current"];
  list: ListedArticle[];
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  return (
    <main className="tj-article tj-article--list" aria-busy={loading}>
      <h1 className="tj-article__title">{title}</h1>
      <SectionNav current={section} />
      {loading && (
        <p className="tj-loading-note" role="status">
          正在加载文章…
        </p>
      )}
      <ArticleList
        articles={list}
        headingLevel={2}
        empty={section ? `“${section}”栏目还没有文章，去看看其他栏目吧` : "还没有文章"}
      />
    </main>
  );
}

function ArticleScreen({
  article,
  related,
  isH5,
  fullArticles,
  adFree,
  signedIn,
}: {
  article: ArticleDetail;
  related: ListedArticle[];
  isH5: boolean;
  fullArticles: boolean;
  adFree: boolean;
  signedIn: boolean;
}) {
  useShare({ title: article.title, desc: article.summary, imgUrl: article.imageUrl });
  useDeviceRead(signedIn, { kind: "article", id: article.id, title: article.title });
  const [font, setFont] = useArticleFont();
  return (
    <main className="tj-article" data-font={font}>
      <header className="tj-article__header">
        <p className="tj-article__section">{article.section}</p>
        <h1 className="tj-article__title">{article.title}</h1>
        <div className="tj-article__toolbar">
          <p className="tj-article__meta">{article.viewNumShow} 阅读</p>
          <FontSizeSwitch value={font} onChange={setFont} />
        </div>
      </header>
      {!adFree && <PromotionBar />}
      <blockquote className="tj-article__abstract">{article.summary}</blockquote>
      <ArticleBody
        html={article.content}
        textLength={article.textLength}
        isH5={isH5}
        full={fullArticles}
      />
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
