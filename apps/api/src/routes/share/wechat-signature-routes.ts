import { ServiceError } from "@tongjian/services/service-error";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import { signJsapiUrl } from "../../providers/wechat/jsapi-signature.ts";
import { WeChatApiError } from "../../providers/wechat/wechat-provider.ts";
import type { TypedApp } from "../../typed-app.ts";

export const SIGNED_URL_MAX_LENGTH = 2048;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const signatureBody = z.object(
  {
    url: z
      .string({
        error: (issue) =>
          issue.input === undefined ? "缺少页面地址 url" : "页面地址 url 应为字符串",
      })
      .trim()
      .min(1, "缺少页面地址 url")
      .max(SIGNED_URL_MAX_LENGTH, `页面地址至多 ${SIGNED_URL_MAX_LENGTH} 个字符`)
      .refine(isHttpUrl, "页面地址应为 http 或 https 网址"),
    // Spec §7: clients add language=cn to every POST body; it does not change the signature.
    language: z.string().max(16).optional(),
  },
  { error: "请求体应为 JSON 对象" },
);

export function registerWeChatSignatureRoutes(app: TypedApp, deps: AppDeps) {
  // Spec §7 "WeChat signing": the page asks for wx.config's signature for its own URL, then
  // configures the share APIs.
  app.post(
    "/api/auth/w1/n/weixin/vipcn",
    { schema: { body: signatureBody } },
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
      return ok(signJsapiUrl({ appId, ticket, url: request.body.url }));
    },
  );
}
