import {
  cardImageParams,
  cardParams,
  createCardBody,
  createCardResult,
  greetingCardView,
  greetingCatalogue,
  myCardsView,
} from "@tongjian/contracts/greeting-cards";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { campaignDevice, campaignWriteLimit } from "./campaign-routes.ts";

const tags = ["活动"];
const noStore = { "cache-control": "no-store" };

/**
 * 贺卡 (/greetingcard, decision 42): designs and wordings, making a card (or a reply to one), a
 * card by its link, the reader's cards, and the card rendered as PNG.
 */
export function registerGreetingCardRoutes(app: TypedApp, { services, config }: AppDeps) {
  const g = services.greetingCards;

  app.get(
    "/api/m/greetingcard/catalogue",
    {
      schema: { tags, summary: "贺卡样式与祝福语", response: replies(greetingCatalogue) },
    },
    async () => ok(await g.catalogue()),
  );
  app.post(
    "/api/m/greetingcard/card",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "制作贺卡（或回赠一张）：文字清理后检查长度，生成图片链接",
        body: createCardBody,
        response: replies(createCardResult),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await g.create(request.viewer, device, request.body));
    },
  );
  app.get(
    "/api/m/greetingcard/card/:id",
    {
      schema: {
        tags,
        summary: "一张贺卡（收卡人打开的链接）与它的回赠",
        params: cardParams,
        response: replies(greetingCardView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await g.card(request.params.id, request.viewer));
    },
  );
  app.get(
    "/api/m/greetingcard/mine",
    { schema: { tags, summary: "我做的贺卡", response: replies(myCardsView) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await g.mine(request.viewer));
    },
  );
  app.get(
    "/api/m/greetingcard/image/:file",
    {
      schema: {
        tags: ["媒体"],
        summary: "贺卡图片（PNG，由服务器从 SVG 绘制）",
        params: cardImageParams,
      },
    },
    async (request, reply) => {
      const png = await g.png(request.params.file.slice(0, -".png".length));
      // A card never changes once made.
      return reply
        .header("content-type", "image/png")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(png);
    },
  );
}
