import type { WeChatAuthorize } from "@tongjian/contracts/accounts";
import type { JsapiSignature } from "@tongjian/contracts/share";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
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

/** The tag that lets WeChat open our app directly (spec §8 "WeChat launch-app errors …"). */
export const WECHAT_OPEN_TAGS = ["wx-open-launch-app"];
/** /openxcx also asks for the mini program's tag. */
export const WECHAT_MINI_OPEN_TAGS = ["wx-open-launch-app", "wx-open-launch-weapp"];

/**
 * The URL WeChat checks the signature against. WeChat on iOS keeps the address the page was
 * opened with for a history-mode site, whatever pushState did since; Android uses the current
 * one. Either way without the fragment.
 */
export function signedPageUrl(isIos: boolean, currentUrl: string, landingUrl: string): string {
  const url = isIos ? landingUrl : currentUrl;
  return url.split("#")[0] ?? url;
}

// One wx.config per signed URL and API client: sharing and the open tag share it.
const configured = new WeakMap<object, Map<string, Promise<WxSdk>>>();

/**
 * Signs the page URL and configures the JS-SDK for sharing and the open tag; resolves with the
 * SDK once WeChat says it is ready, rejects when it reports a configuration error.
 */
export function configureWeChat(
  api: Pick<BrowserApi, "post">,
  url: string,
  loadWx: () => Promise<WxSdk>,
  openTags: readonly string[] = WECHAT_OPEN_TAGS,
): Promise<WxSdk> {
  let byUrl = configured.get(api);
  if (!byUrl) {
    byUrl = new Map();
    configured.set(api, byUrl);
  }
  const key = openTags === WECHAT_OPEN_TAGS ? url : `${url}\n${openTags.join()}`;
  const known = byUrl.get(key);
  if (known) return known;
  const ready = (async () => {
    const [signature, wx] = await Promise.all([
      api.post<JsapiSignature>("/api/auth/w1/n/weixin/vipcn", { url }),
      loadWx(),
    ]);
    return new Promise<WxSdk>((resolve, reject) => {
      wx.config({
        debug: false,
        appId: signature.appId,
        // The app's network proxy may hand numbers back as strings.
        timestamp: Number(signature.timestamp),
        nonceStr: signature.noncestr,
        signature: signature.signature,
        jsApiList: WECHAT_SHARE_APIS,
        openTagList: [...openTags],
      });
      wx.error((res) => reject(new Error(`微信配置失败：${JSON.stringify(res)}`)));
      wx.ready(() => resolve(wx));
    });
  })();
  byUrl.set(key, ready);
  const cache = byUrl;
  ready.catch(() => cache.delete(key));
  return ready;
}

/** Signs the page URL (without its fragment, as WeChat requires) and sets the share data. */
export async function configureWeChatShare(
  api: Pick<BrowserApi, "post">,
  payload: SharePayload,
  pageUrl: string,
  loadWx: () => Promise<WxSdk>,
): Promise<void> {
  const wx = await configureWeChat(api, pageUrl.split("#")[0] ?? pageUrl, loadWx);
  wx.updateAppMessageShareData(payload);
  wx.updateTimelineShareData({ title: payload.title, link: payload.link, imgUrl: payload.imgUrl });
}

let scriptLoad: Promise<WxSdk> | null = null;

/**
 * The JS-SDK, loaded only when needed: from the configured script URL (WeChat's own, or the
 * simulator's in tests), else the copy bundled with the site.
 */
export function loadWeChatSdk(jsSdkUrl: string | null): Promise<WxSdk> {
  if (!jsSdkUrl) return import("weixin-js-sdk").then((m) => m.default as unknown as WxSdk);
  scriptLoad ??= new Promise<WxSdk>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = jsSdkUrl;
    script.async = true;
    script.onload = () => {
      const wx = (window as unknown as { wx?: WxSdk }).wx;
      if (wx) resolve(wx);
      else reject(new Error("微信 JS-SDK 未提供 wx 对象"));
    };
    script.onerror = () => {
      scriptLoad = null;
      reject(new Error("微信 JS-SDK 加载失败"));
    };
    document.head.append(script);
  });
  return scriptLoad;
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
  const state = url.searchParams.get("state");
  if (code && state !== null) {
    // The server compares the state with the one it bound to this browser (decision 18).
    const query = `code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
    await api.get(`/api/m/social/auth/v1/n/visitor/login?${query}`).finally(() => {
      // Whether or not it worked, a code is used once: it leaves the address either way.
      url.searchParams.delete("code");
      url.searchParams.delete("state");
      // The consent URL's #wechat_redirect survives the redirect back in some browsers.
      if (url.hash === "#wechat_redirect") url.hash = "";
      replaceUrl(url.pathname + url.search + url.hash);
    });
    return "logged-in";
  }
  try {
    await api.get("/api/m/social/auth/v1/n/user/info");
    return "logged-in";
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.code !== CODE_NOT_LOGGED_IN) throw error;
  }
  const { url: consent } = await api.get<WeChatAuthorize>(
    `/api/m/social/auth/v1/n/weixin/authorize?redirect=${encodeURIComponent(location.href)}`,
  );
  location.assign(consent);
  return "redirected";
}
