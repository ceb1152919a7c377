import type { PageRequest } from "@tongjian/contracts/common";
import type { ArticleDetail, ArticleListPage, Recommendations } from "@tongjian/contracts/content";
import type { ArticleSort } from "@tongjian/domain/article-hub";
import { sectionOfChannel } from "@tongjian/domain/article-sections";
import { sanitizeContent, sanitizeTitle } from "@tongjian/domain/content-sanitizer";
import { formatViewCount } from "@tongjian/domain/view-count";
import { LRUCache } from "lru-cache";
import { NotFoundError } from "../service-error.ts";
import type { ArticleRepository } from "./article-repository.ts";
import type { ContentReadCaches } from "./content-read-cache.ts";
import { articleCard, coverUrl, entryCard, SECTION_CHANNELS } from "./content-views.ts";
import type { EntryRepository } from "./entry-repository.ts";
import type { ReadRecorder, ViewCounter, ViewOptions } from "./view-counter.ts";

const RECOMMENDATION_TTL_MS = 30_000;

/** Articles: one with its body, the lists of a section, and what to read next. */
export function createArticleService(deps: {
  articles: ArticleRepository;
  entries: EntryRepository;
  views: ViewCounter;
  /** Signed-in readers' reads, for their history (optional: tools read without one). */
  reads?: ReadRecorder;
  caches: ContentReadCaches;
  /** Ranks recommendations by the relation graph (graph/recommend.server.ts) when given. */
  recommend?: (id: string, n: number) => Promise<Recommendations>;
}) {
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
  const recommendations = deps.caches.create<Recommendations>({
    ttlMs: RECOMMENDATION_TTL_MS,
    max: 5_000,
  });
  async function recommend(id: string, n: number): Promise<Recommendations> {
    const article = await deps.articles.findById(id);
    if (article) {
      const itemIds = (await deps.articles.links(id)).map((l) => l.item_id);
      const rows = await deps.articles.mentioning(itemIds, id, n);
      const list: Recommendations = rows.map(articleCard);
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
    if (!entry) throw new NotFoundError();
    const [articles, related] = await Promise.all([
      deps.articles.mentioning([id], null, n),
      deps.entries.related(id, n),
    ]);
    return [
      ...articles.map(articleCard),
      ...related.slice(0, Math.max(0, n - articles.length)).map((r) => entryCard(r.entry)),
    ];
  }

  return {
    /**
     * One article to read; reading it counts a view, unless `countView` is false (the service
     * worker's copy for offline reading of a page whose view was already counted).
     */
    async detail(
      id: string,
      { countView = true, reader }: ViewOptions = {},
    ): Promise<ArticleDetail> {
      const article = await deps.articles.findById(id);
      if (!article) throw new NotFoundError("文章不存在或已被删除");
      if (countView) {
        deps.views.add("article", article.id);
        if (reader) deps.reads?.add(reader, "article", article.id);
      }
      const links = await deps.articles.links(article.id);
      return {
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
      };
    },

    /** A view of an article page served without asking for its detail (the page cache). */
    countView(id: string) {
      deps.views.add("article", id);
    },

    /** The articles of one section's channel, or of all (`all`), newest or most read first. */
    async listBySection({
      channel,
      page,
      size,
      sort = "latest",
    }: PageRequest & { channel: string; sort?: ArticleSort }): Promise<ArticleListPage> {
      const section = sectionOfChannel(channel) ?? undefined;
      const [rows, total] = await Promise.all([
        deps.articles.feed(size, (page - 1) * size, section, sort),
        deps.articles.countAll(section),
      ]);
      return {
        channel,
        section: section ?? null,
        sort,
        page,
        size,
        total,
        hasMore: page * size < total,
        list: rows.map(articleCard),
      };
    },

    /** What to read after an article or an entry: articles on the same entries, then more. */
    recommended({ id, n }: { id: string; n: number }): Promise<Recommendations> {
      return recommendations.get(`${id}|${n}`, () => (deps.recommend ?? recommend)(id, n));
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
