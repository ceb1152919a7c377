import { FEED_PAGE_SIZE_DEFAULT, TOP_LIST_PAGE_SIZE } from "@tongjian/domain/page-size";
import { z } from "zod";
import { ok } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import { createContentReadCache } from "../../content-read-cache.ts";
import { PAGE_DATA } from "../../page-data-routes.ts";
import type { TypedApp } from "../../typed-app.ts";
import { langSchema, pageNumber, pageSize } from "../route-schemas.ts";
import { articleCard, entryCard } from "./content-views.ts";

/** Home lists are the same for every reader; view counts on their cards may lag this much. */
const HOME_LIST_TTL_MS = 30_000;

export function registerHomeRoutes(app: TypedApp, deps: AppDeps) {
  // The banner, the feed pages and the top list depend on content only (and counters that may
  // lag): one read serves every reader for a short while, and a content reload drops them.
  const lists = createContentReadCache<object>(app, {
    contentVersion: () => deps.articles.contentVersion(),
    pollMs: deps.config.contentPollMs,
    ttlMs: HOME_LIST_TTL_MS,
    max: 1_000,
  });

  app.get(
    "/api/m/homepage/v1/n/getBanner/:lang",
    { config: PAGE_DATA, schema: { params: z.object({ lang: langSchema }) } },
    async () =>
      ok(
        await lists.get("banner", async () =>
          (await deps.banners.active()).map((b) => ({
            id: b.id,
            title: b.title,
            imageUrl: b.image_url,
            link: b.link,
          })),
        ),
      ),
  );

  app.get(
    "/api/m/homepage/v2/n/getFeed/:lang/:page/:size",
    {
      config: PAGE_DATA,
      schema: {
        params: z.object({
          lang: langSchema,
          page: pageNumber.default(1),
          size: pageSize(100).default(FEED_PAGE_SIZE_DEFAULT),
        }),
      },
    },
    async (request) => {
      const { page, size } = request.params;
      return ok(
        await lists.get(`feed|${page}|${size}`, async () => {
          const [rows, total] = await Promise.all([
            deps.articles.feed(size, (page - 1) * size),
            deps.articles.countAll(),
          ]);
          return { page, size, total, hasMore: page * size < total, list: rows.map(articleCard) };
        }),
      );
    },
  );

  app.get(
    "/api/m/homeservice/top/n/list",
    {
      config: PAGE_DATA,
      schema: {
        querystring: z.object({
          page: pageNumber.default(1),
          size: pageSize(50).default(TOP_LIST_PAGE_SIZE),
        }),
      },
    },
    async (request) => {
      const { page, size } = request.query;
      return ok(
        await lists.get(`top|${page}|${size}`, async () => {
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
        }),
      );
    },
  );
}
