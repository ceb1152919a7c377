import { randomBytes } from "node:crypto";
import { readSessionId, sessionCookie } from "@tongjian/services/accounts/visitor-session";
import { BadRequestError, ServiceError } from "@tongjian/services/service-error";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import { WeChatApiError } from "../../providers/wechat/wechat-provider.ts";
import type { TypedApp } from "../../typed-app.ts";

const loginQuery = z.object({
  code: z
    .string({ error: "缺少微信授权 code" })
    .trim()
    .min(1, "缺少微信授权 code")
    .max(128, "微信授权 code 无效")
    .regex(/^[\w-]+$/, "微信授权 code 无效"),
  state: z.string().max(128, "state 至多 128 个字符").optional(),
});

function loginFailure(error: unknown, log: FastifyBaseLogger): never {
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

const WECHAT_LOGIN_OFF = "微信登录暂未配置";

export function registerVisitorRoutes(app: TypedApp, deps: AppDeps) {
  const { services } = deps;

  // Spec §4 login flow step 3: the page returns from WeChat's consent page with ?code=…&state=…
  // and exchanges the code here; the session then rides on an httpOnly cookie.
  app.get(
    "/api/m/social/auth/v1/n/visitor/login",
    { schema: { querystring: loginQuery } },
    async (request, reply) => {
      if (!deps.wechat.configured) throw new ServiceError(503, WECHAT_LOGIN_OFF);
      const token = await deps.wechat
        .exchangeCode(request.query.code)
        .catch((error: unknown) => loginFailure(error, request.log));
      // A snsapi_base consent gives the openid only; nickname and avatar need snsapi_userinfo.
      const profile = token.scope.split(",").includes("snsapi_userinfo")
        ? await deps.wechat
            .userInfo(token)
            .catch((error: unknown) => loginFailure(error, request.log))
        : null;
      const { sessionId, visitor } = await services.visitors.signIn(
        {
          openId: token.openId,
          unionId: profile?.unionId ?? token.unionId,
          name: profile?.nickname || null,
          avatar: profile?.headImgUrl ?? null,
        },
        readSessionId(request.headers.cookie),
      );
      reply
        .header("set-cookie", sessionCookie(sessionId, deps.config.production))
        .header("cache-control", "no-store");
      return ok(visitor);
    },
  );

  // Spec §4 step 2 needs WeChat's consent page; the page asks here for its address, since the
  // appId and scope are server configuration. The redirect must come back to this site.
  app.get(
    "/api/m/social/auth/v1/n/weixin/authorize",
    {
      schema: {
        querystring: z.object({
          redirect: z.url("回跳地址无效").max(2048, "回跳地址过长"),
          silent: z.enum(["0", "1"]).default("0"),
        }),
      },
    },
    async (request) => {
      if (!deps.wechat.configured) throw new ServiceError(503, WECHAT_LOGIN_OFF);
      const redirect = new URL(request.query.redirect);
      if (!/^https?:$/.test(redirect.protocol)) throw new BadRequestError("回跳地址无效");
      redirect.hash = "";
      const state = randomBytes(8).toString("hex");
      const scope = request.query.silent === "1" ? "snsapi_base" : "snsapi_userinfo";
      return ok({ url: deps.wechat.authorizeUrl(redirect.toString(), state, scope), state });
    },
  );

  // Spec §4 step 2: code 600 here means "not logged in", and the page goes to WeChat's consent.
  app.get("/api/m/social/auth/v1/n/user/info", async (request, reply) => {
    const visitor = await services.visitors.current(readSessionId(request.headers.cookie));
    reply.header("cache-control", "no-store");
    return ok(visitor);
  });

  // Spec §3: WeChat's profile, the visitor and (for an app account) the user profile.
  app.get("/api/auth/v1/n/weixin/user/loginInfo", async (request, reply) => {
    const info = await services.visitors.loginInfo(readSessionId(request.headers.cookie));
    reply.header("cache-control", "no-store");
    return ok(info);
  });
}
