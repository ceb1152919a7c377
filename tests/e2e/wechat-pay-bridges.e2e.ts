import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PaymentChannel, PrepareInput } from "@tongjian/services/commerce/payment-channel";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWeChatPayChannel } from "../../apps/api/src/providers/wechat-pay/wechat-pay-channel.ts";
import { readServerConfig } from "../../apps/api/src/server-config.ts";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../tools/wechat-simulator/wechat-simulator.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { fakeNativeHostScript } from "../support/fake-native-host.ts";
import { UA } from "../support/user-agents.ts";

// The payer's side of the WeChat simulator in a real browser, under a CSP like the site's
// (scripts from the page and the simulator's origin only; requests to the page's own origin):
// the fake WeixinJSBridge pays a JSAPI order, the fake app's `pay` bridge call an APP order,
// and the H5 pay page's 确认支付 an H5 order, each with parameters the real channel prepared.
// It needs no site build: a small page server stands in for the site.

let sim: WeChatSimulator;
let pages: Server;
let origin: string;
let channel: PaymentChannel;
let browser: Browser;
const notified: string[] = [];

beforeAll(async () => {
  sim = await startWeChatSimulator({ notifyRetryDelaysMs: [] });
  pages = createServer((req, res) => {
    if (req.method === "POST") {
      req.resume();
      req.on("end", () => {
        notified.push(req.url ?? "");
        res.writeHead(200);
        res.end();
      });
      return;
    }
    const jssdk = req.url?.startsWith("/wx")
      ? `<script src="${sim.env.WECHAT_JSSDK_URL}"></script>`
      : "";
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'self'; script-src 'self' 'unsafe-inline' ${sim.url}`,
    });
    res.end(
      `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>通鉴</title>${jssdk}<body><p id="page">${req.url}</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  channel = createWeChatPayChannel(
    readServerConfig({ ...sim.env, WECHAT_PAY_NOTIFY_URL: `${origin}/api/pay/notify/wechat` })
      .wechat,
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await sim?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

let seq = 0;
const input = (method: PrepareInput["method"]): PrepareInput => ({
  method,
  orderNum: `TJe2e${Date.now()}${++seq}`,
  description: "通鉴-会员年卡",
  amountFen: 16800,
  openId: sim.openIdOf("default"),
  clientIp: "127.0.0.1",
  returnUrl: `${origin}/buyvip/success`,
  expiresAt: new Date(Date.now() + 15 * 60_000),
});

describe("WeChat Pay's payer side in the browser", () => {
  it("JSAPI: WeixinJSBridge pays, cancels, and refuses a forged paySign", async () => {
    const context = await phoneContext(browser, UA.wechatIos);
    const page = await context.newPage();
    await page.goto(`${origin}/wx/buyvip`);
    const invoke = (params: unknown) =>
      page.evaluate(
        (p) =>
          new Promise((resolve) => {
            const bridge = (
              window as unknown as { WeixinJSBridge: { invoke: (...a: unknown[]) => void } }
            ).WeixinJSBridge;
            bridge.invoke("getBrandWCPayRequest", p, resolve);
          }),
        params,
      );

    const cancelled = input("wechat-jsapi");
    const prepared = await channel.prepare(cancelled);
    if (prepared.kind !== "jsapi") throw new Error(prepared.kind);
    await page.evaluate(() => {
      (window as unknown as { __wxSim: { payChoice: string } }).__wxSim.payChoice = "cancel";
    });
    expect(await invoke(prepared.params)).toEqual({ err_msg: "get_brand_wcpay_request:cancel" });
    expect((await channel.query(cancelled.orderNum))?.state).toBe("unpaid");

    await page.evaluate(() => {
      (window as unknown as { __wxSim: { payChoice: string } }).__wxSim.payChoice = "ok";
    });
    expect(await invoke({ ...prepared.params, timeStamp: "1" })).toMatchObject({
      err_msg: "get_brand_wcpay_request:fail",
    });
    expect(await invoke(prepared.params)).toEqual({ err_msg: "get_brand_wcpay_request:ok" });
    expect((await channel.query(cancelled.orderNum))?.state).toBe("paid");
    await sim.pay.settled();
    expect(notified).toContain("/api/pay/notify/wechat");
    await context.close();
  });

  it("APP: the fake app's pay bridge call pays through the simulator", async () => {
    const context = await phoneContext(browser, UA.appAndroid("4.20.0"));
    await context.addInitScript(
      fakeNativeHostScript({ platform: "android", wechatPay: { simulatorUrl: sim.url } }),
    );
    const page = await context.newPage();
    await page.goto(`${origin}/app/buyvip`);
    const order = input("wechat-app");
    const prepared = await channel.prepare(order);
    if (prepared.kind !== "app") throw new Error(prepared.kind);
    const reply = await page.evaluate(
      (params) =>
        new Promise((resolve) => {
          const w = window as unknown as {
            __tongjianBridgeReply: (id: string, answer: unknown) => void;
            TongjianBridge: { postMessage: (text: string) => void };
          };
          w.__tongjianBridgeReply = (_id, answer) => resolve(answer);
          w.TongjianBridge.postMessage(
            JSON.stringify({ id: "p1", method: "pay", params: { channel: "wechat", params } }),
          );
        }),
      prepared.params,
    );
    expect(reply).toEqual({ ok: true, data: { errCode: 0, errStr: "" } });
    expect(await channel.query(order.orderNum)).toMatchObject({ state: "paid", amountFen: 16800 });
    await context.close();
  });

  it("H5: 确认支付 on the simulator's page pays and returns to the site", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const order = input("wechat-h5");
    const prepared = await channel.prepare(order);
    if (prepared.kind !== "redirect") throw new Error(prepared.kind);
    await page.goto(prepared.url);
    await expect.poll(() => page.getByText("¥168.00").count()).toBe(1);
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.waitForURL(order.returnUrl);
    expect(await page.locator("#page").textContent()).toBe("/buyvip/success");
    expect((await channel.query(order.orderNum))?.state).toBe("paid");
    await context.close();
  });
});
