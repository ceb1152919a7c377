import { isAllowedAvatar } from "@tongjian/domain/drawn-avatars";
import { z } from "zod";
import { acceptedAgreements } from "./agreements.ts";

// Visitors signed in through WeChat (spec §4 login flow): GET …/visitor/login,
// …/weixin/authorize, …/user/info under /api/m/social/auth/v1/n, and
// GET /api/auth/v1/n/weixin/user/loginInfo.

export const loginQuery = z.object({
  // The consent's state comes back too; it must match the one this browser was sent with.
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
  /** The bound account's phone; null until the visitor binds one. */
  phone: z.string().nullable(),
  wxNickname: z.string().nullable(),
  wxAvatar: z.string().nullable(),
  wxUnionId: z.string().nullable(),
  wxWebOpenId: z.string(),
});
export type VisitorInfo = z.infer<typeof visitorInfo>;

/**
 * Spec §3 "WeChat login gives weixinInfo (nickname, headimgurl, unionid, openid),
 * userInfo.userProfile (name, image, userId, phone) and visitorId". userProfile is the bound
 * account's, null for a visitor without one.
 */
export const loginInfo = visitorInfo.extend({
  weixinInfo: z.object({
    nickname: z.string().nullable(),
    headimgurl: z.string().nullable(),
    unionid: z.string().nullable(),
    openid: z.string(),
  }),
  userInfo: z.object({
    userProfile: z
      .object({
        name: z.string(),
        image: z.string().nullable(),
        userId: z.string(),
        phone: z.string().nullable(),
      })
      .nullable(),
  }),
});
export type LoginInfo = z.infer<typeof loginInfo>;

// Accounts and sessions (issue 16, decision 18): POST /api/auth (password, SMS code or app
// token), the SMS code, registration, password reset, binding a WeChat visitor to a phone,
// one-time login tickets (POST /api/m/social/auth/w1/n/login), logout, sessions,
// GET /api/user/info.

const PHONE = /^1[3-9]\d{9}$/;

/** A mainland mobile number, typed with or without spaces, dashes or +86. */
export const phone = z
  .string({ error: "请输入手机号" })
  .trim()
  .max(20, "请输入正确的手机号")
  .transform((v) => v.replace(/[\s-]/g, "").replace(/^(\+86|0086)/, ""))
  .refine((v) => PHONE.test(v), "请输入正确的手机号");

export const smsCode = z
  .string({ error: "请输入验证码" })
  .trim()
  .regex(/^\d{6}$/, "验证码为 6 位数字");

/** A password to check: any text the reader typed (the rules apply to new ones only). */
export const password = z.string({ error: "请输入密码" }).min(1, "请输入密码").max(512, "密码过长");

export const smsPurpose = z.enum(["login", "register", "reset", "bind"], {
  error: "验证码用途只能是 login、register、reset 或 bind",
});

export const authBody = z.discriminatedUnion(
  "type",
  [
    // `agreements`: the versions of the login agreements the form showed (decision 40); older
    // clients send none and are asked on their next visit or checkout.
    z.object({
      type: z.literal("password"),
      phone,
      password,
      agreements: acceptedAgreements.optional(),
    }),
    z.object({
      type: z.literal("sms"),
      phone,
      code: smsCode,
      agreements: acceptedAgreements.optional(),
    }),
    /** The app's signed token (decision 18), from the bridge's getUserInfo. */
    z.object({ type: z.literal("app"), token: z.string().min(1, "缺少 App 登录凭证").max(4096) }),
  ],
  { error: "登录方式只能是 password、sms 或 app" },
);
export type AuthBody = z.infer<typeof authBody>;

export const smsSendBody = z.object({ phone, purpose: smsPurpose.default("login") });
export const smsSent = z.object({ resendAfter: z.number().int() });

export const displayName = z
  .string()
  .trim()
  .min(1, "昵称不能为空")
  .max(20, "昵称至多 20 个字")
  // No angle brackets or control characters: a name is shown in many places as plain text.
  .refine(
    (v) => ![...v].some((c) => c === "<" || c === ">" || c.charCodeAt(0) < 0x20),
    "昵称含有不允许的字符",
  );

export const registerBody = z.object({
  phone,
  code: smsCode,
  password: z.string({ error: "请输入密码" }).max(512, "密码过长"),
  name: displayName.optional(),
  agreements: acceptedAgreements.optional(),
});

export const resetPasswordBody = z.object({
  phone,
  code: smsCode,
  password: z.string({ error: "请输入新密码" }).max(512, "密码过长"),
});

export const bindPhoneBody = z.object({
  phone,
  code: smsCode,
  agreements: acceptedAgreements.optional(),
});

/** A one-time login ticket: 32 random bytes, base64url. */
export const ticketBody = z.object({
  ticket: z.string({ error: "缺少登录票据" }).regex(/^[\w-]{43}$/, "登录票据无效、已过期或已使用"),
});
export const loginTicket = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export type LoginTicket = z.infer<typeof loginTicket>;

export const csrfToken = z.object({ token: z.string() });

export const profileBody = z.object({
  name: displayName.optional(),
  // An https picture, or one of the seals drawn for /my (domain/drawn-avatars.ts).
  avatar: z
    .string({ error: "头像地址应为 https 链接" })
    .max(1024, "头像地址过长")
    .refine(isAllowedAvatar, "头像应为 https 链接或可选头像之一")
    .nullable()
    .optional(),
});

/**
 * Spec §3 "Login user info held in state": the WeChat visitor's fields and the account's (ah*),
 * each null when that side is not signed in. `appUserId` is the app's own id of an app user,
 * `role` the account's role; both beyond the spec.
 */
export const loginUserInfo = z.object({
  visitorId: z.string().nullable(),
  wxName: z.string().nullable(),
  wxAvatar: z.string().nullable(),
  wxUnionId: z.string().nullable(),
  wxWebOpenId: z.string().nullable(),
  ahName: z.string().nullable(),
  ahAvatar: z.string().nullable(),
  ahUserId: z.string().nullable(),
  ahPhone: z.string().nullable(),
  appUserId: z.string().nullable(),
  role: z.enum(["visitor", "user", "admin"]),
});
export type LoginUserInfo = z.infer<typeof loginUserInfo>;

export const sessionInfo = z.object({
  id: z.string(),
  kind: z.enum(["browser", "app"]),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionList = z.object({ list: z.array(sessionInfo) });
export const endSessionBody = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, "会话编号无效"),
});
export const loggedOut = z.object({ ended: z.boolean() });
