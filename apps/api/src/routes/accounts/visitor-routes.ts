import { createHash, randomBytes } from "node:crypto";
import {
  authorizeQuery,
  loginInfo,
  loginQuery,
  visitorInfo,
  wechatAuthorize,
} from "@tongjian/contracts/accounts";
import {
  clearCookie,
  cookieName,
  readCookie,
  serializeCookie,
  WECHAT_STATE_TTL_SECONDS,
} from "@tongjian/services/accounts/auth-cookies";
import { BadRequestError, ServiceError } from "@tongjian/services/service-error";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import { WeChatApiError } from "../../providers/wechat/wechat-provider.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { appendCookie, startSession } from "./session-cookies.ts";

export function loginFailure(error: unknown, log: FastifyBaseLogger): never {
  if (error instanceof WeChatApiError) {
    if (error.badCode) throw new BadRequestError("微信授权已失效或已使用，请重新进入页面");
    log.warn(
      { api: error.api, errcode: error.errcode, errmsg: error.errmsg },
      "wechat login failed",
    );
    throw new ServiceError(502, "微信登录失败，请重试");
  }
  throw error;
}

export const WECHAT_LOGIN_OFF = "微信登录暂未配置";
export const STATE_MISMATCH = "微信授权已失效，请重新进入页面";
/** WeChat's codes live five minutes; a used one is remembered a little longer than that. */
export const USED_CODE_TTL_SECONDS = 10 * 60;
export const usedCodeKey = (code: string) =>
  `wxcode:${createHash("sha256").update(code).digest("hex")}`;
const tags = ["访客"];

export function registerVisitorRoutes(app: TypedApp, deps: AppDeps) {
  const { services } = deps;

  // Spec §4 login flow step 3: the page returns from WeChat's consent page with ?code=…&state=…
  // and exchanges the code here; the session then rides on an httpOnly cookie.
  app.get(
    "/api/m/social/auth/v1/n/visitor/login",
    {
      schema: {
        tags,
        summary: "用微信授权 code 登录，会话存于 httpOnly cookie",
        querystring: loginQuery,
        response: replies(visitorInfo),
      },
    },
    async (request, reply) => {
      if (!deps.wechat.configured) throw new ServiceError(503, WECHAT_LOGIN_OFF);
      const secure = deps.config.auth.secureCookies;
      // The state must be the one this browser was sent to WeChat with (its cookie): a code
      // from someone else's consent (login CSRF) or a forged return is refused.
      const expected = readCookie(request.headers.cookie, cookieName("wechatState", secure));
      if (!request.query.state || !expected || request.query.state !== expected)
        throw new BadRequestError(STATE_MISMATCH);
      const { code } = request.query;
      // WeChat refuses a used code; the site refuses it too without asking WeChat again.
      if (await deps.store.get(usedCodeKey(code)))
        throw new BadRequestError("微信授权已失效或已使用，请重新进入页面");
      const token = await deps.wechat
        .exchangeCode(code)
        .catch((error: unknown) => loginFailure(error, request.log));
      await deps.store.set(usedCodeKey(code), "1", USED_CODE_TTL_SECONDS);
      // A snsapi_base consent gives the openid only; nickname and avatar need snsapi_userinfo.
      const profile = token.scope.split(",").includes("snsapi_userinfo")
        ? await deps.wechat
            .userInfo(token)
            .catch((error: unknown) => loginFailure(error, request.log))
        : null;
      const { owner, visitor } = await services.visitors.signIn({
        openId: token.openId,
        unionId: profile?.unionId ?? token.unionId,
        name: profile?.nickname || null,
        avatar: profile?.headImgUrl ?? null,
      });
      await startSession(deps, request, reply, owner);
      appendCookie(reply, clearCookie("wechatState", secure));
      return ok(visitor);
    },
  );

  // Spec §4 step 2 needs WeChat's consent page; the page asks here for its address, since the
  // appId and scope are server configuration. The redirect must come back to this site.
  app.get(
    "/api/m/social/auth/v1/n/weixin/authorize",
    {
      schema: {
        tags,
        summary: "微信授权页地址（回跳到本站）",
        querystring: authorizeQuery,
        response: replies(wechatAuthorize),
      },
    },
    async (request, reply) => {
      if (!deps.wechat.configured) throw new ServiceError(503, WECHAT_LOGIN_OFF);
      const redirect = new URL(request.query.redirect);
      if (!/^https?:$/.test(redirect.protocol)) throw new BadRequestError("回跳地址无效");
      redirect.hash = "";
      // Bound to this browser by a short-lived cookie; the login compares the two.
      const state = randomBytes(16).toString("base64url");
      const scope = request.query.silent === "1" ? "snsapi_base" : "snsapi_userinfo";
      appendCookie(
        reply,
        serializeCookie("wechatState", state, {
          secure: deps.config.auth.secureCookies,
          maxAgeSeconds: WECHAT_STATE_TTL_SECONDS,
        }),
      );
      reply.header("cache-control", "no-store");
      return ok({ url: deps.wechat.authorizeUrl(redirect.toString(), state, scope), state });
    },
  );

  // Spec §4 step 2: code 600 here means "not logged in", and the page goes to WeChat's consent.
  app.get(
    "/api/m/social/auth/v1/n/user/info",
    { schema: { tags, summary: "当前访客（未登录答 600）", response: replies(visitorInfo) } },
    async (request, reply) => {
      const visitor = await services.visitors.current(request.viewer);
      reply.header("cache-control", "no-store");
      return ok(visitor);
    },
  );

  // Spec §3: WeChat's profile, the visitor and (for an app account) the user profile.
  app.get(
    "/api/auth/v1/n/weixin/user/loginInfo",
    { schema: { tags, summary: "微信登录信息（未登录答 600）", response: replies(loginInfo) } },
    async (request, reply) => {
      const info = await services.visitors.loginInfo(request.viewer);
      reply.header("cache-control", "no-store");
      return ok(info);
    },
  );
}
