import { useCallback, useEffect, useRef, useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { ArticleList, type ListedArticle, listedArticles } from "./article-list.tsx";
import type { FeedPage } from "./content-types.ts";

/** Spec §3: the home feed, page 1 of 50 first. */
export const FEED_PAGE_SIZE = 50;

/** How far below the screen the next page starts loading, so the reader rarely waits for it. */
const FEED_PRELOAD_MARGIN = "0px 0px 800px 0px";

export function feedPath(page: number, size = FEED_PAGE_SIZE): string {
  return `/api/m/homepage/v2/n/getFeed/cn/${page}/${size}`;
}

/** The first page as the server rendered it. */
export interface FirstFeedPage {
  list: ListedArticle[];
  page: number;
  size: number;
  hasMore: boolean;
}

type LoadState = "idle" | "loading" | "error";

/**
 * The home feed with infinite scroll: the next page loads as the end of the list nears the
 * screen, and a button does the same for readers who get there first or whose browser has no
 * IntersectionObserver. A failed page offers a retry and does not load again by itself.
 */
export function ArticleFeed({ first }: { first: FirstFeedPage }) {
  const { api } = usePlatform();
  const [articles, setArticles] = useState(first.list);
  const [page, setPage] = useState(first.page);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [state, setState] = useState<LoadState>("idle");
  const busy = useRef(false);
  const end = useRef<HTMLDivElement>(null);

  const loadMore = useCallback(async () => {
    if (busy.current || !hasMore) return;
    busy.current = true;
    setState("loading");
    try {
      const next = await api.get<FeedPage>(feedPath(page + 1, first.size));
      const more = listedArticles(next.list);
      // New articles shift the pages while a reader scrolls; each is shown once.
      setArticles((shown) => [...shown, ...more.filter((a) => !shown.some((s) => s.id === a.id))]);
      setPage(next.page);
      setHasMore(next.hasMore && more.length > 0);
      setState("idle");
    } catch {
      setState("error");
    } finally {
      busy.current = false;
    }
  }, [api, page, hasMore, first.size]);

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
      <ArticleList articles={articles} />
      <div ref={end} className="tj-feed__end">
        {hasMore ? (
          <button
            type="button"
            className="tj-more"
            onClick={() => void loadMore()}
            disabled={state === "loading"}
            aria-busy={state === "loading"}
          >
            {state === "loading"
              ? "加载中…"
              : state === "error"
                ? "加载失败，点击重试"
                : "加载更多"}
          </button>
        ) : (
          page > 1 && <p className="tj-empty">没有更多了</p>
        )}
      </div>
    </>
  );
}
