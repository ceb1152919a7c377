import { useCallback, useRef, useState } from "react";

export type MoreState = "idle" | "loading" | "error";

/** A page of a list, as the API pages lists. */
export interface ListPage<T> {
  page: number;
  hasMore: boolean;
  list: T[];
}

/**
 * A list shown a page at a time: the first page as the server rendered it, then each next page
 * on request. A page that fails leaves the list as it was and can be asked for again. Items are
 * shown once even when the pages shift under the reader (new items, a refreshed index).
 */
export function useMorePages<T extends { id: string }>(
  first: ListPage<T>,
  loadPage: (page: number) => Promise<ListPage<T>>,
) {
  const [list, setList] = useState<T[]>(first.list);
  const [page, setPage] = useState(first.page);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [state, setState] = useState<MoreState>("idle");
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current || !hasMore) return;
    busy.current = true;
    setState("loading");
    try {
      const next = await loadPage(page + 1);
      setList((shown) => [...shown, ...next.list.filter((n) => !shown.some((s) => s.id === n.id))]);
      setPage(next.page);
      // A page that comes back empty ends the list, whatever it says.
      setHasMore(next.hasMore && next.list.length > 0);
      setState("idle");
    } catch {
      setState("error");
    } finally {
      busy.current = false;
    }
  }, [hasMore, loadPage, page]);

  return { list, page, hasMore, state, loadMore };
}
