import { createSign } from "node:crypto";
import { NotificationRejectedError } from "@tongjian/services/commerce/payment-channel";
import { describe, expect, it } from "vitest";
import {
  generateRsaKeyPair,
  pemBody,
  signContent,
  signNotificationParams,
} from "../../../../../tools/alipay-simulator/alipay-sign.ts";
import { alipayTradeOf, createAlipayChannel } from "./alipay-channel.ts";

// Keys made here and signatures written from Alipay's documentation (tools/alipay-simulator/
// alipay-sign.ts): the channel's check (the SDK's checkNotifySignV2) must agree with them.
const alipay = generateRsaKeyPair();
const app = generateRsaKeyPair();
const channel = createAlipayChannel({
  gateway: "http://127.0.0.1:9/gateway.do",
  appId: "2021004143670001",
  privateKey: pemBody(app.privateKey),
  alipayPublicKey: alipay.publicKey,
  sellerId: "2088721043670001",
  notifyUrl: undefined,
});

const paid: Record<string, string> = {
  notify_time: "2026-11-27 18:20:01",
  notify_type: "trade_status_sync",
  notify_id: "2026112700222182001012345678901",
  app_id: "2021004143670001",
  auth_app_id: "2021004143670001",
  charset: "utf-8",
  version: "1.0",
  trade_no: "2026112722001412345678901234",
  out_trade_no: "TJ20261127A1",
  buyer_id: "2088102177846001",
  buyer_logon_id: "tj_***@example.cn",
  seller_id: "2088721043670001",
  seller_email: "pay@tongjian.example.cn",
  trade_status: "TRADE_SUCCESS",
  total_amount: "199.00",
  receipt_amount: "199.00",
  invoice_amount: "199.00",
  buyer_pay_amount: "199.00",
  point_amount: "0.00",
  subject: "通鉴 年度会员 & 赠品 = 好礼",
  gmt_create: "2026-11-27 18:19:40",
  gmt_payment: "2026-11-27 18:20:00",
  fund_bill_list: '[{"amount":"199.00","fundChannel":"ALIPAYACCOUNT"}]',
};

const body = (params: Record<string, string>) => new URLSearchParams(params).toString();
const verify = (text: string) => channel.verifyNotification({ headers: {}, body: text });
const rejection = (text: string) =>
  verify(text).then(
    () => null,
    (error: unknown) => (error instanceof NotificationRejectedError ? error.reason : error),
  );

describe("Alipay notification verification", () => {
  it("takes a genuine notification and maps it to a paid trade", async () => {
    expect(await verify(body(signNotificationParams(paid, alipay.privateKey)))).toEqual({
      kind: "payment",
      notificationId: paid.notify_id,
      trade: {
        orderNum: "TJ20261127A1",
        state: "paid",
        channelTradeNo: "2026112722001412345678901234",
        amountFen: 19900,
        merchantId: "2088721043670001",
        appId: "2021004143670001",
        paidAt: "2026-11-27T10:20:00.000Z",
      },
    });
  });

  it("refuses a notification where any one field was changed after signing", async () => {
    const signed = signNotificationParams(paid, alipay.privateKey);
    for (const key of Object.keys(paid)) {
      const tampered = { ...signed, [key]: `${signed[key]}0` };
      // A charset other than utf-8 is refused before its signature is checked.
      expect(await rejection(body(tampered)), key).toBe(
        key === "charset" ? "malformed" : "bad-signature",
      );
    }
    const added = { ...signed, refund_fee: "199.00" };
    expect(await rejection(body(added))).toBe("bad-signature");
    const { gmt_payment: _dropped, ...removed } = signed;
    expect(await rejection(body(removed))).toBe("bad-signature");
  });

  it("refuses an absent, foreign or downgraded signature", async () => {
    expect(await rejection(body(paid))).toBe("bad-signature");
    expect(await rejection(body({ ...paid, sign: "", sign_type: "RSA2" }))).toBe("bad-signature");
    expect(await rejection(body(signNotificationParams(paid, app.privateKey)))).toBe(
      "bad-signature",
    );
    expect(
      await rejection(body({ ...paid, sign_type: "RSA2", sign: "bm90IGEgc2lnbmF0dXJl" })),
    ).toBe("bad-signature");
    const rsa1 = createSign("RSA-SHA1")
      .update(signContent(paid, ["sign", "sign_type"]))
      .sign(alipay.privateKey, "base64");
    expect(await rejection(body({ ...paid, sign_type: "RSA", sign: rsa1 }))).toBe("bad-signature");
  });

  it("calls a body that is no notification malformed", async () => {
    expect(await rejection("")).toBe("malformed");
    expect(await rejection('{"trade_status":"TRADE_SUCCESS"}')).toBe("malformed");
    const signed = signNotificationParams(paid, alipay.privateKey);
    expect(await rejection(`${body(signed)}&total_amount=1.00`)).toBe("malformed");
    const sign = (params: Record<string, string>) =>
      rejection(body(signNotificationParams(params, alipay.privateKey)));
    const { out_trade_no: _o, ...noOrder } = paid;
    expect(await sign(noOrder)).toBe("malformed");
    const { seller_id: _s, ...noSeller } = paid;
    expect(await sign(noSeller)).toBe("malformed");
    const { notify_id: _n, ...noId } = paid;
    expect(await sign(noId)).toBe("malformed");
    expect(await sign({ ...paid, total_amount: "199元" })).toBe("malformed");
    expect(await sign({ ...paid, trade_status: "PAID" })).toBe("malformed");
    expect(await sign({ ...paid, charset: "gbk" })).toBe("malformed");
    expect(await sign({ ...paid, notify_type: "fund_auth_sync" })).toBe("malformed");
  });

  it("hands back another merchant's or app's ids for the order service to compare", async () => {
    const foreign = body(
      signNotificationParams(
        { ...paid, seller_id: "2088000000000099", app_id: "2021000000000099" },
        alipay.privateKey,
      ),
    );
    expect(await verify(foreign)).toMatchObject({
      trade: { merchantId: "2088000000000099", appId: "2021000000000099" },
    });
  });

  it("says answered with text/plain success or failure", () => {
    expect(channel.notificationReply(true)).toEqual({
      status: 200,
      contentType: "text/plain; charset=utf-8",
      body: "success",
    });
    expect(channel.notificationReply(false).body).toBe("failure");
  });
});

describe("Alipay trade states", () => {
  const merchant = { merchantId: "2088721043670001", appId: "2021004143670001" };
  it.each([
    ["TRADE_SUCCESS", { gmt_payment: "2026-11-27 18:20:00" }, "paid", 19900],
    ["TRADE_FINISHED", { gmt_payment: "2026-11-27 18:20:00" }, "paid", 19900],
    ["WAIT_BUYER_PAY", {}, "unpaid", 0],
    ["TRADE_CLOSED", {}, "closed", 0],
    ["TRADE_CLOSED", { send_pay_date: "2026-11-27 18:20:00" }, "refunded", 19900],
    ["TRADE_CLOSED", { refund_fee: "199.00" }, "refunded", 19900],
  ])("%s %j is %s", (status, extra, state, amountFen) => {
    const trade = alipayTradeOf(
      {
        out_trade_no: "TJ1",
        trade_no: "2026112722001412345678901234",
        total_amount: "199.00",
        trade_status: status,
        ...extra,
      },
      merchant,
    );
    expect(trade).toMatchObject({ state, amountFen });
    expect(trade?.channelTradeNo === null).toBe(state === "unpaid" || state === "closed");
  });

  it("is null for fields that describe no trade", () => {
    expect(
      alipayTradeOf({ out_trade_no: "TJ1", trade_status: "TRADE_SUCCESS" }, merchant),
    ).toBeNull();
    expect(
      alipayTradeOf({ trade_status: "TRADE_SUCCESS", total_amount: "1.00" }, merchant),
    ).toBeNull();
  });
});
