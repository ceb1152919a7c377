import type { PageRequest } from "@tongjian/contracts/common";
import type {
  SearchArticlePage,
  SearchEntryHit,
  SearchEntryPage,
  SearchOverview,
  SearchPage,
  SearchSection,
  SearchType,
} from "@tongjian/contracts/search";
import {
  SEARCH_ARTICLE_GROUP_NAME,
  SEARCH_GROUPS,
  type SearchGroupKey,
} from "@tongjian/domain/search-groups";
import { SEARCH_GROUP_COUNT_MAX } from "@tongjian/domain/search-keyword";
import { articleCard, entryCard } from "../content/content-views.ts";
import type {
  ArticleHit,
  EntryFilters,
  EntryHit,
  SearchPage as HitPage,
  SearchRepository,
} from "./search-repository.ts";

const SUGGESTION_LIMIT = 10;
/** Names offered when a keyword found nothing. */
const SIMILAR_LIMIT = 6;
/**
 * Where the article list goes among the entry groups: a title that holds the keyword after
 * every whole or starting name match, text that holds it after names that merely hold it.
 */
const ARTICLE_TITLE_RANK = 5.5;
const ARTICLE_TEXT_RANK = 6.5;

function entryResult(hit: EntryHit): SearchEntryHit {
  return { ...entryCard(hit), author: hit.author, alias: hit.alias };
}

function articleResult(hit: ArticleHit) {
  return { ...articleCard(hit), snippet: hit.snippet };
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

/** The search box's suggestions, the search page's groups, and each list a page at a time. */
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

    /** Entries by name: all groups, or one (诗文 also by their words). */
    async entryPage({
      q,
      page,
      size,
      group,
    }: SearchRequest & { group?: SearchGroupKey | undefined }): Promise<SearchEntryPage> {
      const found = await deps.search.searchEntries(q, page, size, group);
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
      return paged("article", { page, size }, { ...found, rows: found.rows.map(articleResult) });
    },

    /** One page of one list (`GET /api/search/:lang`). */
    page(
      request: SearchRequest & { type: SearchType; group?: SearchGroupKey | undefined },
    ): Promise<SearchPage> {
      if (request.type === "article") return service.articlePage(request);
      return request.type === "verse" ? service.versePage(request) : service.entryPage(request);
    },

    /**
     * Every group that has hits, with its count (up to SEARCH_GROUP_COUNT_MAX) and best `size` hits, the group of the best hit
     * first; when nothing matched, names that sound or look like the keyword.
     */
    async overview({ q, size }: { q: string; size: number }): Promise<SearchOverview> {
      // Independent reads: PostgreSQL runs them side by side on the pool's connections.
      const [groups, articles] = await Promise.all([
        Promise.all(
          SEARCH_GROUPS.map((g) =>
            deps.search.searchEntries(q, 1, size, g.key, SEARCH_GROUP_COUNT_MAX),
          ),
        ),
        deps.search.searchArticles(q, 1, size, SEARCH_GROUP_COUNT_MAX),
      ]);
      const ranked: { rank: number; order: number; section: SearchSection }[] = [];
      for (const [order, group] of SEARCH_GROUPS.entries()) {
        const found = groups[order];
        const best = found?.rows[0];
        if (!found || !best) continue;
        ranked.push({
          rank: best.tier,
          order,
          section: {
            type: "entry",
            group: group.key,
            name: group.name,
            total: found.total,
            list: found.rows.map(entryResult),
          },
        });
      }
      const bestArticle = articles.rows[0];
      if (bestArticle) {
        ranked.push({
          rank: bestArticle.tier === 0 ? ARTICLE_TITLE_RANK : ARTICLE_TEXT_RANK,
          order: SEARCH_GROUPS.length,
          section: {
            type: "article",
            group: "article",
            name: SEARCH_ARTICLE_GROUP_NAME,
            total: articles.total,
            list: articles.rows.map(articleResult),
          },
        });
      }
      ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
      const similar =
        ranked.length === 0
          ? (await deps.search.similarNames(q, SIMILAR_LIMIT)).map((s) => ({
              id: s.id,
              kind: s.kind,
              name: s.name,
              matched: s.matched,
              timeDesc: s.time_desc,
            }))
          : [];
      return { q, sections: ranked.map((r) => r.section), similar };
    },
  };
  return service;
}

export type SearchService = ReturnType<typeof createSearchService>;
