import {
  createCipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  randomUUID,
  webcrypto,
} from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";

/**
 * A stand-in for WeChat Pay API v3 (api.mch.weixin.qq.com) and for the payer's side of it,
 * for development and tests (decision 34). Its cryptography is written here on its own, with
 * Node's crypto, so that a mistake in the site's channel is caught rather than mirrored:
 *
 * - it has a merchant key (fixtures/merchant-key.pem: the site's WECHAT_PAY_PRIVATE_KEY, serial
 *   WECHAT_PAY_SERIAL_NO), a platform key with a self-signed X.509 certificate made at start
 *   (served, AES-256-GCM encrypted under the APIv3 key, by /v3/certificates) and a rogue key
 *   whose certificate it never serves (for forged notifications);
 * - every /v3 request must carry a valid `WECHATPAY2-SHA256-RSA2048` Authorization signed with
 *   the merchant key (else 401 SIGN_ERROR), and every answer is signed with the platform key;
 * - it keeps orders and refunds, and pays them when a payer does (the fake JS bridge, the H5 pay
 *   page, the fake app's `pay` bridge call, or a test), then notifies the order's notify_url
 *   (signed with the platform key, resource encrypted under the APIv3 key), retrying on failure
 *   as WeChat Pay does;
 * - tests can send duplicate, late, out-of-order and forged notifications, pay without
 *   notifying, and make the day's trade bill differ from the orders.
 *
 * Not WeChat Pay — the payer's side and the test controls, on the simulator's origin:
 * - `GET /sim/pay/jsapi?appId&timeStamp&nonceStr&package&signType&paySign&choice&callback`
 *   (JSONP; the fake WeixinJSBridge) → `{ err_msg: "get_brand_wcpay_request:ok|cancel|fail" }`;
 * - `GET /sim/pay/app?appid&partnerid&prepayid&package&noncestr&timestamp&sign&choice&callback`
 *   (JSONP; the fake app's `pay`) → `{ errCode: 0 | -1 | -2, errStr }`;
 * - `GET /sim/h5pay?prepay_id&redirect_url` (H5 pay's page: 确认支付 / 取消, back to redirect_url);
 * - `POST /sim/pay {prepay_id | out_trade_no, choice?, notify?}` → `{ err_msg }`;
 * - `POST /sim/pay/notify {out_trade_no, times?, delay_ms?, forge?}` → deliveries;
 * - `POST /sim/pay/notify-refund {out_refund_no, times?, delay_ms?, forge?}` → deliveries;
 * - `POST /sim/pay/out-of-order {out_trade_no}` (its refunds' notifications, then its payment's);
 * - `POST /sim/pay/hold {hold}` (payments and refunds notify nobody while held);
 * - `POST /sim/pay/statement-difference {bill_date, out_trade_no, amount, kind?}`;
 * - `GET /sim/pay/deliveries`, `GET /sim/pay/orders/{out_trade_no}`.
 */

export type PayChoice = "ok" | "cancel" | "fail";

/** How a notification is spoiled, for the tests of the site's checks. */
export type ForgeKind =
  | "bad-signature"
  | "unknown-serial"
  | "tampered-ciphertext"
  | "wrong-amount"
  | "wrong-mchid"
  | "stale-timestamp";

export const FORGE_KINDS: readonly ForgeKind[] = [
  "bad-signature",
  "unknown-serial",
  "tampered-ciphertext",
  "wrong-amount",
  "wrong-mchid",
  "stale-timestamp",
];

export interface SimulatedNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface NotificationDelivery {
  kind: "payment" | "refund";
  orderNum: string;
  refundNum: string | null;
  forge: ForgeKind | null;
  /** The notify endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
  responseBody: string;
  attempt: number;
  at: string;
}

export interface NotifyOptions {
  /** Sends this many copies at once (duplicates); 1 by default. */
  times?: number;
  /** Waits this long before sending (a late notification). */
  delayMs?: number;
  forge?: ForgeKind;
  /** Sends to this URL instead of the order's notify_url. */
  url?: string;
}

export type SimTradeState = "NOTPAY" | "SUCCESS" | "REFUND" | "CLOSED" | "PAYERROR";
export type SimTradeType = "JSAPI" | "MWEB" | "APP";

export interface SimulatedOrder {
  outTradeNo: string;
  tradeType: SimTradeType;
  appid: string;
  mchid: string;
  description: string;
  notifyUrl: string;
  total: number;
  openid: string | null;
  prepayId: string;
  state: SimTradeState;
  transactionId: string | null;
  successTime: string | null;
  timeExpire: number | null;
  fingerprint: string;
  notificationId: string;
}

export interface SimulatedRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  refund: number;
  total: number;
  reason: string;
  notifyUrl: string;
  status: "PROCESSING" | "SUCCESS";
  createTime: string;
  successTime: string | null;
  notificationId: string;
}

export interface WeChatPaySimulatorOptions {
  mchId: string;
  appId: string;
  /** 32 characters; a fixed development key by default. */
  apiV3Key?: string;
  /** Delays of WeChat Pay's retries when notify_url does not answer 2xx (ms). */
  notifyRetryDelaysMs?: readonly number[];
  /** How long a refund stays PROCESSING before it succeeds (ms). */
  refundDelayMs?: number;
  /** The merchant's key (PEM) and its serial, kept from an earlier run; made anew when unset. */
  merchantKey?: { privateKeyPem: string; serialNo: string };
}

export interface WeChatPaySimulator {
  readonly mchId: string;
  readonly appId: string;
  readonly apiV3Key: string;
  readonly merchantSerialNo: string;
  readonly merchantPrivateKeyPem: string;
  readonly merchantPublicKeyPem: string;
  readonly platformSerialNo: string;
  readonly platformCertificatePem: string;
  /** The WECHAT_PAY_* settings (besides the base URL) that point the site at the simulator. */
  readonly env: Record<string, string>;
  /** Every notification sent, in order. */
  readonly deliveries: NotificationDelivery[];
  order(orderNum: string): SimulatedOrder | undefined;
  refundOf(refundNum: string): SimulatedRefund | undefined;
  /**
   * The payer pays (or cancels, or fails) an order as the pay page would; with `notify: false`
   * no notification goes out, so only a query shows the payment. Resolves with the answer the
   * payer's WeChat gets (`get_brand_wcpay_request:ok|cancel|fail`).
   */
  pay(orderNum: string, options?: { choice?: PayChoice; notify?: boolean }): Promise<string>;
  /** Holds (true) or sends (false, the default) the notifications payments and refunds make. */
  holdNotifications(hold: boolean): void;
  /** Builds the payment notification of a paid order without sending it. */
  paymentNotification(orderNum: string, forge?: ForgeKind): SimulatedNotification;
  /** Builds the notification of a refund without sending it. */
  refundNotification(refundNum: string, forge?: ForgeKind): SimulatedNotification;
  /** Sends an order's payment notification (duplicates, late, forged: see NotifyOptions). */
  notifyPayment(orderNum: string, options?: NotifyOptions): Promise<NotificationDelivery[]>;
  notifyRefund(refundNum: string, options?: NotifyOptions): Promise<NotificationDelivery[]>;
  /** Sends an order's refund notifications first, then its payment notification. */
  notifyOutOfOrder(orderNum: string): Promise<NotificationDelivery[]>;
  /**
   * The day's trade bill shows `amountFen` for the order (a differing line); for an order not
   * on that day's bill, it gains an extra line.
   */
  addStatementDifference(
    day: string,
    line: { orderNum: string; amountFen: number; kind?: "payment" | "refund" },
  ): void;
  clearStatementDifferences(): void;
  /** The trade bill text of a day (China time), as the download serves it. */
  tradeBill(day: string): string;
  /** Resolves when the notifications and refunds under way are done (retries not included). */
  settled(): Promise<void>;
  /** Answers one HTTP request when it is the pay simulator's; false lets the caller go on. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, origin: string): Promise<boolean>;
  close(): void;
}

export const SIMULATOR_API_V3_KEY = "Tongjian0Simulator0ApiV3Key00000";
const DEFAULT_RETRY_DELAYS_MS = [5_000, 15_000, 30_000] as const;
const MAX_CLOCK_SKEW_S = 5 * 60;
const MAX_BODY_BYTES = 64 * 1024;
const OUT_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const SCHEMA = "WECHATPAY2-SHA256-RSA2048";

const hex = (bytes: number) => randomBytes(bytes).toString("hex").toUpperCase();
const digits = (count: number) => {
  let text = "";
  for (const byte of randomBytes(count)) text += String(byte % 10);
  return text;
};
const message = (...parts: string[]) => parts.map((part) => `${part}\n`).join("");
const sign = (key: KeyObject, text: string) =>
  createSign("sha256WithRSAEncryption").update(text).sign(key).toString("base64");
const verify = (key: KeyObject, text: string, signature: string) => {
  try {
    return createVerify("sha256WithRSAEncryption")
      .update(text)
      .verify(key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
};

/** RFC 3339 in China time. */
export function chinaTime(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const billTime = (ms: number) =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
const yuan = (fen: number) =>
  `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, "0")}`;

function encrypt(apiV3Key: string, plain: string, associatedData: string) {
  const nonce = randomBytes(6).toString("hex");
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: "AEAD_AES_256_GCM",
    ciphertext: data.toString("base64"),
    nonce,
    associated_data: associatedData,
  };
}

/**
 * Test keys, never a merchant's or WeChat's: fixed files (so that starting a simulator makes no
 * RSA keys, which takes seconds on a busy machine, and so that a development site keeps working
 * across simulator restarts). The platform's certificates are made from them at start.
 */
const FIXTURES = new URL("./fixtures/", import.meta.url);
export const SIMULATOR_MERCHANT_KEY_FILE = fileURLToPath(new URL("merchant-key.pem", FIXTURES));
export const SIMULATOR_MERCHANT_SERIAL_NO = "3C1A6F0E5B2D4C7A8E9F10213243546576879809";
const PLATFORM_SERIAL_NO = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
const ROGUE_SERIAL_NO = "7A0B1C2D3E4F5061728394A5B6C7D8E9F0A1B2C3";

const fixtureKey = (name: string) =>
  createPrivateKey(readFileSync(new URL(`${name}-key.pem`, FIXTURES), "utf8"));

/** A self-signed X.509 certificate for an RSA key, valid from yesterday for five years. */
async function selfSignedCertificate(privateKey: KeyObject, name: string, serial: string) {
  const x509 = await import("@peculiar/x509");
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
  const keys = {
    privateKey: await webcrypto.subtle.importKey(
      "pkcs8",
      privateKey.export({ type: "pkcs8", format: "der" }),
      algorithm,
      false,
      ["sign"],
    ),
    publicKey: await webcrypto.subtle.importKey(
      "spki",
      createPublicKey(privateKey).export({ type: "spki", format: "der" }),
      algorithm,
      true,
      ["verify"],
    ),
  };
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial,
    name: `CN=${name}, O=Tenpay.com, C=CN`,
    notBefore: new Date(Date.now() - 24 * 3600_000),
    notAfter: new Date(Date.now() + 5 * 365 * 24 * 3600_000),
    signingAlgorithm: algorithm,
    keys: keys as CryptoKeyPair,
  });
  return { pem: certificate.toString("pem"), privateKey };
}

let platformKeys: Promise<{
  platform: { pem: string; privateKey: KeyObject };
  rogue: { pem: string; privateKey: KeyObject };
}> | null = null;

/** The platform and rogue keys with their certificates, made once per process. */
function platformCertificates() {
  platformKeys ??= Promise.all([
    selfSignedCertificate(fixtureKey("platform"), "Tenpay.com Root CA", PLATFORM_SERIAL_NO),
    selfSignedCertificate(fixtureKey("rogue"), "Not Tenpay", ROGUE_SERIAL_NO),
  ]).then(([platform, rogue]) => ({ platform, rogue }));
  return platformKeys;
}

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function createWeChatPaySimulator(
  options: WeChatPaySimulatorOptions,
): Promise<WeChatPaySimulator> {
  const { mchId, appId } = options;
  const apiV3Key = options.apiV3Key ?? SIMULATOR_API_V3_KEY;
  if (Buffer.byteLength(apiV3Key) !== 32) throw new Error("apiV3Key must be 32 bytes");
  const retryDelays = options.notifyRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const refundDelayMs = options.refundDelayMs ?? 20;

  const merchantPrivate = options.merchantKey
    ? createPrivateKey(options.merchantKey.privateKeyPem)
    : fixtureKey("merchant");
  const merchant = { privateKey: merchantPrivate, publicKey: createPublicKey(merchantPrivate) };
  const merchantSerialNo =
    options.merchantKey?.serialNo.toUpperCase() ?? SIMULATOR_MERCHANT_SERIAL_NO;
  const platformSerialNo = PLATFORM_SERIAL_NO;
  const rogueSerialNo = ROGUE_SERIAL_NO;
  const { platform, rogue } = await platformCertificates();
  const merchantPrivateKeyPem = merchant.privateKey
    .export({ type: "pkcs8", format: "pem" })
    .toString();
  const merchantPublicKeyPem = merchant.publicKey
    .export({ type: "spki", format: "pem" })
    .toString();

  const orders = new Map<string, SimulatedOrder>();
  const byPrepayId = new Map<string, string>();
  const refunds = new Map<string, SimulatedRefund>();
  const deliveries: NotificationDelivery[] = [];
  const differences = new Map<
    string,
    { orderNum: string; amountFen: number; kind: "payment" | "refund" }[]
  >();
  const pending = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  let hold = false;
  let closed = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise)).catch(() => {});
    return promise;
  };
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const sleep = (ms: number) => new Promise<void>((resolve) => later(ms, resolve));

  function effectiveState(order: SimulatedOrder): SimTradeState {
    if (order.state === "NOTPAY" && order.timeExpire !== null && order.timeExpire <= Date.now())
      order.state = "CLOSED";
    return order.state;
  }

  function transactionOf(order: SimulatedOrder) {
    const state = effectiveState(order);
    const settled = state === "SUCCESS" || state === "REFUND";
    return {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: order.outTradeNo,
      ...(order.transactionId ? { transaction_id: order.transactionId } : {}),
      trade_type: order.tradeType,
      trade_state: state,
      trade_state_desc:
        {
          NOTPAY: "未支付",
          SUCCESS: "支付成功",
          REFUND: "转入退款",
          CLOSED: "已关闭",
          PAYERROR: "支付失败",
        }[state] ?? "",
      bank_type: settled ? "OTHERS" : "",
      attach: "",
      ...(order.successTime ? { success_time: order.successTime } : {}),
      payer: order.openid ? { openid: order.openid } : {},
      amount: settled
        ? { total: order.total, payer_total: order.total, currency: "CNY", payer_currency: "CNY" }
        : { total: order.total, currency: "CNY" },
    };
  }

  function refundResource(refund: SimulatedRefund) {
    const order = orders.get(refund.outTradeNo);
    return {
      mchid: mchId,
      out_trade_no: refund.outTradeNo,
      transaction_id: order?.transactionId ?? "",
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: refund.status,
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
      user_received_account: "支付用户零钱",
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
      },
    };
  }

  function refundAnswer(refund: SimulatedRefund) {
    const order = orders.get(refund.outTradeNo);
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: order?.transactionId ?? "",
      out_trade_no: refund.outTradeNo,
      channel: "ORIGINAL",
      user_received_account: "支付用户零钱",
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
      create_time: refund.createTime,
      status: refund.status,
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
        settlement_refund: refund.refund,
        settlement_total: refund.total,
        discount_refund: 0,
        currency: "CNY",
      },
    };
  }

  /** A notification as WeChat Pay sends it, optionally spoiled. */
  function buildNotification(
    kind: "payment" | "refund",
    id: string,
    eventType: string,
    resource: Record<string, unknown>,
    notifyUrl: string,
    forge?: ForgeKind,
  ): SimulatedNotification {
    let plain = resource;
    if (forge === "wrong-amount") {
      const amount = resource.amount as Record<string, number>;
      plain =
        kind === "payment"
          ? {
              ...resource,
              amount: {
                ...amount,
                total: (amount.total ?? 0) + 1,
                payer_total: (amount.total ?? 0) + 1,
              },
            }
          : {
              ...resource,
              amount: {
                ...amount,
                refund: (amount.refund ?? 0) + 1,
                payer_refund: (amount.refund ?? 0) + 1,
              },
            };
    }
    if (forge === "wrong-mchid") plain = { ...resource, mchid: "1900000999" };
    const originalType = kind === "payment" ? "transaction" : "refund";
    const sealed = encrypt(apiV3Key, JSON.stringify(plain), originalType);
    if (forge === "tampered-ciphertext") {
      const bytes = Buffer.from(sealed.ciphertext, "base64");
      bytes[Math.floor(bytes.length / 3)] = (bytes[Math.floor(bytes.length / 3)] ?? 0) ^ 0x01;
      sealed.ciphertext = bytes.toString("base64");
    }
    const body = JSON.stringify({
      id,
      create_time: chinaTime(Date.now()),
      resource_type: "encrypt-resource",
      event_type: eventType,
      summary: kind === "payment" ? "支付成功" : "退款成功",
      resource: { original_type: originalType, ...sealed },
    });
    const timestamp = String(
      Math.floor(Date.now() / 1000) - (forge === "stale-timestamp" ? 10 * 60 : 0),
    );
    const nonce = hex(16);
    const key = forge === "unknown-serial" ? rogue.privateKey : platform.privateKey;
    let signature = sign(key, message(timestamp, nonce, body));
    if (forge === "bad-signature") {
      const bytes = Buffer.from(signature, "base64");
      bytes[10] = (bytes[10] ?? 0) ^ 0x40;
      signature = bytes.toString("base64");
    }
    return {
      url: notifyUrl,
      headers: {
        "content-type": "application/json",
        "wechatpay-timestamp": timestamp,
        "wechatpay-nonce": nonce,
        "wechatpay-signature": signature,
        "wechatpay-serial": forge === "unknown-serial" ? rogueSerialNo : platformSerialNo,
        "wechatpay-signature-type": SCHEMA,
        "request-id": randomUUID(),
      },
      body,
    };
  }

  function paymentNotification(orderNum: string, forge?: ForgeKind): SimulatedNotification {
    const order = orders.get(orderNum);
    if (!order) throw new Error(`no order ${orderNum}`);
    if (!order.transactionId) throw new Error(`order ${orderNum} is not paid`);
    const transaction = {
      ...transactionOf(order),
      trade_state: "SUCCESS",
      trade_state_desc: "支付成功",
    };
    return buildNotification(
      "payment",
      order.notificationId,
      "TRANSACTION.SUCCESS",
      transaction,
      order.notifyUrl,
      forge,
    );
  }

  function refundNotification(refundNum: string, forge?: ForgeKind): SimulatedNotification {
    const refund = refunds.get(refundNum);
    if (!refund) throw new Error(`no refund ${refundNum}`);
    const event = refund.status === "SUCCESS" ? "REFUND.SUCCESS" : "REFUND.ABNORMAL";
    return buildNotification(
      "refund",
      refund.notificationId,
      event,
      refundResource(refund),
      refund.notifyUrl,
      forge,
    );
  }

  async function deliver(
    notification: SimulatedNotification,
    meta: Pick<NotificationDelivery, "kind" | "orderNum" | "refundNum" | "forge" | "attempt">,
  ): Promise<NotificationDelivery> {
    let status = 0;
    let responseBody = "";
    try {
      const response = await fetch(notification.url, {
        method: "POST",
        headers: notification.headers,
        body: notification.body,
        signal: AbortSignal.timeout(5_000),
      });
      status = response.status;
      responseBody = await response.text().catch(() => "");
    } catch (error) {
      responseBody = error instanceof Error ? error.message : String(error);
    }
    const delivery = { ...meta, status, responseBody, at: new Date().toISOString() };
    deliveries.push(delivery);
    return delivery;
  }

  async function send(
    build: (forge?: ForgeKind) => SimulatedNotification,
    meta: Pick<NotificationDelivery, "kind" | "orderNum" | "refundNum">,
    notify: NotifyOptions = {},
  ): Promise<NotificationDelivery[]> {
    if (notify.delayMs) await sleep(notify.delayMs);
    const times = Math.max(1, Math.min(notify.times ?? 1, 1000));
    return Promise.all(
      Array.from({ length: times }, () => {
        const notification = build(notify.forge);
        if (notify.url) notification.url = notify.url;
        return deliver(notification, { ...meta, forge: notify.forge ?? null, attempt: 1 });
      }),
    );
  }

  /** The automatic notification after a payment or refund, retried while it is not accepted. */
  function notifyAutomatically(
    build: () => SimulatedNotification,
    meta: Pick<NotificationDelivery, "kind" | "orderNum" | "refundNum">,
  ) {
    const attempt = async (n: number): Promise<void> => {
      const delivery = await deliver(build(), { ...meta, forge: null, attempt: n });
      if (delivery.status >= 200 && delivery.status < 300) return;
      const delay = retryDelays[n - 1];
      if (delay !== undefined) later(delay, () => void track(attempt(n + 1)));
    };
    return track(attempt(1));
  }

  function markPaid(order: SimulatedOrder) {
    order.state = "SUCCESS";
    order.transactionId = `42000${digits(23)}`;
    order.successTime = chinaTime(Date.now());
  }

  /** The payer's WeChat: pay, cancel or fail; the answer getBrandWCPayRequest gives. */
  async function payOrder(
    order: SimulatedOrder,
    choice: PayChoice,
    notify: boolean,
  ): Promise<{ result: PayChoice; description?: string }> {
    if (choice === "cancel") return { result: "cancel" };
    const state = effectiveState(order);
    if (state !== "NOTPAY" && state !== "PAYERROR")
      return { result: "fail", description: state === "CLOSED" ? "订单已关闭" : "订单已支付" };
    if (choice === "fail") {
      order.state = "PAYERROR";
      return { result: "fail", description: "支付失败" };
    }
    markPaid(order);
    if (notify && !hold)
      await notifyAutomatically(() => paymentNotification(order.outTradeNo), {
        kind: "payment",
        orderNum: order.outTradeNo,
        refundNum: null,
      });
    return { result: "ok" };
  }

  // ---- HTTP ----

  function signedJson(res: ServerResponse, status: number, body: unknown) {
    const text = body === undefined ? "" : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = hex(16);
    res.writeHead(status, {
      ...(text ? { "content-type": "application/json; charset=utf-8" } : {}),
      "request-id": randomUUID(),
      "wechatpay-nonce": nonce,
      "wechatpay-timestamp": timestamp,
      "wechatpay-serial": platformSerialNo,
      "wechatpay-signature": sign(platform.privateKey, message(timestamp, nonce, text)),
      "wechatpay-signature-type": SCHEMA,
    });
    res.end(text);
  }
  const apiError = (res: ServerResponse, status: number, code: string, text: string) =>
    signedJson(res, status, { code, message: text });

  /** The merchant's Authorization: schema, mchid, serial, fresh timestamp, valid signature. */
  function checkAuthorization(
    req: IncomingMessage,
    pathAndQuery: string,
    body: string,
  ): string | null {
    const value = req.headers.authorization ?? "";
    if (!value.startsWith(`${SCHEMA} `)) return "Authorization 缺失或认证类型不支持";
    const fields: Record<string, string> = {};
    for (const match of value.slice(SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g))
      fields[match[1] ?? ""] = match[2] ?? "";
    if (fields.mchid !== mchId) return "商户号不符";
    if (fields.serial_no?.toUpperCase() !== merchantSerialNo) return "商户证书序列号不符";
    const timestamp = Number(fields.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > MAX_CLOCK_SKEW_S)
      return "时间戳过期";
    if (!fields.nonce_str || !fields.signature) return "签名信息不全";
    const text = message(
      req.method ?? "GET",
      pathAndQuery,
      String(timestamp),
      fields.nonce_str,
      body,
    );
    if (!verify(merchant.publicKey, text, fields.signature)) return "签名错误";
    return null;
  }

  function placeOrder(res: ServerResponse, tradeType: SimTradeType, raw: string, origin: string) {
    let input: {
      appid?: unknown;
      mchid?: unknown;
      description?: unknown;
      out_trade_no?: unknown;
      time_expire?: unknown;
      notify_url?: unknown;
      amount?: { total?: unknown; currency?: unknown };
      payer?: { openid?: unknown };
      scene_info?: { payer_client_ip?: unknown; h5_info?: { type?: unknown } };
    };
    try {
      input = JSON.parse(raw);
    } catch {
      return apiError(res, 400, "PARAM_ERROR", "请求体不是 JSON");
    }
    if (input.appid !== appId)
      return apiError(res, 400, "APPID_MCHID_NOT_MATCH", "appid和mch_id不匹配");
    if (input.mchid !== mchId) return apiError(res, 400, "MCH_NOT_EXISTS", "商户号不存在");
    const outTradeNo = String(input.out_trade_no ?? "");
    if (!OUT_NO.test(outTradeNo)) return apiError(res, 400, "PARAM_ERROR", "out_trade_no 格式错误");
    const description = String(input.description ?? "");
    if (!description || Buffer.byteLength(description) > 127)
      return apiError(res, 400, "PARAM_ERROR", "description 不符合要求");
    const notifyUrl = String(input.notify_url ?? "");
    if (!/^https?:\/\/[^\s]+$/.test(notifyUrl))
      return apiError(res, 400, "PARAM_ERROR", "notify_url 格式错误");
    const total = input.amount?.total;
    if (typeof total !== "number" || !Number.isInteger(total) || total <= 0)
      return apiError(res, 400, "PARAM_ERROR", "amount.total 须为正整数");
    if ((input.amount?.currency ?? "CNY") !== "CNY")
      return apiError(res, 400, "PARAM_ERROR", "币种不支持");
    const openid = tradeType === "JSAPI" ? String(input.payer?.openid ?? "") : "";
    if (tradeType === "JSAPI" && !openid)
      return apiError(res, 400, "PARAM_ERROR", "缺少 payer.openid");
    if (
      tradeType === "MWEB" &&
      (!input.scene_info?.payer_client_ip || !input.scene_info.h5_info?.type)
    )
      return apiError(res, 400, "PARAM_ERROR", "缺少 scene_info.h5_info");
    let timeExpire: number | null = null;
    if (input.time_expire !== undefined) {
      timeExpire = Date.parse(String(input.time_expire));
      if (Number.isNaN(timeExpire))
        return apiError(res, 400, "PARAM_ERROR", "time_expire 格式错误");
    }
    const fingerprint = JSON.stringify([
      tradeType,
      description,
      notifyUrl,
      total,
      openid,
      input.time_expire,
    ]);
    const known = orders.get(outTradeNo);
    if (known) {
      const state = effectiveState(known);
      if (state === "SUCCESS" || state === "REFUND")
        return apiError(res, 400, "ORDERPAID", "该订单已支付");
      if (state === "CLOSED") return apiError(res, 400, "ORDER_CLOSED", "订单已关闭");
      if (known.fingerprint !== fingerprint)
        return apiError(res, 400, "OUT_TRADE_NO_USED", "商户订单号重复");
    }
    const order: SimulatedOrder = known ?? {
      outTradeNo,
      tradeType,
      appid: appId,
      mchid: mchId,
      description,
      notifyUrl,
      total,
      openid: openid || null,
      prepayId: `wx${new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14)}${randomBytes(12).toString("hex")}`,
      state: "NOTPAY",
      transactionId: null,
      successTime: null,
      timeExpire,
      fingerprint,
      notificationId: randomUUID(),
    };
    orders.set(outTradeNo, order);
    byPrepayId.set(order.prepayId, outTradeNo);
    if (tradeType === "MWEB")
      return signedJson(res, 200, {
        h5_url: `${origin}/sim/h5pay?prepay_id=${order.prepayId}&package=${hex(4)}`,
      });
    return signedJson(res, 200, { prepay_id: order.prepayId });
  }

  function createRefund(res: ServerResponse, raw: string) {
    let input: {
      out_trade_no?: unknown;
      transaction_id?: unknown;
      out_refund_no?: unknown;
      reason?: unknown;
      notify_url?: unknown;
      amount?: { refund?: unknown; total?: unknown; currency?: unknown };
    };
    try {
      input = JSON.parse(raw);
    } catch {
      return apiError(res, 400, "PARAM_ERROR", "请求体不是 JSON");
    }
    const outRefundNo = String(input.out_refund_no ?? "");
    if (!OUT_NO.test(outRefundNo))
      return apiError(res, 400, "PARAM_ERROR", "out_refund_no 格式错误");
    const order =
      orders.get(String(input.out_trade_no ?? "")) ??
      [...orders.values()].find((o) => o.transactionId && o.transactionId === input.transaction_id);
    if (!order) return apiError(res, 404, "RESOURCE_NOT_EXISTS", "订单不存在");
    const amount = input.amount?.refund;
    const total = input.amount?.total;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0)
      return apiError(res, 400, "PARAM_ERROR", "amount.refund 须为正整数");
    if (total !== order.total) return apiError(res, 400, "PARAM_ERROR", "订单金额与原订单不符");
    const known = refunds.get(outRefundNo);
    if (known) {
      if (known.outTradeNo !== order.outTradeNo || known.refund !== amount)
        return apiError(res, 400, "INVALID_REQUEST", "退款单号已用于其他退款");
      return signedJson(res, 200, refundAnswer(known));
    }
    const state = effectiveState(order);
    if (state !== "SUCCESS" && state !== "REFUND")
      return apiError(res, 400, "INVALID_REQUEST", "订单未支付，不能退款");
    const refunded = [...refunds.values()]
      .filter((r) => r.outTradeNo === order.outTradeNo)
      .reduce((sum, r) => sum + r.refund, 0);
    if (refunded + amount > order.total) return apiError(res, 400, "NOT_ENOUGH", "可退金额不足");
    const notifyUrl = String(input.notify_url ?? "") || order.notifyUrl;
    const refund: SimulatedRefund = {
      outRefundNo,
      outTradeNo: order.outTradeNo,
      refundId: `50000${digits(24)}`,
      refund: amount,
      total: order.total,
      reason: String(input.reason ?? ""),
      notifyUrl,
      status: "PROCESSING",
      createTime: chinaTime(Date.now()),
      successTime: null,
      notificationId: randomUUID(),
    };
    refunds.set(outRefundNo, refund);
    order.state = "REFUND";
    // The refund goes through shortly after it is accepted, then WeChat Pay notifies.
    track(
      sleep(refundDelayMs).then(async () => {
        refund.status = "SUCCESS";
        refund.successTime = chinaTime(Date.now());
        if (!hold)
          await notifyAutomatically(() => refundNotification(outRefundNo), {
            kind: "refund",
            orderNum: order.outTradeNo,
            refundNum: outRefundNo,
          });
      }),
    );
    return signedJson(res, 200, refundAnswer(refund));
  }

  const billTokens = new Map<string, string>();

  function tradeBill(day: string): string {
    const header =
      "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";
    type Row = {
      at: number;
      order: SimulatedOrder | null;
      orderNum: string;
      kind: "payment" | "refund";
      amount: number;
      refund: SimulatedRefund | null;
      tradeNo: string;
    };
    const rows: Row[] = [];
    for (const order of orders.values()) {
      if (!order.successTime || !order.transactionId) continue;
      const at = Date.parse(order.successTime);
      if (chinaDay(at) === day)
        rows.push({
          at,
          order,
          orderNum: order.outTradeNo,
          kind: "payment",
          amount: order.total,
          refund: null,
          tradeNo: order.transactionId,
        });
    }
    for (const refund of refunds.values()) {
      if (!refund.successTime) continue;
      const at = Date.parse(refund.successTime);
      const order = orders.get(refund.outTradeNo) ?? null;
      if (chinaDay(at) === day)
        rows.push({
          at,
          order,
          orderNum: refund.outTradeNo,
          kind: "refund",
          amount: refund.refund,
          refund,
          tradeNo: order?.transactionId ?? "",
        });
    }
    for (const difference of differences.get(day) ?? []) {
      const row = rows.find(
        (r) => r.orderNum === difference.orderNum && r.kind === difference.kind,
      );
      if (row) row.amount = difference.amountFen;
      else
        rows.push({
          at: Date.parse(`${day}T12:00:00+08:00`),
          order: null,
          orderNum: difference.orderNum,
          kind: difference.kind,
          amount: difference.amountFen,
          refund: null,
          tradeNo: `42000${digits(23)}`,
        });
    }
    rows.sort((a, b) => a.at - b.at);
    const lines = rows.map((row) => {
      const refund = row.kind === "refund";
      const fields = [
        billTime(row.at),
        appId,
        mchId,
        "0",
        "",
        row.tradeNo,
        row.orderNum,
        row.order?.openid ?? "",
        row.order?.tradeType ?? "JSAPI",
        refund ? "REFUND" : "SUCCESS",
        "OTHERS",
        "CNY",
        refund ? "0.00" : yuan(row.amount),
        "0.00",
        refund ? (row.refund?.refundId ?? `50000${digits(24)}`) : "0",
        refund ? (row.refund?.outRefundNo ?? "") : "0",
        refund ? yuan(row.amount) : "0.00",
        "0.00",
        refund ? "ORIGINAL" : "",
        refund ? "SUCCESS" : "",
        row.order?.description ?? "",
        "",
        yuan(Math.round(row.amount * 0.006)),
        "0.60%",
        refund ? "0.00" : yuan(row.amount),
        refund ? yuan(row.amount) : "0.00",
        "",
      ];
      return fields.map((field) => `\`${field}`).join(",");
    });
    const paid = rows.filter((r) => r.kind === "payment").reduce((s, r) => s + r.amount, 0);
    const back = rows.filter((r) => r.kind === "refund").reduce((s, r) => s + r.amount, 0);
    return [
      header,
      ...lines,
      "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额",
      [
        rows.length,
        yuan(paid),
        yuan(back),
        "0.00",
        yuan(Math.round(paid * 0.006)),
        yuan(paid),
        yuan(back),
      ]
        .map((field) => `\`${field}`)
        .join(","),
      "",
    ].join("\r\n");
  }

  function jsonp(res: ServerResponse, callback: string, body: unknown) {
    if (!/^[A-Za-z_$][\w$]{0,63}$/.test(callback)) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      return res.end("callback 参数错误");
    }
    res.writeHead(200, { "content-type": "application/javascript; charset=utf-8" });
    res.end(`${callback}(${JSON.stringify(body)});`);
  }
  const plainJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const choiceOf = (value: unknown): PayChoice =>
    value === "cancel" || value === "fail" ? value : "ok";
  const forgeOf = (value: unknown): ForgeKind | undefined =>
    FORGE_KINDS.includes(value as ForgeKind) ? (value as ForgeKind) : undefined;

  /** getBrandWCPayRequest as WeChat checks it: our appId, a known prepay id, a valid paySign. */
  async function jsapiPay(q: URLSearchParams) {
    const fail = (description: string) => ({
      err_msg: "get_brand_wcpay_request:fail",
      err_desc: description,
    });
    const pkg = q.get("package") ?? "";
    if (q.get("appId") !== appId) return fail("appId 不符");
    if (q.get("signType") !== "RSA") return fail("signType 须为 RSA");
    const signed = message(
      q.get("appId") ?? "",
      q.get("timeStamp") ?? "",
      q.get("nonceStr") ?? "",
      pkg,
    );
    if (!verify(merchant.publicKey, signed, q.get("paySign") ?? ""))
      return fail("支付验证签名失败");
    const order = orders.get(byPrepayId.get(pkg.replace(/^prepay_id=/, "")) ?? "");
    if (order?.tradeType !== "JSAPI") return fail("prepay_id 无效");
    const outcome = await payOrder(order, choiceOf(q.get("choice")), true);
    return {
      err_msg: `get_brand_wcpay_request:${outcome.result}`,
      ...(outcome.description ? { err_desc: outcome.description } : {}),
    };
  }

  /** The app's WeChat SDK (PayReq): errCode 0 paid, -1 failed, -2 cancelled. */
  async function appPay(q: URLSearchParams) {
    const fail = (errStr: string) => ({ errCode: -1, errStr });
    if (q.get("appid") !== appId || q.get("partnerid") !== mchId) return fail("appid 或商户号不符");
    if (q.get("package") !== "Sign=WXPay") return fail("package 须为 Sign=WXPay");
    const signed = message(
      q.get("appid") ?? "",
      q.get("timestamp") ?? "",
      q.get("noncestr") ?? "",
      q.get("prepayid") ?? "",
    );
    if (!verify(merchant.publicKey, signed, q.get("sign") ?? "")) return fail("签名错误");
    const order = orders.get(byPrepayId.get(q.get("prepayid") ?? "") ?? "");
    if (order?.tradeType !== "APP") return fail("prepayid 无效");
    const outcome = await payOrder(order, choiceOf(q.get("choice")), true);
    return outcome.result === "ok"
      ? { errCode: 0, errStr: "" }
      : outcome.result === "cancel"
        ? { errCode: -2, errStr: "用户取消" }
        : fail(outcome.description ?? "支付失败");
  }

  function h5Page(res: ServerResponse, q: URLSearchParams) {
    const order = orders.get(byPrepayId.get(q.get("prepay_id") ?? "") ?? "");
    const redirect = q.get("redirect_url") ?? "";
    if (order?.tradeType !== "MWEB") {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      return res.end(
        '<!doctype html><meta charset="utf-8"><title>微信支付</title><p>商家参数格式有误，请联系商家解决</p>',
      );
    }
    const state = effectiveState(order);
    const hidden = `<input type="hidden" name="prepay_id" value="${escapeHtml(order.prepayId)}"><input type="hidden" name="redirect_url" value="${escapeHtml(redirect)}">`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>微信支付</title>
<body style="font-family:sans-serif;text-align:center;padding:24px">
<h1 style="font-size:18px">微信支付（模拟）</h1>
<p>${escapeHtml(order.description)}</p>
<p style="font-size:32px" data-amount="${order.total}">¥${yuan(order.total)}</p>
${
  state === "NOTPAY" || state === "PAYERROR"
    ? `<form method="post" action="/sim/h5pay">${hidden}<button name="choice" value="ok" style="font-size:18px;padding:8px 32px;background:#07c160;color:#fff;border:0;border-radius:4px">确认支付</button></form>
<form method="post" action="/sim/h5pay">${hidden}<button name="choice" value="cancel" style="margin-top:12px">取消</button></form>`
    : `<p>${state === "CLOSED" ? "订单已关闭" : "订单已支付"}</p>`
}
</body></html>`);
  }

  async function h5Submit(res: ServerResponse, raw: string) {
    const form = new URLSearchParams(raw);
    const order = orders.get(byPrepayId.get(form.get("prepay_id") ?? "") ?? "");
    if (!order) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      return res.end("prepay_id 无效");
    }
    await payOrder(order, choiceOf(form.get("choice")), true);
    const redirect = form.get("redirect_url") ?? "";
    if (!/^https?:\/\//.test(redirect)) {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      return res.end("已完成");
    }
    res.writeHead(303, { location: redirect });
    res.end();
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    origin: string,
  ): Promise<boolean> {
    const path = url.pathname;
    const q = url.searchParams;
    if (path.startsWith("/v3/")) {
      const raw = (await readBody(req)) ?? "";
      const refusal = checkAuthorization(req, `${path}${url.search}`, raw);
      if (refusal) {
        apiError(res, 401, "SIGN_ERROR", refusal);
        return true;
      }
      const route = `${req.method} ${path}`;
      if (route === "POST /v3/pay/transactions/jsapi") placeOrder(res, "JSAPI", raw, origin);
      else if (route === "POST /v3/pay/transactions/h5") placeOrder(res, "MWEB", raw, origin);
      else if (route === "POST /v3/pay/transactions/app") placeOrder(res, "APP", raw, origin);
      else if (route === "POST /v3/refund/domestic/refunds") createRefund(res, raw);
      else if (route === "GET /v3/certificates") {
        signedJson(res, 200, {
          data: [
            {
              serial_no: platformSerialNo,
              effective_time: chinaTime(Date.now() - 24 * 3600_000),
              expire_time: chinaTime(Date.now() + 5 * 365 * 24 * 3600_000),
              encrypt_certificate: encrypt(apiV3Key, platform.pem, "certificate"),
            },
          ],
        });
      } else if (route === "GET /v3/bill/tradebill") {
        const day = q.get("bill_date") ?? "";
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
          apiError(res, 400, "PARAM_ERROR", "bill_date 格式错误");
        else {
          const text = tradeBill(day);
          if (text.split("\r\n").length <= 4 && !differences.get(day)?.length)
            apiError(res, 400, "NO_STATEMENT_EXIST", "账单文件不存在");
          else {
            const token = randomBytes(12).toString("hex");
            billTokens.set(token, text);
            signedJson(res, 200, {
              hash_type: "SHA1",
              hash_value: createHash("sha1").update(text).digest("hex"),
              download_url: `${origin}/v3/billdownload/file?token=${token}`,
            });
          }
        }
      } else if (route === "GET /v3/billdownload/file") {
        const text = billTokens.get(q.get("token") ?? "");
        if (text === undefined) apiError(res, 404, "RESOURCE_NOT_EXISTS", "账单不存在");
        else {
          res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
          res.end(text);
        }
      } else {
        const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
        const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
        const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
        if (req.method === "GET" && query?.[1]) {
          const order = orders.get(decodeURIComponent(query[1]));
          if (q.get("mchid") !== mchId) apiError(res, 400, "PARAM_ERROR", "mchid 不符");
          else if (!order) apiError(res, 404, "ORDER_NOT_EXIST", "订单不存在");
          else signedJson(res, 200, transactionOf(order));
        } else if (req.method === "POST" && close?.[1]) {
          const order = orders.get(decodeURIComponent(close[1]));
          let mchid: unknown;
          try {
            mchid = (JSON.parse(raw) as { mchid?: unknown }).mchid;
          } catch {
            mchid = undefined;
          }
          if (mchid !== mchId) apiError(res, 400, "PARAM_ERROR", "mchid 不符");
          else if (!order) apiError(res, 404, "ORDER_NOT_EXIST", "订单不存在");
          else {
            const state = effectiveState(order);
            if (state === "SUCCESS" || state === "REFUND")
              apiError(res, 400, "ORDERPAID", "订单已支付");
            else {
              order.state = "CLOSED";
              signedJson(res, 204, undefined);
            }
          }
        } else if (req.method === "GET" && refundQuery?.[1]) {
          const refund = refunds.get(decodeURIComponent(refundQuery[1]));
          if (!refund) apiError(res, 404, "RESOURCE_NOT_EXISTS", "退款单不存在");
          else signedJson(res, 200, refundAnswer(refund));
        } else apiError(res, 404, "NOT_FOUND", "接口不存在");
      }
      return true;
    }

    const route = `${req.method} ${path}`;
    switch (route) {
      case "GET /sim/pay/jsapi":
        jsonp(res, q.get("callback") ?? "", await jsapiPay(q));
        return true;
      case "GET /sim/pay/app":
        jsonp(res, q.get("callback") ?? "", await appPay(q));
        return true;
      case "GET /sim/h5pay":
        h5Page(res, q);
        return true;
      case "POST /sim/h5pay":
        await h5Submit(res, (await readBody(req)) ?? "");
        return true;
    }
    if (!path.startsWith("/sim/pay")) return false;
    // Test controls, JSON in and out.
    let input: Record<string, unknown> = {};
    if (req.method === "POST") {
      try {
        input = JSON.parse((await readBody(req)) || "{}");
      } catch {
        plainJson(res, 400, { error: "请求体不是 JSON" });
        return true;
      }
    }
    const str = (name: string) => (typeof input[name] === "string" ? (input[name] as string) : "");
    const notifyOptions = (): NotifyOptions => ({
      ...(typeof input.times === "number" ? { times: input.times } : {}),
      ...(typeof input.delay_ms === "number" ? { delayMs: input.delay_ms } : {}),
      ...(forgeOf(input.forge) ? { forge: forgeOf(input.forge) } : {}),
    });
    try {
      switch (route) {
        case "POST /sim/pay": {
          const orderNum = byPrepayId.get(str("prepay_id")) ?? str("out_trade_no");
          if (!orders.has(orderNum)) {
            plainJson(res, 404, { error: "订单不存在" });
            return true;
          }
          const answer = await simulator.pay(orderNum, {
            choice: choiceOf(input.choice),
            notify: input.notify !== false,
          });
          plainJson(res, 200, { err_msg: answer });
          return true;
        }
        case "POST /sim/pay/notify":
          plainJson(res, 200, await simulator.notifyPayment(str("out_trade_no"), notifyOptions()));
          return true;
        case "POST /sim/pay/notify-refund":
          plainJson(res, 200, await simulator.notifyRefund(str("out_refund_no"), notifyOptions()));
          return true;
        case "POST /sim/pay/out-of-order":
          plainJson(res, 200, await simulator.notifyOutOfOrder(str("out_trade_no")));
          return true;
        case "POST /sim/pay/hold":
          hold = input.hold !== false;
          plainJson(res, 200, { hold });
          return true;
        case "POST /sim/pay/statement-difference":
          simulator.addStatementDifference(str("bill_date"), {
            orderNum: str("out_trade_no"),
            amountFen: Number(input.amount),
            kind: input.kind === "refund" ? "refund" : "payment",
          });
          plainJson(res, 200, { ok: true });
          return true;
        case "GET /sim/pay/deliveries":
          plainJson(res, 200, deliveries);
          return true;
      }
      const orderView = /^\/sim\/pay\/orders\/([^/]+)$/.exec(path);
      if (req.method === "GET" && orderView?.[1]) {
        const order = orders.get(decodeURIComponent(orderView[1]));
        plainJson(res, order ? 200 : 404, order ? transactionOf(order) : { error: "订单不存在" });
        return true;
      }
    } catch (error) {
      plainJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
      return true;
    }
    plainJson(res, 404, { error: "没有这个模拟接口" });
    return true;
  }

  const simulator: WeChatPaySimulator = {
    mchId,
    appId,
    apiV3Key,
    merchantSerialNo,
    merchantPrivateKeyPem,
    merchantPublicKeyPem,
    platformSerialNo,
    platformCertificatePem: platform.pem,
    env: {
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_PRIVATE_KEY: merchantPrivateKeyPem,
      WECHAT_PAY_SERIAL_NO: merchantSerialNo,
    },
    deliveries,
    order: (orderNum) => orders.get(orderNum),
    refundOf: (refundNum) => refunds.get(refundNum),
    async pay(orderNum, payOptions = {}) {
      const order = orders.get(orderNum);
      if (!order) throw new Error(`no order ${orderNum}`);
      const outcome = await payOrder(order, payOptions.choice ?? "ok", payOptions.notify ?? true);
      return `get_brand_wcpay_request:${outcome.result}`;
    },
    holdNotifications(value) {
      hold = value;
    },
    paymentNotification,
    refundNotification,
    notifyPayment(orderNum, notify) {
      paymentNotification(orderNum); // throws for an unknown or unpaid order
      return track(
        send(
          (forge) => paymentNotification(orderNum, forge),
          { kind: "payment", orderNum, refundNum: null },
          notify,
        ),
      );
    },
    notifyRefund(refundNum, notify) {
      const refund = refunds.get(refundNum);
      if (!refund) throw new Error(`no refund ${refundNum}`);
      return track(
        send(
          (forge) => refundNotification(refundNum, forge),
          { kind: "refund", orderNum: refund.outTradeNo, refundNum },
          notify,
        ),
      );
    },
    async notifyOutOfOrder(orderNum) {
      paymentNotification(orderNum);
      const sent: NotificationDelivery[] = [];
      for (const refund of refunds.values())
        if (refund.outTradeNo === orderNum)
          sent.push(...(await simulator.notifyRefund(refund.outRefundNo)));
      sent.push(...(await simulator.notifyPayment(orderNum)));
      return sent;
    },
    addStatementDifference(day, line) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error("day must be YYYY-MM-DD");
      if (!OUT_NO.test(line.orderNum) || !Number.isInteger(line.amountFen))
        throw new Error("a difference needs an order number and an amount in fen");
      const list = differences.get(day) ?? [];
      list.push({
        orderNum: line.orderNum,
        amountFen: line.amountFen,
        kind: line.kind ?? "payment",
      });
      differences.set(day, list);
    },
    clearStatementDifferences() {
      differences.clear();
    },
    tradeBill,
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    handle,
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  return simulator;
}
