import {
  dataPageData,
  dataPageListData,
  dataPageListParams,
  dataPageParams,
} from "@tongjian/contracts/datapage";
import {
  historyListData,
  listParams,
  nationalData,
  topData,
  topParams,
  topQuery,
  worldParallelData,
  worldParallelQuery,
} from "@tongjian/contracts/lists";
import {
  placeListData,
  placeListParams,
  placeListQuery,
  siteData,
  siteParams,
} from "@tongjian/contracts/places";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

/**
 * Places over time and historical sites, the era and national lists, the top lists and the data
 * pages (issue 18). The pages call the same services directly; these serve the app and clients.
 */
export function registerListRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/places/:lang",
    {
      schema: {
        tags: ["空间轴"],
        summary: "地点列表：按今省区分组，q 按今名、古称或今地查找",
        params: placeListParams,
        querystring: placeListQuery,
        response: replies(placeListData),
      },
    },
    async (request) => ok(await services.places.list(request.query)),
  );

  app.get(
    "/api/historicalsite/:lang/:id",
    {
      schema: {
        tags: ["空间轴"],
        summary: "历史遗址：历代名称、所属政权、在此发生的事件、籍贯于此的人物、相关作品与小地图",
        params: siteParams,
        response: replies(siteData),
      },
    },
    async (request) => ok(await services.places.site(request.params.id)),
  );

  app.get(
    "/api/historylist/:lang",
    {
      schema: {
        tags: ["历史列表"],
        summary: "历史列表：按时期排列的历代政权，并立的政权列在旁边",
        params: listParams,
        response: replies(historyListData),
      },
    },
    async () => ok(await services.lists.historyList()),
  );

  app.get(
    "/api/historylist/:lang/world",
    {
      schema: {
        tags: ["历史列表"],
        summary: "中外对照：一个政权存续期间中国与世界各发生了什么",
        params: listParams,
        querystring: worldParallelQuery,
        response: replies(worldParallelData),
      },
    },
    async (request) => ok(await services.lists.worldParallel(request.query.regime)),
  );

  app.get(
    "/api/national/:lang",
    {
      schema: {
        tags: ["国学"],
        summary: "国学：典籍、诗文、小说、戏剧等作品分类，及本站收录原文的经典",
        params: listParams,
        response: replies(nationalData),
      },
    },
    async () => ok(await services.lists.national()),
  );

  app.get(
    "/api/top/:lang/:board",
    {
      schema: {
        tags: ["榜单"],
        summary: "榜单：阅读最多、关系最多的人物、国祚最长、存诗最多、七日热门",
        params: topParams,
        querystring: topQuery,
        response: replies(topData),
      },
    },
    async (request) => ok(await services.lists.top(request.params.board, request.query.limit)),
  );

  app.get(
    "/api/datapage/:lang",
    {
      schema: {
        tags: ["数据页"],
        summary: "数据页列表",
        params: dataPageListParams,
        response: replies(dataPageListData),
      },
    },
    async () => ok(services.dataPages.pages()),
  );

  app.get(
    "/api/datapage/:lang/:slug",
    {
      schema: {
        tags: ["数据页"],
        summary: "一页统计：政权国祚、人物分布、事件年代、诗人存诗（由数据库计算并缓存）",
        params: dataPageParams,
        response: replies(dataPageData),
      },
    },
    async (request) => ok(await services.dataPages.page(request.params.slug)),
  );
}
