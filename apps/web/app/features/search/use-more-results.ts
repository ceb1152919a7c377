import { useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { type SearchResultPage, type SearchType, searchApiPath } from "./search-types.ts";

export type MoreState = "idle" | "loading" | "error";

/**
 * One list of search hits: the first page as the server rendered it, then 加载更多 a page at a
 * time. The page keys each list by its keyword, so a new search starts a new list.
 */
export function useMoreResults<T extends { id: string }>(
  q: string,
  type: SearchType,
  first: SearchResultPage<T>,
) {
  const { api } = usePlatform();
  const [list, setList] = useState<T[]>(first.list);
  const [page, setPage] = useState(first.page);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [state, setState] = useState<MoreState>("idle");

  const loadMore = async () => {
    if (state === "loading") return;
    setState("loading");
    try {
      const next = await api.get<SearchResultPage<T>>(searchApiPath(q, type, page + 1));
      // A refresh of the index between pages can move a hit; show it once.
      setList((shown) => [...shown, ...next.list.filter((h) => !shown.some((s) => s.id === h.id))]);
      setPage(next.page);
      setHasMore(next.hasMore);
      setState("idle");
    } catch {
      setState("error");
    }
  };

  return { list, hasMore, state, loadMore };
}
