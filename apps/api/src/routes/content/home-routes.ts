import { langParams } from "@tongjian/contracts/common";
import {
  bannerList,
  feedPage,
  feedParams,
  topList,
  topListQuery,
} from "@tongjian/contracts/content";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["首页"];

export function registerHomeRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/m/homepage/v1/n/getBanner/:lang",
    {
      schema: { tags, summary: "首页横幅", params: langParams, response: replies(bannerList) },
    },
    async () => ok(await services.home.banners()),
  );

  app.get(
    "/api/m/homepage/v2/n/getFeed/:lang/:page/:size",
    {
      schema: {
        tags,
        summary: "首页文章流，一次一页",
        params: feedParams,
        response: replies(feedPage),
      },
    },
    async (request) => ok(await services.home.feedPage(request.params)),
  );

  app.get(
    "/api/m/homeservice/top/n/list",
    {
      schema: {
        tags,
        summary: "热门词条（人物与事件，关联最多者在前）",
        querystring: topListQuery,
        response: replies(topList),
      },
    },
    async (request) => ok(await services.home.topList(request.query)),
  );
}
