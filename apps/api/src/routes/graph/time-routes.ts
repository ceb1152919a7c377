import { langParams } from "@tongjian/contracts/common";
import {
  timeColumnData,
  timeColumnParams,
  timeColumnQuery,
  timelineChooserData,
  timelineDetailData,
  timelineDetailParams,
} from "@tongjian/contracts/graph-time";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["时间轴"];

export function registerTimeRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/timecolumn/:lang",
    {
      schema: {
        tags,
        summary: "时间柱：一段年份里的政权、人物与事件（分栏排好），某年的在世者，某人的同时代人",
        params: timeColumnParams,
        querystring: timeColumnQuery,
        response: replies(timeColumnData),
      },
    },
    async (request) => ok(await services.timeColumns.columns(request.query)),
  );

  app.get(
    "/api/timeline/notable/:lang",
    {
      schema: {
        tags,
        summary: "时间线导览：知名人物、历代政权与重大事件",
        params: langParams,
        response: replies(timelineChooserData),
      },
    },
    async () => ok(await services.timeColumns.notable()),
  );

  app.get(
    "/api/timeline/detail/:lang/:id",
    {
      schema: {
        tags,
        summary: "一个词条的时间线页：按年排列的事件、所处的朝代、未注年份的关系",
        params: timelineDetailParams,
        response: replies(timelineDetailData),
      },
    },
    async (request) => ok(await services.timelines.detail(request.params.id)),
  );
}
