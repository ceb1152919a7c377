import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { SHARE_THUMBNAIL_SIZE_PX } from "@tongjian/domain/image-url";
import { withShareSuffix } from "@tongjian/domain/share-title";
import { SHARE_DESCRIPTION_LIMIT, truncateText } from "@tongjian/domain/text-length";
import { ApiRequestError } from "./api-client.ts";
import type { BrowserApi } from "./browser-api.ts";
import type { SharePayload } from "./native-bridge.ts";

/** The part of the WeChat JS-SDK the page uses. */
export interface WxSdk {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
    openTagList?: string[];
  }): void;
  ready(fn: () => void): void;
  error(fn: (res: unknown) => void): void;
  updateAppMessageShareData(data: {
    title: string;
    desc: string;
    link: string;
    imgUrl: string;
  }): void;
  updateTimelineShareData(data: { title: string; link: string; imgUrl: string }): void;
}

/** Spec §7 "WeChat signing": the default share scope list is for WeChat. */
export const WECHAT_SHARE_APIS = ["updateAppMessageShareData", "updateTimelineShareData"];

export interface Signature {
  appId: string;
  timestamp: number | string;
  noncestr: string;
  signature: string;
}

/** Spec §3 share payload with §5/§9 limits: title suffix, description ≤ 100, 50×50 thumbnail. */
export function sharePayload(input: {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}): SharePayload {
  const thumb = new URL(input.imgUrl, input.link);
  thumb.searchParams.set("w", String(SHARE_THUMBNAIL_SIZE_PX));
  thumb.searchParams.set("h", String(SHARE_THUMBNAIL_SIZE_PX));
  return {
    title: withShareSuffix(input.title),
    desc: truncateText(input.desc, SHARE_DESCRIPTION_LIMIT),
    link: input.link.split("#")[0] ?? input.link,
    imgUrl: thumb.toString(),
  };
}

/** Signs the page URL (without its fragment, as WeChat requires) and sets the share data. */
export async function configureWeChatShare(
  api: Pick<BrowserApi, "post">,
  payload: SharePayload,
  pageUrl: string,
  loadWx: () => Promise<WxSdk>,
): Promise<void> {
  const url = pageUrl.split("#")[0] ?? pageUrl;
  const [signature, wx] = await Promise.all([
    api.post<Signature>("/api/auth/w1/n/weixin/vipcn", { url }),
    loadWx(),
  ]);
  await new Promise<void>((resolve, reject) => {
    wx.config({
      debug: false,
      appId: signature.appId,
      timestamp: Number(signature.timestamp),
      nonceStr: signature.noncestr,
      signature: signature.signature,
      jsApiList: WECHAT_SHARE_APIS,
      openTagList: ["wx-open-launch-app"],
    });
    wx.error((res) => reject(new Error(`微信配置失败：${JSON.stringify(res)}`)));
    wx.ready(() => {
      wx.updateAppMessageShareData(payload);
      wx.updateTimelineShareData({
        title: payload.title,
        link: payload.link,
        imgUrl: payload.imgUrl,
      });
      resolve();
    });
  });
}

export interface LocationLike {
  href: string;
  assign(url: string): void;
  replace(url: string): void;
}

/**
 * Spec §4 login flow in WeChat, steps 2–3: returning from the consent page with ?code&state,
 * exchange the code and strip both from the address; without a code, a visitor that is not
 * logged in (code 600) is sent to the consent page.
 */
export async function ensureWeChatVisitor(
  api: Pick<BrowserApi, "get">,
  location: LocationLike,
  replaceUrl: (url: string) => void,
): Promise<"logged-in" | "redirected"> {
  const url = new URL(location.href);
  const code = url.searchParams.get("code");
  if (code && url.searchParams.has("state")) {
    await api.get(`/api/m/social/auth/v1/n/visitor/login?code=${encodeURIComponent(code)}`);
    url.searchParams.delete("code");
    url.searchParams.delete("state");
    replaceUrl(url.pathname + url.search + url.hash);
    return "logged-in";
  }
  try {
    await api.get("/api/m/social/auth/v1/n/user/info");
    return "logged-in";
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.code !== CODE_NOT_LOGGED_IN) throw error;
  }
  const { url: consent } = await api.get<{ url: string }>(
    `/api/m/social/auth/v1/n/weixin/authorize?redirect=${encodeURIComponent(location.href)}`,
  );
  location.assign(consent);
  return "redirected";
}
