import type { AppEnv } from "@tongjian/domain/app-env";
import { pageViewEventForRouteId } from "@tongjian/domain/tracking-pages";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { useLocation, useMatches } from "react-router";
import { type BrowserApi, createBrowserApi } from "./browser-api.ts";
import { createNativeBridge, type NativeBridge } from "./native-bridge.ts";
import { configureWeChatShare, ensureWeChatVisitor, sharePayload, type WxSdk } from "./wechat.ts";

export const BEARER_COOKIE = "tj_bearer";
const SESSION_KEY = "tj:session";

interface Platform {
  env: AppEnv;
  bridge: NativeBridge;
  api: BrowserApi;
  online: boolean;
}

const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error("usePlatform outside PlatformProvider");
  return platform;
}

function sessionId(): string | null {
  try {
    let id = window.sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID().replace(/-/g, "");
      window.sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    // Storage can be blocked (private mode, some webviews): the event says UN_KNOW instead.
    return null;
  }
}

/**
 * Spec §4 login flow, step 1, and §6: inside our app the user comes from the app; its bearer
 * is kept in a cookie for API calls, and a user without a phone is asked to log in natively.
 */
function useNativeLogin(env: AppEnv, bridge: NativeBridge) {
  useEffect(() => {
    if (!env.isNativeApp) return;
    bridge
      .call("getUserInfo", {})
      .then((user) => {
        if (user?.bearer) {
          document.cookie = `${BEARER_COOKIE}=${encodeURIComponent(user.bearer)}; path=/; SameSite=Lax`;
        }
        if (!user?.phone) return bridge.call("login", {});
      })
      .catch((error: unknown) => console.warn("获取App用户信息失败", error));
  }, [env.isNativeApp, bridge]);
}

/** Spec §2 page-tracking table: one view event per tracked page visit. */
function usePageTracking(api: BrowserApi) {
  const location = useLocation();
  const matches = useMatches();
  const leafId = matches[matches.length - 1]?.id;
  useEffect(() => {
    const event = pageViewEventForRouteId(
      leafId,
      new URLSearchParams(location.search),
      sessionId(),
    );
    if (!event) return;
    api
      .post("/api/m/log/tracking/h5/record", { ...event })
      .catch((error: unknown) => console.warn("页面统计上报失败", error));
  }, [api, leafId, location.search]);
}

/** In WeChat, a return from the consent page (?code&state) completes the visitor login. */
function useWeChatReturn(env: AppEnv, api: BrowserApi) {
  useEffect(() => {
    if (!env.isWeixin) return;
    const params = new URLSearchParams(window.location.search);
    if (!params.has("code") || !params.has("state")) return;
    ensureWeChatVisitor(api, window.location, (url) =>
      window.history.replaceState(null, "", url),
    ).catch((error: unknown) => console.warn("微信登录失败", error));
  }, [env.isWeixin, api]);
}

/**
 * Sets what sharing a page shares: WeChat's share menu through the JS-SDK (loaded only inside
 * WeChat), or the app's share button over the bridge.
 */
export function useShare(input: { title: string; desc: string; imgUrl: string } | null) {
  const { env, bridge, api } = usePlatform();
  const title = input?.title;
  const desc = input?.desc;
  const imgUrl = input?.imgUrl;
  useEffect(() => {
    if (title === undefined || desc === undefined || imgUrl === undefined) return;
    const payload = sharePayload({ title, desc, imgUrl, link: window.location.href });
    if (env.isNativeApp) {
      bridge
        .call("shareData", payload)
        .catch((error: unknown) => console.warn("设置分享失败", error));
    } else if (env.isWeixin) {
      configureWeChatShare(api, payload, window.location.href, () =>
        import("weixin-js-sdk").then((m) => m.default as unknown as WxSdk),
      ).catch((error: unknown) => console.warn("微信分享配置失败", error));
    }
  }, [env.isNativeApp, env.isWeixin, bridge, api, title, desc, imgUrl]);
}

function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

export function PlatformProvider({ env, children }: { env: AppEnv; children: ReactNode }) {
  const bridge = useMemo(() => createNativeBridge(env), [env]);
  const api = useMemo(
    () => createBrowserApi({ env, bridge, hosts: { default: "", technology: "" } }),
    [env, bridge],
  );
  const online = useOnline();
  useNativeLogin(env, bridge);
  usePageTracking(api);
  useWeChatReturn(env, api);
  const value = useMemo(() => ({ env, bridge, api, online }), [env, bridge, api, online]);
  return (
    <PlatformContext.Provider value={value}>
      {!online && (
        <div className="tj-offline" role="status">
          网络已断开，恢复后会自动重新加载内容
        </div>
      )}
      {children}
    </PlatformContext.Provider>
  );
}
