import { createVerify, generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ChannelError,
  NotificationRejectedError,
  type NotificationRequest,
  type PaymentChannel,
} from "@tongjian/services/commerce/payment-channel";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SIMULATOR_MERCHANT_KEY_FILE } from "../../../../../tools/wechat-simulator/wechat-pay-simulator.ts";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../../../../tools/wechat-simulator/wechat-simulator.ts";
import { readServerConfig } from "../../server-config.ts";
import { createWeChatPayChannel, type WeChatPayChannelConfig } from "./wechat-pay-channel.ts";

/** The WeChat Pay v3 channel against the simulator, over HTTP, with a notify endpoint. */
describe("WeChat Pay v3 channel against the simulator", () => {
  let sim: WeChatSimulator;
  let receiver: Server;
  let notifyUrl: string;
  let config: WeChatPayChannelConfig;
  let channel: PaymentChannel;
  /** Notifications the notify endpoint received, in order. */
  const received: NotificationRequest[] = [];
  let answerStatus = 200;

  beforeAll(async () => {
    sim = await startWeChatSimulator({ notifyRetryDelaysMs: [] });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(answerStatus);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/pay/notify/wechat`;
    // The site's own configuration reading, from the simulator's env.
    config = {
      ...readServerConfig({ ...sim.env, WECHAT_PAY_NOTIFY_URL: notifyUrl }).wechat,
      timeoutMs: 3_000,
    };
    channel = createWeChatPayChannel(config);
  });
  afterAll(async () => {
    await sim?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answerStatus = 200;
  });

  let seq = 0;
  const expiresAt = new Date(Date.now() + 15 * 60_000);
  const orderNum = () => `TJ${Date.now()}${String(++seq).padStart(4, "0")}`;
  const prepareInput = (num: string, method: "wechat-jsapi" | "wechat-h5" | "wechat-app") => ({
    method,
    orderNum: num,
    description: "通鉴-会员年卡",
    amountFen: 16800,
    openId: sim.openIdOf("default"),
    clientIp: "203.0.113.9",
    returnUrl: `https://h5.example.cn/buyvip/success?order=${num}`,
    // Fixed per suite: an order's expiry is part of it, so repeating it repeats the expiry.
    expiresAt,
  });
  /** What the fake JS bridge and app do: a JSONP call to the simulator's pay endpoint. */
  async function jsonp(path: string, params: Record<string, string>) {
    const query = new URLSearchParams({ ...params, callback: "cb" });
    const text = await (await fetch(`${sim.url}${path}?${query}`)).text();
    const match = /^cb\((.*)\);$/s.exec(text);
    if (!match?.[1]) throw new Error(`not JSONP: ${text}`);
    return JSON.parse(match[1]) as Record<string, unknown>;
  }
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it("reads its settings from the environment the simulator gives", () => {
    expect(channel.configured).toBe(true);
    expect(channel.name).toBe("wechat");
    expect(channel.merchantId).toBe(sim.mchId);
    expect(channel.appId).toBe(sim.appId);
    expect(channel.methods).toEqual(["wechat-jsapi", "wechat-h5", "wechat-app"]);
    expect(channel.supportsAutoRenew).toBe(false);
    expect(config.payBase).toBe(sim.url);
    expect(() => readServerConfig({ WECHAT_PAY_API_V3_KEY: "short" })).toThrow(/32 个字符/);
    const fromFile = readServerConfig({
      WECHAT_PAY_PRIVATE_KEY_FILE: SIMULATOR_MERCHANT_KEY_FILE,
      PUBLIC_ORIGIN: "https://h5.example.cn/",
    }).wechat;
    expect(fromFile.privateKey).toBe(sim.pay.merchantPrivateKeyPem);
    expect(fromFile.payNotifyUrl).toBe("https://h5.example.cn/api/pay/notify/wechat");
    expect(() => readServerConfig({ WECHAT_PAY_PRIVATE_KEY_FILE: "/nonexistent/key.pem" })).toThrow(
      /WECHAT_PAY_PRIVATE_KEY_FILE 无法读取/,
    );
  });

  it("JSAPI: signs the pay request, the payer pays through the bridge, query and notification agree", async () => {
    const num = orderNum();
    const prepared = await channel.prepare(prepareInput(num, "wechat-jsapi"));
    if (prepared.kind !== "jsapi") throw new Error(prepared.kind);
    const { params } = prepared;
    expect(params).toMatchObject({ appId: sim.appId, signType: "RSA" });
    expect(params.package).toMatch(/^prepay_id=wx\d{14}[0-9a-f]{24}$/);
    // paySign checked here with the merchant's public key, independently of the channel.
    const signed = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(
      createVerify("RSA-SHA256")
        .update(signed)
        .verify(sim.pay.merchantPublicKeyPem, Buffer.from(params.paySign, "base64")),
    ).toBe(true);
    // The same order again is the same prepay id; a different amount is refused.
    const again = await channel.prepare(prepareInput(num, "wechat-jsapi"));
    expect(again.kind === "jsapi" && again.params.package).toBe(params.package);
    const changed = await rejection(
      channel.prepare({ ...prepareInput(num, "wechat-jsapi"), amountFen: 1 }),
    );
    expect(changed).toBeInstanceOf(ChannelError);
    expect((changed as ChannelError).code).toBe("OUT_TRADE_NO_USED");

    expect(await channel.query(num)).toMatchObject({
      orderNum: num,
      state: "unpaid",
      amountFen: 0,
    });
    // A paySign that does not verify is refused by the payer's WeChat.
    const forged = await jsonp("/sim/pay/jsapi", {
      ...params,
      paySign: params.paySign.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      choice: "ok",
    });
    expect(forged).toMatchObject({ err_msg: "get_brand_wcpay_request:fail" });
    expect(await jsonp("/sim/pay/jsapi", { ...params, choice: "cancel" })).toEqual({
      err_msg: "get_brand_wcpay_request:cancel",
    });
    expect((await channel.query(num))?.state).toBe("unpaid");
    expect(await jsonp("/sim/pay/jsapi", { ...params, choice: "ok" })).toEqual({
      err_msg: "get_brand_wcpay_request:ok",
    });

    const trade = await channel.query(num);
    expect(trade).toMatchObject({
      orderNum: num,
      state: "paid",
      amountFen: 16800,
      merchantId: sim.mchId,
      appId: sim.appId,
    });
    expect(trade?.channelTradeNo).toMatch(/^42000\d{23}$/);
    expect(Date.parse(trade?.paidAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    await sim.pay.settled();
    expect(received).toHaveLength(1);
    const verified = await channel.verifyNotification(received[0] as NotificationRequest);
    expect(verified).toMatchObject({ kind: "payment", trade });
    // A paid order cannot be paid again or closed.
    expect(await jsonp("/sim/pay/jsapi", { ...params, choice: "ok" })).toMatchObject({
      err_msg: "get_brand_wcpay_request:fail",
    });
    const closing = await rejection(channel.close(num));
    expect((closing as ChannelError).code).toBe("ORDERPAID");
  });

  it("H5: the reader goes to the pay page, confirms, and comes back to the return URL", async () => {
    const num = orderNum();
    const input = prepareInput(num, "wechat-h5");
    const prepared = await channel.prepare(input);
    if (prepared.kind !== "redirect") throw new Error(prepared.kind);
    const url = new URL(prepared.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${sim.url}/sim/h5pay`);
    expect(url.searchParams.get("redirect_url")).toBe(input.returnUrl);
    const page = await (await fetch(url)).text();
    expect(page).toContain("确认支付");
    expect(page).toContain("取消");
    expect(page).toContain("¥168.00");
    const form = new URLSearchParams({
      prepay_id: url.searchParams.get("prepay_id") ?? "",
      redirect_url: input.returnUrl,
      choice: "ok",
    });
    const submitted = await fetch(`${sim.url}/sim/h5pay`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("location")).toBe(input.returnUrl);
    expect(await channel.query(num)).toMatchObject({ state: "paid", amountFen: 16800 });
    await sim.pay.settled();
    const verified = await channel.verifyNotification(received[0] as NotificationRequest);
    expect(verified.kind === "payment" && verified.trade.orderNum).toBe(num);
  });

  it("APP: signed parameters for the app's pay; cancel leaves the order unpaid, pay pays it", async () => {
    const num = orderNum();
    const prepared = await channel.prepare(prepareInput(num, "wechat-app"));
    if (prepared.kind !== "app") throw new Error(prepared.kind);
    const { params } = prepared;
    expect(params).toMatchObject({ appid: sim.appId, partnerid: sim.mchId, package: "Sign=WXPay" });
    const signed = `${params.appid}\n${params.timestamp}\n${params.noncestr}\n${params.prepayid}\n`;
    expect(
      createVerify("RSA-SHA256")
        .update(signed)
        .verify(sim.pay.merchantPublicKeyPem, Buffer.from(params.sign ?? "", "base64")),
    ).toBe(true);
    expect(await jsonp("/sim/pay/app", { ...params, choice: "cancel" })).toMatchObject({
      errCode: -2,
    });
    expect((await channel.query(num))?.state).toBe("unpaid");
    expect(await jsonp("/sim/pay/app", { ...params, sign: "AAAA", choice: "ok" })).toMatchObject({
      errCode: -1,
    });
    expect(await jsonp("/sim/pay/app", { ...params, choice: "ok" })).toMatchObject({ errCode: 0 });
    expect((await channel.query(num))?.state).toBe("paid");
  });

  it("refuses each forged notification with the right reason, and passes on wrong facts", async () => {
    const num = orderNum();
    await channel.prepare(prepareInput(num, "wechat-jsapi"));
    await sim.pay.pay(num, { notify: false });
    const reason = async (forge: Parameters<typeof sim.pay.paymentNotification>[1]) => {
      const error = await rejection(
        channel.verifyNotification(sim.pay.paymentNotification(num, forge)),
      );
      expect(error).toBeInstanceOf(NotificationRejectedError);
      return (error as NotificationRejectedError).reason;
    };
    expect(await reason("bad-signature")).toBe("bad-signature");
    expect(await reason("unknown-serial")).toBe("unknown-certificate");
    expect(await reason("tampered-ciphertext")).toBe("bad-ciphertext");
    expect(await reason("stale-timestamp")).toBe("stale-timestamp");

    // Signed and sealed correctly, but not what the order says: the order service's check.
    const wrongAmount = await channel.verifyNotification(
      sim.pay.paymentNotification(num, "wrong-amount"),
    );
    expect(wrongAmount.kind === "payment" && wrongAmount.trade.amountFen).toBe(16801);
    const wrongMerchant = await channel.verifyNotification(
      sim.pay.paymentNotification(num, "wrong-mchid"),
    );
    expect(wrongMerchant.kind === "payment" && wrongMerchant.trade.merchantId).not.toBe(sim.mchId);

    // A genuine one whose body changed by one character after signing.
    const genuine = sim.pay.paymentNotification(num);
    const edited = { ...genuine, body: genuine.body.replace('"summary":"', '"summary":" ') };
    expect(
      ((await rejection(channel.verifyNotification(edited))) as NotificationRejectedError).reason,
    ).toBe("bad-signature");
    const { "wechatpay-signature": _, ...unsigned } = genuine.headers;
    expect(
      (
        (await rejection(
          channel.verifyNotification({ ...genuine, headers: unsigned }),
        )) as NotificationRejectedError
      ).reason,
    ).toBe("malformed");

    // Forged ones sent over HTTP arrive and are refused the same way.
    const sent = await sim.pay.notifyPayment(num, { forge: "unknown-serial" });
    expect(sent[0]?.status).toBe(200);
    expect(
      (
        (await rejection(
          channel.verifyNotification(received[0] as NotificationRequest),
        )) as NotificationRejectedError
      ).reason,
    ).toBe("unknown-certificate");
  });

  it("sends duplicates at once, late ones, and none when asked (only a query shows the payment)", async () => {
    const num = orderNum();
    await channel.prepare(prepareInput(num, "wechat-jsapi"));
    expect(await sim.pay.pay(num, { notify: false })).toBe("get_brand_wcpay_request:ok");
    await sim.pay.settled();
    expect(received).toHaveLength(0);
    expect((await channel.query(num))?.state).toBe("paid");

    const deliveries = await sim.pay.notifyPayment(num, { times: 8 });
    expect(deliveries.map((d) => d.status)).toEqual(Array(8).fill(200));
    expect(received).toHaveLength(8);
    const verified = await Promise.all(received.map((r) => channel.verifyNotification(r)));
    expect(new Set(verified.map((v) => v.notificationId)).size).toBe(1);

    received.length = 0;
    const started = Date.now();
    await sim.pay.notifyPayment(num, { delayMs: 150 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(received).toHaveLength(1);

    // The notify endpoint's refusal is recorded (WeChat Pay would retry).
    answerStatus = 500;
    const refused = await sim.pay.notifyPayment(num);
    expect(refused[0]?.status).toBe(500);
  });

  it("fetches the platform certificates once for many notifications verified at once", async () => {
    const num = orderNum();
    await channel.prepare(prepareInput(num, "wechat-jsapi"));
    await sim.pay.pay(num, { notify: false });
    const paths: string[] = [];
    const counting: typeof fetch = (input, init) => {
      paths.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const fresh = createWeChatPayChannel(config, counting);
    const notifications = Array.from({ length: 100 }, () => sim.pay.paymentNotification(num));
    const verified = await Promise.all(notifications.map((n) => fresh.verifyNotification(n)));
    expect(verified.every((v) => v.kind === "payment" && v.trade.amountFen === 16800)).toBe(true);
    expect(paths).toEqual(["/v3/certificates"]);
  });

  it("refunds in part, notifies the refund, and sends it before the payment when asked", async () => {
    const num = orderNum();
    await channel.prepare(prepareInput(num, "wechat-jsapi"));
    await sim.pay.pay(num, { notify: false });
    const refundNum = `R${num}`;
    const refund = await channel.refund({
      orderNum: num,
      refundNum,
      amountFen: 6800,
      totalFen: 16800,
      reason: "读者申请退款",
    });
    expect(refund).toMatchObject({
      orderNum: num,
      refundNum,
      state: "processing",
      amountFen: 6800,
    });
    expect(refund.channelRefundNo).toMatch(/^50000\d{24}$/);
    await sim.pay.settled();
    expect(received).toHaveLength(1);
    expect(await channel.verifyNotification(received[0] as NotificationRequest)).toMatchObject({
      kind: "refund",
      refund: { orderNum: num, refundNum, state: "success", amountFen: 6800 },
    });
    expect(await channel.queryRefund(refundNum)).toMatchObject({
      state: "success",
      amountFen: 6800,
    });
    expect(await channel.query(num)).toMatchObject({ state: "refunded", amountFen: 16800 });

    const tooMuch = await rejection(
      channel.refund({
        orderNum: num,
        refundNum: `S${num}`,
        amountFen: 10001,
        totalFen: 16800,
        reason: "",
      }),
    );
    expect((tooMuch as ChannelError).code).toBe("NOT_ENOUGH");

    received.length = 0;
    await sim.pay.notifyOutOfOrder(num);
    const kinds = await Promise.all(received.map((r) => channel.verifyNotification(r)));
    expect(kinds.map((k) => k.kind)).toEqual(["refund", "payment"]);
  });

  it("closes an unpaid order, and knows nothing of orders it never saw", async () => {
    const num = orderNum();
    await channel.prepare(prepareInput(num, "wechat-jsapi"));
    await channel.close(num);
    expect((await channel.query(num))?.state).toBe("closed");
    expect(await sim.pay.pay(num)).toBe("get_brand_wcpay_request:fail");
    expect(await channel.query("TJnever0000000")).toBeNull();
    expect(await channel.queryRefund("Rnever0000000")).toBeNull();
  });

  it("reads the day's trade bill, including a line made to differ", async () => {
    const paidNum = orderNum();
    await channel.prepare(prepareInput(paidNum, "wechat-app"));
    await sim.pay.pay(paidNum, { notify: false });
    const chinaToday = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const lines = await channel.statement(chinaToday);
    const trade = await channel.query(paidNum);
    expect(lines).toContainEqual({
      orderNum: paidNum,
      channelTradeNo: trade?.channelTradeNo,
      kind: "payment",
      amountFen: 16800,
      at: trade?.paidAt,
    });
    expect(lines.some((line) => line.kind === "refund" && line.amountFen === 6800)).toBe(true);

    sim.pay.addStatementDifference(chinaToday, { orderNum: paidNum, amountFen: 16700 });
    sim.pay.addStatementDifference(chinaToday, { orderNum: "TJghost000001", amountFen: 990 });
    const differing = await channel.statement(chinaToday);
    expect(differing.find((line) => line.orderNum === paidNum)?.amountFen).toBe(16700);
    expect(differing.find((line) => line.orderNum === "TJghost000001")?.amountFen).toBe(990);
    sim.pay.clearStatementDifferences();

    expect(await channel.statement("2001-01-01")).toEqual([]);
    expect(((await rejection(channel.statement("yesterday"))) as ChannelError).code).toBe(
      "PARAM_ERROR",
    );
  });

  it("is refused with SIGN_ERROR when it signs with a key that is not the merchant's", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    const stranger = createWeChatPayChannel({ ...config, privateKey: other });
    const error = await rejection(stranger.query("TJnever0000000"));
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).code).toBe("SIGN_ERROR");
    const wrongSerial = createWeChatPayChannel({ ...config, serialNo: "0".repeat(40) });
    expect(((await rejection(wrongSerial.query("TJnever0000000"))) as ChannelError).code).toBe(
      "SIGN_ERROR",
    );
  });

  it("refuses an answer whose body was changed on the way", async () => {
    const num = orderNum();
    await channel.prepare(prepareInput(num, "wechat-jsapi"));
    await sim.pay.pay(num, { notify: false });
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const text = await response.text();
      return new Response(text.replace('"total":16800', '"total":1'), {
        status: response.status,
        headers: response.headers,
      });
    };
    const fooled = createWeChatPayChannel(config, tampering);
    // The certificate list is fine (nothing to change in it); the query's answer is not.
    const error = await rejection(fooled.query(num));
    expect((error as ChannelError).code).toBe("BAD_SIGNATURE");
    expect((await createWeChatPayChannel(config).query(num))?.amountFen).toBe(16800);
  });

  it("without keys it says so and takes no payments", async () => {
    const bare = createWeChatPayChannel({ ...config, privateKey: undefined });
    expect(bare.configured).toBe(false);
    const error = await rejection(bare.prepare(prepareInput(orderNum(), "wechat-jsapi")));
    expect((error as ChannelError).code).toBe("NOT_CONFIGURED");
    expect(channel.notificationReply(true).status).toBe(200);
    expect(channel.notificationReply(false)).toMatchObject({
      status: 500,
      body: JSON.stringify({ code: "FAIL", message: "失败" }),
    });
  });
});
