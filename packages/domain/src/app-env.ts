/**
 * Where the page runs, read from the user agent (spec §4 "Environment flags", §6 roles and
 * native proxy, §7 terminal header).
 *
 * Our native app's webview appends `TongjianApp/<version>` to the system user agent, e.g.
 *   Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) … Mobile/15E148 TongjianApp/4.11.2
 * The platform comes from the rest of the user agent (iPhone/iPad/iPod or Android).
 *
 * In-app browsers of other apps, as their user agents mark them:
 * - WeChat: `MicroMessenger/` (also WeChat for Windows/Mac and mini-program webviews, which
 *   add `miniProgram`).
 * - QQ: ` QQ/<version>` (with `V1_IPH_SQ_` / `V1_AND_SQ_`). The standalone QQ Browser sends
 *   `MQQBrowser/` without ` QQ/`, and WeChat's Android (X5) webview also sends `MQQBrowser/`;
 *   neither is the QQ app.
 * - Weibo: `Weibo (…__weibo__…)`.
 * These three cannot open other apps by URL scheme, so the page shows a mask layer asking the
 * reader to open it in the system browser (spec §4).
 */
import {
  APP_VERSION_THRESHOLDS,
  type AppVersionFlags,
  appVersionFlags,
  isVersionAtLeast,
  NATIVE_PROXY_MIN_VERSION_ANDROID,
  NATIVE_PROXY_MIN_VERSION_IOS,
} from "./app-version.ts";

export const NATIVE_APP_UA_TOKEN = "TongjianApp";
/** Spec §7: sent on API requests from outside the native app. */
export const TERMINAL_ID_HEADER = "X-APP-TERMINAL-ID";

export type DevicePlatform = "ios" | "android" | "other";
export type BrowserEnvironment = "native" | "weixin" | "qq" | "weibo" | "browser";

export interface AppEnv {
  platform: DevicePlatform;
  isIos: boolean;
  isAndroid: boolean;
  isMobile: boolean;
  isPc: boolean;
  /** Inside our own app's webview. */
  isNativeApp: boolean;
  isIosApp: boolean;
  isAndroidApp: boolean;
  /** Our app's version, null outside it. */
  appVersion: string | null;
  isWeixin: boolean;
  isWeixinMiniProgram: boolean;
  isQQ: boolean;
  isWeibo: boolean;
  environment: BrowserEnvironment;
  /** Spec §4: the mask layer for WeChat, Weibo and QQ in-app browsers. */
  showMaskLayer: boolean;
  /** Spec §4 version flags: `atLeast["4.11.1"]`. All false outside the app. */
  atLeast: AppVersionFlags;
}

export interface AppEnvOptions {
  /**
   * `navigator.maxTouchPoints` where known. iPadOS Safari sends a Mac user agent; a "Mac" with a
   * touch screen is an iPad. Omit on the server, where an iPad then reads as a PC.
   */
  maxTouchPoints?: number;
}

const NATIVE_APP_PATTERN = /\bTongjianApp\/(\d+(?:\.\d+)*)/;
const IOS_PATTERN = /\b(?:iPhone|iPad|iPod)\b/;
const MAC_PATTERN = /\bMacintosh\b/;
const ANDROID_PATTERN = /\bAndroid\b/i;
const MOBILE_PATTERN = /Mobi|iPhone|iPad|iPod|Android|OpenHarmony|Windows Phone/i;
const WEIXIN_PATTERN = /MicroMessenger\//i;
const MINI_PROGRAM_PATTERN = /miniProgram/i;
// "QQ/" must start a token: "MQQBrowser/" (QQ Browser, WeChat's X5 core) is not the QQ app.
const QQ_PATTERN = /(?:^|[\s;(])QQ\/\d/;
const WEIBO_PATTERN = /\bWeibo\b|__weibo__/i;

export function parseAppEnv(
  userAgent: string | null | undefined,
  options: AppEnvOptions = {},
): AppEnv {
  const ua = userAgent ?? "";
  const appVersion = NATIVE_APP_PATTERN.exec(ua)?.[1] ?? null;
  const isNativeApp = appVersion !== null;

  const looksLikeMac = MAC_PATTERN.test(ua);
  const touchMac = looksLikeMac && (options.maxTouchPoints ?? 0) > 1;
  // Our app ships only for iOS and Android, so a "Mac" webview with our token is an iPad.
  const isIos = IOS_PATTERN.test(ua) || touchMac || (isNativeApp && looksLikeMac);
  const isAndroid = !isIos && ANDROID_PATTERN.test(ua);
  const platform: DevicePlatform = isIos ? "ios" : isAndroid ? "android" : "other";
  const isMobile = isIos || isAndroid || MOBILE_PATTERN.test(ua);

  const isWeixin = !isNativeApp && WEIXIN_PATTERN.test(ua);
  const isQQ = !isNativeApp && !isWeixin && QQ_PATTERN.test(ua);
  const isWeibo = !isNativeApp && !isWeixin && !isQQ && WEIBO_PATTERN.test(ua);
  const environment: BrowserEnvironment = isNativeApp
    ? "native"
    : isWeixin
      ? "weixin"
      : isQQ
        ? "qq"
        : isWeibo
          ? "weibo"
          : "browser";

  return {
    platform,
    isIos,
    isAndroid,
    isMobile,
    isPc: !isMobile,
    isNativeApp,
    isIosApp: isNativeApp && isIos,
    isAndroidApp: isNativeApp && isAndroid,
    appVersion,
    isWeixin,
    isWeixinMiniProgram: isWeixin && MINI_PROGRAM_PATTERN.test(ua),
    isQQ,
    isWeibo,
    environment,
    showMaskLayer: isWeixin || isQQ || isWeibo,
    atLeast: appVersionFlags(appVersion),
  };
}

/**
 * What `parseAppEnv` reads from an empty user agent: a plain browser, outside every app. The page
 * falls back to it where the request's environment is unknown (an error page whose root data
 * failed), on the server and in the browser alike, without the browser loading the parser.
 */
export const PLAIN_BROWSER_ENV: AppEnv = {
  platform: "other",
  isIos: false,
  isAndroid: false,
  isMobile: false,
  isPc: true,
  isNativeApp: false,
  isIosApp: false,
  isAndroidApp: false,
  appVersion: null,
  isWeixin: false,
  isWeixinMiniProgram: false,
  isQQ: false,
  isWeibo: false,
  environment: "browser",
  showMaskLayer: false,
  atLeast: Object.fromEntries(
    APP_VERSION_THRESHOLDS.map((threshold) => [threshold, false]),
  ) as AppVersionFlags,
};

/** Spec §6, §9: only iOS app 1.5.2+ and Android app 3.3.0+ can proxy requests natively. */
export function canUseNativeProxy(env: AppEnv): boolean {
  if (env.isIosApp) return isVersionAtLeast(env.appVersion, NATIVE_PROXY_MIN_VERSION_IOS);
  if (env.isAndroidApp) return isVersionAtLeast(env.appVersion, NATIVE_PROXY_MIN_VERSION_ANDROID);
  return false;
}

/** Spec §6: requests from inside the native app skip the terminal header. */
export function shouldSendTerminalHeader(env: AppEnv): boolean {
  return !env.isNativeApp;
}

export type TerminalPlatform = "IOS" | "ANDROID" | "PC";
export type TerminalEnvironment = "native" | "QQ" | "weixin" | "browser";
export type TerminalId = `${TerminalPlatform}_${TerminalEnvironment}`;

/**
 * Value of X-APP-TERMINAL-ID (spec §7): platform IOS, ANDROID or PC, then environment native,
 * QQ, weixin or browser, e.g. "IOS_weixin". The spec names only these; other platforms count
 * as PC and Weibo as browser.
 */
export function terminalId(env: AppEnv): TerminalId {
  const platform: TerminalPlatform = env.isIos ? "IOS" : env.isAndroid ? "ANDROID" : "PC";
  const environment: TerminalEnvironment = env.isNativeApp
    ? "native"
    : env.isQQ
      ? "QQ"
      : env.isWeixin
        ? "weixin"
        : "browser";
  return `${platform}_${environment}`;
}
