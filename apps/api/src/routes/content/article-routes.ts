import { langIdParams } from "@tongjian/contracts/common";
import {
  articleDetail,
  articleListPage,
  articleListParams,
  articleListQuery,
  recommendations,
  recommendParams,
} from "@tongjian/contracts/content";
import { ownerIdOf } from "@tongjian/domain/viewer";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["文章"];

export function registerArticleRoutes(app: TypedApp, { services }: AppDeps) {
  // The article path is not named by the spec; this one follows the homepage call's shape.
  app.get(
    "/api/m/article/v1/n/detail/:lang/:id",
    {
      schema: {
        tags,
        summary: "一篇文章（计一次阅读）",
        params: langIdParams,
        response: replies(articleDetail),
      },
    },
    async (request) =>
      ok(
        await services.articles.detail(request.params.id, {
          // A signed-in reader's read goes in their history (/my).
          reader: ownerIdOf(request.viewer),
        }),
      ),
  );

  // Section lists for the article routes of spec §2 (/ah/war …) and the hub's tabs (/ah);
  // `all` lists every section.
  app.get(
    "/api/m/article/v1/n/list/:lang/:channel/:page/:size",
    {
      schema: {
        tags,
        summary: "栏目文章列表（all 为全部栏目；sort=latest 最新，sort=hot 最热）",
        params: articleListParams,
        querystring: articleListQuery,
        response: replies(articleListPage),
      },
    },
    async (request) =>
      ok(await services.articles.listBySection({ ...request.params, ...request.query })),
  );

  // Spec §7: n is 10 when the client leaves it out.
  for (const path of [
    "/api/recommend/get/relation/:lang/:id/:n",
    "/api/recommend/get/relation/:lang/:id",
  ]) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: "文章或词条的相关推荐（按关系图谱的共同关联与关系强弱排序）",
          params: recommendParams,
          response: replies(recommendations),
        },
      },
      async (request) => ok(await services.articles.recommended(request.params)),
    );
  }
}
