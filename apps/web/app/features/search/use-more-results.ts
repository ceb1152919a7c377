import { useCallback } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { useMorePages } from "../../shell/use-more-pages.ts";
import { type SearchResultPage, type SearchType, searchApiPath } from "./search-types.ts";

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
  const loadPage = useCallback(
    (page: number) => api.get<SearchResultPage<T>>(searchApiPath(q, type, page)),
    [api, q, type],
  );
  return useMorePages(first, loadPage);
}
