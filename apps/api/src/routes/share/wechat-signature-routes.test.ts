import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../../../../tools/wechat-simulator/wechat-simulator.ts";
import { buildApp } from "../../build-app.ts";
import { createHttpWeChatProvider } from "../../providers/wechat/http-wechat-provider.ts";
import { signJsapiUrl } from "../../providers/wechat/jsapi-signature.ts";
import type { WeChatProvider } from "../../providers/wechat/wechat-provider.ts";
import { createTestApp } from "../../test-app.ts";

const SIGN_PATH = "/api/auth/w1/n/weixin/vipcn";

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

describe("signJsapiUrl", () => {
  it("gives WeChat's documented signature for its documented example", () => {
    const signed = signJsapiUrl({
      appId: "wx-example",
      ticket:
        "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
      nonceStr: "Wm3WZYTPz0wzccnW",
      timestamp: 1414587457,
      url: "http://mp.weixin.qq.com?params=value",
    });
    expect(signed).toEqual({
      appId: "wx-example",
      timestamp: 1414587457,
      noncestr: "Wm3WZYTPz0wzccnW",
      signature: "0f9de62fce790f9a083d5c99e95740ceb90c27ed",
    });
  });
});

describe.each(databaseTargets())("WeChat share signature on $name", (target) => {
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
  beforeEach(async () => {
    // A Redis store outlives test runs; start every case with no cached token or ticket.
    await t.deps.store.deletePrefix("wechat:");
    sim.resetCalls();
  });

  const sign = (payload: unknown, app = t.app) =>
    app.inject({
      method: "POST",
      url: SIGN_PATH,
      headers: { "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  /** What the page's signature must be, given the ticket WeChat holds for the app. */
  async function expectedSignature(data: { noncestr: string; timestamp: number }, url: string) {
    const ticket = await t.deps.wechat.jsapiTicket();
    return sha1(
      `jsapi_ticket=${ticket}&noncestr=${data.noncestr}&timestamp=${data.timestamp}&url=${url}`,
    );
  }

  it("answers appId, timestamp, noncestr and a signature WeChat will accept", async () => {
    const url = "https://h5.example.cn/ah/article/0123456789abcdef01234567?from=timeline";
    const res = await sign({ url, language: "cn" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(["appId", "noncestr", "signature", "timestamp"]);
    expect(body.data.appId).toBe(sim.appId);
    expect(body.data.noncestr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(Math.abs(body.data.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(body.data.signature).toBe(await expectedSignature(body.data, url));
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("fetches the access_token and ticket once and reuses them", async () => {
    await sign({ url: "https://h5.example.cn/a" });
    await sign({ url: "https://h5.example.cn/b" });
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => sign({ url: `https://h5.example.cn/c${i}` })),
    );
    expect(sim.calls.token).toBe(1);
    expect(sim.calls.ticket).toBe(1);
  });

  it("shares one ticket between processes through the store", async () => {
    const first = (await sign({ url: "https://h5.example.cn/" })).json().data;
    // A second server process: its own provider, the same store.
    const other = createHttpWeChatProvider({ config: t.deps.config.wechat, store: t.deps.store });
    expect(await other.jsapiTicket()).toBe(await t.deps.wechat.jsapiTicket());
    expect(first.signature).toBe(await expectedSignature(first, "https://h5.example.cn/"));
    expect(sim.calls.token).toBe(1);
    expect(sim.calls.ticket).toBe(1);
  });

  it("concurrent first requests start one refresh", async () => {
    const fresh = createHttpWeChatProvider({ config: t.deps.config.wechat, store: t.deps.store });
    const tickets = await Promise.all(Array.from({ length: 8 }, () => fresh.jsapiTicket()));
    expect(new Set(tickets).size).toBe(1);
    expect(sim.calls.token).toBe(1);
    expect(sim.calls.ticket).toBe(1);
  });

  it("signs the URL without its #fragment", async () => {
    const page = "https://h5.example.cn/timebar?year=-221";
    const res = await sign({ url: `${page}#/share?x=1` });
    const data = res.json().data;
    expect(data.signature).toBe(await expectedSignature(data, page));
  });

  it("gets a new access_token when WeChat says the cached one expired", async () => {
    await sign({ url: "https://h5.example.cn/" });
    sim.advanceClock(7201);
    // The ticket's own cache entry has run out too (the store keeps real time).
    await t.deps.store.delete(`wechat:${sim.appId}:jsapi_ticket`);
    const res = await sign({ url: "https://h5.example.cn/" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.signature).toBe(
      await expectedSignature(res.json().data, "https://h5.example.cn/"),
    );
    expect(sim.calls.token).toBe(2);
    // One answered 42001 (access_token expired), one succeeded after the refresh.
    expect(sim.calls.ticket).toBe(3);
  });

  it("answers a wrong app secret with a 502 envelope in Chinese and keeps serving", async () => {
    const app = await buildApp({
      ...t.deps,
      wechat: providerWith({ appSecret: "0".repeat(32) }),
    });
    try {
      const res = await sign({ url: "https://h5.example.cn/" }, app);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 502, message: "微信签名失败，请稍后重试", data: null });
      expect(sim.calls.token).toBe(1);
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("says so when WeChat is not configured", async () => {
    const app = await buildApp({
      ...t.deps,
      wechat: providerWith({ appId: undefined, appSecret: undefined }),
    });
    try {
      const res = await sign({ url: "https://h5.example.cn/" }, app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, message: "微信分享暂未配置", data: null });
    } finally {
      await app.close();
    }
  });

  it("refuses bad bodies with a 400 in Chinese", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /缺少页面地址 url/],
      [{ url: "" }, /缺少页面地址 url/],
      [{ url: 42 }, /url 应为字符串/],
      [{ url: "ftp://h5.example.cn/" }, /http 或 https/],
      [{ url: "javascript:alert(1)" }, /http 或 https/],
      [{ url: "not a url" }, /http 或 https/],
      [{ url: `https://h5.example.cn/?q=${"a".repeat(2048)}` }, /至多 2048 个字符/],
      ["{not json", /不是有效的 JSON/],
    ];
    for (const [payload, message] of cases) {
      const res = await sign(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect(sim.calls.token).toBe(0);
  });

  function providerWith(overrides: Partial<typeof t.deps.config.wechat>): WeChatProvider {
    return createHttpWeChatProvider({
      config: { ...t.deps.config.wechat, ...overrides },
      store: t.deps.store,
    });
  }
});
