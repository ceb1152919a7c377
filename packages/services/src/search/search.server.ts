import { articleCard, entryCard } from "../content/content-views.ts";
import type { PageRequest } from "../content/home.server.ts";
import type { EntryFilters, EntryHit, SearchRepository } from "./search-repository.ts";

const SUGGESTION_LIMIT = 10;

export type SearchType = "entry" | "verse" | "article";

function entryResult(hit: EntryHit) {
  return { ...entryCard(hit), author: hit.author };
}

interface SearchRequest extends PageRequest {
  q: string;
}

/** The search box's suggestions and the search page's three lists. */
export function createSearchService(deps: { search: SearchRepository }) {
  const paged = <T>(
    type: SearchType,
    { page, size }: PageRequest,
    found: { total: number; list: T[] },
  ) => ({
    type,
    page,
    size,
    total: found.total,
    hasMore: page * size < found.total,
    list: found.list,
  });

  const service = {
    /** Entries whose names, aliases, 字/号, pinyin or initials match, best first. */
    async suggestions({ keyword, ...filters }: EntryFilters & { keyword: string }) {
      const rows = await deps.search.suggestEntries(keyword, filters, SUGGESTION_LIMIT);
      return rows.map(entryResult);
    },

    /** Entries by name. */
    async entryPage({ q, page, size }: SearchRequest) {
      const found = await deps.search.searchEntries(q, page, size);
      return paged(
        "entry",
        { page, size },
        { total: found.total, list: found.rows.map(entryResult) },
      );
    },

    /** Poems and chapters by their words, each with the lines that hold the keyword. */
    async versePage({ q, page, size }: SearchRequest) {
      const found = await deps.search.searchVerses(q, page, size);
      return paged(
        "verse",
        { page, size },
        { total: found.total, list: found.rows.map(entryResult) },
      );
    },

    /** Articles by title and text, each with the text around the first match. */
    async articlePage({ q, page, size }: SearchRequest) {
      const found = await deps.search.searchArticles(q, page, size);
      return paged(
        "article",
        { page, size },
        {
          total: found.total,
          list: found.rows.map((row) => ({ ...articleCard(row), snippet: row.snippet })),
        },
      );
    },

    /** One page of one list (`GET /api/search/:lang`). */
    page(request: SearchRequest & { type: SearchType }) {
      if (request.type === "article") return service.articlePage(request);
      return request.type === "verse" ? service.versePage(request) : service.entryPage(request);
    },
  };
  return service;
}

export type SearchService = ReturnType<typeof createSearchService>;
