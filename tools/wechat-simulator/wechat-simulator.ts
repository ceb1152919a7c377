import { createHash, randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { jsapiSignatureBase } from "@tongjian/domain/wechat-signature";
import { fakeJweixinScript } from "./fake-jweixin.ts";
import { createWeChatPaySimulator, type WeChatPaySimulator } from "./wechat-pay-simulator.ts";

/**
 * A stand-in for the WeChat endpoints the site uses, for development and tests: the official
 * account API (api.weixin.qq.com), web OAuth (open.weixin.qq.com) and WeChat Pay API v3
 * (api.mch.weixin.qq.com, wechat-pay-simulator.ts), all served from one origin. Request
 * parameters, JSON shapes and error codes follow WeChat's documentation, including the behaviours that make
 * caching matter: a new access_token retires the previous one after five minutes, and an
 * OAuth code works once, for five minutes.
 *
 * Not WeChat: the consent step is automatic, and `sim_user` on the authorize URL picks which
 * simulated reader consents (default "default").
 */

export interface SimulatedUser {
  nickname: string;
  headimgurl?: string;
  sex?: 0 | 1 | 2;
  province?: string;
  city?: string;
  country?: string;
}

export interface WeChatSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  appId?: string;
  appSecret?: string;
  mchId?: string;
  /** WeChat Pay's APIv3 key (32 characters). */
  apiV3Key?: string;
  /** Delays of WeChat Pay's notification retries (ms); [5000, 15000, 30000] by default. */
  notifyRetryDelaysMs?: readonly number[];
  /** The merchant key and serial to keep (development keeps them across restarts). */
  merchantKey?: { privateKeyPem: string; serialNo: string };
  users?: Record<string, SimulatedUser>;
  /** The account is bound to an Open Platform account, so OAuth answers carry unionid. */
  withUnionId?: boolean;
  /** The app's Open Platform (移动应用) AppID that `wx-open-launch-app` may open. */
  openAppId?: string;
  /** The mini program whose URL schemes generatescheme makes. */
  miniAppId?: string;
  miniAppSecret?: string;
  /** The mini program's original ID, which `wx-open-launch-weapp` must name. */
  miniUsername?: string;
  /** The mini program's published pages; a scheme to any other path is refused (40165). */
  miniPages?: readonly string[];
  /** 企业微信: the corp and its customer-contact secret. */
  wecomCorpId?: string;
  wecomSecret?: string;
  /** Simulated users who follow the official account from the start. */
  followers?: readonly string[];
}

export const SIMULATOR_DEFAULTS = {
  appId: "wx5a1e0c3b7d9f2468",
  appSecret: "0d4c2b8e6f1a3957c0e2d4b6a8f13579",
  mchId: "1900000109",
  openAppId: "wx7e1c5a9b3d2f4608",
  miniAppId: "wx3c9e5a7b1d2f6480",
  miniAppSecret: "6b2d4f8a0c1e3579b2d4f6a8c0e13579",
  miniUsername: "gh_3c9e5a7b1d2f",
  wecomCorpId: "ww1a2b3c4d5e6f7a80",
  wecomSecret: "Tongjian0Simulator0WecomSecret000000000000a",
} as const;

/** The mini program pages the simulator's mini program has published. */
export const SIMULATED_MINI_PAGES = [
  "pages/index/index",
  "pages/ladder/index",
  "pages/clockin/index",
  "pages/vip/index",
] as const;

/** Where the simulator serves its stand-in JS-SDK (the same path as on res.wx.qq.com). */
export const SIMULATOR_JSSDK_PATH = "/open/js/jweixin-1.6.0.js";

export const SIMULATED_USERS: Record<string, SimulatedUser> = {
  default: { nickname: "模拟读者", sex: 0, province: "北京", city: "北京", country: "中国" },
  alt: { nickname: "司马小光", sex: 1, province: "陕西", city: "西安", country: "中国" },
};

export type SimulatorCall =
  | "token"
  | "ticket"
  | "authorize"
  | "oauthAccessToken"
  | "userInfo"
  | "jssdkVerify"
  | "subscriberInfo"
  | "qrcodeCreate"
  | "generateScheme"
  | "wecomToken"
  | "externalContact"
  | "subscribeSend";

/** A subscription message the official account sent (message/subscribe/bizsend). */
export interface SentSubscribeMessage {
  touser: string;
  templateId: string;
  page: string | null;
  data: Record<string, { value: string }>;
  at: string;
}

export interface WeChatSimulator {
  /** Origin to use as WECHAT_API_BASE, WECHAT_OPEN_BASE and WECHAT_PAY_BASE. */
  readonly url: string;
  readonly port: number;
  readonly appId: string;
  readonly appSecret: string;
  readonly mchId: string;
  /** WeChat Pay API v3: its keys, orders, payer side and test controls. */
  readonly pay: WeChatPaySimulator;
  /** The site's WECHAT_* settings that point it at this simulator. */
  readonly env: Record<string, string>;
  /** Requests received per endpoint, failed ones included. */
  readonly calls: Record<SimulatorCall, number>;
  resetCalls(): void;
  /** Moves the simulator's clock forward, expiring tokens and codes as time would. */
  advanceClock(seconds: number): void;
  /** The openid a simulated user has under this app. */
  openIdOf(userKey: string): string;
  /** The unionid a simulated user has under the Open Platform account. */
  unionIdOf(userKey: string): string;
  /** The 企业微信 external contact id of a simulated user (every user is a contact). */
  externalUserIdOf(userKey: string): string;
  /** The user follows (or stops following) the official account, as a scan and tap would. */
  setFollowing(userKey: string, following: boolean): void;
  /** The content of the follow QR code the simulator made for a scene, if any. */
  qrContentOf(scene: string): string | undefined;
  /** Subscription messages accepted so far, oldest first. */
  sentMessages(): SentSubscribeMessage[];
  clearSentMessages(): void;
  close(): Promise<void>;
}

const ACCESS_TOKEN_TTL_S = 7200;
const TICKET_TTL_S = 7200;
/** "公众平台后台会保证在5分钟内，新老access_token都可用". */
const OLD_TOKEN_GRACE_MS = 5 * 60_000;
/** "code作为换取access_token的票据，每次用户授权带上的code将不一样，code只能使用一次，5分钟未被使用自动过期". */
const OAUTH_CODE_TTL_MS = 5 * 60_000;
const OAUTH_SCOPES = new Set(["snsapi_base", "snsapi_userinfo"]);
const TICKET_TYPES = new Set(["jsapi", "wx_card"]);
const MAX_BODY_BYTES = 64 * 1024;

interface OAuthCode {
  userKey: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

interface SnsToken {
  userKey: string;
  scope: string;
  expiresAt: number;
}

const token = (bytes: number) => randomBytes(bytes).toString("base64url");
const hashId = (text: string) =>
  `o${createHash("sha1").update(text).digest("base64url").slice(0, 27)}`;

export async function startWeChatSimulator(
  options: WeChatSimulatorOptions = {},
): Promise<WeChatSimulator> {
  const appId = options.appId ?? SIMULATOR_DEFAULTS.appId;
  const appSecret = options.appSecret ?? SIMULATOR_DEFAULTS.appSecret;
  const mchId = options.mchId ?? SIMULATOR_DEFAULTS.mchId;
  const pay = await createWeChatPaySimulator({
    mchId,
    appId,
    ...(options.apiV3Key ? { apiV3Key: options.apiV3Key } : {}),
    ...(options.notifyRetryDelaysMs ? { notifyRetryDelaysMs: options.notifyRetryDelaysMs } : {}),
    ...(options.merchantKey ? { merchantKey: options.merchantKey } : {}),
  });
  const users = { ...SIMULATED_USERS, ...options.users };
  const withUnionId = options.withUnionId ?? true;

  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;
  const calls: Record<SimulatorCall, number> = {
    token: 0,
    ticket: 0,
    authorize: 0,
    oauthAccessToken: 0,
    userInfo: 0,
    jssdkVerify: 0,
    subscriberInfo: 0,
    qrcodeCreate: 0,
    generateScheme: 0,
    wecomToken: 0,
    externalContact: 0,
    subscribeSend: 0,
  };
  const miniAppId = options.miniAppId ?? SIMULATOR_DEFAULTS.miniAppId;
  const miniAppSecret = options.miniAppSecret ?? SIMULATOR_DEFAULTS.miniAppSecret;
  const miniUsername = options.miniUsername ?? SIMULATOR_DEFAULTS.miniUsername;
  const miniPages = new Set(options.miniPages ?? SIMULATED_MINI_PAGES);
  const wecomCorpId = options.wecomCorpId ?? SIMULATOR_DEFAULTS.wecomCorpId;
  const wecomSecret = options.wecomSecret ?? SIMULATOR_DEFAULTS.wecomSecret;
  const miniTokens = new Map<string, number>();
  const wecomTokens = new Map<string, number>();
  /** userKey → when they followed (seconds). */
  const following = new Map<string, number>();
  const qrByScene = new Map<string, { ticket: string; url: string }>();
  const sentMessages: SentSubscribeMessage[] = [];
  /** openid → userKey, for every user the simulator has named. */
  const userByOpenId = new Map<string, string>();
  const openAppId = options.openAppId ?? SIMULATOR_DEFAULTS.openAppId;
  const tickets = new Map<string, number>();
  const accessTokens = new Map<string, number>();
  const oauthCodes = new Map<string, OAuthCode>();
  const snsTokens = new Map<string, SnsToken>();
  let origin = "";

  const openIdOf = (userKey: string) => {
    const openId = hashId(`${appId}:${userKey}`);
    userByOpenId.set(openId, userKey);
    return openId;
  };
  const unionIdOf = (userKey: string) => hashId(`union:${userKey}`);
  const externalUserIdOf = (userKey: string) =>
    `wm${createHash("sha1").update(`wecom:${userKey}`).digest("hex").slice(0, 30)}`;
  const setFollowing = (userKey: string, follows: boolean) => {
    openIdOf(userKey);
    if (follows) {
      if (!following.has(userKey)) following.set(userKey, Math.floor(now() / 1000));
    } else following.delete(userKey);
  };
  for (const userKey of Object.keys(users)) openIdOf(userKey);
  for (const userKey of options.followers ?? []) setFollowing(userKey, true);
  const userOf = (userKey: string): SimulatedUser =>
    users[userKey] ?? { nickname: `模拟用户${userKey}` };

  // WeChat answers errors with HTTP 200 and a JSON body; errmsg carries a request id hint.
  const fail = (errcode: number, errmsg: string) => ({
    errcode,
    errmsg: `${errmsg} rid: ${randomBytes(6).toString("hex")}`,
  });

  function checkAccessToken(value: string | null) {
    if (!value) return fail(41001, "access_token missing");
    const expiresAt = accessTokens.get(value);
    if (expiresAt === undefined)
      return fail(40001, "invalid credential, access_token is invalid or not latest");
    if (expiresAt <= now()) return fail(42001, "access_token expired");
    return null;
  }

  function cgiToken(q: URLSearchParams) {
    calls.token++;
    if (q.get("grant_type") !== "client_credential") return fail(40002, "invalid grant_type");
    if (q.get("appid") === miniAppId) {
      if (q.get("secret") !== miniAppSecret)
        return fail(40001, "invalid credential, access_token is invalid or not latest");
      const value = token(96);
      miniTokens.set(value, now() + ACCESS_TOKEN_TTL_S * 1000);
      return { access_token: value, expires_in: ACCESS_TOKEN_TTL_S };
    }
    if (q.get("appid") !== appId) return fail(40013, "invalid appid");
    if (q.get("secret") !== appSecret)
      return fail(40001, "invalid credential, access_token is invalid or not latest");
    // A new token retires the ones before it after a short grace period.
    const graceEnd = now() + OLD_TOKEN_GRACE_MS;
    for (const [old, expiresAt] of accessTokens)
      accessTokens.set(old, Math.min(expiresAt, graceEnd));
    const value = token(96);
    accessTokens.set(value, now() + ACCESS_TOKEN_TTL_S * 1000);
    return { access_token: value, expires_in: ACCESS_TOKEN_TTL_S };
  }

  function getTicket(q: URLSearchParams) {
    calls.ticket++;
    const invalid = checkAccessToken(q.get("access_token"));
    if (invalid) return invalid;
    if (!TICKET_TYPES.has(q.get("type") ?? "")) return fail(40097, "invalid args");
    const ticket = token(64);
    tickets.set(ticket, now() + TICKET_TTL_S * 1000);
    return { errcode: 0, errmsg: "ok", ticket, expires_in: TICKET_TTL_S };
  }

  /**
   * What WeChat does inside wx.config: the signature must be the SHA-1 of the documented string
   * for a jsapi_ticket still valid, this page's URL (without its fragment) and this appId.
   */
  function verifyJsSdk(q: URLSearchParams) {
    calls.jssdkVerify++;
    if (q.get("appId") !== appId) return { ok: false, errMsg: "config:invalid appid" };
    const timestamp = Number(q.get("timestamp"));
    const nonceStr = q.get("nonceStr") ?? "";
    const url = q.get("url") ?? "";
    const signature = q.get("signature") ?? "";
    for (const [ticket, expiresAt] of tickets) {
      if (expiresAt <= now()) continue;
      const expected = createHash("sha1")
        .update(jsapiSignatureBase({ jsapiTicket: ticket, nonceStr, timestamp, url }))
        .digest("hex");
      if (expected === signature) return { ok: true, errMsg: "config:ok" };
    }
    return { ok: false, errMsg: "config:invalid signature" };
  }

  function authorize(q: URLSearchParams, res: ServerResponse) {
    calls.authorize++;
    // In WeChat these are error pages inside the in-app browser, not JSON.
    const page = (message: string) => {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><meta charset="utf-8"><title>微信授权</title><p>${message}</p>`);
    };
    if (q.get("appid") !== appId) return page("appid 参数错误");
    const redirect = q.get("redirect_uri") ?? "";
    let target: URL;
    try {
      target = new URL(redirect);
    } catch {
      return page("redirect_uri 参数错误");
    }
    if (target.protocol !== "http:" && target.protocol !== "https:")
      return page("redirect_uri 参数错误");
    if (q.get("response_type") !== "code") return page("response_type 参数错误");
    const scope = q.get("scope") ?? "";
    if (!OAUTH_SCOPES.has(scope)) return page("scope 参数错误或没有 scope 权限");
    const state = q.get("state") ?? "";
    if (state.length > 128) return page("state 参数错误");
    const code = randomBytes(16).toString("hex");
    oauthCodes.set(code, {
      userKey: q.get("sim_user") || "default",
      scope,
      expiresAt: now() + OAUTH_CODE_TTL_MS,
      used: false,
    });
    target.hash = "";
    target.searchParams.set("code", code);
    target.searchParams.set("state", state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  function oauthAccessToken(q: URLSearchParams) {
    calls.oauthAccessToken++;
    if (q.get("appid") !== appId) return fail(40013, "invalid appid");
    if (q.get("secret") !== appSecret) return fail(40125, "invalid appsecret");
    if (q.get("grant_type") !== "authorization_code") return fail(40002, "invalid grant_type");
    const code = q.get("code");
    if (!code) return fail(41008, "missing code");
    const entry = oauthCodes.get(code);
    if (!entry || entry.expiresAt <= now()) return fail(40029, "invalid code");
    if (entry.used) return fail(40163, "code been used");
    entry.used = true;
    const accessToken = token(64);
    snsTokens.set(accessToken, {
      userKey: entry.userKey,
      scope: entry.scope,
      expiresAt: now() + ACCESS_TOKEN_TTL_S * 1000,
    });
    return {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_token: token(64),
      openid: openIdOf(entry.userKey),
      scope: entry.scope,
      ...(withUnionId ? { unionid: unionIdOf(entry.userKey) } : {}),
    };
  }

  function snsUserInfo(q: URLSearchParams) {
    calls.userInfo++;
    const accessToken = q.get("access_token");
    if (!accessToken) return fail(41001, "access_token missing");
    const entry = snsTokens.get(accessToken);
    if (!entry) return fail(40001, "invalid credential, access_token is invalid or not latest");
    if (entry.expiresAt <= now()) return fail(42001, "access_token expired");
    if (q.get("openid") !== openIdOf(entry.userKey)) return fail(40003, "invalid openid");
    if (entry.scope !== "snsapi_userinfo") return fail(48001, "api unauthorized");
    const user = userOf(entry.userKey);
    return {
      openid: openIdOf(entry.userKey),
      nickname: user.nickname,
      sex: user.sex ?? 0,
      province: user.province ?? "",
      city: user.city ?? "",
      country: user.country ?? "",
      headimgurl:
        user.headimgurl ?? `${origin}/sim/avatar/${encodeURIComponent(entry.userKey)}.svg`,
      privilege: [],
      ...(withUnionId ? { unionid: unionIdOf(entry.userKey) } : {}),
    };
  }

  /** cgi-bin/user/info: the official account's view of one of its users. */
  function subscriberInfo(q: URLSearchParams) {
    calls.subscriberInfo++;
    const invalid = checkAccessToken(q.get("access_token"));
    if (invalid) return invalid;
    const userKey = userByOpenId.get(q.get("openid") ?? "");
    if (!userKey) return fail(40003, "invalid openid");
    const since = following.get(userKey);
    // Since 2021 WeChat answers no nickname or avatar here, only the follow state and ids.
    if (since === undefined)
      return {
        subscribe: 0,
        openid: openIdOf(userKey),
        ...(withUnionId ? { unionid: unionIdOf(userKey) } : {}),
      };
    return {
      subscribe: 1,
      openid: openIdOf(userKey),
      language: "zh_CN",
      subscribe_time: since,
      ...(withUnionId ? { unionid: unionIdOf(userKey) } : {}),
      remark: "",
      groupid: 0,
      tagid_list: [],
      subscribe_scene: "ADD_SCENE_QR_CODE",
      qr_scene: 0,
      qr_scene_str: "",
    };
  }

  /** cgi-bin/qrcode/create: a parametric QR code; the same scene gives the same code. */
  function qrcodeCreate(q: URLSearchParams, raw: string | null) {
    calls.qrcodeCreate++;
    const invalid = checkAccessToken(q.get("access_token"));
    if (invalid) return invalid;
    let body: {
      action_name?: string;
      action_info?: { scene?: { scene_str?: string; scene_id?: number } };
    };
    try {
      body = JSON.parse(raw ?? "");
    } catch {
      return fail(47001, "data format error");
    }
    const action = body.action_name ?? "";
    if (!["QR_SCENE", "QR_STR_SCENE", "QR_LIMIT_SCENE", "QR_LIMIT_STR_SCENE"].includes(action))
      return fail(40097, "invalid args");
    const scene = String(
      body.action_info?.scene?.scene_str ?? body.action_info?.scene?.scene_id ?? "",
    );
    if (!scene || scene.length > 64) return fail(40097, "invalid args");
    const known = qrByScene.get(scene);
    const made = known ?? { ticket: token(40), url: `http://weixin.qq.com/q/${token(16)}` };
    qrByScene.set(scene, made);
    return {
      ticket: made.ticket,
      url: made.url,
      ...(action.includes("LIMIT") ? {} : { expire_seconds: 2592000 }),
    };
  }

  /**
   * cgi-bin/message/subscribe/bizsend: a subscription message to one of the account's users.
   * Kept for tests; a bad token, an unknown openid or a missing template is refused like WeChat.
   */
  function subscribeSend(q: URLSearchParams, raw: string | null) {
    calls.subscribeSend++;
    const invalid = checkAccessToken(q.get("access_token"));
    if (invalid) return invalid;
    let body: { touser?: string; template_id?: string; page?: string; data?: unknown };
    try {
      body = JSON.parse(raw ?? "");
    } catch {
      return fail(47001, "data format error");
    }
    if (!body.touser) return fail(40003, "invalid openid");
    if (!body.template_id) return fail(40037, "invalid template_id");
    if (typeof body.data !== "object" || body.data === null) return fail(47003, "argument invalid");
    sentMessages.push({
      touser: body.touser,
      templateId: body.template_id,
      page: body.page ?? null,
      data: body.data as Record<string, { value: string }>,
      at: new Date(now()).toISOString(),
    });
    return { errcode: 0, errmsg: "ok" };
  }

  /** wxa/generatescheme: an expiring scheme to a published page of the mini program. */
  function generateScheme(q: URLSearchParams, raw: string | null) {
    calls.generateScheme++;
    const value = q.get("access_token");
    if (!value) return fail(41001, "access_token missing");
    const expiresAt = miniTokens.get(value);
    if (expiresAt === undefined)
      return fail(40001, "invalid credential, access_token is invalid or not latest");
    if (expiresAt <= now()) return fail(42001, "access_token expired");
    let body: {
      jump_wxa?: { path?: string; query?: string };
      is_expire?: boolean;
      expire_type?: number;
      expire_interval?: number;
    };
    try {
      body = JSON.parse(raw ?? "");
    } catch {
      return fail(47001, "data format error");
    }
    const path = body.jump_wxa?.path ?? "";
    if (path && !miniPages.has(path)) return fail(40165, "invalid weapp pagepath");
    if (body.is_expire && body.expire_type === 1) {
      const days = body.expire_interval ?? 0;
      if (!Number.isInteger(days) || days < 1 || days > 30) return fail(40097, "invalid args");
    }
    return { errcode: 0, errmsg: "ok", openlink: `weixin://dl/business/?t=${token(9)}` };
  }

  /** 企业微信 gettoken. */
  function wecomToken(q: URLSearchParams) {
    calls.wecomToken++;
    if (q.get("corpid") !== wecomCorpId) return fail(40013, "invalid corpid");
    if (q.get("corpsecret") !== wecomSecret) return fail(40001, "invalid secret");
    const value = token(64);
    wecomTokens.set(value, now() + ACCESS_TOKEN_TTL_S * 1000);
    return { errcode: 0, errmsg: "ok", access_token: value, expires_in: ACCESS_TOKEN_TTL_S };
  }

  /** 企业微信 externalcontact/get: every simulated user is a contact of staff member "lishi". */
  function externalContact(q: URLSearchParams) {
    calls.externalContact++;
    const value = q.get("access_token");
    if (!value) return fail(41001, "access_token missing");
    const expiresAt = wecomTokens.get(value);
    if (expiresAt === undefined) return fail(40014, "invalid access_token");
    if (expiresAt <= now()) return fail(42001, "access_token expired");
    const id = q.get("external_userid") ?? "";
    const userKey = Object.keys(users).find((key) => externalUserIdOf(key) === id);
    if (!userKey) return fail(84061, "not external contact");
    const user = userOf(userKey);
    return {
      errcode: 0,
      errmsg: "ok",
      external_contact: {
        external_userid: id,
        name: user.nickname,
        type: 1,
        avatar: `${origin}/sim/avatar/${encodeURIComponent(userKey)}.svg`,
        gender: user.sex ?? 0,
        ...(withUnionId ? { unionid: unionIdOf(userKey) } : {}),
      },
      follow_user: [
        { userid: "lishi", remark: "", description: "", createtime: Math.floor(now() / 1000) },
      ],
    };
  }

  function avatar(userKey: string, res: ServerResponse) {
    const initial = [...userOf(userKey).nickname][0] ?? "?";
    const hue = randomInt(0, 360);
    res.writeHead(200, { "content-type": "image/svg+xml; charset=utf-8" });
    res.end(
      `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="132"><rect width="132" height="132" fill="hsl(${hue},45%,45%)"/><text x="66" y="84" font-size="56" text-anchor="middle" fill="#fff">${initial.replace(/[<>&]/g, "")}</text></svg>`,
    );
  }

  function readBody(req: IncomingMessage): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          resolve(null);
          req.destroy();
        } else chunks.push(chunk);
      });
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator");
    const q = url.searchParams;
    const json = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case "GET /cgi-bin/token":
        return json(cgiToken(q));
      case "GET /cgi-bin/ticket/getticket":
        return json(getTicket(q));
      case "GET /connect/oauth2/authorize":
        return authorize(q, res);
      case "GET /sns/oauth2/access_token":
        return json(oauthAccessToken(q));
      case "GET /sns/userinfo":
        return json(snsUserInfo(q));
      case "GET /cgi-bin/user/info":
        return json(subscriberInfo(q));
      case "POST /cgi-bin/qrcode/create":
        return json(qrcodeCreate(q, await readBody(req)));
      case "POST /cgi-bin/message/subscribe/bizsend":
        return json(subscribeSend(q, await readBody(req)));
      case "POST /wxa/generatescheme":
        return json(generateScheme(q, await readBody(req)));
      case "GET /cgi-bin/gettoken":
        return json(wecomToken(q));
      case "GET /cgi-bin/externalcontact/get":
        return json(externalContact(q));
      case "POST /sim/mp/follow": {
        // Not WeChat: what a reader's scan of the follow code and tap on 关注 would do.
        const userKey = q.get("user") || "default";
        setFollowing(userKey, q.get("follow") !== "0");
        return json({ user: userKey, following: following.has(userKey) });
      }
      case `GET ${SIMULATOR_JSSDK_PATH}`:
        res.writeHead(200, { "content-type": "application/javascript; charset=utf-8" });
        return res.end(fakeJweixinScript(origin, openAppId, miniUsername));
      case "GET /sim/jssdk/verify": {
        const callback = q.get("callback") ?? "";
        if (!/^[A-Za-z_$][\w$]{0,63}$/.test(callback)) {
          res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
          return res.end("callback 参数错误");
        }
        res.writeHead(200, { "content-type": "application/javascript; charset=utf-8" });
        return res.end(`${callback}(${JSON.stringify(verifyJsSdk(q))});`);
      }
      case "GET /":
        return json({ simulator: "wechat", appId, mchId, users: Object.keys(users) });
    }
    if (await pay.handle(req, res, url, origin)) return;
    const avatarMatch = /^\/sim\/avatar\/([^/]+)\.svg$/.exec(url.pathname);
    if (req.method === "GET" && avatarMatch?.[1])
      return avatar(decodeURIComponent(avatarMatch[1]), res);
    res.writeHead(404, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(fail(-1, "system error")));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url: origin,
    port,
    appId,
    appSecret,
    mchId,
    pay,
    env: {
      WECHAT_API_BASE: origin,
      WECHAT_OPEN_BASE: origin,
      WECHAT_PAY_BASE: origin,
      WECHAT_APP_ID: appId,
      WECHAT_APP_SECRET: appSecret,
      WECHAT_MCH_ID: mchId,
      ...pay.env,
      WECHAT_OPEN_APP_ID: openAppId,
      WECHAT_JSSDK_URL: `${origin}${SIMULATOR_JSSDK_PATH}`,
      WECHAT_MINI_APP_ID: miniAppId,
      WECHAT_MINI_APP_SECRET: miniAppSecret,
      WECHAT_MINI_USERNAME: miniUsername,
      WECOM_API_BASE: origin,
      WECOM_CORP_ID: wecomCorpId,
      WECOM_SECRET: wecomSecret,
    },
    calls,
    resetCalls() {
      for (const key of Object.keys(calls) as SimulatorCall[]) calls[key] = 0;
    },
    advanceClock(seconds) {
      clockOffsetMs += seconds * 1000;
    },
    openIdOf,
    unionIdOf,
    externalUserIdOf,
    setFollowing,
    qrContentOf: (scene) => qrByScene.get(scene)?.url,
    sentMessages: () => [...sentMessages],
    clearSentMessages() {
      sentMessages.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        pay.close();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
