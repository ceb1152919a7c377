/**
 * Article sections (docs/content-format.md) and the article routes of spec §2 that list them.
 * Each section has a channel name, used in API paths and in the article data (`channel`).
 */
export const ARTICLE_SECTIONS = ["中国史", "世界史", "艺术史", "战争", "科技史", "大事件"] as const;
export type ArticleSection = (typeof ARTICLE_SECTIONS)[number];

export const SECTION_CHANNELS: Readonly<Record<ArticleSection, string>> = {
  中国史: "history",
  世界史: "worldhistory",
  艺术史: "arthistory",
  战争: "war",
  科技史: "technology",
  大事件: "bigevent",
};

/** The list of every section together. */
export const ALL_SECTIONS_CHANNEL = "all";

export function isArticleSection(value: string | null | undefined): value is ArticleSection {
  return (ARTICLE_SECTIONS as readonly string[]).includes(value ?? "");
}

export function sectionOfChannel(channel: string): ArticleSection | null {
  for (const section of ARTICLE_SECTIONS) {
    if (SECTION_CHANNELS[section] === channel) return section;
  }
  return null;
}

export interface ArticleRouteView {
  /** Heading of the list form. */
  title: string;
  /** The section its list shows; null lists every section. */
  section: ArticleSection | null;
}

/**
 * The article routes of the manifest and what their list form shows. A route without an `:id`
 * segment shows one article when the link carries `?id=<article id>` (spec §2 tracks those as
 * `ah-war-id` and so on).
 */
export const ARTICLE_ROUTE_VIEWS: Readonly<Record<string, ArticleRouteView>> = {
  "/ah/article/:id?": { title: "历史文章", section: null },
  "/ah/arthistory/:id?": { title: "艺术史", section: "艺术史" },
  "/ah/war": { title: "战争", section: "战争" },
  "/ah/worldhistory": { title: "世界史", section: "世界史" },
  "/ah/technology": { title: "科技史", section: "科技史" },
  "/ah/bigevent": { title: "大事件", section: "大事件" },
  "/article/new": { title: "最新文章", section: null },
  "/article/spider": { title: "文章", section: null },
  "/article/timebar": { title: "时间轴文章", section: null },
  "/harmony/article": { title: "文章", section: null },
  "/summarize/:id?": { title: "总结", section: null },
};

/** The section list page of a section: its own route where it has one. */
export function sectionListPath(section: ArticleSection): string {
  for (const [path, view] of Object.entries(ARTICLE_ROUTE_VIEWS)) {
    if (view.section === section) return path.replace(/\/:id\?$/, "");
  }
  return `/ah/article?section=${encodeURIComponent(section)}`;
}

/** The article route a pathname belongs to, with its pattern; null for other pages. */
export function articleRouteFor(
  pathname: string,
): ({ path: string; id: string | null } & ArticleRouteView) | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const [path, view] of Object.entries(ARTICLE_ROUTE_VIEWS)) {
    const base = path.replace(/\/:id\?$/, "");
    if (clean === base) return { path, id: null, ...view };
    if (path.endsWith("/:id?") && clean.startsWith(`${base}/`)) {
      const rest = clean.slice(base.length + 1);
      if (!rest.includes("/")) return { path, id: decodeURIComponent(rest), ...view };
    }
  }
  return null;
}
