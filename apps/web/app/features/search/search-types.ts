import { SEARCH_RESULT_WINDOW } from "@tongjian/domain/search-keyword";

/** What a search page lists: entries by name, poems and chapters by their words, articles. */
export type SearchType = "entry" | "verse" | "article";

/** An entry hit (`GET /api/search/:lang`, type entry or verse). */
export interface SearchEntryHit {
  id: string;
  type: "ENTRY";
  kind: string;
  name: string;
  /** The summary; for a verse hit, the line(s) that hold the keyword. */
  summary: string;
  timeDesc: string | null;
  imageUrl: string | null;
  /** A poem's author; null for other kinds. */
  author: string | null;
}

/** An article hit, with the text around the first match. */
export interface SearchArticleHit {
  id: string;
  type: "ARTICLE";
  title: string;
  section: string;
  summary: string;
  snippet: string;
}

export interface SearchResultPage<T> {
  page: number;
  size: number;
  /** Hits, counted up to {@link SEARCH_RESULT_WINDOW}. */
  total: number;
  hasMore: boolean;
  list: T[];
}

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
