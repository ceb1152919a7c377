import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chinaDay } from "@tongjian/domain/china-time";
import {
  ChannelError,
  NotificationRejectedError,
  type VerifiedNotification,
} from "@tongjian/services/commerce/payment-channel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateRsaKeyPair, pemBody } from "../../../../../tools/alipay-simulator/alipay-sign.ts";
import {
  type AlipaySimulator,
  FORGERY_KINDS,
  startAlipaySimulator,
} from "../../../../../tools/alipay-simulator/alipay-simulator.ts";
import { type AlipayChannel, createAlipayChannel } from "./alipay-channel.ts";

/** A notify endpoint for the test: keeps every body it is sent and answers "success". */
async function startCapture() {
  const bodies: string[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      bodies.push(body);
      for (const wake of waiters.splice(0)) wake();
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("success");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/pay/notify/alipay`;
  /** Waits until `count` notifications of an order have arrived (2 s at most). */
  const receivedFor = async (orderNum: string, count: number) => {
    const deadline = Date.now() + 2000;
    const mine = () =>
      bodies.filter((body) => new URLSearchParams(body).get("out_trade_no") === orderNum);
    while (mine().length < count) {
      if (Date.now() > deadline) throw new Error(`only ${mine().length} of ${count} notifications`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return mine();
  };
  return {
    url,
    bodies,
    receivedFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const fieldsOf = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe("Alipay channel against the simulator", () => {
  let sim: AlipaySimulator;
  let capture: Awaited<ReturnType<typeof startCapture>>;
  let channel: AlipayChannel;
  let serial = 0;
  const orderNum = () => `TJ${Date.now().toString(36)}${(serial++).toString().padStart(3, "0")}`;
  const verify = (body: string): Promise<VerifiedNotification> =>
    channel.verifyNotification({
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      body,
    });
  const prepareInput = (num: string, amountFen: number) => ({
    method: "alipay-wap" as const,
    orderNum: num,
    description: "通鉴 天梯课程",
    amountFen,
    clientIp: "203.0.113.9",
    returnUrl: `https://h5.example.cn/upgradepay/success?orderNum=${num}`,
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  /** A paid order, paid through the simulator's control (no notification). */
  const paidOrder = async (amountFen: number) => {
    const num = orderNum();
    const prepared = await channel.prepare(prepareInput(num, amountFen));
    if (prepared.kind !== "redirect") throw new Error("expected a redirect");
    sim.openCashier(prepared.url);
    await sim.pay(num, { notify: false });
    return num;
  };

  beforeAll(async () => {
    [sim, capture] = await Promise.all([startAlipaySimulator(), startCapture()]);
    channel = createAlipayChannel(
      {
        gateway: sim.gatewayUrl,
        appId: sim.env.ALIPAY_APP_ID,
        privateKey: sim.env.ALIPAY_PRIVATE_KEY,
        alipayPublicKey: sim.env.ALIPAY_PUBLIC_KEY,
        sellerId: sim.env.ALIPAY_SELLER_ID,
        notifyUrl: capture.url,
      },
      { timeoutMs: 5000 },
    );
  });
  afterAll(async () => {
    await sim?.settle();
    await Promise.all([sim?.close(), capture?.close()]);
  });

  it("pays through the cashier page: the notification verifies and a query says paid", async () => {
    expect(channel).toMatchObject({
      name: "alipay",
      configured: true,
      methods: ["alipay-wap"],
      supportsAutoRenew: false,
      merchantId: sim.sellerId,
      appId: sim.appId,
    });
    const num = orderNum();
    const input = prepareInput(num, 1990);
    const prepared = await channel.prepare(input);
    if (prepared.kind !== "redirect") throw new Error("expected a redirect");
    const payUrl = new URL(prepared.url);
    expect(`${payUrl.origin}${payUrl.pathname}`).toBe(sim.gatewayUrl);
    expect(payUrl.searchParams.get("method")).toBe("alipay.trade.wap.pay");
    expect(payUrl.searchParams.get("notify_url")).toBe(capture.url);
    expect(payUrl.searchParams.get("return_url")).toBe(input.returnUrl);
    expect(JSON.parse(payUrl.searchParams.get("biz_content") ?? "")).toMatchObject({
      out_trade_no: num,
      total_amount: "19.90",
      product_code: "QUICK_WAP_WAY",
      subject: "通鉴 天梯课程",
    });
    // Nobody has opened the page yet: Alipay has no such trade.
    expect(await channel.query(num)).toBeNull();

    const page = await fetch(prepared.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("¥19.90");
    expect(html).toContain("确认付款");
    expect(html).toContain("取消");
    expect(html).toContain('name="viewport"');
    expect(await channel.query(num)).toMatchObject({ state: "unpaid", amountFen: 0 });

    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const submitted = await fetch(new URL(action, sim.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, action: "pay" }),
      redirect: "manual",
    });
    expect(submitted.status).toBe(302);
    const back = new URL(submitted.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("https://h5.example.cn/upgradepay/success");
    expect(back.searchParams.get("orderNum")).toBe(num);
    expect(back.searchParams.get("out_trade_no")).toBe(num);
    expect(back.searchParams.get("total_amount")).toBe("19.90");
    expect(back.searchParams.get("sign")).toBeTruthy();

    const [body] = await capture.receivedFor(num, 1);
    const verified = await verify(body ?? "");
    const tradeNo = sim.trade(num)?.tradeNo;
    expect(verified).toEqual({
      kind: "payment",
      notificationId: fieldsOf(body ?? "").notify_id,
      trade: {
        orderNum: num,
        state: "paid",
        channelTradeNo: tradeNo,
        amountFen: 1990,
        merchantId: sim.sellerId,
        appId: sim.appId,
        paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
    const queried = await channel.query(num);
    expect(queried).toEqual({
      orderNum: num,
      state: "paid",
      channelTradeNo: tradeNo,
      amountFen: 1990,
      merchantId: sim.sellerId,
      appId: sim.appId,
      paidAt: verified.kind === "payment" ? verified.trade.paidAt : null,
    });
  });

  it("cancelling on the cashier page goes back without paying", async () => {
    const num = orderNum();
    const prepared = await channel.prepare(prepareInput(num, 500));
    if (prepared.kind !== "redirect") throw new Error("expected a redirect");
    const html = await (await fetch(prepared.url)).text();
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const cancelled = await fetch(`${sim.url}/cashier/submit`, {
      method: "POST",
      body: new URLSearchParams({ token, action: "cancel" }),
      redirect: "manual",
    });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe(prepareInput(num, 500).returnUrl);
    expect(await channel.query(num)).toMatchObject({ state: "unpaid", channelTradeNo: null });
  });

  it("a payment made without a notification shows in a query only", async () => {
    const before = sim.deliveries.length;
    const num = await paidOrder(1);
    expect(sim.deliveries.length).toBe(before);
    expect(await channel.query(num)).toMatchObject({ state: "paid", amountFen: 1 });
  });

  it("refunds part, then the rest, with refund notifications naming each refund", async () => {
    const num = await paidOrder(1990);
    const refundNum = `${num}R1`;
    const first = await channel.refund({
      orderNum: num,
      refundNum,
      amountFen: 490,
      totalFen: 1990,
      reason: "部分退款",
    });
    expect(first).toMatchObject({ orderNum: num, refundNum, state: "success", amountFen: 490 });
    expect(await channel.queryRefund(refundNum)).toMatchObject({
      state: "success",
      amountFen: 490,
    });
    expect(await channel.query(num)).toMatchObject({ state: "paid", amountFen: 1990 });
    // The same request again moves no money (fund_change N) and says what happened.
    expect(
      await channel.refund({
        orderNum: num,
        refundNum,
        amountFen: 490,
        totalFen: 1990,
        reason: "部分退款",
      }),
    ).toMatchObject({ refundNum, state: "success", amountFen: 490 });
    await expect(
      channel.refund({
        orderNum: num,
        refundNum: `${num}R2`,
        amountFen: 1501,
        totalFen: 1990,
        reason: "超额",
      }),
    ).rejects.toMatchObject({ code: "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL" });
    expect(
      await channel.refund({
        orderNum: num,
        refundNum: `${num}R2`,
        amountFen: 1500,
        totalFen: 1990,
        reason: "全部退款",
      }),
    ).toMatchObject({ state: "success", amountFen: 1500 });
    expect(await channel.query(num)).toMatchObject({
      state: "refunded",
      amountFen: 1990,
      channelTradeNo: sim.trade(num)?.tradeNo,
    });
    await expect(
      channel.refund({
        orderNum: num,
        refundNum: `${num}R3`,
        amountFen: 1,
        totalFen: 1990,
        reason: "再退",
      }),
    ).rejects.toBeInstanceOf(ChannelError);

    const notified = await capture.receivedFor(num, 2);
    const verified = await Promise.all(notified.map(verify));
    expect(
      verified.map((v) =>
        v.kind === "refund" ? [v.refund.refundNum, v.refund.amountFen] : v.kind,
      ),
    ).toEqual([
      [refundNum, 490],
      [`${num}R2`, 1500],
    ]);

    // Out of order: the closing refund's notification first, the payment's last.
    const replay = await sim.notifyOutOfOrder(num);
    expect(replay.map((d) => fieldsOf(d.body).trade_status)).toEqual([
      "TRADE_CLOSED",
      "TRADE_SUCCESS",
      "TRADE_SUCCESS",
    ]);
    const last = await verify(replay.at(-1)?.body ?? "");
    expect(last).toMatchObject({ kind: "payment", trade: { state: "paid", amountFen: 1990 } });
  });

  it("finds a refund it did not start through the order service's answer", async () => {
    const num = await paidOrder(300);
    await channel.refund({
      orderNum: num,
      refundNum: `${num}X`,
      amountFen: 300,
      totalFen: 300,
      reason: "退",
    });
    const fresh = createAlipayChannel(
      {
        gateway: sim.gatewayUrl,
        appId: sim.appId,
        privateKey: sim.env.ALIPAY_PRIVATE_KEY,
        alipayPublicKey: sim.env.ALIPAY_PUBLIC_KEY,
        sellerId: sim.sellerId,
        notifyUrl: capture.url,
      },
      { orderNumOfRefund: async (refundNum) => (refundNum === `${num}X` ? num : null) },
    );
    expect(await fresh.queryRefund(`${num}X`)).toMatchObject({ state: "success", amountFen: 300 });
    expect(await fresh.queryRefund(`${num}X`, num)).toMatchObject({ amountFen: 300 });
    expect(await fresh.queryRefund(`${num}Y`, num)).toBeNull();
    await expect(fresh.queryRefund("nobody-knows")).rejects.toMatchObject({
      code: "UNKNOWN_ORDER",
    });
  });

  it("closes an unpaid trade so it cannot be paid; a paid one cannot be closed", async () => {
    const num = orderNum();
    const prepared = await channel.prepare(prepareInput(num, 800));
    if (prepared.kind !== "redirect") throw new Error("expected a redirect");
    sim.openCashier(prepared.url);
    await channel.close(num);
    expect(await channel.query(num)).toMatchObject({ state: "closed", amountFen: 0 });
    await expect(sim.pay(num)).rejects.toThrow(/不能支付/);
    const page = await (await fetch(prepared.url)).text();
    expect(page).toContain("交易已关闭");
    // Never opened: nothing to close at Alipay (time_expire guards the page).
    await expect(channel.close(orderNum())).resolves.toBeUndefined();
    const paid = await paidOrder(100);
    await expect(channel.close(paid)).rejects.toMatchObject({ code: "ACQ.TRADE_STATUS_ERROR" });
  });

  it("a page opened after time_expire does not take the payment", async () => {
    const num = orderNum();
    const prepared = await channel.prepare({
      ...prepareInput(num, 700),
      expiresAt: new Date(Date.now() - 1000),
    });
    if (prepared.kind !== "redirect") throw new Error("expected a redirect");
    expect(await (await fetch(prepared.url)).text()).toContain("交易已关闭");
    expect(await channel.query(num)).toMatchObject({ state: "closed" });
  });

  it("reads the day's statement, including a line only Alipay has", async () => {
    const paid = await paidOrder(2500);
    await channel.refund({
      orderNum: paid,
      refundNum: `${paid}R`,
      amountFen: 1000,
      totalFen: 2500,
      reason: "退",
    });
    sim.addBillLine({ orderNum: "TJ-UNKNOWN-1", kind: "payment", amountFen: 4200 });
    const lines = await channel.statement(chinaDay(new Date()));
    const tradeNo = sim.trade(paid)?.tradeNo;
    expect(lines).toContainEqual({
      orderNum: paid,
      channelTradeNo: tradeNo,
      kind: "payment",
      amountFen: 2500,
      at: expect.any(String),
    });
    expect(lines).toContainEqual({
      orderNum: paid,
      channelTradeNo: tradeNo,
      kind: "refund",
      amountFen: 1000,
      at: expect.any(String),
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ orderNum: "TJ-UNKNOWN-1", kind: "payment", amountFen: 4200 }),
    );
    expect(lines.filter((l) => l.kind === "payment").length).toBe(
      sim.trades().filter((t) => t.paidAt).length + 1,
    );
    await expect(channel.statement("2999-01-01")).rejects.toMatchObject({
      code: "isp.bill_not_exist",
    });
    await expect(channel.statement("27/11/2026")).rejects.toBeInstanceOf(RangeError);
  });

  it("refuses every forged notification, and shows another merchant's for what it is", async () => {
    const num = await paidOrder(1990);
    for (const kind of FORGERY_KINDS) {
      const body = sim.forgedNotification(num, kind);
      if (kind === "wrong-seller" || kind === "wrong-app") {
        // Genuinely signed by Alipay, for someone else: the order service compares and refuses.
        const verified = await verify(body);
        if (verified.kind !== "payment") throw new Error("expected a payment");
        expect([verified.trade.merchantId, verified.trade.appId]).not.toEqual([
          channel.merchantId,
          channel.appId,
        ]);
        continue;
      }
      const rejected = await verify(body).catch((error: unknown) => error);
      expect(rejected, kind).toBeInstanceOf(NotificationRejectedError);
      expect((rejected as NotificationRejectedError).reason, kind).toBe("bad-signature");
    }
    // Sent over HTTP too: the capture endpoint gets exactly the forged body.
    const delivery = await sim.sendForged(num, "tampered-amount");
    expect(fieldsOf(delivery.body).total_amount).toBe("20.90");
    await expect(verify(delivery.body)).rejects.toMatchObject({ reason: "bad-signature" });
  });

  it("sends the same notification many times at once, and late", async () => {
    const num = await paidOrder(990);
    const duplicates = await sim.notify(num, { times: 8 });
    expect(duplicates).toHaveLength(8);
    expect(duplicates.every((d) => d.acknowledged)).toBe(true);
    const verified = await Promise.all(duplicates.map((d) => verify(d.body)));
    expect(new Set(verified.map((v) => v.notificationId)).size).toBe(1);
    expect(verified.every((v) => v.kind === "payment" && v.trade.amountFen === 990)).toBe(true);

    const started = Date.now();
    const [late] = await sim.notify(num, { delayMs: 120 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(late?.acknowledged).toBe(true);
  });

  it("is refused by the gateway when it signs with the wrong key, and refuses a forged answer", async () => {
    const base = {
      gateway: sim.gatewayUrl,
      appId: sim.appId,
      sellerId: sim.sellerId,
      notifyUrl: capture.url,
    };
    const wrongKey = createAlipayChannel({
      ...base,
      privateKey: pemBody(generateRsaKeyPair().privateKey),
      alipayPublicKey: sim.env.ALIPAY_PUBLIC_KEY,
    });
    await expect(wrongKey.query("TJ-any")).rejects.toMatchObject({
      code: "isv.invalid-signature",
    });
    const wrongAlipay = createAlipayChannel({
      ...base,
      privateKey: sim.env.ALIPAY_PRIVATE_KEY,
      alipayPublicKey: generateRsaKeyPair().publicKey,
    });
    await expect(wrongAlipay.query("TJ-any")).rejects.toBeInstanceOf(ChannelError);
    const unreachable = createAlipayChannel(
      {
        ...base,
        gateway: "http://127.0.0.1:9/gateway.do",
        privateKey: sim.env.ALIPAY_PRIVATE_KEY,
        alipayPublicKey: sim.env.ALIPAY_PUBLIC_KEY,
      },
      { timeoutMs: 1000 },
    );
    await expect(unreachable.query("TJ-any")).rejects.toBeInstanceOf(ChannelError);
  });

  it("is not configured without its keys and ids", async () => {
    const bare = createAlipayChannel({
      gateway: "https://openapi.alipay.com/gateway.do",
      appId: sim.appId,
      privateKey: undefined,
      alipayPublicKey: sim.env.ALIPAY_PUBLIC_KEY,
      sellerId: sim.sellerId,
      notifyUrl: undefined,
    });
    expect(bare.configured).toBe(false);
    await expect(bare.prepare(prepareInput("TJ1", 100))).rejects.toMatchObject({
      code: "NOT_CONFIGURED",
    });
    await expect(bare.verifyNotification({ headers: {}, body: "a=b" })).rejects.toMatchObject({
      code: "NOT_CONFIGURED",
    });
  });
});
