import {
  type FollowState,
  mpLogin,
  mpLoginQuery,
  subscribeBody,
  subscriptionState,
  urlScheme,
  urlSchemeQuery,
  wecomBinding,
  wecomBindQuery,
  weixinUserInfo,
  weixinUserInfoBody,
} from "@tongjian/contracts/wechat";
import {
  MINI_PROGRAM_PAGES,
  URL_SCHEME_DAYS,
  URL_SCHEME_REUSE_MARGIN_DAYS,
} from "@tongjian/domain/mini-program-pages";
import type { Viewer } from "@tongjian/domain/viewer";
import { TooManyAttemptsError } from "@tongjian/services/accounts/attempt-limiter";
import { clearCookie, cookieName, readCookie } from "@tongjian/services/accounts/auth-cookies";
import { requireSignedIn } from "@tongjian/services/accounts/require-login";
import { BadRequestError, NotFoundError, ServiceError } from "@tongjian/services/service-error";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import { isUnknownContact } from "../../providers/wechat/wechat-extras.ts";
import { WeChatApiError } from "../../providers/wechat/wechat-provider.ts";
import type { TypedApp } from "../../typed-app.ts";
import { appendCookie, startSession } from "../accounts/session-cookies.ts";
import {
  loginFailure,
  STATE_MISMATCH,
  USED_CODE_TTL_SECONDS,
  usedCodeKey,
  WECHAT_LOGIN_OFF,
} from "../accounts/visitor-routes.ts";
import { replies } from "../replies.ts";

export const FOLLOW_QRCODE_PATH = "/media/wechat/follow-qrcode.svg";
/** Follow-state checks a reader may make a minute (each asks WeChat). */
const FOLLOW_CHECKS_PER_MINUTE = 20;

/** WeChat could not be asked: the reader is told to try again, the log keeps WeChat's answer. */
function wechatDown(error: unknown, log: FastifyBaseLogger, what: string): never {
  if (error instanceof WeChatApiError) {
    log.warn(
      { api: error.api, errcode: error.errcode, errmsg: error.errmsg },
      `wechat ${what} failed`,
    );
    throw new ServiceError(502, "微信服务暂时不可用，请稍后重试");
  }
  throw error;
}

function ownerIds(viewer: Viewer) {
  return viewer.kind === "user"
    ? { accountId: viewer.userId, visitorId: viewer.visitorId }
    : viewer.kind === "visitor"
      ? { accountId: null, visitorId: viewer.visitorId }
      : null;
}

/**
 * Issue 16's WeChat extras (spec §7): the official account's menu login, the WeChat profile after
 * consent, the follow state and QR code, binding a 企业微信 contact, mini program URL schemes,
 * and the reader's subscriptions.
 */
export function registerWeChatExtrasRoutes(app: TypedApp, deps: AppDeps) {
  const { services } = deps;
  const secure = deps.config.auth.secureCookies;

  /**
   * A consent's code, exchanged once, with the state this browser was sent out with (as the
   * visitor login does: a code from another browser's consent is refused).
   */
  async function exchange(request: FastifyRequest, code: string, state: string | undefined) {
    if (!deps.wechat.configured) throw new ServiceError(503, WECHAT_LOGIN_OFF);
    const expected = readCookie(request.headers.cookie, cookieName("wechatState", secure));
    if (!state || !expected || state !== expected) throw new BadRequestError(STATE_MISMATCH);
    if (await deps.store.get(usedCodeKey(code)))
      throw new BadRequestError("微信授权已失效或已使用，请重新进入页面");
    const token = await deps.wechat
      .exchangeCode(code)
      .catch((error: unknown) => loginFailure(error, request.log));
    await deps.store.set(usedCodeKey(code), "1", USED_CODE_TTL_SECONDS);
    return token;
  }

  // Spec §7 loginFromMpServiceAccount: a reader who opens the site from the official account's
  // menu lands on /wx, which goes through WeChat's silent consent (with a state bound to this
  // browser, like every consent here) and signs in with the code. Unlike the visitor login it
  // asks the official account whether the reader follows it, and takes the unionid from there.
  app.get(
    "/api/m/social/auth/v1/n/loginFromMpServiceAccount",
    {
      schema: {
        tags: ["访客"],
        summary: "从公众号菜单进入：用微信授权 code 登录，并答是否已关注公众号",
        querystring: mpLoginQuery,
        response: replies(mpLogin),
      },
    },
    async (request, reply) => {
      const token = await exchange(request, request.query.code, request.query.state);
      const subscriber = await deps.wechatExtras
        .subscriber(token.openId)
        .catch((error: unknown) => {
          // The login stands without it; the follow state is then unknown.
          request.log.warn({ error: String(error) }, "wechat subscriber info failed");
          return null;
        });
      const profile = token.scope.split(",").includes("snsapi_userinfo")
        ? await deps.wechat
            .userInfo(token)
            .catch((error: unknown) => loginFailure(error, request.log))
        : null;
      const { owner, visitor } = await services.visitors.signIn({
        openId: token.openId,
        unionId: profile?.unionId ?? subscriber?.unionId ?? token.unionId,
        name: profile?.nickname || null,
        avatar: profile?.headImgUrl ?? null,
      });
      await startSession(deps, request, reply, owner);
      appendCookie(reply, clearCookie("wechatState", secure));
      return ok({ ...visitor, subscribed: subscriber?.subscribed ?? null });
    },
  );

  // Spec §7 POST /api/m/auth/v1/n/weixin/user/info: a signed-in reader gave WeChat's consent
  // (snsapi_userinfo); the WeChat nickname and avatar are stored, and an account signed in here
  // gets this WeChat bound to it. Answers the login info of spec §3.
  app.post(
    "/api/m/auth/v1/n/weixin/user/info",
    {
      schema: {
        tags: ["访客"],
        summary: "保存微信头像昵称（需登录）；已登录账号同时绑定此微信",
        body: weixinUserInfoBody,
        response: replies(weixinUserInfo),
      },
      config: { needsLogin: true },
    },
    async (request, reply) => {
      const reader = requireSignedIn(request.viewer);
      const token = await exchange(request, request.body.code, request.body.state);
      if (!token.scope.split(",").includes("snsapi_userinfo"))
        throw new BadRequestError("需要授权获取微信头像和昵称，请重新授权");
      const profile = await deps.wechat
        .userInfo(token)
        .catch((error: unknown) => loginFailure(error, request.log));
      const owner = await services.wechatLinks.linkProfile(reader, {
        openId: token.openId,
        unionId: profile.unionId ?? token.unionId,
        name: profile.nickname || null,
        avatar: profile.headImgUrl,
      });
      appendCookie(reply, clearCookie("wechatState", secure));
      reply.header("cache-control", "no-store");
      const before = ownerIds(reader);
      const changed =
        before?.accountId !== owner.accountId || before?.visitorId !== owner.visitorId;
      // A session cookie now stands for the account and this WeChat (a new session: the id
      // changes with what it grants); an app's bearer call keeps its token.
      if (changed && request.authVia === "cookie") await startSession(deps, request, reply, owner);
      const viewer: Viewer =
        request.viewer.kind === "user"
          ? { ...request.viewer, visitorId: owner.visitorId }
          : request.viewer;
      return ok(await services.visitors.loginInfo(viewer));
    },
  );

  // The official account's follow QR code, drawn here (an SVG) from the content WeChat gives
  // for the permanent follow scene, so the page needs no image from WeChat's servers.
  app.get(
    FOLLOW_QRCODE_PATH,
    { schema: { tags: ["公众号"], summary: "公众号关注二维码（SVG，服务器绘制）" } },
    async (request, reply) => {
      if (!deps.wechat.configured) throw new ServiceError(503, "公众号暂未配置");
      const content = await deps.wechatExtras
        .followQrContent()
        .catch((error: unknown) => wechatDown(error, request.log, "follow qrcode"));
      const svg = await QRCode.toString(content, {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 2,
        // A QR code is read in black on white whatever the page's theme.
        color: { dark: "#000000", light: "#ffffff" },
      });
      reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600");
      return reply.send(svg);
    },
  );

  // Spec §7 POST /api/m/social/qywx/bind/user?id=: a 企业微信 contact (the id from a link a
  // staff member sent in 企业微信) is bound to the signed-in reader, if it is this reader.
  app.post(
    "/api/m/social/qywx/bind/user",
    {
      schema: {
        tags: ["企业微信"],
        summary: "绑定企业微信联系人到当前账号（需登录）",
        querystring: wecomBindQuery,
        response: replies(wecomBinding),
      },
      config: { needsLogin: true },
    },
    async (request) => {
      requireSignedIn(request.viewer, "登录后才能绑定企业微信");
      if (!deps.wechatExtras.wecomConfigured) throw new ServiceError(503, "企业微信暂未配置");
      const contact = await deps.wechatExtras
        .wecomContact(request.query.id)
        .catch((error: unknown) => {
          if (isUnknownContact(error))
            throw new NotFoundError("企业微信联系人不存在，请确认链接是否完整");
          return wechatDown(error, request.log, "wecom contact");
        });
      return ok(await services.wechatLinks.bindWecomContact(request.viewer, contact));
    },
  );

  // Spec §7 GET /api/m/social/wx/v1/n/getUrlScheme?key=: an expiring URL scheme that opens one
  // of the mini program's known pages from outside WeChat. Reused until a day before it expires.
  app.get(
    "/api/m/social/wx/v1/n/getUrlScheme",
    {
      schema: {
        tags: ["小程序"],
        summary: "小程序 URL Scheme（只支持已知页面）",
        querystring: urlSchemeQuery,
        response: replies(urlScheme),
      },
    },
    async (request, reply) => {
      if (!deps.wechatExtras.miniConfigured) throw new ServiceError(503, "小程序暂未配置");
      const { key } = request.query;
      const page = MINI_PROGRAM_PAGES[key];
      const cacheKey = `wxscheme:${key}`;
      const hit = await deps.store.get(cacheKey);
      reply.header("cache-control", "no-store");
      if (hit)
        return ok(
          JSON.parse(hit) as { key: string; title: string; openlink: string; expiresAt: string },
        );
      const openlink = await deps.wechatExtras
        .urlScheme(page, URL_SCHEME_DAYS)
        .catch((error: unknown) => wechatDown(error, request.log, "url scheme"));
      const answer = {
        key,
        title: page.title,
        openlink,
        expiresAt: new Date(Date.now() + URL_SCHEME_DAYS * 86_400_000).toISOString(),
      };
      await deps.store.set(
        cacheKey,
        JSON.stringify(answer),
        (URL_SCHEME_DAYS - URL_SCHEME_REUSE_MARGIN_DAYS) * 86_400,
      );
      return ok(answer);
    },
  );

  // /subscribe: the reader's topics.
  app.get(
    "/api/m/social/v1/y/subscribe",
    {
      schema: {
        tags: ["订阅"],
        summary: "我的订阅（需登录）",
        response: replies(subscriptionState),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await services.subscriptions.get(request.viewer));
    },
  );
  app.post(
    "/api/m/social/v1/y/subscribe",
    {
      schema: {
        tags: ["订阅"],
        summary: "保存订阅（需登录）：topics 为要订阅的全部项",
        body: subscribeBody,
        response: replies(subscriptionState),
      },
    },
    async (request) => ok(await services.subscriptions.set(request.viewer, request.body.topics)),
  );
}

/**
 * Spec §7 POST /api/auth/w1/n/weixin/vipcn with `follow: true` (wechat-signature-routes.ts):
 * whether the reader follows the official account. Only a reader WeChat knows here (a visitor,
 * or an account with a bound visitor) can be looked up; each lookup asks WeChat, at most
 * FOLLOW_CHECKS_PER_MINUTE a minute per reader.
 */
export async function followStateFor(deps: AppDeps, request: FastifyRequest): Promise<FollowState> {
  const base = { accountName: deps.config.wechatExtras.accountName, qrcode: FOLLOW_QRCODE_PATH };
  const openId = await deps.services.wechatLinks.openIdOf(request.viewer);
  if (!openId) return { ...base, subscribed: null, subscribedAt: null };
  const count = await deps.store.increment(`wxfollowcheck:${openId}`, 60);
  if (count > FOLLOW_CHECKS_PER_MINUTE) throw new TooManyAttemptsError("查询太频繁，请稍后再试");
  const subscriber = await deps.wechatExtras
    .subscriber(openId)
    .catch((error: unknown) => wechatDown(error, request.log, "subscriber info"));
  return { ...base, subscribed: subscriber.subscribed, subscribedAt: subscriber.subscribedAt };
}
