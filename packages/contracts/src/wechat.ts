import { MINI_PROGRAM_PAGE_KEYS } from "@tongjian/domain/mini-program-pages";
import { SUBSCRIBE_TOPIC_KEYS } from "@tongjian/domain/subscribe-topics";
import { z } from "zod";
import { loginInfo, loginQuery, visitorInfo } from "./accounts.ts";
import { jsapiSignature, signatureBody } from "./share.ts";

// The WeChat extras of issue 16 (spec §7): login from the official account's menu, the WeChat
// profile posted after consent, the follow state of the official account, binding a 企业微信
// contact, a mini program URL scheme, and the reader's subscriptions (/subscribe).

/** GET /api/m/social/auth/v1/n/loginFromMpServiceAccount?code=&state= */
export const mpLoginQuery = loginQuery;
export const mpLogin = visitorInfo.extend({
  /** Whether the reader follows the official account; null when WeChat could not say. */
  subscribed: z.boolean().nullable(),
});
export type MpLogin = z.infer<typeof mpLogin>;

/** POST /api/m/auth/v1/n/weixin/user/info: a snsapi_userinfo consent's code for the signed-in reader. */
export const weixinUserInfoBody = z.object({
  code: loginQuery.shape.code,
  state: z.string({ error: "缺少 state" }).max(128, "state 至多 128 个字符"),
  language: z.string().max(8).optional(),
});
export const weixinUserInfo = loginInfo;

/**
 * POST /api/auth/w1/n/weixin/vipcn { url, follow? }: the JS-SDK signature of the page (share.ts),
 * and with `follow: true` also whether the reader follows the official account (/followwxaccount).
 */
export const vipcnBody = signatureBody.extend({ follow: z.boolean().optional() });
export const followState = z.object({
  accountName: z.string(),
  /** true / false from WeChat; null when the reader has no WeChat identity here. */
  subscribed: z.boolean().nullable(),
  subscribedAt: z.string().nullable(),
  /** The server-drawn follow QR code (SVG). */
  qrcode: z.string(),
});
export type FollowState = z.infer<typeof followState>;
export const vipcnReply = jsapiSignature.extend({ follow: followState.optional() });
export type VipcnReply = z.infer<typeof vipcnReply>;

/** POST /api/m/social/qywx/bind/user?id= */
export const wecomBindQuery = z.object({
  id: z
    .string({ error: "缺少企业微信联系人 id" })
    .trim()
    .min(1, "缺少企业微信联系人 id")
    .max(64, "企业微信联系人 id 无效")
    .regex(/^[\w-]+$/, "企业微信联系人 id 无效"),
});
export const wecomBinding = z.object({
  externalUserId: z.string(),
  name: z.string().nullable(),
  staffUserId: z.string().nullable(),
  boundAt: z.string(),
});

/** GET /api/m/social/wx/v1/n/getUrlScheme?key= */
export const urlSchemeQuery = z.object({
  key: z.enum(MINI_PROGRAM_PAGE_KEYS, {
    error: `未知的小程序页面，key 只能是 ${MINI_PROGRAM_PAGE_KEYS.join("、")}`,
  }),
});
export const urlScheme = z.object({
  key: z.string(),
  title: z.string(),
  openlink: z.string(),
  expiresAt: z.string(),
});
export type UrlScheme = z.infer<typeof urlScheme>;

/** GET / POST /api/m/social/v1/y/subscribe */
export const subscribeTopic = z.enum(SUBSCRIBE_TOPIC_KEYS, { error: "未知的订阅项" });
export const subscribeBody = z.object({
  topics: z.array(subscribeTopic, { error: "topics 应为订阅项的列表" }).max(20),
  language: z.string().max(8).optional(),
});
export const subscriptionState = z.object({
  topics: z.array(
    z.object({ key: subscribeTopic, title: z.string(), desc: z.string(), subscribed: z.boolean() }),
  ),
});
export type SubscriptionStateReply = z.infer<typeof subscriptionState>;
