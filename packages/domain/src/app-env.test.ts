import { describe, expect, it } from "vitest";
import {
  canUseNativeProxy,
  PLAIN_BROWSER_ENV,
  parseAppEnv,
  shouldSendTerminalHeader,
  terminalId,
} from "./app-env.ts";

const UA = {
  iosSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ipadDesktopSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  desktopChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  wechatIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN",
  wechatAndroid:
    "Mozilla/5.0 (Linux; Android 13; V2183A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
  wechatAndroidX5:
    "Mozilla/5.0 (Linux; Android 9; MI 8 Build/PKQ1.180729.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/57.0.2987.132 MQQBrowser/6.2 TBS/044504 Mobile Safari/537.36 MMWEBID/4461 MicroMessenger/7.0.3.1400(0x27000334) Process/tools NetType/WIFI Language/zh_CN",
  wechatMiniProgram:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN miniProgram/wx1234567890abcdef",
  wechatWindows:
    "Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/9129 Flue",
  qqIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.28.635 V1_IPH_SQ_8.9.28_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 QQTheme/1000 Core/WKWebView Device/Apple(iPhone 13) NetType/WIFI QBWebViewType/1 WKType/1",
  qqAndroid:
    "Mozilla/5.0 (Linux; Android 12; M2102J2SC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046237 Mobile Safari/537.36 V1_AND_SQ_8.9.28_4272_YYB_D A_8092800 QQ/8.9.28.10155 NetType/WIFI WebP/0.3.0 AppId/537155547 Pixel/1080 StatusBarHeight/110",
  qqBrowser:
    "Mozilla/5.0 (Linux; U; Android 10; zh-cn; PCT-AL10 Build/HUAWEIPCT-AL10) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.141 MQQBrowser/12.1 Mobile Safari/537.36 COVC/045913",
  weiboIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone13,2__weibo__11.9.3__iphone__os15.0)",
  weiboAndroid:
    "Mozilla/5.0 (Linux; Android 11; M2012K11AC Build/RKQ1.200826.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/90.0.4430.210 Mobile Safari/537.36 Weibo (Xiaomi-M2012K11AC__weibo__11.9.1__android__android11)",
};

const iosApp = (version: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 TongjianApp/${version}`;
const androidApp = (version: string) =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 TongjianApp/${version}`;

describe("PLAIN_BROWSER_ENV", () => {
  it("is what an empty user agent reads as", () => {
    expect(PLAIN_BROWSER_ENV).toEqual(parseAppEnv(""));
    expect(PLAIN_BROWSER_ENV).toEqual(parseAppEnv(undefined));
  });
});

describe("parseAppEnv: plain browsers", () => {
  it("iOS Safari", () => {
    const env = parseAppEnv(UA.iosSafari);
    expect(env).toMatchObject({
      platform: "ios",
      isIos: true,
      isAndroid: false,
      isMobile: true,
      isPc: false,
      isNativeApp: false,
      appVersion: null,
      environment: "browser",
      showMaskLayer: false,
    });
    expect(terminalId(env)).toBe("IOS_browser");
  });

  it("Android Chrome", () => {
    const env = parseAppEnv(UA.androidChrome);
    expect(env).toMatchObject({ platform: "android", isAndroid: true, isMobile: true });
    expect(terminalId(env)).toBe("ANDROID_browser");
  });

  it("desktop Chrome", () => {
    const env = parseAppEnv(UA.desktopChrome);
    expect(env).toMatchObject({ platform: "other", isMobile: false, isPc: true });
    expect(terminalId(env)).toBe("PC_browser");
  });

  it("iPad Safari's Mac user agent is an iPad only when touch is known", () => {
    expect(parseAppEnv(UA.ipadDesktopSafari).isPc).toBe(true);
    const env = parseAppEnv(UA.ipadDesktopSafari, { maxTouchPoints: 5 });
    expect(env).toMatchObject({ isIos: true, isMobile: true, isPc: false });
    expect(parseAppEnv(UA.ipadDesktopSafari, { maxTouchPoints: 0 }).isIos).toBe(false);
  });

  it("an empty or missing user agent is a plain PC browser", () => {
    for (const ua of ["", null, undefined]) {
      const env = parseAppEnv(ua);
      expect(env).toMatchObject({ isPc: true, environment: "browser", isNativeApp: false });
      expect(terminalId(env)).toBe("PC_browser");
    }
  });
});

describe("parseAppEnv: in-app browsers of other apps", () => {
  it("WeChat on iOS and Android, with the mask layer", () => {
    const ios = parseAppEnv(UA.wechatIos);
    expect(ios).toMatchObject({ isWeixin: true, isQQ: false, showMaskLayer: true, isIos: true });
    expect(terminalId(ios)).toBe("IOS_weixin");
    const android = parseAppEnv(UA.wechatAndroid);
    expect(android).toMatchObject({ isWeixin: true, environment: "weixin", isAndroid: true });
    expect(terminalId(android)).toBe("ANDROID_weixin");
  });

  it("WeChat's X5 webview mentions MQQBrowser but is not QQ", () => {
    const env = parseAppEnv(UA.wechatAndroidX5);
    expect(env).toMatchObject({ isWeixin: true, isQQ: false });
    expect(terminalId(env)).toBe("ANDROID_weixin");
  });

  it("WeChat mini program and desktop WeChat", () => {
    expect(parseAppEnv(UA.wechatMiniProgram)).toMatchObject({
      isWeixin: true,
      isWeixinMiniProgram: true,
    });
    expect(parseAppEnv(UA.wechatIos).isWeixinMiniProgram).toBe(false);
    const desktop = parseAppEnv(UA.wechatWindows);
    expect(desktop).toMatchObject({ isWeixin: true, isPc: true });
    expect(terminalId(desktop)).toBe("PC_weixin");
  });

  it("QQ on iOS and Android", () => {
    const ios = parseAppEnv(UA.qqIos);
    expect(ios).toMatchObject({ isQQ: true, isWeixin: false, environment: "qq" });
    expect(ios.showMaskLayer).toBe(true);
    expect(terminalId(ios)).toBe("IOS_QQ");
    expect(terminalId(parseAppEnv(UA.qqAndroid))).toBe("ANDROID_QQ");
  });

  it("the standalone QQ Browser is a plain browser", () => {
    const env = parseAppEnv(UA.qqBrowser);
    expect(env).toMatchObject({ isQQ: false, environment: "browser", showMaskLayer: false });
    expect(terminalId(env)).toBe("ANDROID_browser");
  });

  it("Weibo on iOS and Android gets the mask layer and reports as browser", () => {
    for (const ua of [UA.weiboIos, UA.weiboAndroid]) {
      const env = parseAppEnv(ua);
      expect(env).toMatchObject({ isWeibo: true, environment: "weibo", showMaskLayer: true });
    }
    expect(terminalId(parseAppEnv(UA.weiboIos))).toBe("IOS_browser");
    expect(terminalId(parseAppEnv(UA.weiboAndroid))).toBe("ANDROID_browser");
  });
});

describe("parseAppEnv: our native app", () => {
  it("reads platform and version from the webview", () => {
    const ios = parseAppEnv(iosApp("4.11.2"));
    expect(ios).toMatchObject({
      isNativeApp: true,
      isIosApp: true,
      isAndroidApp: false,
      appVersion: "4.11.2",
      environment: "native",
      showMaskLayer: false,
    });
    expect(terminalId(ios)).toBe("IOS_native");
    const android = parseAppEnv(androidApp("3.6.0"));
    expect(android).toMatchObject({ isAndroidApp: true, isIosApp: false, appVersion: "3.6.0" });
  });

  it("sets a flag for each threshold the version reaches", () => {
    const { atLeast } = parseAppEnv(iosApp("4.11.1"));
    expect(atLeast["4.11.1"]).toBe(true);
    expect(atLeast["4.11.2"]).toBe(false);
    expect(atLeast["1.4.7"]).toBe(true);
    expect(parseAppEnv(iosApp("4.19.0")).atLeast["4.19.0"]).toBe(true);
    expect(parseAppEnv(iosApp("4.18.9")).atLeast["4.19.0"]).toBe(false);
  });

  it("has no version flags outside the app", () => {
    const { atLeast } = parseAppEnv(UA.wechatIos);
    expect(Object.values(atLeast).some(Boolean)).toBe(false);
  });

  it("an iPad app webview with a Mac user agent is iOS", () => {
    const ipadApp =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) TongjianApp/4.2.0";
    expect(parseAppEnv(ipadApp)).toMatchObject({ isIosApp: true, isMobile: true });
  });

  it("a token without a version is not our app", () => {
    expect(parseAppEnv(`${UA.iosSafari} TongjianApp/`).isNativeApp).toBe(false);
    expect(parseAppEnv(`${UA.iosSafari} XTongjianApp/4.0.0`).isNativeApp).toBe(false);
  });
});

describe("canUseNativeProxy", () => {
  it("needs iOS app 1.5.2 or later", () => {
    expect(canUseNativeProxy(parseAppEnv(iosApp("1.5.1")))).toBe(false);
    expect(canUseNativeProxy(parseAppEnv(iosApp("1.5.2")))).toBe(true);
    expect(canUseNativeProxy(parseAppEnv(iosApp("1.5.10")))).toBe(true);
    expect(canUseNativeProxy(parseAppEnv(iosApp("4.19.0")))).toBe(true);
  });

  it("needs Android app 3.3.0 or later", () => {
    expect(canUseNativeProxy(parseAppEnv(androidApp("1.5.2")))).toBe(false);
    expect(canUseNativeProxy(parseAppEnv(androidApp("3.2.9")))).toBe(false);
    expect(canUseNativeProxy(parseAppEnv(androidApp("3.3.0")))).toBe(true);
    expect(canUseNativeProxy(parseAppEnv(androidApp("4.0.0")))).toBe(true);
  });

  it("is never available outside the app", () => {
    for (const ua of Object.values(UA)) expect(canUseNativeProxy(parseAppEnv(ua))).toBe(false);
  });
});

describe("shouldSendTerminalHeader", () => {
  it("is false only inside the native app", () => {
    expect(shouldSendTerminalHeader(parseAppEnv(iosApp("4.0.0")))).toBe(false);
    expect(shouldSendTerminalHeader(parseAppEnv(androidApp("3.3.0")))).toBe(false);
    for (const ua of Object.values(UA))
      expect(shouldSendTerminalHeader(parseAppEnv(ua))).toBe(true);
  });
});
