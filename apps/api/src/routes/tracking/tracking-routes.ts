import { summaryQuery, trackingBody, trackingSummary } from "@tongjian/contracts/tracking";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["埋点"];

export function registerTrackingRoutes(app: TypedApp, { services }: AppDeps) {
  app.post(
    "/api/m/log/tracking/h5/record",
    {
      schema: {
        tags,
        summary: "记录页面埋点事件",
        body: trackingBody,
        response: replies(z.null()),
      },
    },
    async (request) => ok(await services.tracking.record(request.body)),
  );

  // For operators: how often each page and action was tracked on a China-time day.
  app.get(
    "/api/m/log/tracking/h5/summary",
    {
      schema: {
        tags,
        summary: "某日（北京时间）各页面与动作的埋点次数",
        querystring: summaryQuery,
        response: replies(trackingSummary),
      },
    },
    async (request) => ok(await services.tracking.summary(request.query)),
  );
}
