import { z } from "zod";

// Visitors signed in through WeChat (spec §4 login flow): GET …/visitor/login,
// …/weixin/authorize, …/user/info under /api/m/social/auth/v1/n, and
// GET /api/auth/v1/n/weixin/user/loginInfo.

export const loginQuery = z.object({
  code: z
    .string({ error: "缺少微信授权 code" })
    .trim()
    .min(1, "缺少微信授权 code")
    .max(128, "微信授权 code 无效")
    .regex(/^[\w-]+$/, "微信授权 code 无效"),
  state: z.string().max(128, "state 至多 128 个字符").optional(),
});

export const authorizeQuery = z.object({
  /** The page to come back to; it must be on this site's scheme (http or https). */
  redirect: z.url("回跳地址无效").max(2048, "回跳地址过长"),
  /** 1: the silent consent (snsapi_base, openid only). */
  silent: z.enum(["0", "1"]).default("0"),
});

/** WeChat's consent page for this site, and the state it will come back with. */
export const wechatAuthorize = z.object({ url: z.string(), state: z.string() });
export type WeChatAuthorize = z.infer<typeof wechatAuthorize>;

/** Spec §3 "Visitor login gives nickname, avatar, userId, phone, wxNickname, wxAvatar, …". */
export const visitorInfo = z.object({
  visitorId: z.string(),
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  phone: z.null(),
  wxNickname: z.string().nullable(),
  wxAvatar: z.string().nullable(),
  wxUnionId: z.string().nullable(),
  wxWebOpenId: z.string(),
});
export type VisitorInfo = z.infer<typeof visitorInfo>;

/**
 * Spec §3 "WeChat login gives weixinInfo (nickname, headimgurl, unionid, openid),
 * userInfo.userProfile (name, image, userId, phone) and visitorId". A WeChat visitor has no app
 * account, so userProfile is null.
 */
export const loginInfo = visitorInfo.extend({
  weixinInfo: z.object({
    nickname: z.string().nullable(),
    headimgurl: z.string().nullable(),
    unionid: z.string().nullable(),
    openid: z.string(),
  }),
  userInfo: z.object({ userProfile: z.null() }),
});
export type LoginInfo = z.infer<typeof loginInfo>;
