/**
 * A stand-in for the Tongjian app around the page: injected before any page script runs, it
 * implements the bridge protocol of docs/native-bridge.md (iOS message handler or Android
 * interface) and records every message in `window.__nativeCalls` for tests to read.
 *
 * The app's side of login (decision 18): `user.bearer` is the app's token (make one with
 * `appToken()` below, signed with the server's APP_TOKEN_SECRET), and `networkProxy` calls go out
 * as a real app's would: with `Authorization: Bearer <token>` and none of the webview's cookies.
 *
 * The app's side of the theme (docs/native-bridge.md "Theme"): the theme at start is the
 * `TongjianTheme/…` token of the context's user agent (UA.appIos(v, theme)); a change while the
 * page is open is `window.__fakeNativeHost.setTheme("dark")`, which calls the page as the app
 * does, by evaluating `window.__tongjianSetTheme(theme)`.
 *
 * The app's WeChat pay (docs/native-bridge.md "Pay"): `pay` with `{ channel: "wechat", params }`
 * hands the signed APP pay parameters to the WeChat simulator named by `wechatPay.simulatorUrl`
 * (a JSONP call to /sim/pay/app, which checks the sign and pays, cancels or fails the order as
 * `wechatPay.choice` or, later, `window.__fakeNativeHost.payChoice` says), then answers as the app
 * does with WeChat's PayResp: `{ errCode: 0 }` paid, `-2` cancelled, `-1` failed (with `errStr`).
 *
 * The app's local notifications (docs/native-bridge.md "Notices"): each `notify` is shown once
 * per id, as the app does, and kept in `window.__nativeNotifications` ({ id, title, body, url }).
 */
export interface FakeNativeOptions {
  platform: "ios" | "android";
  user?: { username: string; avatar: string; userId: string; phone: string; bearer: string } | null;
  font?: number;
  /** Answers getFont with this text as it is (e.g. something unreadable) instead of `font`. */
  fontReply?: string;
  /** The WeChat simulator that the `pay` bridge call pays through, and the payer's choice. */
  wechatPay?: { simulatorUrl: string; choice?: "ok" | "cancel" | "fail" };
}

export function fakeNativeHostScript(options: FakeNativeOptions): string {
  return `(() => {
    const options = ${JSON.stringify(options)};
    const calls = [];
    window.__nativeCalls = calls;
    const notifications = [];
    window.__nativeNotifications = notifications;
    window.__fakeNativeHost = {
      setTheme: (theme) => window.__tongjianSetTheme && window.__tongjianSetTheme(theme),
      payChoice: (options.wechatPay && options.wechatPay.choice) || "ok",
    };
    let paySeq = 0;
    const wechatPay = (p) => new Promise((resolve) => {
      if (!p || p.channel !== "wechat" || !options.wechatPay) {
        resolve({ errCode: -1, errStr: "不支持的支付方式" });
        return;
      }
      const name = "__fakeNativePay" + ++paySeq;
      window[name] = (res) => { delete window[name]; resolve(res); };
      const params = { ...(p.params || {}), choice: window.__fakeNativeHost.payChoice };
      const query = Object.keys(params).map((k) => encodeURIComponent(k) + "=" + encodeURIComponent(params[k])).join("&");
      const script = document.createElement("script");
      script.src = options.wechatPay.simulatorUrl + "/sim/pay/app?" + query + "&callback=" + name;
      script.onerror = () => { delete window[name]; resolve({ errCode: -1, errStr: "网络错误" }); };
      document.head.appendChild(script);
    });
    const answers = {
      getUserInfo: () => options.user ?? null,
      getDeviceInfo: () => ({ userID: options.user ? options.user.userId : "", deviceID: "fake-device", networkEnv: "wifi" }),
      getStatusBarHeight: () => 20,
      getFont: () => options.fontReply ?? JSON.stringify({ size: options.font ?? 1 }),
      pickLocalImage: () => ["data:image/png;base64,iVBORw0KGgo="],
      pay: wechatPay,
      networkProxy: (p) => fetch(p.url, {
        method: p.type,
        credentials: "omit",
        headers: {
          "content-type": "application/json",
          ...(options.user && options.user.bearer ? { authorization: "Bearer " + options.user.bearer } : {}),
        },
        body: p.type === "POST" ? JSON.stringify(p.parameters) : undefined,
      }).then((r) => r.json()),
    };
    const receive = (message) => {
      calls.push(message);
      if (message.method === "notify" && message.params && !notifications.some((n) => n.id === message.params.id))
        notifications.push(message.params);
      const answer = answers[message.method];
      if (!answer) return;
      Promise.resolve(answer(message.params)).then((data) => {
        setTimeout(() => window.__tongjianBridgeReply && window.__tongjianBridgeReply(message.id, { ok: true, data }), 5);
      });
    };
    if (options.platform === "ios") {
      window.webkit = { messageHandlers: { tongjian: { postMessage: receive } } };
    } else {
      window.TongjianBridge = { postMessage: (text) => receive(JSON.parse(text)) };
    }
  })();`;
}

/** The server's APP_TOKEN_SECRET in browser tests that start their own server. */
export const TEST_APP_TOKEN_SECRET = "e2e-app-token-secret-for-the-fake-native-host";

/** A token as the app's backend issues it (decision 18), for `user.bearer`. */
export async function appToken(user: { userId: string; phone: string; username: string }) {
  const { issueAppToken } = await import("@tongjian/services/accounts/app-token");
  return issueAppToken(TEST_APP_TOKEN_SECRET, {
    appUserId: user.userId,
    phone: user.phone || null,
    name: user.username,
  });
}
