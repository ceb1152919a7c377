import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../../../../tools/wechat-simulator/wechat-simulator.ts";
import { createTestApp } from "../../test-app.ts";
import { createHttpWeChatProvider } from "./http-wechat-provider.ts";
import { WeChatApiError, WeChatNotConfiguredError } from "./wechat-provider.ts";

describe("HTTP WeChat provider against the simulator", () => {
  let sim: WeChatSimulator;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    sim = await startWeChatSimulator();
    t = await createTestApp({}, sim.env);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const provider = (overrides: Partial<typeof t.deps.config.wechat> = {}) =>
    createHttpWeChatProvider({
      config: { ...t.deps.config.wechat, ...overrides },
      store: t.deps.store,
      timeoutMs: 2_000,
    });

  it("refuses to work without an app id and secret", () => {
    expect(() =>
      provider({ appSecret: undefined }).authorizeUrl("https://h5.example.cn/", "s"),
    ).toThrow(WeChatNotConfiguredError);
  });

  it("turns an unreachable WeChat into a WeChatApiError without the secret in it", async () => {
    await t.deps.store.deletePrefix("wechat:");
    const error = await provider({ apiBase: "http://127.0.0.1:9" })
      .jsapiTicket()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WeChatApiError);
    expect((error as WeChatApiError).errcode).toBeNull();
    expect(String((error as Error).message)).not.toContain(sim.appSecret);
  });

  it("builds the consent URL WeChat documents", () => {
    const url = new URL(provider().authorizeUrl("https://h5.example.cn/wx?a=1&b=2", "s"));
    expect(`${url.origin}${url.pathname}`).toBe(`${sim.url}/connect/oauth2/authorize`);
    expect([...url.searchParams.keys()]).toEqual([
      "appid",
      "redirect_uri",
      "response_type",
      "scope",
      "state",
    ]);
    expect(url.searchParams.get("redirect_uri")).toBe("https://h5.example.cn/wx?a=1&b=2");
    expect(url.searchParams.get("scope")).toBe("snsapi_userinfo");
    expect(url.hash).toBe("#wechat_redirect");
  });
});
