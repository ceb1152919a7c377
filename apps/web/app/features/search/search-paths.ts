import type { SearchType } from "@tongjian/contracts/search";
import { SEARCH_RESULT_WINDOW } from "@tongjian/domain/search-keyword";

/** Hits per page of each list; the first page comes with the page, the rest on 加载更多. */
export const SEARCH_PAGE_SIZE: Record<SearchType, number> = { entry: 20, verse: 10, article: 10 };

export function searchApiPath(q: string, type: SearchType, page: number): string {
  const query = encodeURIComponent(q);
  return `/api/search/cn?q=${query}&type=${type}&page=${page}&size=${SEARCH_PAGE_SIZE[type]}`;
}

/** A count as the list's heading shows it: the API stops counting at the result window. */
export function searchTotalLabel(total: number): string {
  return total >= SEARCH_RESULT_WINDOW ? `${SEARCH_RESULT_WINDOW}+` : String(total);
}
