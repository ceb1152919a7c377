import { createHash } from "node:crypto";
import { paySignatureBase } from "@tongjian/domain/wechat-signature";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../../../../tools/wechat-simulator/wechat-simulator.ts";
import { createTestApp } from "../../test-app.ts";
import { createHttpWeChatProvider } from "./http-wechat-provider.ts";
import { decodePayXml, encodePayXml } from "./wechat-pay-xml.ts";
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

  const order = () => ({
    body: "通鉴-会员年卡",
    outTradeNo: `TJ${Date.now()}${Math.floor(Math.random() * 1000)}`,
    totalFee: 1800,
    clientIp: "203.0.113.9",
    notifyUrl: "https://h5.example.cn/api/pay/notify",
    openId: sim.openIdOf("default"),
  });

  it("places a unified order and signs the JSAPI pay request", async () => {
    const wechat = provider();
    expect(wechat.payConfigured).toBe(true);
    const { prepayId } = await wechat.unifiedOrder(order());
    expect(prepayId).toMatch(/^wx\d{14}[0-9a-f]{24}$/);
    const request = wechat.payRequest(prepayId);
    expect(request).toMatchObject({ appId: sim.appId, package: `prepay_id=${prepayId}` });
    expect(request.timeStamp).toMatch(/^\d{10}$/);
    const { paySign, ...signed } = request;
    expect(paySign).toBe(
      createHash("md5").update(paySignatureBase(signed, sim.payKey)).digest("hex").toUpperCase(),
    );
  });

  it("reports WeChat Pay's refusals", async () => {
    await expect(provider({ payKey: "x".repeat(32) }).unifiedOrder(order())).rejects.toThrow(
      /签名错误/,
    );
    const first = order();
    await provider().unifiedOrder(first);
    await expect(provider().unifiedOrder({ ...first, totalFee: 1 })).rejects.toThrow(
      /OUT_TRADE_NO_USED/,
    );
    expect(() => provider({ mchId: undefined }).payRequest("wx1")).toThrow(
      WeChatNotConfiguredError,
    );
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

describe("pay XML", () => {
  it("round-trips values with markup and CDATA terminators", () => {
    const fields = { body: "通鉴 <会员> & ]]> 年卡", total_fee: 1800 };
    expect(decodePayXml(encodePayXml(fields))).toEqual({ ...fields, total_fee: "1800" });
    expect(decodePayXml("<xml><a>1 &amp; 2</a>\n<b><![CDATA[x]]></b></xml>")).toEqual({
      a: "1 & 2",
      b: "x",
    });
    expect(decodePayXml("<html></html>")).toBeNull();
    expect(decodePayXml("<xml><a>1</b></xml>")).toBeNull();
  });
});
