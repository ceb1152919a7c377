import { vipcnBody, vipcnReply } from "@tongjian/contracts/wechat";
import { ServiceError } from "@tongjian/services/service-error";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import { signJsapiUrl } from "../../providers/wechat/jsapi-signature.ts";
import { WeChatApiError } from "../../providers/wechat/wechat-provider.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { followStateFor } from "../wechat/wechat-extras-routes.ts";

export function registerWeChatSignatureRoutes(app: TypedApp, deps: AppDeps) {
  // Spec §7 "WeChat signing": the page asks for wx.config's signature for its own URL, then
  // configures the share APIs.
  app.post(
    "/api/auth/w1/n/weixin/vipcn",
    {
      schema: {
        tags: ["分享"],
        summary: "微信 JS-SDK 签名（wx.config）；follow 为 true 时同时答是否已关注公众号",
        body: vipcnBody,
        response: replies(vipcnReply),
      },
    },
    async (request, reply) => {
      const appId = deps.wechat.appId;
      if (!deps.wechat.configured || !appId) throw new ServiceError(503, "微信分享暂未配置");
      let ticket: string;
      try {
        ticket = await deps.wechat.jsapiTicket();
      } catch (error) {
        if (!(error instanceof WeChatApiError)) throw error;
        request.log.warn(
          { api: error.api, errcode: error.errcode, errmsg: error.errmsg },
          "wechat jsapi ticket failed",
        );
        throw new ServiceError(502, "微信签名失败，请稍后重试");
      }
      reply.header("cache-control", "no-store");
      const signature = signJsapiUrl({ appId, ticket, url: request.body.url });
      // /followwxaccount asks for the reader's follow state with the signature (issue 16).
      if (!request.body.follow) return ok(signature);
      return ok({ ...signature, follow: await followStateFor(deps, request) });
    },
  );
}
