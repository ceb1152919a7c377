import { langIdParams, langParams } from "@tongjian/contracts/common";
import { insightDetail, insightList } from "@tongjian/contracts/insight";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["洞察"];

// The spec names only the page (/insight); these calls follow the shape of the item calls.
export function registerInsightRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/insight/list/:lang",
    {
      schema: {
        tags,
        summary: "洞察专题列表（按所述年代排列）",
        params: langParams,
        response: replies(insightList),
      },
    },
    async () => ok(await services.insights.list()),
  );

  app.get(
    "/api/insight/detail/:lang/:id",
    {
      schema: {
        tags,
        summary: "一个洞察专题：问题、短文、时间线、人物与关系、延伸阅读",
        params: langIdParams,
        response: replies(insightDetail),
      },
    },
    async (request) => ok(await services.insights.detail(request.params.id)),
  );
}
