import { randomBytes } from "node:crypto";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError, ok } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import { WeChatApiError } from "../../providers/wechat/wechat-provider.ts";
import type { VisitorRow } from "../../repositories/visitor-repository.ts";
import type { TypedApp } from "../../typed-app.ts";
import {
  createSession,
  endSession,
  readSessionId,
  sessionCookie,
  sessionVisitorId,
} from "./visitor-session.ts";

const loginQuery = z.object({
  code: z
    .string({ error: "缺少微信授权 code" })
    .trim()
    .min(1, "缺少微信授权 code")
    .max(128, "微信授权 code 无效")
    .regex(/^[\w-]+$/, "微信授权 code 无效"),
  state: z.string().max(128, "state 至多 128 个字符").optional(),
});

/** Spec §3 "Visitor login gives nickname, avatar, userId, phone, wxNickname, wxAvatar, …". */
function visitorInfo(visitor: VisitorRow) {
  return {
    visitorId: visitor.id,
    userId: visitor.id,
    nickname: visitor.wx_name ?? "微信用户",
    avatar: visitor.wx_avatar,
    phone: null,
    wxNickname: visitor.wx_name,
    wxAvatar: visitor.wx_avatar,
    wxUnionId: visitor.wx_union_id,
    wxWebOpenId: visitor.wx_open_id,
  };
}

function loginFailure(error: unknown, log: FastifyBaseLogger): never {
  if (error instanceof WeChatApiError) {
    if (error.badCode) throw new ApiError(400, "微信授权已失效或已使用，请重新进入页面");
    log.warn(
      { api: error.api, errcode: error.errcode, errmsg: error.errmsg },
      "wechat login failed",
    );
    throw new ApiError(502, "微信登录失败，请重试");
  }
  throw error;
}

export function registerVisitorRoutes(app: TypedApp, deps: AppDeps) {
  const notLoggedIn = () => new ApiError(401, "未登录", CODE_NOT_LOGGED_IN);

  async function currentVisitor(request: FastifyRequest): Promise<VisitorRow> {
    const visitorId = await sessionVisitorId(deps.store, readSessionId(request.headers.cookie));
    const visitor = visitorId ? await deps.visitors.findById(visitorId) : undefined;
    if (!visitor) throw notLoggedIn();
    return visitor;
  }

  // Spec §4 login flow step 3: the page returns from WeChat's consent page with ?code=…&state=…
  // and exchanges the code here; the session then rides on an httpOnly cookie.
  app.get(
    "/api/m/social/auth/v1/n/visitor/login",
    { schema: { querystring: loginQuery } },
    async (request, reply) => {
      if (!deps.wechat.configured) throw new ApiError(503, "微信登录暂未配置");
      const token = await deps.wechat
        .exchangeCode(request.query.code)
        .catch((error: unknown) => loginFailure(error, request.log));
      // A snsapi_base consent gives the openid only; nickname and avatar need snsapi_userinfo.
      const profile = token.scope.split(",").includes("snsapi_userinfo")
        ? await deps.wechat
            .userInfo(token)
            .catch((error: unknown) => loginFailure(error, request.log))
        : null;
      const visitor = await deps.visitors.upsertByOpenId({
        openId: token.openId,
        unionId: profile?.unionId ?? token.unionId,
        name: profile?.nickname || null,
        avatar: profile?.headImgUrl ?? null,
      });
      const previous = readSessionId(request.headers.cookie);
      if (previous) await endSession(deps.store, previous);
      const sessionId = await createSession(deps.store, visitor.id);
      reply
        .header("set-cookie", sessionCookie(sessionId, deps.config.production))
        .header("cache-control", "no-store");
      return ok(visitorInfo(visitor));
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
      if (!deps.wechat.configured) throw new ApiError(503, "微信登录暂未配置");
      const redirect = new URL(request.query.redirect);
      if (!/^https?:$/.test(redirect.protocol)) throw ApiError.badRequest("回跳地址无效");
      redirect.hash = "";
      const state = randomBytes(8).toString("hex");
      const scope = request.query.silent === "1" ? "snsapi_base" : "snsapi_userinfo";
      return ok({ url: deps.wechat.authorizeUrl(redirect.toString(), state, scope), state });
    },
  );

  // Spec §4 step 2: code 600 here means "not logged in", and the page goes to WeChat's consent.
  app.get("/api/m/social/auth/v1/n/user/info", async (request, reply) => {
    const visitor = await currentVisitor(request);
    reply.header("cache-control", "no-store");
    return ok(visitorInfo(visitor));
  });

  // Spec §3 "WeChat login gives weixinInfo (nickname, headimgurl, unionid, openid),
  // userInfo.userProfile (name, image, userId, phone) and visitorId". A WeChat visitor has no
  // app account, so userProfile is null.
  app.get("/api/auth/v1/n/weixin/user/loginInfo", async (request, reply) => {
    const visitor = await currentVisitor(request);
    reply.header("cache-control", "no-store");
    return ok({
      ...visitorInfo(visitor),
      weixinInfo: {
        nickname: visitor.wx_name,
        headimgurl: visitor.wx_avatar,
        unionid: visitor.wx_union_id,
        openid: visitor.wx_open_id,
      },
      userInfo: { userProfile: null },
    });
  });
}
