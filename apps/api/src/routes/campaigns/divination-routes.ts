import { divinationView, drawResult, lotParams, lotView } from "@tongjian/contracts/divination";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { campaignDevice, campaignWriteLimit } from "./campaign-routes.ts";

const tags = ["活动"];
const noStore = { "cache-control": "no-store" };

/**
 * 求签 (/divination, decision 42): the reader's lot of today and their history, drawing (once a
 * China day; again returns today's lot), and any lot by its number for shared links.
 */
export function registerDivinationRoutes(app: TypedApp, { services, config }: AppDeps) {
  const d = services.divination;

  app.get(
    "/api/m/divination",
    { schema: { tags, summary: "求签：今天的签与我的签", response: replies(divinationView) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await d.view(request.viewer));
    },
  );
  app.post(
    "/api/m/divination/draw",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "求签：每天一次，由服务器随机抽签并记录；当天再求返回今天的签",
        response: replies(drawResult),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await d.draw(request.viewer, device));
    },
  );
  app.get(
    "/api/m/divination/lot/:number",
    {
      schema: {
        tags,
        summary: "一支签（分享的链接打开）",
        params: lotParams,
        response: replies(lotView),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return ok(await d.lot(request.params.number));
    },
  );
}
