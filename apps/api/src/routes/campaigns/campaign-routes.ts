import {
  campaignInviteBody,
  campaignInviteResult,
  campaignInvitesView,
  campaignKeyParams,
  campaignRankingQuery,
  campaignRankingView,
  campaignShareBody,
  campaignSharePayload,
  campaignView,
  myCampaignRewardsView,
} from "@tongjian/contracts/campaigns";
import {
  DEVICE_ID_TTL_SECONDS,
  hashSecret,
  newSecretValue,
  readSecretCookie,
  serializeCookie,
} from "@tongjian/services/accounts/auth-cookies";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["活动"];
const noStore = { "cache-control": "no-store" };

/** Campaign writes per reader (or address) per minute: beyond this, 429 (anti-abuse). */
export const CAMPAIGN_WRITES_PER_MINUTE = 30;

/**
 * The device a request comes from, for per-device limits: the `tj_dev` cookie (set here when
 * missing), else the app's device id header. Only hashes are kept.
 */
export function campaignDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string {
  const cookie = readSecretCookie(request.headers.cookie, "device", secure);
  if (cookie) return hashSecret(cookie).slice(0, 32);
  const header = request.headers["x-device-id"];
  if (typeof header === "string" && /^[\w-]{8,128}$/.test(header))
    return `app-${hashSecret(header).slice(0, 28)}`;
  const value = newSecretValue();
  reply.header(
    "set-cookie",
    serializeCookie("device", value, { secure, maxAgeSeconds: DEVICE_ID_TTL_SECONDS }),
  );
  return hashSecret(value).slice(0, 32);
}

/**
 * Limits campaign writes per reader, or per address for those not signed in. It runs as a
 * preHandler, once the viewer is known.
 */
export const campaignWriteLimit = {
  rateLimit: {
    max: CAMPAIGN_WRITES_PER_MINUTE,
    timeWindow: "1 minute",
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest) => {
      const v = request.viewer;
      if (!v) return `campaign:${request.ip}`;
      const who = v.kind === "user" ? v.userId : v.kind === "visitor" ? v.visitorId : request.ip;
      return `campaign:${who}`;
    },
  },
};

/**
 * The campaign engine's own calls (decision 39): a campaign's schedule, rules and the reader's
 * standing; its ranking; sharing (which records the share and returns the spec's payload); who
 * brought whom; and the rewards a reader was given. Each activity adds its own calls.
 */
export function registerCampaignRoutes(app: TypedApp, { services, config }: AppDeps) {
  const c = services.campaigns;

  app.get(
    "/api/m/campaign/rewards",
    { schema: { tags, summary: "我的活动奖励", response: replies(myCampaignRewardsView) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await c.myRewards(request.viewer));
    },
  );
  app.get(
    "/api/m/campaign/:key",
    {
      schema: {
        tags,
        summary: "活动：时间（预热、进行中、已结束）、规则、奖励与我的参与",
        params: campaignKeyParams,
        response: replies(campaignView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await c.view(request.params.key, request.viewer, device));
    },
  );
  app.get(
    "/api/m/campaign/:key/ranking",
    {
      schema: {
        tags,
        summary: "活动排行榜（全部或好友）",
        params: campaignKeyParams,
        querystring: campaignRankingQuery,
        response: replies(campaignRankingView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const v = request.viewer;
      const owner = v.kind === "user" ? v.userId : v.kind === "visitor" ? v.visitorId : null;
      const friendsOf = request.query.scope === "friends" ? (owner ?? undefined) : undefined;
      if (request.query.scope === "friends" && !friendsOf)
        return ok({ key: request.params.key, total: 0, entries: [], me: null });
      return ok(await c.ranking(request.params.key, v, friendsOf));
    },
  );
  app.post(
    "/api/m/campaign/:key/share",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "分享活动：记录分享并返回分享内容（标题、描述、链接、图片）",
        params: campaignKeyParams,
        body: campaignShareBody,
        response: replies(campaignSharePayload),
      },
    },
    async (request) => ok(await c.share(request.params.key, request.viewer, request.body.link)),
  );
  app.post(
    "/api/m/campaign/:key/invite",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "记录邀请关系（打开好友分享的链接）",
        params: campaignKeyParams,
        body: campaignInviteBody,
        response: replies(campaignInviteResult),
      },
    },
    async (request) =>
      ok({
        recorded: await c.recordInvite(request.params.key, request.viewer, request.body.from),
      }),
  );
  app.get(
    "/api/m/campaign/:key/invites",
    {
      schema: {
        tags,
        summary: "我邀请的好友与有效好友数（有效：登录并阅读过）",
        params: campaignKeyParams,
        response: replies(campaignInvitesView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await c.invites(request.params.key, request.viewer));
    },
  );
}
