import { z } from "zod";

// Sharing in WeChat (spec §7 "WeChat signing"): POST /api/auth/w1/n/weixin/vipcn signs a page's
// URL for wx.config.

export const SIGNED_URL_MAX_LENGTH = 2048;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const signatureBody = z.object(
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

/** What wx.config takes: the JS-SDK signature of the page's URL. */
export const jsapiSignature = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  noncestr: z.string(),
  /** SHA-1 (lowercase hex) of the JS-SDK's string1. */
  signature: z.string(),
});
export type JsapiSignature = z.infer<typeof jsapiSignature>;
