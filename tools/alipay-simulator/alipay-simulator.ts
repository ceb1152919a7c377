import { createPrivateKey, createPublicKey, createSign, randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  fenToYuan,
  parseChinaTime,
  toChinaTime,
  yuanToFenOrNull,
} from "../../apps/api/src/providers/alipay/alipay-format.ts";
import {
  generateRsaKeyPair,
  pemBody,
  rsa2Sign,
  rsa2Verify,
  signContent,
  signNotificationParams,
} from "./alipay-sign.ts";

/**
 * A stand-in for Alipay's OpenAPI gateway (openapi.alipay.com/gateway.do) as the site uses it
 * for mobile web pay, for development and tests: the wap pay cashier page, trade query, close,
 * refund, refund query and the day's bill. Every request's RSA2 signature is checked against the
 * merchant's public key and refused with Alipay's error shape; every response, notification and
 * return address is signed with the simulator's own "Alipay" key, so the official SDK's checks
 * pass only when they should.
 *
 * Not Alipay: there is no buyer login (the cashier page pays at once); the bill is plain UTF-8
 * CSV rather than a zip of GBK files, and today's bill is available at once; a notification that
 * is not answered "success" is not sent again by itself (`notify` sends it again).
 */

export interface AlipaySimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  appId?: string;
  /** The merchant's partner id (2088…). */
  sellerId?: string;
  /**
   * The merchant app's public key (PEM or base64). When absent the simulator makes the app's
   * key pair (or derives it from `appPrivateKey`) and hands out the private key in `env`.
   */
  appPublicKey?: string;
  appPrivateKey?: string;
  /** The simulator's own ("Alipay's") private key; generated when absent. */
  alipayPrivateKey?: string;
}

export const ALIPAY_SIMULATOR_DEFAULTS = {
  appId: "2021004143670001",
  sellerId: "2088721043670001",
  buyerUserId: "2088102177846001",
  buyerLogonId: "tj_***@example.cn",
  sellerEmail: "pay@tongjian.example.cn",
} as const;

export type SimTradeStatus = "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_FINISHED" | "TRADE_CLOSED";

export interface SimRefund {
  outRequestNo: string;
  amountFen: number;
  reason: string;
  at: Date;
}

export interface SimTrade {
  outTradeNo: string;
  tradeNo: string;
  subject: string;
  totalFen: number;
  status: SimTradeStatus;
  createdAt: Date;
  paidAt: Date | null;
  closedAt: Date | null;
  expiresAt: Date | null;
  notifyUrl: string | null;
  returnUrl: string | null;
  quitUrl: string | null;
  refunds: SimRefund[];
  refundedFen: number;
  /** Every notification made for the trade (signed parameters), oldest first. */
  notifications: Record<string, string>[];
}

export interface NotificationDelivery {
  outTradeNo: string;
  url: string;
  body: string;
  /** The HTTP status of the answer; 0 when the notify address could not be reached. */
  status: number;
  reply: string;
  /** The site answered "success". */
  acknowledged: boolean;
  error?: string;
  at: Date;
}

/**
 * Notifications a test can send instead of the genuine one:
 * - unsigned: no sign and sign_type;
 * - bad-signature: signed with a key that is not Alipay's;
 * - tampered-amount / tampered-status: Alipay's genuine signature, then total_amount raised
 *   (or trade_status changed to TRADE_SUCCESS) after signing;
 * - wrong-seller / wrong-app: signed by Alipay, but for another merchant (seller_id) or app
 *   (app_id): a genuine notification of someone else's trade, replayed to us;
 * - rsa1: signed with RSA (SHA-1) and sign_type RSA, a downgrade.
 */
export type ForgeryKind =
  | "unsigned"
  | "bad-signature"
  | "tampered-amount"
  | "tampered-status"
  | "wrong-seller"
  | "wrong-app"
  | "rsa1";

export const FORGERY_KINDS: readonly ForgeryKind[] = [
  "unsigned",
  "bad-signature",
  "tampered-amount",
  "tampered-status",
  "wrong-seller",
  "wrong-app",
  "rsa1",
];

export interface ExtraBillLine {
  orderNum: string;
  channelTradeNo?: string;
  kind: "payment" | "refund";
  amountFen: number;
  /** When it happened (default now); its China date is the bill it appears in. */
  at?: Date;
  subject?: string;
}

export interface AlipaySimulator {
  /** Origin; the gateway is `${url}/gateway.do`. */
  readonly url: string;
  readonly gatewayUrl: string;
  readonly port: number;
  readonly appId: string;
  readonly sellerId: string;
  /** The simulator's public key (what the site sets as ALIPAY_PUBLIC_KEY), PEM. */
  readonly alipayPublicKey: string;
  /** The merchant app's private key when the simulator made it, PEM; else null. */
  readonly appPrivateKey: string | null;
  /** ALIPAY_GATEWAY, ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY (if made here), ALIPAY_PUBLIC_KEY, ALIPAY_SELLER_ID. */
  readonly env: Record<string, string>;
  /** Gateway requests received per method, refused ones included. */
  readonly calls: Record<string, number>;
  /** Every notification sent, in the order they were answered. */
  readonly deliveries: readonly NotificationDelivery[];
  trade(outTradeNo: string): SimTrade | undefined;
  trades(): SimTrade[];
  /** What the payer's browser does with the pay URL: checks it and opens the cashier. */
  openCashier(payUrl: string): SimTrade;
  /**
   * Pays an open trade as the cashier's 确认付款 does; given the pay URL instead of the order
   * number, opens it first. `notify: false` pays silently: only a query shows it. Resolves
   * after the notification was answered.
   */
  pay(outTradeNoOrPayUrl: string, options?: { notify?: boolean }): Promise<SimTrade>;
  /**
   * Sends the trade's latest notification again, `times` copies at once (same notify_id, as
   * Alipay's retries are), after `delayMs` (a late one).
   */
  notify(
    outTradeNo: string,
    options?: { times?: number; delayMs?: number },
  ): Promise<NotificationDelivery[]>;
  /** Sends all the trade's notifications newest first, one after another. */
  notifyOutOfOrder(outTradeNo: string): Promise<NotificationDelivery[]>;
  /** A forged notification's form body for the trade (as if paid when it is not). */
  forgedNotification(outTradeNo: string, kind: ForgeryKind): string;
  sendForged(outTradeNo: string, kind: ForgeryKind): Promise<NotificationDelivery>;
  /** Signs parameters as Alipay signs a notification; returns the form body. */
  signNotification(params: Record<string, string>): string;
  /** Adds a line to a day's bill that Alipay's records do not have (reconciliation tests). */
  addBillLine(line: ExtraBillLine): void;
  /** Moves the simulator's clock forward (trades expire at their time_expire). */
  advanceClock(seconds: number): void;
  /** Waits for the notifications under way. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024;
const BILL_URL_TTL_MS = 30_000;
const OTHER_SELLER_ID = "2088000000000099";
const OTHER_APP_ID = "2021000000000099";

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

const toPem = (text: string, kind: "private" | "public") => {
  const value = text.trim();
  if (value.includes("-----BEGIN")) {
    return kind === "private"
      ? createPrivateKey(value).export({ type: "pkcs8", format: "pem" }).toString()
      : createPublicKey(value).export({ type: "spki", format: "pem" }).toString();
  }
  const der = Buffer.from(value.replace(/\s+/g, ""), "base64");
  return kind === "private"
    ? createPrivateKey({ key: der, format: "der", type: "pkcs8" })
        .export({ type: "pkcs8", format: "pem" })
        .toString()
    : createPublicKey({ key: der, format: "der", type: "spki" })
        .export({ type: "spki", format: "pem" })
        .toString();
};

interface GatewayAnswer {
  key: string;
  body: Record<string, unknown>;
}

export async function startAlipaySimulator(
  options: AlipaySimulatorOptions = {},
): Promise<AlipaySimulator> {
  const appId = options.appId ?? ALIPAY_SIMULATOR_DEFAULTS.appId;
  const sellerId = options.sellerId ?? ALIPAY_SIMULATOR_DEFAULTS.sellerId;
  const alipayPrivateKey = options.alipayPrivateKey
    ? toPem(options.alipayPrivateKey, "private")
    : generateRsaKeyPair().privateKey;
  const alipayPublicKey = createPublicKey(alipayPrivateKey)
    .export({ type: "spki", format: "pem" })
    .toString();
  let appPrivateKey: string | null = null;
  let appPublicKey: string;
  if (options.appPublicKey) appPublicKey = toPem(options.appPublicKey, "public");
  else {
    appPrivateKey = options.appPrivateKey
      ? toPem(options.appPrivateKey, "private")
      : generateRsaKeyPair().privateKey;
    appPublicKey = createPublicKey(appPrivateKey)
      .export({ type: "spki", format: "pem" })
      .toString();
  }

  let clockOffsetMs = 0;
  const now = () => new Date(Date.now() + clockOffsetMs);
  const calls: Record<string, number> = {};
  const trades = new Map<string, SimTrade>();
  const cashierTokens = new Map<string, string>();
  const billFiles = new Map<string, { day: string; expiresAt: number }>();
  const extraBillLines: ExtraBillLine[] = [];
  const deliveries: NotificationDelivery[] = [];
  const inflight = new Set<Promise<unknown>>();
  /** Late notifications waiting for their time, and how to give up on them when closing. */
  const timers = new Map<NodeJS.Timeout, () => void>();
  let origin = "";

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inflight.add(promise);
    void promise.finally(() => inflight.delete(promise)).catch(() => {});
    return promise;
  };

  const newTradeNo = () => {
    const day = toChinaTime(now()).slice(0, 10).replaceAll("-", "");
    return `${day}22001${String(randomInt(10 ** 9)).padStart(9, "0")}${String(randomInt(10 ** 6)).padStart(6, "0")}`;
  };
  const newNotifyId = () =>
    `${toChinaTime(now()).slice(0, 10).replaceAll("-", "")}${randomBytes(14).toString("hex")}`;

  /** Lets a trade whose time_expire has passed close, as Alipay's timeout does. */
  function expire(trade: SimTrade) {
    if (trade.status === "WAIT_BUYER_PAY" && trade.expiresAt && trade.expiresAt <= now()) {
      trade.status = "TRADE_CLOSED";
      trade.closedAt = trade.expiresAt;
    }
    return trade;
  }

  function findTrade(biz: Record<string, unknown>): SimTrade | undefined {
    const out = typeof biz.out_trade_no === "string" ? biz.out_trade_no : undefined;
    const no = typeof biz.trade_no === "string" ? biz.trade_no : undefined;
    if (no) {
      for (const trade of trades.values()) if (trade.tradeNo === no) return expire(trade);
      return undefined;
    }
    const trade = out ? trades.get(out) : undefined;
    return trade ? expire(trade) : undefined;
  }

  // ---- notifications ---------------------------------------------------------------------

  function tradeNotificationParams(
    trade: SimTrade,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    const paid = trade.paidAt !== null;
    const total = fenToYuan(trade.totalFen);
    const params: Record<string, string> = {
      notify_time: toChinaTime(now()),
      notify_type: "trade_status_sync",
      notify_id: newNotifyId(),
      app_id: appId,
      auth_app_id: appId,
      charset: "utf-8",
      version: "1.0",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_id: ALIPAY_SIMULATOR_DEFAULTS.buyerUserId,
      buyer_logon_id: ALIPAY_SIMULATOR_DEFAULTS.buyerLogonId,
      seller_id: sellerId,
      seller_email: ALIPAY_SIMULATOR_DEFAULTS.sellerEmail,
      trade_status: trade.status,
      total_amount: total,
      subject: trade.subject,
      gmt_create: toChinaTime(trade.createdAt),
    };
    if (paid && trade.paidAt) {
      Object.assign(params, {
        receipt_amount: total,
        invoice_amount: total,
        buyer_pay_amount: total,
        point_amount: "0.00",
        gmt_payment: toChinaTime(trade.paidAt),
        fund_bill_list: JSON.stringify([{ amount: total, fundChannel: "ALIPAYACCOUNT" }]),
      });
    }
    if (trade.closedAt) params.gmt_close = toChinaTime(trade.closedAt);
    return { ...params, ...extra };
  }

  function recordNotification(trade: SimTrade, extra: Record<string, string> = {}) {
    const signed = signNotificationParams(tradeNotificationParams(trade, extra), alipayPrivateKey);
    trade.notifications.push(signed);
    return signed;
  }

  async function deliver(
    trade: SimTrade,
    params: Record<string, string>,
  ): Promise<NotificationDelivery> {
    const body = new URLSearchParams(params).toString();
    const url = trade.notifyUrl ?? "";
    const delivery: NotificationDelivery = {
      outTradeNo: trade.outTradeNo,
      url,
      body,
      status: 0,
      reply: "",
      acknowledged: false,
      at: now(),
    };
    try {
      if (!url) throw new Error("no notify_url");
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = res.status;
      delivery.reply = await res.text();
      delivery.acknowledged = res.status === 200 && delivery.reply.trim() === "success";
    } catch (error) {
      delivery.error = (error as Error).message;
    }
    deliveries.push(delivery);
    return delivery;
  }

  const send = (trade: SimTrade, params: Record<string, string>) =>
    trade.notifyUrl ? track(deliver(trade, params)) : Promise.resolve(null);

  function forge(trade: SimTrade, kind: ForgeryKind): Record<string, string> {
    const base = trade.paidAt
      ? tradeNotificationParams(trade)
      : tradeNotificationParams({ ...trade, status: "TRADE_SUCCESS", paidAt: now() }, {});
    const genuine = signNotificationParams(base, alipayPrivateKey);
    const raised = fenToYuan(trade.totalFen + 100);
    switch (kind) {
      case "unsigned": {
        const { sign: _s, sign_type: _t, ...rest } = genuine;
        return rest;
      }
      case "bad-signature":
        return signNotificationParams(base, generateRsaKeyPair().privateKey);
      case "tampered-amount":
        return {
          ...genuine,
          total_amount: raised,
          receipt_amount: raised,
          buyer_pay_amount: raised,
        };
      case "tampered-status":
        return {
          ...signNotificationParams({ ...base, trade_status: "WAIT_BUYER_PAY" }, alipayPrivateKey),
          trade_status: "TRADE_SUCCESS",
        };
      case "wrong-seller":
        return signNotificationParams({ ...base, seller_id: OTHER_SELLER_ID }, alipayPrivateKey);
      case "wrong-app":
        return signNotificationParams(
          { ...base, app_id: OTHER_APP_ID, auth_app_id: OTHER_APP_ID },
          alipayPrivateKey,
        );
      case "rsa1": {
        const params = { ...base, sign_type: "RSA" };
        const sign = createSign("RSA-SHA1")
          .update(signContent(params, ["sign", "sign_type"]), "utf8")
          .sign(alipayPrivateKey, "base64");
        return { ...params, sign };
      }
    }
  }

  // ---- the gateway ---------------------------------------------------------------------

  /** Signs an answer as Alipay does: over the exact JSON text of the response object. */
  function signedAnswer({ key, body }: GatewayAnswer): string {
    const inner = JSON.stringify(body);
    return `{"${key}":${inner},"sign":"${rsa2Sign(inner, alipayPrivateKey)}"}`;
  }

  const failure = (code: string, msg: string, subCode: string, subMsg: string) => ({
    code,
    msg,
    sub_code: subCode,
    sub_msg: subMsg,
  });
  const businessFailed = (subCode: string, subMsg: string) =>
    failure("40004", "Business Failed", subCode, subMsg);
  const invalid = (subCode: string, subMsg: string) =>
    failure("40002", "Invalid Arguments", subCode, subMsg);

  /** The common checks of every gateway request; an error answer, or null when it may go on. */
  function checkRequest(params: Record<string, string>): Record<string, unknown> | null {
    if (!params.app_id)
      return failure("40001", "Missing Required Arguments", "isv.missing-app-id", "缺少AppID参数");
    if (params.app_id !== appId) return invalid("isv.invalid-app-id", "无效的AppID参数");
    if (!params.sign)
      return failure(
        "40001",
        "Missing Required Arguments",
        "isv.missing-signature",
        "缺少签名参数",
      );
    if (!params.sign_type) {
      return failure(
        "40001",
        "Missing Required Arguments",
        "isv.missing-signature-type",
        "缺少签名类型",
      );
    }
    if (params.sign_type !== "RSA2") return invalid("isv.invalid-signature-type", "无效的签名类型");
    if (params.charset && params.charset.toLowerCase() !== "utf-8") {
      return invalid("isv.invalid-charset", "字符集错误");
    }
    if (!params.timestamp || !parseChinaTime(params.timestamp)) {
      return invalid("isv.invalid-timestamp", "非法的时间戳参数");
    }
    const content = signContent(params, ["sign"]);
    if (!rsa2Verify(content, params.sign, appPublicKey)) {
      return invalid(
        "isv.invalid-signature",
        `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${content}`,
      );
    }
    return null;
  }

  function bizOf(params: Record<string, string>): Record<string, unknown> | null {
    try {
      const biz = JSON.parse(params.biz_content ?? "");
      return biz && typeof biz === "object" && !Array.isArray(biz) ? biz : null;
    } catch {
      return null;
    }
  }

  function tradeQuery(biz: Record<string, unknown>) {
    const trade = findTrade(biz);
    if (!trade) return businessFailed("ACQ.TRADE_NOT_EXIST", "交易不存在");
    const total = fenToYuan(trade.totalFen);
    const paid = trade.paidAt !== null;
    return {
      code: "10000",
      msg: "Success",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: ALIPAY_SIMULATOR_DEFAULTS.buyerLogonId,
      trade_status: trade.status,
      total_amount: total,
      buyer_pay_amount: paid ? total : "0.00",
      point_amount: "0.00",
      invoice_amount: paid ? total : "0.00",
      receipt_amount: paid ? total : "0.00",
      ...(trade.paidAt ? { send_pay_date: toChinaTime(trade.paidAt) } : {}),
      buyer_user_id: ALIPAY_SIMULATOR_DEFAULTS.buyerUserId,
      subject: trade.subject,
    };
  }

  function tradeClose(biz: Record<string, unknown>) {
    const trade = findTrade(biz);
    if (!trade) return businessFailed("ACQ.TRADE_NOT_EXIST", "交易不存在");
    if (trade.status === "WAIT_BUYER_PAY") {
      trade.status = "TRADE_CLOSED";
      trade.closedAt = now();
      void send(trade, recordNotification(trade));
    } else if (trade.paidAt !== null) {
      return businessFailed("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
    }
    return {
      code: "10000",
      msg: "Success",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
    };
  }

  function tradeRefund(biz: Record<string, unknown>) {
    const trade = findTrade(biz);
    if (!trade) return businessFailed("ACQ.TRADE_NOT_EXIST", "交易不存在");
    const amountFen =
      typeof biz.refund_amount === "string" ? yuanToFenOrNull(biz.refund_amount) : null;
    if (amountFen === null || amountFen <= 0) {
      return businessFailed("ACQ.INVALID_PARAMETER", "参数无效：refund_amount");
    }
    const outRequestNo =
      typeof biz.out_request_no === "string" && biz.out_request_no
        ? biz.out_request_no
        : trade.outTradeNo;
    const answer = (fundChange: "Y" | "N") => ({
      code: "10000",
      msg: "Success",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: ALIPAY_SIMULATOR_DEFAULTS.buyerLogonId,
      fund_change: fundChange,
      refund_fee: fenToYuan(trade.refundedFen),
      gmt_refund_pay: toChinaTime(now()),
      buyer_user_id: ALIPAY_SIMULATOR_DEFAULTS.buyerUserId,
    });
    const earlier = trade.refunds.find((r) => r.outRequestNo === outRequestNo);
    if (earlier) {
      if (earlier.amountFen !== amountFen) {
        return businessFailed("ACQ.CONTEXT_INCONSISTENT", "参数与原退款请求不一致");
      }
      return answer("N");
    }
    if (trade.status === "TRADE_FINISHED") {
      return businessFailed("ACQ.TRADE_HAS_FINISHED", "交易已完结");
    }
    if (trade.status !== "TRADE_SUCCESS") {
      return businessFailed("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
    }
    if (trade.refundedFen + amountFen > trade.totalFen) {
      return businessFailed("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限");
    }
    const at = now();
    trade.refunds.push({
      outRequestNo,
      amountFen,
      at,
      reason: typeof biz.refund_reason === "string" ? biz.refund_reason : "",
    });
    trade.refundedFen += amountFen;
    if (trade.refundedFen === trade.totalFen) {
      trade.status = "TRADE_CLOSED";
      trade.closedAt = at;
    }
    const gmtRefund = `${toChinaTime(at)}.${String(at.getMilliseconds()).padStart(3, "0")}`;
    void send(
      trade,
      recordNotification(trade, {
        refund_fee: fenToYuan(trade.refundedFen),
        gmt_refund: gmtRefund,
        out_biz_no: outRequestNo,
      }),
    );
    return answer("Y");
  }

  function refundQuery(biz: Record<string, unknown>) {
    const trade = findTrade(biz);
    if (!trade) return businessFailed("ACQ.TRADE_NOT_EXIST", "交易不存在");
    const refund = trade.refunds.find((r) => r.outRequestNo === biz.out_request_no);
    if (!refund)
      return {
        code: "10000",
        msg: "Success",
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
      };
    return {
      code: "10000",
      msg: "Success",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      out_request_no: refund.outRequestNo,
      total_amount: fenToYuan(trade.totalFen),
      refund_amount: fenToYuan(refund.amountFen),
      refund_status: "REFUND_SUCCESS",
      gmt_refund_pay: toChinaTime(refund.at),
    };
  }

  function billDownloadUrl(biz: Record<string, unknown>) {
    if (biz.bill_type !== "trade" && biz.bill_type !== "signcustomer") {
      return invalid("isv.invalid-parameter", "参数无效：bill_type");
    }
    const day = typeof biz.bill_date === "string" ? biz.bill_date : "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !parseChinaTime(`${day} 00:00:00`)) {
      return invalid("isv.invalid-parameter", "参数无效：bill_date");
    }
    if (day > toChinaTime(now()).slice(0, 10)) {
      return businessFailed("isp.bill_not_exist", "账单不存在");
    }
    const fileId = randomBytes(12).toString("hex");
    billFiles.set(fileId, { day, expiresAt: now().getTime() + BILL_URL_TTL_MS });
    const compact = day.replaceAll("-", "");
    const query = new URLSearchParams({
      bizType: String(biz.bill_type),
      userId: sellerId,
      fileType: "csv",
      bizDates: compact,
      downloadFileName: `${sellerId}_${compact}.csv`,
      fileId,
    });
    return {
      code: "10000",
      msg: "Success",
      bill_download_url: `${origin}/downloadBillFile.resource?${query}`,
    };
  }

  /** The day's trade bill; the layout is the one parseAlipayBill documents. */
  function billCsv(day: string): string {
    const header = [
      "支付宝交易号",
      "商户订单号",
      "业务类型",
      "商品名称",
      "创建时间",
      "完成时间",
      "对方账户",
      "订单金额（元）",
      "商家实收（元）",
      "退款批次号/请求号",
      "服务费（元）",
      "备注",
    ];
    const cell = (value: string) =>
      /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : `${value}\t`;
    const rows: string[][] = [];
    const inDay = (at: Date) => toChinaTime(at).startsWith(day);
    for (const trade of trades.values()) {
      if (trade.paidAt && inDay(trade.paidAt)) {
        const total = fenToYuan(trade.totalFen);
        rows.push([
          trade.tradeNo,
          trade.outTradeNo,
          "交易",
          trade.subject,
          toChinaTime(trade.createdAt),
          toChinaTime(trade.paidAt),
          ALIPAY_SIMULATOR_DEFAULTS.buyerLogonId,
          total,
          total,
          "",
          "0.00",
          "",
        ]);
      }
      for (const refund of trade.refunds) {
        if (!inDay(refund.at)) continue;
        const amount = `-${fenToYuan(refund.amountFen)}`;
        rows.push([
          trade.tradeNo,
          trade.outTradeNo,
          "退款",
          trade.subject,
          toChinaTime(trade.createdAt),
          toChinaTime(refund.at),
          ALIPAY_SIMULATOR_DEFAULTS.buyerLogonId,
          amount,
          amount,
          refund.outRequestNo,
          "0.00",
          refund.reason,
        ]);
      }
    }
    for (const line of extraBillLines) {
      const at = line.at ?? now();
      if (!inDay(at)) continue;
      const amount = `${line.kind === "refund" ? "-" : ""}${fenToYuan(line.amountFen)}`;
      rows.push([
        line.channelTradeNo ?? newTradeNo(),
        line.orderNum,
        line.kind === "refund" ? "退款" : "交易",
        line.subject ?? "",
        toChinaTime(at),
        toChinaTime(at),
        ALIPAY_SIMULATOR_DEFAULTS.buyerLogonId,
        amount,
        amount,
        "",
        "0.00",
        "",
      ]);
    }
    const [y, m, d] = day.split("-");
    const next = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + 1));
    const nextDay = next.toISOString().slice(0, 10).split("-");
    return [
      "#支付宝业务明细查询",
      `#账号：[${sellerId}0156]`,
      `#起始日期：[${y}年${m}月${d}日 00:00:00]   终止日期：[${nextDay[0]}年${nextDay[1]}月${nextDay[2]}日 00:00:00]`,
      "#-----------------------------------------业务明细列表----------------------------------------",
      header.join(","),
      ...rows.map((row) => row.map(cell).join(",")),
      "#-----------------------------------------业务明细列表结束------------------------------------",
      `#交易合计：${rows.filter((r) => r[2] === "交易").length}笔`,
      `#导出时间：[${toChinaTime(now())}]`,
      "",
    ].join("\r\n");
  }

  function gatewayCall(params: Record<string, string>): GatewayAnswer {
    const method = params.method ?? "";
    calls[method || "(none)"] = (calls[method || "(none)"] ?? 0) + 1;
    if (!method) {
      return {
        key: "error_response",
        body: failure(
          "40001",
          "Missing Required Arguments",
          "isv.missing-method",
          "缺少方法名参数",
        ),
      };
    }
    const handlers: Record<string, (biz: Record<string, unknown>) => Record<string, unknown>> = {
      "alipay.trade.query": tradeQuery,
      "alipay.trade.close": tradeClose,
      "alipay.trade.refund": tradeRefund,
      "alipay.trade.fastpay.refund.query": refundQuery,
      "alipay.data.dataservice.bill.downloadurl.query": billDownloadUrl,
    };
    const handler = handlers[method];
    if (!handler) {
      return {
        key: "error_response",
        body: invalid("isv.invalid-method", "不存在的方法名"),
      };
    }
    const key = `${method.replaceAll(".", "_")}_response`;
    const refused = checkRequest(params);
    if (refused) return { key, body: refused };
    const biz = bizOf(params);
    if (!biz) return { key, body: invalid("isv.invalid-parameter", "参数无效：biz_content") };
    return { key, body: handler(biz) };
  }

  // ---- the cashier -----------------------------------------------------------------------

  class PageError extends Error {}

  /** alipay.trade.wap.pay: checks the signed URL and opens (or re-opens) the trade. */
  function openFromParams(params: Record<string, string>): SimTrade {
    calls["alipay.trade.wap.pay"] = (calls["alipay.trade.wap.pay"] ?? 0) + 1;
    const refused = checkRequest(params);
    if (refused) throw new PageError(`${refused.sub_code}：${refused.sub_msg}`);
    const biz = bizOf(params);
    if (!biz) throw new PageError("isv.invalid-parameter：biz_content 无效");
    const outTradeNo = typeof biz.out_trade_no === "string" ? biz.out_trade_no : "";
    if (!/^[0-9A-Za-z_-]{1,64}$/.test(outTradeNo)) {
      throw new PageError("ACQ.INVALID_PARAMETER：out_trade_no 无效");
    }
    const totalFen =
      typeof biz.total_amount === "string" && /^\d+(\.\d{1,2})?$/.test(biz.total_amount)
        ? yuanToFenOrNull(biz.total_amount)
        : null;
    if (totalFen === null || totalFen < 1 || totalFen > 10_000_000_000) {
      throw new PageError("ACQ.INVALID_PARAMETER：total_amount 无效");
    }
    const subject = typeof biz.subject === "string" ? biz.subject : "";
    if (!subject || /[/=&]/.test(subject))
      throw new PageError("ACQ.INVALID_PARAMETER：subject 无效");
    if (biz.product_code !== "QUICK_WAP_WAY") {
      throw new PageError("ACQ.INVALID_PARAMETER：product_code 应为 QUICK_WAP_WAY");
    }
    let expiresAt: Date | null = null;
    if (biz.time_expire !== undefined) {
      expiresAt = typeof biz.time_expire === "string" ? parseChinaTime(biz.time_expire) : null;
      if (!expiresAt) throw new PageError("ACQ.INVALID_PARAMETER：time_expire 格式不对");
    }
    const existing = trades.get(outTradeNo);
    if (existing) {
      if (existing.totalFen !== totalFen || existing.subject !== subject) {
        throw new PageError("ACQ.CONTEXT_INCONSISTENT：交易信息被篡改");
      }
      if (existing.status === "WAIT_BUYER_PAY") {
        existing.notifyUrl = params.notify_url || existing.notifyUrl;
        existing.returnUrl = params.return_url || existing.returnUrl;
        if (typeof biz.quit_url === "string") existing.quitUrl = biz.quit_url;
        if (expiresAt) existing.expiresAt = expiresAt;
      }
      return expire(existing);
    }
    const trade: SimTrade = {
      outTradeNo,
      tradeNo: newTradeNo(),
      subject,
      totalFen,
      status: "WAIT_BUYER_PAY",
      createdAt: now(),
      paidAt: null,
      closedAt: null,
      expiresAt,
      notifyUrl: params.notify_url || null,
      returnUrl: params.return_url || null,
      quitUrl: typeof biz.quit_url === "string" ? biz.quit_url : null,
      refunds: [],
      refundedFen: 0,
      notifications: [],
    };
    trades.set(outTradeNo, trade);
    return expire(trade);
  }

  function markPaid(trade: SimTrade): boolean {
    expire(trade);
    if (trade.status !== "WAIT_BUYER_PAY") return false;
    trade.status = "TRADE_SUCCESS";
    trade.paidAt = now();
    return true;
  }

  /** The parameters Alipay adds to return_url after a payment (signed like a notification). */
  function returnParams(trade: SimTrade): Record<string, string> {
    return signNotificationParams(
      {
        charset: "utf-8",
        out_trade_no: trade.outTradeNo,
        method: "alipay.trade.wap.pay.return",
        total_amount: fenToYuan(trade.totalFen),
        trade_no: trade.tradeNo,
        auth_app_id: appId,
        version: "1.0",
        app_id: appId,
        seller_id: sellerId,
        timestamp: toChinaTime(now()),
      },
      alipayPrivateKey,
    );
  }

  const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${html(title)}</title>
<style>
body{margin:0;font:15px/1.5 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f5f5f5;color:#333}
header{background:#1677ff;color:#fff;text-align:center;padding:12px;font-size:17px}
main{max-width:480px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:20px 16px;text-align:center}
.amount{font-size:36px;font-weight:600;margin:8px 0}
.muted{color:#888;font-size:13px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;text-align:left;margin:16px 0 0}
dt{color:#888}dd{margin:0;word-break:break-all}
button,a.button{display:block;width:100%;box-sizing:border-box;margin-top:12px;padding:12px;border-radius:8px;font-size:17px;border:0;text-align:center;text-decoration:none}
.pay{background:#1677ff;color:#fff}.cancel{background:#fff;color:#333;border:1px solid #ddd}
</style></head><body><header>支付宝 · 模拟收银台</header><main>${body}</main></body></html>`;

  function cashierPage(trade: SimTrade): string {
    const token = randomBytes(16).toString("hex");
    cashierTokens.set(token, trade.outTradeNo);
    return page(
      "确认付款",
      `<div class="card">
<div class="muted">${html(trade.subject)}</div>
<div class="amount">¥${fenToYuan(trade.totalFen)}</div>
<dl><dt>收款方</dt><dd>通鉴（${html(sellerId)}）</dd><dt>订单号</dt><dd>${html(trade.outTradeNo)}</dd>${
        trade.expiresAt ? `<dt>支付截止</dt><dd>${html(toChinaTime(trade.expiresAt))}</dd>` : ""
      }</dl>
</div>
<form method="post" action="/cashier/submit">
<input type="hidden" name="token" value="${token}">
<button class="pay" type="submit" name="action" value="pay">确认付款</button>
<button class="cancel" type="submit" name="action" value="cancel">取消</button>
</form>`,
    );
  }

  function statusPage(trade: SimTrade, message: string): string {
    const back = trade.returnUrl ?? trade.quitUrl;
    return page(
      message,
      `<div class="card"><div class="amount">${html(message)}</div><div class="muted">${html(trade.subject)} · ¥${fenToYuan(trade.totalFen)}</div></div>${
        back ? `<a class="button cancel" href="${html(back)}">返回商家</a>` : ""
      }`,
    );
  }

  function showTrade(trade: SimTrade, res: ServerResponse) {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    if (trade.status === "WAIT_BUYER_PAY") return res.end(cashierPage(trade));
    if (trade.paidAt) return res.end(statusPage(trade, "该订单已支付"));
    return res.end(statusPage(trade, "交易已关闭"));
  }

  function errorPage(res: ServerResponse, message: string) {
    res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
    res.end(
      page(
        "支付遇到问题",
        `<div class="card"><p>支付遇到问题</p><p class="muted">${html(message)}</p></div>`,
      ),
    );
  }

  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(302, { location, "cache-control": "no-store" });
    res.end();
  };

  function withParams(address: string, params: Record<string, string>): string {
    const url = new URL(address);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.href;
  }

  // ---- test controls -------------------------------------------------------------------

  function mustTrade(outTradeNo: string): SimTrade {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`模拟支付宝没有交易 ${outTradeNo}`);
    return expire(trade);
  }

  async function pay(ref: string, options: { notify?: boolean } = {}) {
    const trade = /^https?:/.test(ref) ? openCashier(ref) : mustTrade(ref);
    if (!markPaid(trade)) throw new Error(`交易 ${trade.outTradeNo} 不能支付（${trade.status}）`);
    const params = recordNotification(trade);
    if (options.notify !== false) await send(trade, params);
    return trade;
  }

  function openCashier(payUrl: string): SimTrade {
    const target = new URL(payUrl);
    const params: Record<string, string> = {};
    for (const [key, value] of target.searchParams) if (!(key in params)) params[key] = value;
    if (params.method !== "alipay.trade.wap.pay") throw new Error("不是手机网站支付地址");
    try {
      return openFromParams(params);
    } catch (error) {
      throw new Error((error as Error).message);
    }
  }

  function latestNotification(trade: SimTrade): Record<string, string> {
    const latest = trade.notifications.at(-1);
    if (!latest) throw new Error(`交易 ${trade.outTradeNo} 还没有通知`);
    return latest;
  }

  function later<T>(delayMs: number, run: () => Promise<T>): Promise<T> {
    if (delayMs <= 0) return run();
    return track(
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          run().then(resolve, reject);
        }, delayMs);
        timers.set(timer, () => reject(new Error("模拟支付宝已关闭")));
      }),
    );
  }

  async function notify(outTradeNo: string, options: { times?: number; delayMs?: number } = {}) {
    const trade = mustTrade(outTradeNo);
    const params = latestNotification(trade);
    const times = Math.max(1, Math.min(1000, Math.floor(options.times ?? 1)));
    return later(options.delayMs ?? 0, () =>
      Promise.all(Array.from({ length: times }, () => track(deliver(trade, params)))),
    );
  }

  async function notifyOutOfOrder(outTradeNo: string) {
    const trade = mustTrade(outTradeNo);
    const out: NotificationDelivery[] = [];
    for (const params of [...trade.notifications].reverse()) {
      out.push(await track(deliver(trade, params)));
    }
    return out;
  }

  function addBillLine(line: ExtraBillLine) {
    if (!Number.isSafeInteger(line.amountFen) || line.amountFen < 0) {
      throw new RangeError("amountFen 必须是非负整数");
    }
    extraBillLines.push({ ...line, at: line.at ?? now() });
  }

  // ---- HTTP ----------------------------------------------------------------------------

  function readBody(req: IncomingMessage): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          resolve(null);
          req.destroy();
        } else chunks.push(chunk);
      });
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });
  }

  /** Query and form body together, as the gateway reads them (the first value of a name wins). */
  async function paramsOf(req: IncomingMessage, url: URL): Promise<Record<string, string> | null> {
    const params: Record<string, string> = {};
    const add = (search: URLSearchParams) => {
      for (const [key, value] of search) if (!(key in params)) params[key] = value;
    };
    add(url.searchParams);
    if (req.method === "POST") {
      const body = await readBody(req);
      if (body === null) return null;
      const type = String(req.headers["content-type"] ?? "");
      if (body && (type.includes("application/x-www-form-urlencoded") || type === "")) {
        add(new URLSearchParams(body));
      }
    }
    return params;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator");
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const params = await paramsOf(req, url);
    if (params === null) return json({ error: "请求体过大" }, 413);
    const route = `${req.method} ${url.pathname}`;

    if (
      url.pathname === "/gateway.do" &&
      req.method === "GET" &&
      params.method === "alipay.trade.wap.pay"
    ) {
      try {
        return showTrade(openFromParams(params), res);
      } catch (error) {
        if (error instanceof PageError) return errorPage(res, error.message);
        throw error;
      }
    }
    if (url.pathname === "/gateway.do" && (req.method === "POST" || req.method === "GET")) {
      res.writeHead(200, { "content-type": "text/html;charset=utf-8" });
      return res.end(signedAnswer(gatewayCall(params)));
    }
    const simError = (error: unknown) => json({ error: (error as Error).message }, 400);
    const numberParam = (name: string, fallback: number) => {
      const value = Number(params[name] ?? fallback);
      return Number.isFinite(value) ? value : fallback;
    };
    const summary = (trade: SimTrade) => ({
      ...trade,
      notifications: trade.notifications.length,
    });
    switch (route) {
      case "POST /cashier/submit": {
        const outTradeNo = cashierTokens.get(params.token ?? "");
        const trade = outTradeNo ? trades.get(outTradeNo) : undefined;
        if (!trade) return errorPage(res, "页面已失效，请回到商家重新发起支付");
        if (params.action === "cancel") {
          cashierTokens.delete(params.token ?? "");
          const back = trade.quitUrl ?? trade.returnUrl;
          if (back) return redirect(res, back);
          return showTrade(trade, res);
        }
        if (params.action !== "pay") return errorPage(res, "未知操作");
        if (!markPaid(trade)) return showTrade(trade, res);
        cashierTokens.delete(params.token ?? "");
        void send(trade, recordNotification(trade));
        if (trade.returnUrl) return redirect(res, withParams(trade.returnUrl, returnParams(trade)));
        return showTrade(trade, res);
      }
      case "GET /downloadBillFile.resource": {
        const file = billFiles.get(params.fileId ?? "");
        if (!file || file.expiresAt < now().getTime()) {
          res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
          return res.end("账单下载地址已失效");
        }
        res.writeHead(200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${params.downloadFileName ?? "bill.csv"}"`,
        });
        return res.end(billCsv(file.day));
      }
      case "POST /sim/pay":
        return pay(params.pay_url || params.out_trade_no || "", {
          notify: params.notify !== "0",
        }).then((trade) => json(summary(trade)), simError);
      case "POST /sim/notify":
        return notify(params.out_trade_no ?? "", {
          times: numberParam("times", 1),
          delayMs: numberParam("delay_ms", 0),
        }).then(json, simError);
      case "POST /sim/notify/out-of-order":
        return notifyOutOfOrder(params.out_trade_no ?? "").then(json, simError);
      case "POST /sim/notify/forged": {
        const kind = params.kind as ForgeryKind;
        if (!FORGERY_KINDS.includes(kind))
          return simError(new Error(`kind 应为 ${FORGERY_KINDS.join("、")}`));
        try {
          const trade = mustTrade(params.out_trade_no ?? "");
          return json(await track(deliver(trade, forge(trade, kind))));
        } catch (error) {
          return simError(error);
        }
      }
      case "POST /sim/bill/line": {
        const amountFen = yuanToFenOrNull(params.amount);
        const at = params.at ? parseChinaTime(params.at) : now();
        if (!params.out_trade_no || amountFen === null || !at) {
          return simError(
            new Error("需要 out_trade_no、amount（元）和可选的 at（yyyy-MM-dd HH:mm:ss）"),
          );
        }
        addBillLine({
          orderNum: params.out_trade_no,
          ...(params.trade_no ? { channelTradeNo: params.trade_no } : {}),
          kind: params.kind === "refund" ? "refund" : "payment",
          amountFen,
          at,
        });
        return json({ ok: true });
      }
      case "POST /sim/clock":
        clockOffsetMs += numberParam("seconds", 0) * 1000;
        return json({ now: now().toISOString() });
      case "GET /sim/trades":
        return json([...trades.values()].map((t) => summary(expire(t))));
      case "GET /sim/deliveries":
        return json(deliveries);
      case "GET /":
        return json({ simulator: "alipay", appId, sellerId, gateway: `${origin}/gateway.do` });
    }
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("not found");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const gatewayUrl = `${origin}/gateway.do`;

  const settle = async () => {
    while (inflight.size > 0) await Promise.allSettled([...inflight]);
  };

  return {
    url: origin,
    gatewayUrl,
    port,
    appId,
    sellerId,
    alipayPublicKey,
    appPrivateKey,
    env: {
      ALIPAY_GATEWAY: gatewayUrl,
      ALIPAY_APP_ID: appId,
      ...(appPrivateKey ? { ALIPAY_PRIVATE_KEY: pemBody(appPrivateKey) } : {}),
      ALIPAY_PUBLIC_KEY: pemBody(alipayPublicKey),
      ALIPAY_SELLER_ID: sellerId,
    },
    calls,
    deliveries,
    trade: (outTradeNo) => {
      const trade = trades.get(outTradeNo);
      return trade ? expire(trade) : undefined;
    },
    trades: () => [...trades.values()].map(expire),
    openCashier,
    pay,
    notify,
    notifyOutOfOrder,
    forgedNotification: (outTradeNo, kind) =>
      new URLSearchParams(forge(mustTrade(outTradeNo), kind)).toString(),
    sendForged: (outTradeNo, kind) => {
      const trade = mustTrade(outTradeNo);
      return track(deliver(trade, forge(trade, kind)));
    },
    signNotification: (params) =>
      new URLSearchParams(signNotificationParams(params, alipayPrivateKey)).toString(),
    addBillLine,
    advanceClock(seconds) {
      clockOffsetMs += seconds * 1000;
    },
    settle,
    close: async () => {
      for (const [timer, giveUp] of timers) {
        clearTimeout(timer);
        giveUp();
      }
      timers.clear();
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
