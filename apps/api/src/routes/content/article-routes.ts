import { ALL_SECTIONS_CHANNEL, sectionOfChannel } from "@tongjian/domain/article-sections";
import { FEED_PAGE_SIZE_DEFAULT, RECOMMEND_COUNT_DEFAULT } from "@tongjian/domain/page-size";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { idSchema, langIdParams, langSchema, pageNumber, pageSize } from "../route-schemas.ts";

export function registerArticleRoutes(app: TypedApp, { services }: AppDeps) {
  // The article path is not named by the spec; this one follows the homepage call's shape.
  app.get(
    "/api/m/article/v1/n/detail/:lang/:id",
    { schema: { params: langIdParams } },
    async (request) => ok(await services.articles.detail(request.params.id)),
  );

  // Section lists for the article routes of spec §2 (/ah/war …); `all` lists every section.
  app.get(
    "/api/m/article/v1/n/list/:lang/:channel/:page/:size",
    {
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
    async (request) => ok(await services.articles.listBySection(request.params)),
  );

  app.get(
    "/api/recommend/get/relation/:lang/:id/:n",
    {
      schema: {
        params: z.object({
          lang: langSchema,
          id: idSchema,
          n: z.coerce.number().int().min(1).max(50).default(RECOMMEND_COUNT_DEFAULT),
        }),
      },
    },
    async (request) => ok(await services.articles.recommended(request.params)),
  );
}
