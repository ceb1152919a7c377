import {
  confirmBody,
  createOrderBody,
  orderQuery,
  ordersQuery,
  orderView,
  payBody,
  payView,
  productsQuery,
  productView,
  quoteBody,
  quoteView,
  vipStatus,
} from "@tongjian/contracts/commerce";
import { checkoutAgreements } from "@tongjian/domain/agreement-consent";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { VIP_RIGHTS } from "@tongjian/domain/commerce";
import { ownerIdOf } from "@tongjian/domain/viewer";
import type { OrderContext } from "@tongjian/services/commerce/orders.server";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["商城：会员、订单与支付"];

const vipStatusView = vipStatus.extend({
  rights: z.array(z.object({ key: z.string(), title: z.string(), description: z.string() })),
});

function contextOf(request: FastifyRequest): OrderContext {
  const env = parseAppEnv(request.headers["user-agent"]);
  return {
    clientIp: request.ip,
    inWeChat: env.isWeixin,
    inApp: env.isNativeApp,
    origin: `${request.protocol}://${request.host}`,
  };
}

/**
 * The store's HTTP API (issue 21, decision 33): products, VIP, quotes, orders and paying; the
 * channels' notifications are in pay-notify-routes.ts. Amounts are integer fen, computed here.
 */
export function registerCommerceRoutes(app: TypedApp, deps: AppDeps) {
  const { catalogue, orders, vip, agreements } = deps.services;
  const needsLogin = { needsLogin: true };

  app.get(
    "/api/m/commerce/products",
    {
      schema: {
        tags,
        summary: "在售商品（会员、课程、次卡、星宝商城），含今日价格",
        querystring: productsQuery,
        response: replies(z.object({ products: z.array(productView) })),
      },
    },
    async (request) => ok({ products: await catalogue.list(request.query.kind) }),
  );

  app.get(
    "/api/m/commerce/vip",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "读者的会员状态（到期时间精确到秒）与会员权益",
        response: replies(vipStatusView),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const status = await vip.status(request.viewer);
      return ok({ ...status, rights: VIP_RIGHTS.map((r) => ({ ...r })) });
    },
  );

  app.post(
    "/api/m/commerce/quote",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "服务器计算的价格（折扣、优惠券）",
        body: quoteBody,
        response: replies(quoteView),
      },
    },
    async (request) => ok(await orders.quote(request.viewer, request.body)),
  );

  app.post(
    "/api/m/order/create",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "下单：按服务器价格建单，锁定优惠券、预留库存",
        body: createOrderBody,
        response: replies(orderView),
      },
    },
    async (request) => {
      // Decision 40: what the checkout showed is checked first (a stale version answers 409,
      // a missing one of the product's 400), and recorded with the order it was part of.
      const sent = request.body.agreements;
      if (sent) {
        const product = await catalogue.product(request.body.productKey);
        agreements.check(
          sent,
          product ? checkoutAgreements(product.kind, request.body.autoRenew === true) : [],
        );
      }
      const order = await orders.create(request.viewer, request.body, contextOf(request));
      const owner = ownerIdOf(request.viewer);
      if (sent && sent.length > 0 && owner)
        await agreements.record(owner, sent, "checkout", order.orderNum);
      return ok(order);
    },
  );

  app.post(
    "/api/m/order/pay",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "发起支付：返回 JSAPI 参数、跳转地址或 App 支付参数",
        body: payBody,
        response: replies(payView),
      },
    },
    async (request) => ok(await orders.pay(request.viewer, request.body, contextOf(request))),
  );

  app.post(
    "/api/m/order/confirm",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "支付完成后由服务器向渠道查询订单，已支付则发放权益",
        body: confirmBody,
        response: replies(orderView),
      },
    },
    async (request) => ok(await orders.confirm(request.viewer, request.body.orderNum)),
  );

  app.get(
    "/api/m/order/detail",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "订单详情与状态记录",
        querystring: orderQuery,
        response: replies(orderView),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await orders.detail(request.viewer, request.query.orderNum));
    },
  );

  app.get(
    "/api/m/order/list",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "我的订单：全部、待支付、已完成、退款",
        querystring: ordersQuery,
        response: replies(z.object({ orders: z.array(orderView) })),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok({ orders: await orders.list(request.viewer, request.query.state) });
    },
  );

  // The close job, the fulfilment outbox's drain and the refund queries run on a timer in the
  // API process; several processes running it at once are safe (conditional updates).
  app.addHook("onReady", async () => {
    if (deps.config.orderJobsMs > 0) orders.startJobs(deps.config.orderJobsMs);
  });
  app.addHook("onClose", async () => orders.stopJobs());
}
