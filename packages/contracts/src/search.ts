import { keywordLength, SEARCH_KEYWORD_MAX_LENGTH } from "@tongjian/domain/search-keyword";
import { z } from "zod";
import { lang, listPage, pageNumber, pageSize } from "./common.ts";
import { articleCard, entryCard } from "./content.ts";

// Search: POST /api/search/getSuggestion (the search box), GET /api/search/:lang (the page).

const SEARCH_PAGE_SIZE_DEFAULT = 20;
const SEARCH_PAGE_SIZE_MAX = 50;

export const keyword = z
  .string({ error: "关键词应为文字" })
  .refine((text) => keywordLength(text) <= SEARCH_KEYWORD_MAX_LENGTH, {
    error: `关键词不能超过 ${SEARCH_KEYWORD_MAX_LENGTH} 个字`,
  })
  .default("");

const flag = (name: string) => z.boolean({ error: `${name} 应为 true 或 false` }).optional();

export const suggestionBody = z.object({
  language: lang,
  keyword,
  /** Only entries with a place (their own, a native place, places, capitals). */
  hasGeo: flag("hasGeo"),
  /** Only entries with years. */
  hasTime: flag("hasTime"),
});

/** What a search lists: entries by name, poems and chapters by their words, articles. */
export const searchType = z.enum(["entry", "verse", "article"], {
  error: "type 只能是 entry、verse 或 article",
});
export type SearchType = z.infer<typeof searchType>;

export const searchParams = z.object({ lang });
export const searchQuery = z.object({
  q: keyword,
  type: searchType.default("entry"),
  page: pageNumber.default(1),
  size: pageSize(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
});

/** An entry hit (type entry or verse). */
export const searchEntryHit = entryCard.extend({
  /** The summary; in verse results, the line(s) of the text that hold the keyword. */
  summary: z.string(),
  /** A poem's author; null for other kinds. */
  author: z.string().nullable(),
});
export type SearchEntryHit = z.infer<typeof searchEntryHit>;

export const searchArticleHit = articleCard.extend({
  /** Article text around the first match (the opening lines for a title-only match). */
  snippet: z.string(),
});
export type SearchArticleHit = z.infer<typeof searchArticleHit>;

/** Hits are counted up to the search's result window (`SEARCH_RESULT_WINDOW`). */
export const searchEntryPage = listPage(searchEntryHit).extend({
  type: z.enum(["entry", "verse"]),
});
export type SearchEntryPage = z.infer<typeof searchEntryPage>;

export const searchArticlePage = listPage(searchArticleHit).extend({
  type: z.literal("article"),
});
export type SearchArticlePage = z.infer<typeof searchArticlePage>;

export const searchPage = z.union([searchEntryPage, searchArticlePage]);
export type SearchPage = z.infer<typeof searchPage>;

export const suggestions = z.array(searchEntryHit);
