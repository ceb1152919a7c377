import { ALL_SECTIONS_CHANNEL, sectionOfChannel } from "@tongjian/domain/article-sections";
import { sanitizeContent, sanitizeTitle } from "@tongjian/domain/content-sanitizer";
import { FEED_PAGE_SIZE_DEFAULT, RECOMMEND_COUNT_DEFAULT } from "@tongjian/domain/page-size";
import { formatViewCount } from "@tongjian/domain/view-count";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { ApiError, ok } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import { createContentReadCache } from "../../content-read-cache.ts";
import { PAGE_DATA } from "../../page-data-routes.ts";
import type { TypedApp } from "../../typed-app.ts";
import { idSchema, langIdParams, langSchema, pageNumber, pageSize } from "../route-schemas.ts";
import { articleCard, coverUrl, entryCard, SECTION_CHANNELS } from "./content-views.ts";

const RECOMMENDATION_TTL_MS = 30_000;
type ArticleCardList = (ReturnType<typeof articleCard> | ReturnType<typeof entryCard>)[];

export function registerArticleRoutes(app: TypedApp, deps: AppDeps) {
  // Sanitising a long body costs more than reading it; the same stored body gives the same
  // result, so it is keyed by the body itself and a changed article is sanitised again.
  const sanitizedBodies = new LRUCache<string, string>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (html, raw) => html.length + raw.length,
  });
  const sanitizedBody = (raw: string): string => {
    let html = sanitizedBodies.get(raw);
    if (html === undefined) {
      html = sanitizeContent(raw);
      sanitizedBodies.set(raw, html);
    }
    return html;
  };

  // Recommendations depend on content only: one computation serves every reader for a short
  // while (view counts on the cards may lag by up to RECOMMENDATION_TTL_MS) and a content reload
  // drops them.
  const recommendations = createContentReadCache<ArticleCardList>(app, {
    contentVersion: () => deps.articles.contentVersion(),
    pollMs: deps.config.contentPollMs,
    ttlMs: RECOMMENDATION_TTL_MS,
    max: 5_000,
  });
  async function recommend(id: string, n: number): Promise<ArticleCardList> {
    const article = await deps.articles.findById(id);
    if (article) {
      const itemIds = (await deps.articles.links(id)).map((l) => l.item_id);
      const rows = await deps.articles.mentioning(itemIds, id, n);
      const list = rows.map(articleCard);
      if (list.length < n) {
        const more = await deps.articles.feed(n + 1, 0, article.section);
        for (const row of more) {
          if (list.length >= n) break;
          if (row.id !== id && !list.some((x) => x.id === row.id)) list.push(articleCard(row));
        }
      }
      return list;
    }
    const entry = await deps.entries.findById(id);
    if (!entry) throw ApiError.notFound();
    const [articles, related] = await Promise.all([
      deps.articles.mentioning([id], null, n),
      deps.entries.related(id, n),
    ]);
    return [
      ...articles.map(articleCard),
      ...related.slice(0, Math.max(0, n - articles.length)).map((r) => entryCard(r.entry)),
    ];
  }

  // The article path is not named by the spec; this one follows the homepage call's shape.
  app.get(
    "/api/m/article/v1/n/detail/:lang/:id",
    { config: PAGE_DATA, schema: { params: langIdParams } },
    async (request) => {
      const article = await deps.articles.findById(request.params.id);
      if (!article) throw ApiError.notFound("文章不存在或已被删除");
      deps.views.add("article", article.id);
      const links = await deps.articles.links(article.id);
      return ok({
        id: article.id,
        type: "ARTICLE",
        channel: SECTION_CHANNELS[article.section] ?? "history",
        section: article.section,
        title: sanitizeTitle(article.title),
        summary: sanitizeTitle(article.abstract),
        content: sanitizedBody(article.content),
        imageUrl: coverUrl(article.id, article.cover),
        tags: JSON.parse(article.tags) as string[],
        commentNum: article.comment_num,
        likeNum: article.like_count,
        cr: null,
        ttsStatus: 0,
        innerLinks: links.map((l) => ({ itemId: l.item_id, word: l.word })),
        viewNumShow: formatViewCount(
          article.view_count + deps.views.pendingFor("article", article.id),
        ),
        publishedAt: article.published_at,
        updatedAt: article.updated_at,
        // The page collapses long bodies from this without measuring them (spec §4).
        textLength: [...article.text].length,
      });
    },
  );

  // Section lists for the article routes of spec §2 (/ah/war …); `all` lists every section.
  app.get(
    "/api/m/article/v1/n/list/:lang/:channel/:page/:size",
    {
      config: PAGE_DATA,
      schema: {
        params: z.object({
          lang: langSchema,
          channel: z
            .string()
            .refine(
              (c) => c === ALL_SECTIONS_CHANNEL || sectionOfChannel(c) !== null,
              "栏目不存在",
            ),
          page: pageNumber.default(1),
          size: pageSize(100).default(FEED_PAGE_SIZE_DEFAULT),
        }),
      },
    },
    async (request) => {
      const { channel, page, size } = request.params;
      const section = sectionOfChannel(channel) ?? undefined;
      const [rows, total] = await Promise.all([
        deps.articles.feed(size, (page - 1) * size, section),
        deps.articles.countAll(section),
      ]);
      return ok({
        channel,
        section: section ?? null,
        page,
        size,
        total,
        hasMore: page * size < total,
        list: rows.map(articleCard),
      });
    },
  );

  app.get(
    "/api/recommend/get/relation/:lang/:id/:n",
    {
      config: PAGE_DATA,
      schema: {
        params: z.object({
          lang: langSchema,
          id: idSchema,
          n: z.coerce.number().int().min(1).max(50).default(RECOMMEND_COUNT_DEFAULT),
        }),
      },
    },
    async (request) => {
      const { id, n } = request.params;
      return ok(await recommendations.get(`${id}|${n}`, () => recommend(id, n)));
    },
  );
}
