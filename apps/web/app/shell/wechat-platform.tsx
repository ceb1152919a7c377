import type { AppEnv } from "@tongjian/domain/app-env";
import { useEffect } from "react";
import { useLocation } from "react-router";
import type { BrowserApi } from "./browser-api.ts";
import type { WeChatWebConfig } from "./load-context.ts";
import { LANDING_URL } from "./platform.tsx";
import { configureWeChat, ensureWeChatVisitor, loadWeChatSdk, signedPageUrl } from "./wechat.ts";

/**
 * What every page needs inside WeChat only, so the platform loads it there alone:
 * - a return from the consent page (`?code&state`) completes the visitor login;
 * - spec §8 "WeChat launch-app errors wake the app": with the app's Open Platform AppID
 *   configured, the JS-SDK is configured on every page (after the page has loaded, so it costs
 *   the first load nothing) so that the open-app buttons can carry `wx-open-launch-app`; the
 *   AppID is handed up once the configuration succeeded.
 */
export default function WeChatPlatform({
  env,
  api,
  wechat,
  onOpenTag,
}: {
  env: AppEnv;
  api: BrowserApi;
  wechat: WeChatWebConfig;
  onOpenTag: (appId: string | null) => void;
}) {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has("code") || !params.has("state")) return;
    // /wx completes its own login (loginFromMpServiceAccount, routes/wx.tsx): a code works once.
    if (window.location.pathname === "/wx") return;
    ensureWeChatVisitor(api, window.location, (url) =>
      window.history.replaceState(null, "", url),
    ).catch((error: unknown) => console.warn("微信登录失败", error));
  }, [api]);

  const { pathname, search } = useLocation();
  const page = pathname + search;
  const { openAppId, jsSdkUrl } = wechat;
  useEffect(() => {
    // Mini-program webviews have no open tags; the page runs there under the mini program.
    if (env.isWeixinMiniProgram || !openAppId) return;
    // Android signs each address, so a new page needs its own configuration.
    let live = true;
    const url = signedPageUrl(env.isIos, window.location.origin + page, LANDING_URL);
    configureWeChat(api, url, () => loadWeChatSdk(jsSdkUrl))
      .then(() => {
        if (live) onOpenTag(openAppId);
      })
      .catch((error: unknown) => console.warn("微信开放标签配置失败", error));
    return () => {
      live = false;
    };
  }, [env.isWeixinMiniProgram, env.isIos, api, openAppId, jsSdkUrl, page, onOpenTag]);
  return null;
}
