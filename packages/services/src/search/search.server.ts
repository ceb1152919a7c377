import type { PageRequest } from "@tongjian/contracts/common";
import type {
  SearchArticlePage,
  SearchEntryHit,
  SearchEntryPage,
  SearchPage,
  SearchType,
} from "@tongjian/contracts/search";
import { articleCard, entryCard } from "../content/content-views.ts";
import type {
  EntryFilters,
  EntryHit,
  SearchPage as HitPage,
  SearchRepository,
} from "./search-repository.ts";

const SUGGESTION_LIMIT = 10;

function entryResult(hit: EntryHit): SearchEntryHit {
  return { ...entryCard(hit), author: hit.author };
}

interface SearchRequest extends PageRequest {
  q: string;
}

function paged<T, Type extends SearchType>(
  type: Type,
  { page, size }: PageRequest,
  found: HitPage<T>,
) {
  const { total, rows } = found;
  return { type, page, size, total, hasMore: page * size < total, list: rows };
}

/** The search box's suggestions and the search page's three lists. */
export function createSearchService(deps: { search: SearchRepository }) {
  const service = {
    /** Entries whose names, aliases, 字/号, pinyin or initials match, best first. */
    async suggestions({
      keyword,
      ...filters
    }: EntryFilters & { keyword: string }): Promise<SearchEntryHit[]> {
      const rows = await deps.search.suggestEntries(keyword, filters, SUGGESTION_LIMIT);
      return rows.map(entryResult);
    },

    /** Entries by name. */
    async entryPage({ q, page, size }: SearchRequest): Promise<SearchEntryPage> {
      const found = await deps.search.searchEntries(q, page, size);
      return paged("entry", { page, size }, { ...found, rows: found.rows.map(entryResult) });
    },

    /** Poems and chapters by their words, each with the lines that hold the keyword. */
    async versePage({ q, page, size }: SearchRequest): Promise<SearchEntryPage> {
      const found = await deps.search.searchVerses(q, page, size);
      return paged("verse", { page, size }, { ...found, rows: found.rows.map(entryResult) });
    },

    /** Articles by title and text, each with the text around the first match. */
    async articlePage({ q, page, size }: SearchRequest): Promise<SearchArticlePage> {
      const found = await deps.search.searchArticles(q, page, size);
      const rows = found.rows.map((row) => ({ ...articleCard(row), snippet: row.snippet }));
      return paged("article", { page, size }, { ...found, rows });
    },

    /** One page of one list (`GET /api/search/:lang`). */
    page(request: SearchRequest & { type: SearchType }): Promise<SearchPage> {
      if (request.type === "article") return service.articlePage(request);
      return request.type === "verse" ? service.versePage(request) : service.entryPage(request);
    },
  };
  return service;
}

export type SearchService = ReturnType<typeof createSearchService>;
