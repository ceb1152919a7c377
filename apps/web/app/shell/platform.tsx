import type { AppEnv } from "@tongjian/domain/app-env";
import { pageViewEventIn, type TrackedPages } from "@tongjian/domain/tracking-event";
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { type BrowserApi, createBrowserApi } from "./browser-api.ts";
import { lazyNativeBridge } from "./lazy-native-bridge.ts";
import type { WeChatWebConfig } from "./load-context.ts";
import type { NativeBridge } from "./native-bridge.ts";
import "./platform.css";

/** The WeChat code runs only inside WeChat, so it is loaded there, after the page. */
export const wechatModule = () => import("./wechat.ts");
const SESSION_KEY = "tj:session";

interface Platform {
  env: AppEnv;
  bridge: NativeBridge;
  api: BrowserApi;
  online: boolean;
  wechat: WeChatWebConfig;
  /** Inside WeChat, once the JS-SDK is configured: the app to open with `wx-open-launch-app`. */
  openTag: { appId: string } | null;
}

// The address the page was opened with; WeChat on iOS signs against it (see signedPageUrl).
export const LANDING_URL = typeof window === "undefined" ? "" : window.location.href;

/** What only WeChat needs on every page (the login return, the open tag), loaded only there. */
const WeChatPlatform = lazy(() => import("./wechat-platform.tsx"));

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
 * Spec §4 login flow, step 1, and §6: inside our app the user comes from the app; its token
 * becomes this webview's session (native-login.ts, loaded only inside the app).
 */
function useNativeLogin(env: AppEnv, bridge: NativeBridge) {
  const root = useRouteLoaderData("root") as
    | { signedIn?: { appUserId: string | null } }
    | undefined;
  const signedInAs = root?.signedIn?.appUserId ?? null;
  useEffect(() => {
    if (!env.isNativeApp) return;
    import("./native-login.ts")
      .then((m) => m.signInFromApp(bridge, signedInAs))
      .catch((error: unknown) => console.warn("获取App用户信息失败", error));
  }, [env.isNativeApp, bridge, signedInAs]);
}

/**
 * What a tracked route module exports as its `handle`: its rows of the spec's page-tracking
 * table (from @tongjian/domain/tracking-pages), so no page loads the whole table.
 */
export interface PageViewHandle {
  pageViews?: TrackedPages;
}

/** Spec §2 page-tracking table: one view event per tracked page visit. */
function usePageTracking(api: BrowserApi) {
  const location = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const leafId = leaf?.id;
  const pageViews = (leaf?.handle as PageViewHandle | undefined)?.pageViews;
  useEffect(() => {
    if (!pageViews) return;
    const event = pageViewEventIn(
      pageViews,
      leafId,
      new URLSearchParams(location.search),
      sessionId(),
    );
    if (event)
      api
        .post("/api/m/log/tracking/h5/record", { ...event })
        .catch((error: unknown) => console.warn("页面统计上报失败", error));
  }, [api, leafId, pageViews, location.search]);
}

/**
 * Sets what sharing a page shares: WeChat's share menu through the JS-SDK (loaded only inside
 * WeChat), or the app's share button over the bridge.
 */
export function useShare(
  input: { title: string; desc: string; imgUrl: string; link?: string | undefined } | null,
) {
  const { env, bridge, api, wechat } = usePlatform();
  const link = input?.link;
  const title = input?.title;
  const desc = input?.desc;
  const imgUrl = input?.imgUrl;
  useEffect(() => {
    if (title === undefined || desc === undefined || imgUrl === undefined) return;
    if (!env.isNativeApp && !env.isWeixin) return;
    // Only the app and WeChat share a page: the payload's rules load with the first share.
    const payload = import("./share-payload.ts").then(({ sharePayload }) =>
      sharePayload({
        title,
        desc,
        imgUrl,
        link: link ? new URL(link, window.location.href).href : window.location.href,
      }),
    );
    if (env.isNativeApp) {
      payload
        .then((p) => bridge.call("shareData", p))
        .catch((error: unknown) => console.warn("设置分享失败", error));
    } else {
      Promise.all([payload, wechatModule()])
        .then(([p, { configureWeChatShare, loadWeChatSdk, signedPageUrl }]) => {
          const url = signedPageUrl(env.isIos, window.location.href, LANDING_URL);
          return configureWeChatShare(api, p, url, () => loadWeChatSdk(wechat.jsSdkUrl));
        })
        .catch((error: unknown) => console.warn("微信分享配置失败", error));
    }
  }, [
    env.isNativeApp,
    env.isWeixin,
    env.isIos,
    bridge,
    api,
    wechat.jsSdkUrl,
    title,
    desc,
    imgUrl,
    link,
  ]);
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

/**
 * Spec §4 "Offline and online status is tracked". With the service worker in control the pages
 * the reader opened stay readable (decision 16), and the notice says so.
 */
export function offlineNotice(savedPagesReadable: boolean): string {
  return savedPagesReadable
    ? "网络已断开，正在显示已保存的内容"
    : "网络已断开，恢复后会自动重新加载内容";
}

const NO_WECHAT: WeChatWebConfig = { openAppId: null, jsSdkUrl: null, miniUsername: null };

export function PlatformProvider({
  env,
  wechat = NO_WECHAT,
  children,
}: {
  env: AppEnv;
  wechat?: WeChatWebConfig | undefined;
  children: ReactNode;
}) {
  const bridge = useMemo(() => lazyNativeBridge(env), [env]);
  const api = useMemo(
    () => createBrowserApi({ env, bridge, hosts: { default: "", technology: "" } }),
    [env, bridge],
  );
  const online = useOnline();
  useNativeLogin(env, bridge);
  usePageTracking(api);
  const [openTagAppId, setOpenTagAppId] = useState<string | null>(null);
  const value = useMemo(
    () => ({
      env,
      bridge,
      api,
      online,
      wechat,
      openTag: openTagAppId ? { appId: openTagAppId } : null,
    }),
    [env, bridge, api, online, wechat, openTagAppId],
  );
  return (
    <PlatformContext.Provider value={value}>
      {!online && (
        <div className="tj-offline" role="status">
          {offlineNotice(Boolean(navigator.serviceWorker?.controller))}
        </div>
      )}
      {env.isWeixin && (
        <Suspense fallback={null}>
          <WeChatPlatform env={env} api={api} wechat={wechat} onOpenTag={setOpenTagAppId} />
        </Suspense>
      )}
      {children}
    </PlatformContext.Provider>
  );
}
