import { FEED_PAGE_SIZE_DEFAULT, TOP_LIST_PAGE_SIZE } from "@tongjian/domain/page-size";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { langSchema, pageNumber, pageSize } from "../route-schemas.ts";

export function registerHomeRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/m/homepage/v1/n/getBanner/:lang",
    { schema: { params: z.object({ lang: langSchema }) } },
    async () => ok(await services.home.banners()),
  );

  app.get(
    "/api/m/homepage/v2/n/getFeed/:lang/:page/:size",
    {
      schema: {
        params: z.object({
          lang: langSchema,
          page: pageNumber.default(1),
          size: pageSize(100).default(FEED_PAGE_SIZE_DEFAULT),
        }),
      },
    },
    async (request) => ok(await services.home.feedPage(request.params)),
  );

  app.get(
    "/api/m/homeservice/top/n/list",
    {
      schema: {
        querystring: z.object({
          page: pageNumber.default(1),
          size: pageSize(50).default(TOP_LIST_PAGE_SIZE),
        }),
      },
    },
    async (request) => ok(await services.home.topList(request.query)),
  );
}
