import { SEARCH_GROUP_KEYS } from "@tongjian/domain/search-groups";
import { keywordLength, SEARCH_KEYWORD_MAX_LENGTH } from "@tongjian/domain/search-keyword";
import { z } from "zod";
import { lang, listPage, pageNumber, pageSize } from "./common.ts";
import { articleCard, entryCard } from "./content.ts";

// Search: POST /api/search/getSuggestion (the search box), GET /api/search/overview/:lang (the
// page's groups with counts), GET /api/search/:lang (one list, a page at a time).

const SEARCH_PAGE_SIZE_DEFAULT = 20;
const SEARCH_PAGE_SIZE_MAX = 50;
const OVERVIEW_SIZE_DEFAULT = 3;
const OVERVIEW_SIZE_MAX = 10;

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

/** The groups entry hits are listed under: 人物, 朝代, 事件, 地点, 作品, 诗文. */
export const searchGroup = z.enum(SEARCH_GROUP_KEYS, {
  error: `group 只能是 ${SEARCH_GROUP_KEYS.join("、")}`,
});

export const searchParams = z.object({ lang });
export const searchQuery = z.object({
  q: keyword,
  type: searchType.default("entry"),
  /** With type entry: one group's hits only (诗文 also finds poems and chapters by words). */
  group: searchGroup.optional(),
  page: pageNumber.default(1),
  size: pageSize(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
});

export const searchOverviewQuery = z.object({
  q: keyword,
  /** Hits listed per group (the rest are a tap away). */
  size: pageSize(OVERVIEW_SIZE_MAX).default(OVERVIEW_SIZE_DEFAULT),
});

/** An entry hit (type entry or verse). */
export const searchEntryHit = entryCard.extend({
  /** The summary; in verse results, the line(s) of the text that hold the keyword. */
  summary: z.string(),
  /** A poem's author; null for other kinds. */
  author: z.string().nullable(),
  /** The other name (alias, 字, 号 …) that holds the keyword when the name does not. */
  alias: z.string().nullable(),
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

/** A name that sounds or looks like a keyword that found nothing (你是不是要找). */
export const similarName = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  /** The entry's name or other name that is like the keyword. */
  matched: z.string(),
  timeDesc: z.string().nullable(),
});
export type SimilarName = z.infer<typeof similarName>;

/** One group of the overview: how many hits it has (counted up to 100) and its best few. */
export const searchSection = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("entry"),
    group: searchGroup,
    name: z.string(),
    total: z.number().int(),
    list: z.array(searchEntryHit),
  }),
  z.object({
    type: z.literal("article"),
    group: z.literal("article"),
    name: z.string(),
    total: z.number().int(),
    list: z.array(searchArticleHit),
  }),
]);
export type SearchSection = z.infer<typeof searchSection>;

/**
 * The search page's first view: the groups that have hits, the best first (the group holding
 * an exact name before one with only partial matches), and when nothing matched, names that
 * sound or look like the keyword.
 */
export const searchOverview = z.object({
  q: z.string(),
  sections: z.array(searchSection),
  similar: z.array(similarName),
});
export type SearchOverview = z.infer<typeof searchOverview>;
