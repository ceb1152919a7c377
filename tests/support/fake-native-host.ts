/**
 * A stand-in for the Tongjian app around the page: injected before any page script runs, it
 * implements the bridge protocol of docs/native-bridge.md (iOS message handler or Android
 * interface) and records every message in `window.__nativeCalls` for tests to read.
 *
 * The app's side of the theme (docs/native-bridge.md "Theme"): the theme at start is the
 * `TongjianTheme/…` token of the context's user agent (UA.appIos(v, theme)); a change while the
 * page is open is `window.__fakeNativeHost.setTheme("dark")`, which calls the page as the app
 * does, by evaluating `window.__tongjianSetTheme(theme)`.
 */
export interface FakeNativeOptions {
  platform: "ios" | "android";
  user?: { username: string; avatar: string; userId: string; phone: string; bearer: string } | null;
  font?: number;
  /** Answers getFont with this text as it is (e.g. something unreadable) instead of `font`. */
  fontReply?: string;
}

export function fakeNativeHostScript(options: FakeNativeOptions): string {
  return `(() => {
    const options = ${JSON.stringify(options)};
    const calls = [];
    window.__nativeCalls = calls;
    window.__fakeNativeHost = {
      setTheme: (theme) => window.__tongjianSetTheme && window.__tongjianSetTheme(theme),
    };
    const answers = {
      getUserInfo: () => options.user ?? null,
      getDeviceInfo: () => ({ userID: options.user ? options.user.userId : "", deviceID: "fake-device", networkEnv: "wifi" }),
      getStatusBarHeight: () => 20,
      getFont: () => options.fontReply ?? JSON.stringify({ size: options.font ?? 1 }),
      pickLocalImage: () => ["data:image/png;base64,iVBORw0KGgo="],
      networkProxy: (p) => fetch(p.url, { method: p.type, headers: { "content-type": "application/json" }, body: p.type === "POST" ? JSON.stringify(p.parameters) : undefined }).then((r) => r.json()),
    };
    const receive = (message) => {
      calls.push(message);
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
