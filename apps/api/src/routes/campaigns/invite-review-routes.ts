import {
  springFestivalFinal,
  springFestivalFriends,
  springFestivalLanding,
  springFestivalPage,
  springFestivalShareQuery,
} from "@tongjian/contracts/spring-festival";
import {
  reviewEditionParams,
  reviewOthersQuery,
  reviewOthersView,
  reviewShareBody,
  reviewShareResult,
  yearReviewView,
} from "@tongjian/contracts/year-review";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { browserTypeOf } from "@tongjian/domain/spring-festival";
import type { FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { campaignDevice, campaignWriteLimit } from "./campaign-routes.ts";

const tags = ["活动"];
const noStore = { "cache-control": "no-store" };
const browserType = (request: FastifyRequest) =>
  browserTypeOf(parseAppEnv(request.headers["user-agent"]));

/**
 * 春节邀请 and 天梯周年 (decision 43), activities of the campaign engine: sharing, invitations,
 * rankings and the engine's own calls stay under /api/m/campaign/*; these add the pages' data.
 */
export function registerInviteReviewRoutes(app: TypedApp, { services, config }: AppDeps) {
  const sf = services.springFestival;
  const review = services.yearReview;

  app.get(
    "/api/m/springfestival",
    {
      schema: {
        tags,
        summary:
          "春节邀请：年俗、我的好友数与有效好友数（springFestivalData）、下一档奖励、邀请排行",
        response: replies(springFestivalPage),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await sf.page(request.viewer, browserType(request)));
    },
  );
  app.get(
    "/api/m/springfestival/friends",
    {
      schema: {
        tags,
        summary: "春节邀请：我邀请的好友（有效好友在此结算，达到门槛即发奖励）",
        response: replies(springFestivalFriends),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await sf.friends(request.viewer, browserType(request)));
    },
  );
  app.get(
    "/api/m/springfestival/share",
    {
      schema: {
        tags,
        summary: "春节邀请：好友打开的分享页（谁邀请了你、活动介绍、推荐阅读）",
        querystring: springFestivalShareQuery,
        response: replies(springFestivalLanding),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await sf.landing(request.viewer, request.query.from, browserType(request)));
    },
  );
  app.get(
    "/api/m/springfestival/2023",
    {
      schema: {
        tags,
        summary: "2023 春节邀请（已结束）：最终排行与活动成果",
        response: replies(springFestivalFinal),
      },
    },
    async (request) => ok(await sf.final(request.viewer)),
  );

  app.get(
    "/api/m/review/:edition",
    {
      schema: {
        tags,
        summary: "天梯周年：我的年度回顾（学习记录与阅读记录汇总、卡片）",
        params: reviewEditionParams,
        response: replies(yearReviewView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await review.view(request.params.edition, request.viewer));
    },
  );
  app.post(
    "/api/m/review/:edition/share",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "分享年度回顾：保存所选部分的快照，返回分享内容",
        params: reviewEditionParams,
        body: reviewShareBody,
        response: replies(reviewShareResult),
      },
    },
    async (request, reply) => {
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(
        await review.share(request.params.edition, request.viewer, request.body.parts, device),
      );
    },
  );
  app.get(
    "/api/m/review/:edition/others",
    {
      schema: {
        tags,
        summary: "好友的年度回顾（只含对方分享时保存的快照）",
        params: reviewEditionParams,
        querystring: reviewOthersQuery,
        response: replies(reviewOthersView),
      },
    },
    async (request) =>
      ok(await review.others(request.params.edition, request.viewer, request.query)),
  );
}
