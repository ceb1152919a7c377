import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toChinaTime } from "../../apps/api/src/providers/alipay/alipay-format.ts";
import { generateRsaKeyPair, rsa2Verify, signContent, signRequestParams } from "./alipay-sign.ts";
import { type AlipaySimulator, startAlipaySimulator } from "./alipay-simulator.ts";

describe("Alipay simulator", () => {
  let sim: AlipaySimulator;
  let notifyServer: Server;
  let notifyUrl = "";
  const received: string[] = [];

  beforeAll(async () => {
    sim = await startAlipaySimulator();
    notifyServer = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push(body);
        res.end("success");
      });
    });
    await new Promise<void>((resolve) => notifyServer.listen(0, "127.0.0.1", resolve));
    notifyUrl = `http://127.0.0.1:${(notifyServer.address() as AddressInfo).port}/notify`;
  });
  afterAll(async () => {
    await sim?.settle();
    await sim?.close();
    notifyServer?.closeAllConnections();
    await new Promise((resolve) => notifyServer?.close(resolve));
  });

  const common = (method: string, biz: Record<string, unknown>) => ({
    app_id: sim.appId,
    method,
    format: "JSON",
    charset: "utf-8",
    sign_type: "RSA2",
    timestamp: toChinaTime(new Date()),
    version: "1.0",
    biz_content: JSON.stringify(biz),
  });
  const signed = (method: string, biz: Record<string, unknown>, key = sim.appPrivateKey ?? "") =>
    signRequestParams(common(method, biz), key);
  /** Posts to the gateway and checks the answer's signature as a client must. */
  const gateway = async (params: Record<string, string>) => {
    const text = await (
      await fetch(sim.gatewayUrl, { method: "POST", body: new URLSearchParams(params) })
    ).text();
    const parsed = JSON.parse(text);
    const key = Object.keys(parsed).find((k) => k !== "sign") ?? "";
    const inner = text.slice(text.indexOf(":") + 1, text.lastIndexOf(',"sign":'));
    expect(rsa2Verify(inner, parsed.sign, sim.alipayPublicKey)).toBe(true);
    return { key, body: parsed[key] as Record<string, string> };
  };
  const payUrl = (biz: Record<string, unknown>, extra: Record<string, string> = {}) => {
    const params = signRequestParams(
      { ...common("alipay.trade.wap.pay", biz), notify_url: notifyUrl, ...extra },
      sim.appPrivateKey ?? "",
    );
    return `${sim.gatewayUrl}?${new URLSearchParams(params)}`;
  };
  const wapBiz = (outTradeNo: string, amount = "9.90") => ({
    out_trade_no: outTradeNo,
    total_amount: amount,
    subject: "通鉴 卡片",
    product_code: "QUICK_WAP_WAY",
  });

  it("hands out the settings the site needs, keys as one-line base64", () => {
    expect(Object.keys(sim.env).sort()).toEqual([
      "ALIPAY_APP_ID",
      "ALIPAY_GATEWAY",
      "ALIPAY_PRIVATE_KEY",
      "ALIPAY_PUBLIC_KEY",
      "ALIPAY_SELLER_ID",
    ]);
    expect(sim.env.ALIPAY_GATEWAY).toBe(`${sim.url}/gateway.do`);
    expect(sim.env.ALIPAY_PRIVATE_KEY).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(sim.env.ALIPAY_SELLER_ID).toMatch(/^2088\d{12}$/);
  });

  it("refuses unsigned, forged and foreign requests with Alipay's error shape, signed", async () => {
    const params = signed("alipay.trade.query", { out_trade_no: "TJ-none" });
    const { sign: _sign, ...unsigned } = params;
    expect(await gateway(unsigned)).toEqual({
      key: "alipay_trade_query_response",
      body: expect.objectContaining({
        code: "40001",
        msg: "Missing Required Arguments",
        sub_code: "isv.missing-signature",
      }),
    });
    const forged = signed(
      "alipay.trade.query",
      { out_trade_no: "TJ-none" },
      generateRsaKeyPair().privateKey,
    );
    const refused = await gateway(forged);
    expect(refused.body).toMatchObject({
      code: "40002",
      msg: "Invalid Arguments",
      sub_code: "isv.invalid-signature",
    });
    expect(refused.body.sub_msg).toContain(signContent(forged, ["sign"]));
    const tampered = { ...params, biz_content: JSON.stringify({ out_trade_no: "TJ-other" }) };
    expect((await gateway(tampered)).body.sub_code).toBe("isv.invalid-signature");
    const foreign = signRequestParams(
      { ...common("alipay.trade.query", {}), app_id: "2021000000000099" },
      sim.appPrivateKey ?? "",
    );
    expect((await gateway(foreign)).body.sub_code).toBe("isv.invalid-app-id");
    expect(await gateway(signed("alipay.trade.nonsense", {}))).toMatchObject({
      key: "error_response",
      body: { sub_code: "isv.invalid-method" },
    });
    expect((await gateway(params)).body).toMatchObject({
      code: "40004",
      sub_code: "ACQ.TRADE_NOT_EXIST",
    });
    expect(sim.calls["alipay.trade.query"]).toBeGreaterThanOrEqual(5);
  });

  it("shows the cashier only for a correctly signed pay URL", async () => {
    const url = payUrl(wapBiz("TJ-SIM-1"));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("¥9.90");
    const raised = url.replace(encodeURIComponent('"9.90"'), encodeURIComponent('"0.01"'));
    expect(raised).not.toBe(url);
    const refused = await fetch(raised);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("isv.invalid-signature");
    const changed = await fetch(payUrl(wapBiz("TJ-SIM-1", "0.01")));
    expect(await changed.text()).toContain("ACQ.CONTEXT_INCONSISTENT");
    const noProduct = await fetch(
      payUrl({ ...wapBiz("TJ-SIM-2"), product_code: "FAST_INSTANT_TRADE_PAY" }),
    );
    expect(noProduct.status).toBe(400);
  });

  it("pays on request without notifying, then notifies many times, forged and out of order", async () => {
    sim.openCashier(payUrl(wapBiz("TJ-SIM-3", "12.00")));
    const post = (path: string, query: Record<string, string>) =>
      fetch(`${sim.url}${path}?${new URLSearchParams(query)}`, { method: "POST" });
    const before = received.length;
    expect((await post("/sim/pay", { out_trade_no: "TJ-SIM-3", notify: "0" })).status).toBe(200);
    await sim.settle();
    expect(received.length).toBe(before);
    const query = await gateway(signed("alipay.trade.query", { out_trade_no: "TJ-SIM-3" }));
    expect(query.body).toMatchObject({ trade_status: "TRADE_SUCCESS", total_amount: "12.00" });

    const copies = await (
      await post("/sim/notify", { out_trade_no: "TJ-SIM-3", times: "3" })
    ).json();
    expect(copies).toHaveLength(3);
    expect(received.length).toBe(before + 3);
    const first = new URLSearchParams(received[before]);
    expect(new Set(received.slice(before)).size).toBe(1);
    const { sign, sign_type: _t, ...rest } = Object.fromEntries(first);
    expect(rsa2Verify(signContent(rest), sign ?? "", sim.alipayPublicKey)).toBe(true);

    const forged = await (
      await post("/sim/notify/forged", { out_trade_no: "TJ-SIM-3", kind: "wrong-seller" })
    ).json();
    expect(new URLSearchParams(forged.body).get("seller_id")).not.toBe(sim.sellerId);
    expect((await post("/sim/notify/forged", { out_trade_no: "TJ-SIM-3", kind: "x" })).status).toBe(
      400,
    );

    const refund = await gateway(
      signed("alipay.trade.refund", {
        out_trade_no: "TJ-SIM-3",
        refund_amount: "12.00",
        out_request_no: "R1",
      }),
    );
    expect(refund.body).toMatchObject({ code: "10000", fund_change: "Y", refund_fee: "12.00" });
    const replay = await (
      await post("/sim/notify/out-of-order", { out_trade_no: "TJ-SIM-3" })
    ).json();
    expect(
      replay.map((d: { body: string }) => new URLSearchParams(d.body).get("trade_status")),
    ).toEqual(["TRADE_CLOSED", "TRADE_SUCCESS"]);
  });

  it("pays from the pay URL alone, as a reader who opened it and paid", async () => {
    const res = await fetch(
      `${sim.url}/sim/pay?${new URLSearchParams({ pay_url: payUrl(wapBiz("TJ-SIM-5")), notify: "0" })}`,
      { method: "POST" },
    );
    expect(await res.json()).toMatchObject({ outTradeNo: "TJ-SIM-5", status: "TRADE_SUCCESS" });
    await expect(sim.pay(payUrl(wapBiz("TJ-SIM-5")))).rejects.toThrow(/不能支付/);
  });

  it("returns to the shop with signed parameters after paying", async () => {
    const url = payUrl(wapBiz("TJ-SIM-4"), {
      return_url: "https://h5.example.cn/upgradepay/success",
    });
    const html = await (await fetch(url)).text();
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const res = await fetch(`${sim.url}/cashier/submit`, {
      method: "POST",
      body: new URLSearchParams({ token, action: "pay" }),
      redirect: "manual",
    });
    const back = new URL(res.headers.get("location") ?? "");
    const { sign, sign_type: _t, ...rest } = Object.fromEntries(back.searchParams);
    expect(rest).toMatchObject({
      out_trade_no: "TJ-SIM-4",
      total_amount: "9.90",
      seller_id: sim.sellerId,
      method: "alipay.trade.wap.pay.return",
    });
    expect(rsa2Verify(signContent(rest), sign ?? "", sim.alipayPublicKey)).toBe(true);
    // The token was spent: a second submit is refused, nothing is paid twice.
    const again = await fetch(`${sim.url}/cashier/submit`, {
      method: "POST",
      body: new URLSearchParams({ token, action: "pay" }),
    });
    expect(again.status).toBe(400);
  });

  it("serves the day's bill once, for 30 seconds, with lines added on request", async () => {
    const day = toChinaTime(new Date()).slice(0, 10);
    const added = await fetch(
      `${sim.url}/sim/bill/line?${new URLSearchParams({ out_trade_no: "TJ-GHOST", amount: "3.30" })}`,
      { method: "POST" },
    );
    expect(added.status).toBe(200);
    const answer = await gateway(
      signed("alipay.data.dataservice.bill.downloadurl.query", {
        bill_type: "trade",
        bill_date: day,
      }),
    );
    const billUrl = answer.body.bill_download_url ?? "";
    const bill = await (await fetch(billUrl)).text();
    expect(bill).toContain("支付宝交易号,商户订单号,业务类型");
    expect(bill).toMatch(/TJ-GHOST\t,交易\t/);
    expect(bill).toMatch(/TJ-SIM-3\t,退款\t.*-12\.00/);
    sim.advanceClock(31);
    expect((await fetch(billUrl)).status).toBe(404);
    expect(
      (
        await gateway(
          signed("alipay.data.dataservice.bill.downloadurl.query", {
            bill_type: "trade",
            bill_date: "2999-01-01",
          }),
        )
      ).body.sub_code,
    ).toBe("isp.bill_not_exist");
  });

  it("takes only the merchant's public key when given one", async () => {
    const merchant = generateRsaKeyPair();
    const other = await startAlipaySimulator({ appPublicKey: merchant.publicKey });
    try {
      expect(other.appPrivateKey).toBeNull();
      expect(other.env.ALIPAY_PRIVATE_KEY).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
