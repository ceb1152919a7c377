import type { PageRequest } from "@tongjian/contracts/common";
import type { Banner, FeedPage, TopList } from "@tongjian/contracts/content";
import type { ArticleRepository } from "./article-repository.ts";
import type { BannerRepository } from "./banner-repository.ts";
import type { ContentReadCaches } from "./content-read-cache.ts";
import { articleCard, entryCard } from "./content-views.ts";
import type { EntryRepository } from "./entry-repository.ts";

/** Home lists are the same for every reader; view counts on their cards may lag this much. */
const HOME_LIST_TTL_MS = 30_000;

/** The home page: its banner, the article feed a page at a time, and the top list. */
export function createHomeService(deps: {
  articles: ArticleRepository;
  banners: BannerRepository;
  entries: EntryRepository;
  caches: ContentReadCaches;
}) {
  // The banner, the feed pages and the top list depend on content only (and counters that may
  // lag): one read serves every reader for a short while, and a content reload drops them.
  const lists = deps.caches.create<object>({ ttlMs: HOME_LIST_TTL_MS, max: 1_000 });

  return {
    banners(): Promise<Banner[]> {
      return lists.get("banner", async () =>
        (await deps.banners.active()).map((b) => ({
          id: b.id,
          title: b.title,
          imageUrl: b.image_url,
          link: b.link,
        })),
      );
    },

    feedPage({ page, size }: PageRequest): Promise<FeedPage> {
      return lists.get(`feed|${page}|${size}`, async (): Promise<FeedPage> => {
        const [rows, total] = await Promise.all([
          deps.articles.feed(size, (page - 1) * size),
          deps.articles.countAll(),
        ]);
        return { page, size, total, hasMore: page * size < total, list: rows.map(articleCard) };
      });
    },

    /** The most connected people and events, best first. */
    topList({ page, size }: PageRequest): Promise<TopList> {
      return lists.get(`top|${page}|${size}`, async (): Promise<TopList> => {
        const rows = await deps.entries.top(size, (page - 1) * size);
        return {
          page,
          size,
          list: rows.map((r, i) => ({
            ...entryCard(r),
            rank: (page - 1) * size + i + 1,
            heat: r.popularity,
          })),
        };
      });
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
