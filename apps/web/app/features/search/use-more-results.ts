import type { SearchType } from "@tongjian/contracts/search";
import type { SearchGroupKey } from "@tongjian/domain/search-groups";
import { useCallback } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { type ListPage, useMorePages } from "../../shell/use-more-pages.ts";
import { searchApiPath } from "./search-paths.ts";

/**
 * One list of search hits: the first page as the server rendered it, then 加载更多 a page at a
 * time. The page keys each list by its keyword, so a new search starts a new list.
 */
export function useMoreResults<T extends { id: string }>(
  q: string,
  type: SearchType,
  first: ListPage<T>,
  group?: SearchGroupKey,
) {
  const { api } = usePlatform();
  const loadPage = useCallback(
    (page: number) => api.get<ListPage<T>>(searchApiPath(q, type, page, group)),
    [api, q, type, group],
  );
  return useMorePages(first, loadPage);
}
