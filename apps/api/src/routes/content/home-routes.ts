import { FEED_PAGE_SIZE_DEFAULT, TOP_LIST_PAGE_SIZE } from "@tongjian/domain/page-size";
import { z } from "zod";
import { ok } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import { PAGE_DATA } from "../../page-data-routes.ts";
import type { TypedApp } from "../../typed-app.ts";
import { langSchema, pageNumber, pageSize } from "../route-schemas.ts";
import { articleCard, entryCard } from "./content-views.ts";

export function registerHomeRoutes(app: TypedApp, deps: AppDeps) {
  app.get(
    "/api/m/homepage/v1/n/getBanner/:lang",
    { config: PAGE_DATA, schema: { params: z.object({ lang: langSchema }) } },
    async () => {
      const rows = await deps.banners.active();
      return ok(
        rows.map((b) => ({ id: b.id, title: b.title, imageUrl: b.image_url, link: b.link })),
      );
    },
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
      const [rows, total] = await Promise.all([
        deps.articles.feed(size, (page - 1) * size),
        deps.articles.countAll(),
      ]);
      return ok({ page, size, total, hasMore: page * size < total, list: rows.map(articleCard) });
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
      const rows = await deps.entries.top(size, (page - 1) * size);
      return ok({
        page,
        size,
        list: rows.map((r, i) => ({
          ...entryCard(r),
          rank: (page - 1) * size + i + 1,
          heat: r.popularity,
        })),
      });
    },
  );
}
