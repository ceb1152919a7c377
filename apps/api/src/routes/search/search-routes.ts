import { keywordLength, SEARCH_KEYWORD_MAX_LENGTH } from "@tongjian/domain/search-keyword";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { langSchema, pageNumber, pageSize } from "../route-schemas.ts";

const SEARCH_PAGE_SIZE_DEFAULT = 20;
const SEARCH_PAGE_SIZE_MAX = 50;

const keywordSchema = z
  .string({ error: "关键词应为文字" })
  .refine((text) => keywordLength(text) <= SEARCH_KEYWORD_MAX_LENGTH, {
    error: `关键词不能超过 ${SEARCH_KEYWORD_MAX_LENGTH} 个字`,
  })
  .default("");

const flag = (name: string) => z.boolean({ error: `${name} 应为 true 或 false` }).optional();

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), message: z.string(), data });

const entryItem = z.object({
  id: z.string(),
  type: z.literal("ENTRY"),
  kind: z.string(),
  name: z.string(),
  /** The summary; in verse results, the line(s) of the text that hold the keyword. */
  summary: z.string(),
  timeDesc: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** A poem's author; null for other kinds. */
  author: z.string().nullable(),
});

const articleItem = z.object({
  id: z.string(),
  type: z.literal("ARTICLE"),
  title: z.string(),
  section: z.string(),
  channel: z.string(),
  summary: z.string(),
  imageUrl: z.string(),
  viewNumShow: z.string(),
  publishedAt: z.string(),
  /** Article text around the first match (the opening lines for a title-only match). */
  snippet: z.string(),
});

const searchPage = z.object({
  type: z.enum(["entry", "verse", "article"]),
  page: z.number(),
  size: z.number(),
  /** Hits, counted up to the repository's result window. */
  total: z.number(),
  hasMore: z.boolean(),
  list: z.array(z.union([entryItem, articleItem])),
});

export function registerSearchRoutes(app: TypedApp, { services }: AppDeps) {
  // The search box: entries whose names, aliases, 字/号, pinyin or initials match, best first.
  app.post(
    "/api/search/getSuggestion",
    {
      schema: {
        body: z.object({
          language: langSchema,
          keyword: keywordSchema,
          hasGeo: flag("hasGeo"),
          hasTime: flag("hasTime"),
        }),
        response: { 200: envelope(z.array(entryItem)) },
      },
    },
    async (request) => ok(await services.search.suggestions(request.body)),
  );

  // The search page: entries (by name), verses (poems and chapters by their words) or articles
  // (title and text), a page at a time.
  app.get(
    "/api/search/:lang",
    {
      schema: {
        params: z.object({ lang: langSchema }),
        querystring: z.object({
          q: keywordSchema,
          type: z
            .enum(["entry", "verse", "article"], { error: "type 只能是 entry、verse 或 article" })
            .default("entry"),
          page: pageNumber.default(1),
          size: pageSize(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
        }),
        response: { 200: envelope(searchPage) },
      },
    },
    async (request) => ok(await services.search.page(request.query)),
  );
}
