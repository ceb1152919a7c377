import {
  ARTICLE_LIST_PAGE_SIZE_MAX,
  ARTICLE_SORTS,
  DEFAULT_ARTICLE_SORT,
} from "@tongjian/domain/article-hub";
import { ALL_SECTIONS_CHANNEL, sectionOfChannel } from "@tongjian/domain/article-sections";
import {
  FEED_PAGE_SIZE_DEFAULT,
  RECOMMEND_COUNT_DEFAULT,
  TOP_LIST_PAGE_SIZE,
} from "@tongjian/domain/page-size";
import { WORKS_PAGE_SIZE, WORKS_PAGE_SIZE_MAX } from "@tongjian/domain/relation-groups";
import { z } from "zod";
import { id, lang, listPage, pageNumber, pageSize } from "./common.ts";

// Content (spec §3 "Content entities"): articles, entries (词条) and the home page's lists.

// --- Cards: how lists show an article or an entry ---

export const articleCard = z.object({
  id: z.string(),
  type: z.literal("ARTICLE"),
  title: z.string(),
  section: z.string(),
  /** The section's channel name, as in the list paths (`war`, `arthistory` …). */
  channel: z.string(),
  summary: z.string(),
  imageUrl: z.string(),
  viewNumShow: z.string(),
  publishedAt: z.string(),
});
export type ArticleCard = z.infer<typeof articleCard>;

export const entryCard = z.object({
  id: z.string(),
  type: z.literal("ENTRY"),
  kind: z.string(),
  name: z.string(),
  summary: z.string(),
  timeDesc: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type EntryCard = z.infer<typeof entryCard>;

// --- Home: GET /api/m/homepage/v1/n/getBanner/:lang, …/v2/n/getFeed/:lang/:page/:size,
// GET /api/m/homeservice/top/n/list ---

export const banner = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof banner>;
export const bannerList = z.array(banner);

export const feedParams = z.object({
  lang,
  page: pageNumber.default(1),
  size: pageSize(100).default(FEED_PAGE_SIZE_DEFAULT),
});
export const feedPage = listPage(articleCard);
export type FeedPage = z.infer<typeof feedPage>;

export const topListQuery = z.object({
  page: pageNumber.default(1),
  size: pageSize(50).default(TOP_LIST_PAGE_SIZE),
});
export const topListItem = entryCard.extend({
  rank: z.number().int(),
  /** The entry's popularity: how connected it is. */
  heat: z.number(),
});
export const topList = z.object({
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(topListItem),
});
export type TopList = z.infer<typeof topList>;
export type TopListItem = z.infer<typeof topListItem>;

// --- Articles: GET /api/m/article/v1/n/detail/:lang/:id, …/list/:lang/:channel/:page/:size,
// GET /api/recommend/get/relation/:lang/:id/:n ---

export const articleDetail = z.object({
  id: z.string(),
  type: z.literal("ARTICLE"),
  channel: z.string(),
  section: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The body as sanitised HTML, inner links and cards included. */
  content: z.string(),
  imageUrl: z.string(),
  tags: z.array(z.string()),
  commentNum: z.number().int(),
  likeNum: z.number().int(),
  /** Copyright notice; none of the corpus's articles has one. */
  cr: z.null(),
  /** Text-to-speech state of the original's clients; always 0 (none). */
  ttsStatus: z.number().int(),
  innerLinks: z.array(z.object({ itemId: z.string(), word: z.string() })),
  viewNumShow: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  /** Characters of body text; the page collapses long bodies from this (spec §4). */
  textLength: z.number().int(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const articleListParams = z.object({
  lang,
  /** A section's channel, or `all` for every section. */
  channel: z
    .string()
    .refine((c) => c === ALL_SECTIONS_CHANNEL || sectionOfChannel(c) !== null, "栏目不存在"),
  page: pageNumber.default(1),
  size: pageSize(ARTICLE_LIST_PAGE_SIZE_MAX).default(FEED_PAGE_SIZE_DEFAULT),
});
/** `latest` newest first (published_at), `hot` most read first (view_count). */
export const articleSort = z.enum(ARTICLE_SORTS, {
  error: "排序只支持 latest（最新）或 hot（最热）",
});
export const articleListQuery = z.object({
  sort: articleSort.default(DEFAULT_ARTICLE_SORT),
});
export const articleListPage = feedPage.extend({
  channel: z.string(),
  /** The section listed; null when every section is. */
  section: z.string().nullable(),
  sort: articleSort,
});
export type ArticleListPage = z.infer<typeof articleListPage>;

export const recommendParams = z.object({
  lang,
  /** An article's or an entry's id. */
  id,
  n: z.coerce.number().int().min(1).max(50).default(RECOMMEND_COUNT_DEFAULT),
});
/**
 * An entry recommended for an entry, by the relation graph: its score (shared neighbours and
 * relation weights) and why, in a few words (师生, 同为竹林七贤, 共同关联 3 人 …).
 */
export const recommendedEntry = entryCard.extend({
  score: z.number(),
  reason: z.string(),
});
export type RecommendedEntry = z.infer<typeof recommendedEntry>;
/**
 * For an article: articles, those on entries nearest its own in the relation graph first.
 * For an entry: entries nearest it in the relation graph (with a reason), then articles on it.
 * The entry with a reason comes before the plain card so that its extra fields are kept.
 */
export const recommendations = z.array(z.union([articleCard, recommendedEntry, entryCard]));
export type Recommendations = z.infer<typeof recommendations>;

/** GET /media/cover/:file — the sample cover drawn for an article or an entry (SVG). */
export const coverParams = z.object({
  file: z.string().regex(/^[0-9a-f]{24}\.svg$/, "封面地址无效"),
});

// --- Entries: GET /api/item/{detail,intro,relation,timeline,articles}/:lang/:id,
// GET /api/item/works/:lang/:id/:page/:size ---

/** One item of a fact: a link when it names an entry, with an optional note. */
export const entryFactItem = z.object({
  name: z.string(),
  id: z.string().optional(),
  note: z.string().optional(),
});
export type EntryFactItem = z.infer<typeof entryFactItem>;

export const entryFact = z.object({
  label: z.string(),
  items: z.array(entryFactItem),
  /** Several items read as a list (君主, 历代名称) rather than one line. */
  list: z.boolean().optional(),
});
export type EntryFact = z.infer<typeof entryFact>;

/** The text of a poem or a classic chapter, line by line; empty for other kinds. */
export const entryVerse = z.object({
  lines: z.array(z.string()),
  notes: z.array(z.string()),
  /** Given in its common reading: the note names the imported words (异文). */
  reading: z.object({ note: z.string(), base: z.array(z.string()) }).nullable(),
});

export const entryDetail = entryCard.extend({
  imageUrl: z.string(),
  aliases: z.array(z.string()),
  startYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
  /** The entry's record as the corpus has it (dates, places, rulers, refs …). */
  facts: z.record(z.string(), z.unknown()),
  /** The facts box, ready to show. */
  factList: z.array(entryFact),
  verse: entryVerse,
  /** Where the entry's facts are recorded (《史记·刺客列传》 …), for the 资料来源 line; [] when none. */
  sources: z.array(z.string()),
  /** A member entry (会员词条): its full text is for VIP readers. */
  member: z.boolean(),
  /** True when the reader lacks VIP: `summary` is only the entry's opening. */
  locked: z.boolean(),
  viewNumShow: z.string(),
  likeNum: z.number().int(),
});
export type EntryDetail = z.infer<typeof entryDetail>;

/** The in-text detail pop-up (spec §3: name, summary, imageUrl). */
export const entryIntro = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  imageUrl: z.string().nullable(),
  /** A member entry (会员词条): its full text is for VIP readers. */
  member: z.boolean(),
  /** True when the reader lacks VIP: `summary` is only the entry's opening. */
  locked: z.boolean(),
});
export type EntryIntro = z.infer<typeof entryIntro>;

export const entryRelation = z.object({
  type: z.string(),
  /** Where the entry page lists it (family, people, places, works …). */
  group: z.string(),
  label: z.string(),
  direction: z.enum(["twoway", "one-way", "reverse"]),
  note: z.string().nullable(),
  year: z.number().int().nullable(),
  /** The relation's own id (a relation map's edge). */
  relationId: z.string(),
  /** One sentence on the relation (the relation sheet), or null. */
  desc: z.string().nullable(),
  /** Where it happened, when the corpus says. */
  place: z.object({ id: z.string(), name: z.string() }).nullable(),
  item: entryCard,
});
export type EntryRelation = z.infer<typeof entryRelation>;

export const entryRelations = z.object({
  center: entryCard,
  relations: z.array(entryRelation),
});
export type EntryRelations = z.infer<typeof entryRelations>;

export const timelineEvent = z.object({
  year: z.number().int(),
  timeDesc: z.string(),
  title: z.string(),
  desc: z.string(),
  itemId: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const entryTimeline = z.object({
  id: z.string(),
  name: z.string(),
  list: z.array(timelineEvent),
});
export type EntryTimeline = z.infer<typeof entryTimeline>;

export const worksParams = z.object({
  lang,
  id,
  page: pageNumber.default(1),
  size: pageSize(WORKS_PAGE_SIZE_MAX).default(WORKS_PAGE_SIZE),
});
export const entryWork = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  /** The collection it comes from (唐诗三百首 …). */
  collection: z.string(),
  firstLine: z.string(),
});
export type EntryWork = z.infer<typeof entryWork>;
export const worksPage = listPage(entryWork);
export type WorksPage = z.infer<typeof worksPage>;

/** The articles that link to an entry, most links first. */
export const entryArticles = z.array(articleCard);
