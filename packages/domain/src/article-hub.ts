import {
  ALL_SECTIONS_CHANNEL,
  ARTICLE_SECTIONS,
  type ArticleSection,
  SECTION_CHANNELS,
  sectionOfChannel,
} from "./article-sections.ts";

/**
 * The article hub (/ah, issue 15 §6): one tab per section plus 全部, each sorted newest or most
 * read first. The tab and the sort live in the query (`/ah?section=war&sort=hot`), so a shared
 * link opens, and the server renders, exactly that list.
 */

export const ARTICLE_SORTS = ["latest", "hot"] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

export const ARTICLE_SORT_LABELS: Readonly<Record<ArticleSort, string>> = {
  latest: "最新",
  hot: "最热",
};

export const DEFAULT_ARTICLE_SORT: ArticleSort = "latest";

/** Articles per page of the hub: cards with covers are tall, so a page fills about three screens. */
export const ARTICLE_HUB_PAGE_SIZE = 10;

/** The largest page the article list API gives (GET /api/m/article/v1/n/list/…/{size}). */
export const ARTICLE_LIST_PAGE_SIZE_MAX = 50;

export interface ArticleHubView {
  /** null is the 全部 tab. */
  section: ArticleSection | null;
  sort: ArticleSort;
}

export function isArticleSort(value: string | null | undefined): value is ArticleSort {
  return (ARTICLE_SORTS as readonly string[]).includes(value ?? "");
}

/**
 * The tab and sort a hub URL asks for. `section` may be a channel (`war`) or the section's
 * name (`战争`); anything else, like a missing value, is the 全部 tab, and an unknown sort is the
 * newest first: an old or mistyped link still opens a list rather than an error.
 */
export function readArticleHubView(params: URLSearchParams): ArticleHubView {
  const asked = params.get("section");
  const section =
    asked === null
      ? null
      : (ARTICLE_SECTIONS as readonly string[]).includes(asked)
        ? (asked as ArticleSection)
        : sectionOfChannel(asked);
  const sort = params.get("sort");
  return { section, sort: isArticleSort(sort) ? sort : DEFAULT_ARTICLE_SORT };
}

/** The channel the list API names a tab by. */
export function hubChannel(section: ArticleSection | null): string {
  return section ? SECTION_CHANNELS[section] : ALL_SECTIONS_CHANNEL;
}

/** The hub URL of a tab and sort; the defaults (全部, 最新) are left out. */
export function articleHubPath({ section, sort }: ArticleHubView): string {
  const query = new URLSearchParams();
  if (section) query.set("section", SECTION_CHANNELS[section]);
  if (sort !== DEFAULT_ARTICLE_SORT) query.set("sort", sort);
  const text = query.toString();
  return text ? `/ah?${text}` : "/ah";
}

/** The list API path of one page of a tab: GET /api/m/article/v1/n/list/cn/{channel}/{page}/{size}. */
export function articleListApiPath(view: ArticleHubView, page: number, size: number): string {
  const path = `/api/m/article/v1/n/list/cn/${hubChannel(view.section)}/${page}/${size}`;
  return view.sort === DEFAULT_ARTICLE_SORT ? path : `${path}?sort=${view.sort}`;
}
