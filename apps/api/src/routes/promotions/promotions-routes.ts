import {
  campaignParams,
  claimBody,
  claimGiftResultView,
  couponCampaignsView,
  couponCampaignView,
  couponGrantView,
  createGiftBody,
  discountParams,
  discountsView,
  discountView,
  drawBody,
  drawResultView,
  drawSaleView,
  exchangeBody,
  exchangeOrdersView,
  exchangeResultView,
  giftParams,
  giftView,
  myCouponsQuery,
  myCouponsView,
  myGiftsView,
  saleParams,
} from "@tongjian/contracts/promotions";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["优惠"];
const noStore = { "cache-control": "no-store" };

/**
 * Promotions (decision 36): coupons (/coupon), discounts and sales (/discount, /sales), the draw
 * sale (/drawsale), exchange codes (/exchange, /offexchange) and shared gifts (/sharegetgift).
 * Everything a reader owns needs login (code 600 otherwise).
 */
export function registerPromotionRoutes(app: TypedApp, { services }: AppDeps) {
  const p = services.promotions;

  app.get(
    "/api/m/coupon/campaigns",
    { schema: { tags, summary: "可领取的优惠券", response: replies(couponCampaignsView) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await p.coupons.campaigns(request.viewer));
    },
  );
  app.get(
    "/api/m/coupon/campaign/:id",
    {
      schema: {
        tags,
        summary: "一张优惠券的规则与领取状态",
        params: campaignParams,
        response: replies(couponCampaignView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await p.coupons.campaign(request.viewer, request.params.id));
    },
  );
  app.post(
    "/api/m/coupon/claim",
    {
      schema: {
        tags,
        summary: "领取优惠券（限时、限量、每人限领）",
        body: claimBody,
        response: replies(couponGrantView),
      },
    },
    async (request) => ok(await p.coupons.claim(request.viewer, request.body.campaignId)),
  );
  app.get(
    "/api/m/coupon/mine",
    {
      schema: {
        tags,
        summary: "我的优惠券：可用、已使用、已过期",
        querystring: myCouponsQuery,
        response: replies(myCouponsView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await p.coupons.mine(request.viewer, request.query.tab));
    },
  );

  app.get(
    "/api/m/discount/list",
    {
      schema: {
        tags,
        summary: "限时折扣（进行中与 30 天内开始的）",
        querystring: z.object({ theme: saleParams.shape.theme.optional() }),
        response: replies(discountsView),
      },
    },
    async (request) => ok(await p.discounts.list(request.query.theme as 1 | 2 | undefined)),
  );
  app.get(
    "/api/m/discount/:id",
    {
      schema: {
        tags,
        summary: "一个限时折扣",
        params: discountParams,
        response: replies(discountView.extend({ now: z.string() })),
      },
    },
    async (request) => ok(await p.discounts.get(request.params.id)),
  );

  app.get(
    "/api/m/drawsale",
    {
      schema: {
        tags,
        summary: "抽奖特惠：奖品与概率、今日剩余次数、我的抽奖记录",
        querystring: drawBody,
        response: replies(drawSaleView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await p.draws.sale(request.viewer, request.query.sale));
    },
  );
  app.post(
    "/api/m/drawsale/draw",
    {
      schema: {
        tags,
        summary: "抽奖一次（每日限次；结果由服务器随机数决定并记录）",
        body: drawBody,
        response: replies(drawResultView),
      },
    },
    async (request) => ok(await p.draws.draw(request.viewer, request.body.sale)),
  );

  app.post(
    "/api/m/exchange/redeem",
    {
      schema: {
        tags,
        summary: "兑换兑换码（一码一次；失败次数按账号与地址限制）",
        body: exchangeBody,
        response: replies(exchangeResultView),
      },
    },
    async (request) =>
      ok(await p.exchange.redeem(request.viewer, request.body.code, { clientIp: request.ip })),
  );
  app.get(
    "/api/m/exchange/orders",
    { schema: { tags, summary: "我的兑换记录", response: replies(exchangeOrdersView) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await p.exchange.mine(request.viewer));
    },
  );

  app.get(
    "/api/m/gift/mine",
    { schema: { tags, summary: "我分享的礼物与可分享的礼物", response: replies(myGiftsView) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await p.gifts.mine(request.viewer));
    },
  );
  app.post(
    "/api/m/gift/create",
    {
      schema: {
        tags,
        summary: "生成一份可分享的礼物（会员或购买后）",
        body: createGiftBody,
        response: replies(giftView),
      },
    },
    async (request) => ok(await p.gifts.create(request.viewer, request.body.productKey)),
  );
  app.get(
    "/api/m/gift/:id",
    {
      schema: { tags, summary: "一份礼物的状态", params: giftParams, response: replies(giftView) },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await p.gifts.get(request.viewer, request.params.id));
    },
  );
  app.post(
    "/api/m/gift/:id/claim",
    {
      schema: {
        tags,
        summary: "领取好友分享的礼物（每人一次，不能领取自己的）",
        params: giftParams,
        response: replies(claimGiftResultView),
      },
    },
    async (request) => ok(await p.gifts.claim(request.viewer, request.params.id)),
  );
}
