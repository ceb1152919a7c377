import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../../../../tools/wechat-simulator/wechat-simulator.ts";
import { buildApp } from "../../build-app.ts";
import { createHttpWeChatProvider } from "../../providers/wechat/http-wechat-provider.ts";
import type { WeChatOAuthScope } from "../../providers/wechat/wechat-provider.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";

const LOGIN = "/api/m/social/auth/v1/n/visitor/login";
const USER_INFO = "/api/m/social/auth/v1/n/user/info";
const LOGIN_INFO = "/api/auth/v1/n/weixin/user/loginInfo";
const PAGE = "https://h5.example.cn/ah/article/0123456789abcdef01234567?from=share";

describe.each(databaseTargets())("visitor login through WeChat on $name", (target) => {
  let sim: WeChatSimulator;
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    sim = await startWeChatSimulator();
    t = await createTestApp(target, sim.env);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  beforeEach(() => sim.resetCalls());

  /**
   * What the reader's browser does: ask the site for WeChat's consent page (which binds a state
   * to the browser by cookie), go there and follow it back. Answers the code and the state.
   */
  async function consentWith(
    browser: TestBrowser,
    scope: WeChatOAuthScope = "snsapi_userinfo",
    user = "default",
  ) {
    const silent = scope === "snsapi_base" ? "1" : "0";
    const res = await browser.get(
      `/api/m/social/auth/v1/n/weixin/authorize?redirect=${encodeURIComponent(PAGE)}&silent=${silent}`,
    );
    const authorize = new URL(res.json().data.url);
    expect(authorize.hash).toBe("#wechat_redirect");
    authorize.searchParams.set("sim_user", user);
    const back = await fetch(authorize, { redirect: "manual" });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(
      "https://h5.example.cn/ah/article/0123456789abcdef01234567",
    );
    const state = location.searchParams.get("state") ?? "";
    expect(state).toBe(res.json().data.state);
    return { code: location.searchParams.get("code") ?? "", state };
  }

  /** One browser's whole round trip: consent, then the login with its code and state. */
  let reader: TestBrowser;
  async function consent(scope: WeChatOAuthScope = "snsapi_userinfo", user = "default") {
    reader = testBrowser(t.app);
    return (await consentWith(reader, scope, user)).code;
  }
  const stateOf = (browser: TestBrowser) => browser.jar.get("tj_wxstate") ?? "no-state";
  const login = (code: string, cookie?: string) => {
    if (cookie) {
      const [name = "", value = ""] = cookie.split("=");
      reader.jar.set(name, value);
    }
    return reader.get(`${LOGIN}?code=${encodeURIComponent(code)}&state=${stateOf(reader)}`);
  };
  const get = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const sessionCookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = res.headers["set-cookie"];
    const list = Array.isArray(raw) ? raw : [String(raw ?? "")];
    return list.find((c) => c.startsWith("tj_sid="))?.split(";")[0] ?? "";
  };

  it("gives the page WeChat's consent address for a redirect back to this site", async () => {
    const res = await get(
      `/api/m/social/auth/v1/n/weixin/authorize?redirect=${encodeURIComponent(`${PAGE}#top`)}&silent=1`,
    );
    expect(res.statusCode).toBe(200);
    const { url, state } = res.json().data;
    const consentUrl = new URL(url);
    expect(consentUrl.searchParams.get("redirect_uri")).toBe(PAGE);
    expect(consentUrl.searchParams.get("scope")).toBe("snsapi_base");
    expect(consentUrl.searchParams.get("state")).toBe(state);
    const bad = await get("/api/m/social/auth/v1/n/weixin/authorize?redirect=javascript:alert(1)");
    expect(bad.statusCode).toBe(400);
  });

  it("signs a visitor in with a WeChat code and knows them by the session cookie", async () => {
    const res = await login(await consent());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      nickname: "模拟读者",
      wxNickname: "模拟读者",
      wxWebOpenId: sim.openIdOf("default"),
      phone: null,
    });
    expect(body.data.userId).toMatch(/^[0-9a-f]{24}$/);
    expect(body.data.visitorId).toBe(body.data.userId);
    expect(body.data.wxUnionId).toMatch(/^o[\w-]{27}$/);
    expect(body.data.avatar).toBe(`${sim.url}/sim/avatar/default.svg`);
    expect(body.data.wxAvatar).toBe(body.data.avatar);

    const setCookie = sessionCookieOf(res) && String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/tj_sid=[\w-]{43}; /);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(setCookie).not.toContain("Secure");
    // No cache (the service worker's included) keeps a response that starts a session.
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(sim.calls).toMatchObject({ oauthAccessToken: 1, userInfo: 1 });

    const cookie = sessionCookieOf(res);
    const info = await get(USER_INFO, cookie);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ code: 200, data: body.data });

    const loginInfo = (await get(LOGIN_INFO, `other=1; ${cookie}`)).json();
    expect(loginInfo.data).toMatchObject({
      visitorId: body.data.userId,
      weixinInfo: {
        nickname: "模拟读者",
        headimgurl: body.data.avatar,
        unionid: body.data.wxUnionId,
        openid: sim.openIdOf("default"),
      },
      userInfo: { userProfile: null },
    });
  });

  it("answers code 600 未登录 without a valid session", async () => {
    for (const cookie of [undefined, "tj_sid=abc", `tj_sid=${"0".repeat(43)}`]) {
      for (const url of [USER_INFO, LOGIN_INFO]) {
        const res = await get(url, cookie);
        expect(res.statusCode, `${url} ${cookie}`).toBe(401);
        expect(res.json()).toEqual({ code: 600, message: "未登录", data: null });
      }
    }
  });

  it("keeps one visitor per WeChat reader and ends the previous session on a new login", async () => {
    const first = await login(await consent());
    const firstCookie = sessionCookieOf(first);
    const code = await consentWith(reader);
    const second = await reader.get(`${LOGIN}?code=${code.code}&state=${code.state}`);
    expect(second.json().data.userId).toBe(first.json().data.userId);
    expect(sessionCookieOf(second)).not.toBe(firstCookie);
    expect((await get(USER_INFO, firstCookie)).json().code).toBe(600);
    expect((await get(USER_INFO, sessionCookieOf(second))).json().code).toBe(200);
  });

  it("signs in a silent (snsapi_base) consent with the openid only", async () => {
    const res = await login(await consent("snsapi_base", "alt"));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      nickname: "微信用户",
      wxNickname: null,
      avatar: null,
      wxWebOpenId: sim.openIdOf("alt"),
    });
    expect(sim.calls.userInfo).toBe(0);
    // A later full consent fills in the name, and a silent one after it keeps it.
    await login(await consent("snsapi_userinfo", "alt"));
    const again = (await login(await consent("snsapi_base", "alt"))).json().data;
    expect(again).toMatchObject({ nickname: "司马小光", userId: res.json().data.userId });
  });

  it("rejects a reused, unknown or malformed code with a 400 in Chinese", async () => {
    const code = await consent();
    const state = stateOf(reader);
    expect((await login(code)).statusCode).toBe(200);
    reader.jar.set("tj_wxstate", state);
    const reused = await login(code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: 400,
      message: "微信授权已失效或已使用，请重新进入页面",
      data: null,
    });
    expect(sessionCookieOf(reused)).toBe("");
    expect((await login("0".repeat(32))).statusCode).toBe(400);

    const cases: [string, RegExp][] = [
      [LOGIN, /缺少微信授权 code/],
      [`${LOGIN}?code=`, /缺少微信授权 code/],
      [`${LOGIN}?code=${encodeURIComponent("<script>")}`, /微信授权 code 无效/],
      [`${LOGIN}?code=${"a".repeat(200)}`, /微信授权 code 无效/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(message);
    }
  });

  it("answers 502 when WeChat refuses the site, 503 when it is not configured", async () => {
    const wrongSecret = await buildApp({
      ...t.deps,
      wechat: createHttpWeChatProvider({
        config: { ...t.deps.config.wechat, appSecret: "0".repeat(32) },
        store: t.deps.store,
      }),
    });
    const unconfigured = await buildApp({
      ...t.deps,
      wechat: createHttpWeChatProvider({
        config: { ...t.deps.config.wechat, appId: undefined },
        store: t.deps.store,
      }),
    });
    try {
      const code = await consent();
      const withState = { cookie: reader.cookieHeader() };
      const url = `${LOGIN}?code=${code}&state=${stateOf(reader)}`;
      const failed = await wrongSecret.inject({ url, headers: withState });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ code: 502, message: "微信登录失败，请重试", data: null });
      const off = await unconfigured.inject({ url, headers: withState });
      expect(off.statusCode).toBe(503);
      expect(off.json().message).toBe("微信登录暂未配置");
      // The code was not used up by the failures, so the reader can still sign in.
      expect((await login(code)).statusCode).toBe(200);
    } finally {
      await wrongSecret.close();
      await unconfigured.close();
    }
  });

  it("over HTTPS, names the cookies __Host- and marks them Secure", async () => {
    const https = await buildApp({
      ...t.deps,
      config: { ...t.deps.config, auth: { ...t.deps.config.auth, secureCookies: true } },
    });
    try {
      const browser = testBrowser(https);
      const { code, state } = await consentWith(browser);
      expect([...browser.jar.keys()]).toEqual(["__Host-tj_wxstate"]);
      const res = await browser.get(`${LOGIN}?code=${code}&state=${state}`);
      expect(res.statusCode).toBe(200);
      const cookies = res.headers["set-cookie"] as string[];
      expect(cookies.find((c) => c.startsWith("__Host-tj_sid="))).toMatch(
        /^__Host-tj_sid=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/,
      );
      // A plain-HTTP cookie of the old name is not a session here.
      const plain = await https.inject({
        url: USER_INFO,
        headers: { cookie: `tj_sid=${browser.jar.get("__Host-tj_sid")}` },
      });
      expect(plain.json().code).toBe(600);
      expect((await browser.get(USER_INFO)).json().code).toBe(200);
    } finally {
      await https.close();
    }
  });

  it("refuses a code that comes back with another browser's state, or none", async () => {
    // Login CSRF: the attacker consents as themself and makes the victim's browser return with
    // the attacker's code and state. The victim's browser holds another state, or none.
    const attack = await consentWith(testBrowser(t.app), "snsapi_userinfo", "alt");
    const victim = testBrowser(t.app);
    await consentWith(victim);
    const forged = await victim.get(`${LOGIN}?code=${attack.code}&state=${attack.state}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("微信授权已失效，请重新进入页面");
    expect(sessionCookieOf(forged)).toBe("");
    const noCookie = await t.app.inject({
      url: `${LOGIN}?code=${attack.code}&state=${attack.state}`,
    });
    expect(noCookie.statusCode).toBe(400);
    expect(sessionCookieOf(noCookie)).toBe("");
  });

  it("refuses a used code itself, without asking WeChat again", async () => {
    const { code, state } = await consentWith(testBrowser(t.app));
    const browser = testBrowser(t.app);
    browser.jar.set("tj_wxstate", state);
    expect((await browser.get(`${LOGIN}?code=${code}&state=${state}`)).statusCode).toBe(200);
    sim.resetCalls();
    browser.jar.set("tj_wxstate", state);
    const replay = await browser.get(`${LOGIN}?code=${code}&state=${state}`);
    expect(replay.statusCode).toBe(400);
    expect(sim.calls.oauthAccessToken).toBe(0);
  });

  it("refuses a code older than five minutes (WeChat's expiry)", async () => {
    const { code, state } = await consentWith(reader);
    sim.advanceClock(5 * 60 + 1);
    try {
      const late = await reader.get(`${LOGIN}?code=${code}&state=${state}`);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe("微信授权已失效或已使用，请重新进入页面");
    } finally {
      sim.advanceClock(-(5 * 60 + 1));
    }
  });
});
