import {
  boardListParams,
  boardListQuery,
  boardPage,
  hotBoardQuery,
} from "@tongjian/contracts/boards";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["榜单"];

/** The boards (issue 16 Social §3): /board's tabs and /hotbillboard, ranked by recent activity. */
export function registerBoardRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/m/board/v1/n/list/:tab",
    {
      schema: {
        tags,
        summary: "热榜（帖子或词条），按近 7 天热度排序",
        params: boardListParams,
        querystring: boardListQuery,
        response: replies(boardPage),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=30");
      return ok(await services.boards.list({ tab: request.params.tab, ...request.query }));
    },
  );

  app.get(
    "/api/m/board/v1/n/hot",
    {
      schema: {
        tags,
        summary: "热门榜单：帖子和词条合排，每页 10 条",
        querystring: hotBoardQuery,
        response: replies(boardPage),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=30");
      return ok(await services.boards.hot(request.query));
    },
  );
}
