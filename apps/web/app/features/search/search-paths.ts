import type { SearchType } from "@tongjian/contracts/search";
import { SEARCH_GROUP_KEYS, type SearchGroupKey } from "@tongjian/domain/search-groups";
import { SEARCH_RESULT_WINDOW } from "@tongjian/domain/search-keyword";

/** Hits per page of each list; the first page comes with the page, the rest on 加载更多. */
export const SEARCH_PAGE_SIZE: Record<SearchType, number> = { entry: 20, verse: 10, article: 10 };

/** Hits each group shows in the 全部 view before 查看全部. */
export const SEARCH_OVERVIEW_SIZE = 3;

/** What the page lists: one entry group, or the articles. */
export type SearchListGroup = SearchGroupKey | "article";

export function parseSearchListGroup(value: string | null): SearchListGroup | null {
  if (value === "article") return value;
  return (SEARCH_GROUP_KEYS as readonly string[]).includes(value ?? "")
    ? (value as SearchGroupKey)
    : null;
}

export function searchApiPath(
  q: string,
  type: SearchType,
  page: number,
  group?: SearchGroupKey,
): string {
  const query = encodeURIComponent(q);
  const only = group ? `&group=${group}` : "";
  return `/api/search/cn?q=${query}&type=${type}${only}&page=${page}&size=${SEARCH_PAGE_SIZE[type]}`;
}

/** The search page of a keyword, all groups or one. */
export function searchPagePath(q: string, group?: SearchListGroup | null): string {
  const query = `/search?q=${encodeURIComponent(q)}`;
  return group ? `${query}&group=${group}` : query;
}

/**
 * A count as a list or tab shows it: the API stops counting at the result window, and a group
 * of the overview at SEARCH_GROUP_COUNT_MAX.
 */
export function searchTotalLabel(total: number, cap: number = SEARCH_RESULT_WINDOW): string {
  return total >= cap ? `${cap}+` : String(total);
}
