import type { ArticleCard } from "@tongjian/contracts/content";
import { useCallback, useEffect, useRef } from "react";
import { MoreButton } from "../../shell/more-button.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { type ListPage, useMorePages } from "../../shell/use-more-pages.ts";
import { ArticleList, type ListedArticle, listedArticles } from "./article-list.tsx";

/** Spec §3: the home feed, page 1 of 50 first. */
export const FEED_PAGE_SIZE = 50;

/** How far below the screen the next page starts loading, so the reader rarely waits for it. */
const FEED_PRELOAD_MARGIN = "0px 0px 800px 0px";

export function feedPath(page: number, size = FEED_PAGE_SIZE): string {
  return `/api/m/homepage/v2/n/getFeed/cn/${page}/${size}`;
}

/** The first page as the server rendered it. */
export interface FirstFeedPage extends ListPage<ListedArticle> {
  size: number;
}

/**
 * A list of articles with infinite scroll (the home feed, the article hub's tabs): the next page
 * loads as the end of the list nears the screen, and a button does the same for readers who get
 * there first or whose browser has no IntersectionObserver. A failed page offers a retry and
 * does not load again by itself. `pagePath` names the API page (the home feed's by default);
 * a list whose source changes (another tab) is a new feed: give it a new `key`.
 */
export function ArticleFeed({
  first,
  pagePath = feedPath,
  covers = false,
  empty,
}: {
  first: FirstFeedPage;
  pagePath?: (page: number, size: number) => string;
  /** Show each article's cover (the first page's list must carry them, see listedArticles). */
  covers?: boolean;
  /** What an empty list says. */
  empty?: string;
}) {
  const { api } = usePlatform();
  const loadPage = useCallback(
    async (page: number) => {
      const next = await api.get<ListPage<ArticleCard>>(pagePath(page, first.size));
      return { ...next, list: listedArticles(next.list, { covers }) };
    },
    [api, first.size, pagePath, covers],
  );
  const feed = useMorePages(first, loadPage);
  const { hasMore, state, loadMore } = feed;
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = end.current;
    if (!node || !hasMore || state !== "idle" || typeof IntersectionObserver === "undefined") {
      return;
    }
    // Observed afresh after every page, so a short page that leaves the end in view loads on.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: FEED_PRELOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore, state]);

  return (
    <>
      <ArticleList articles={feed.list} empty={empty} />
      <div ref={end} className="tj-feed__end">
        {hasMore ? (
          <MoreButton state={state} onClick={() => void loadMore()} />
        ) : (
          feed.page > 1 && <p className="tj-empty">没有更多了</p>
        )}
      </div>
    </>
  );
}
