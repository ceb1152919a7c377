/**
 * One payment channel (WeChat Pay API v3, Alipay) as the order service sees it. The order
 * service never trusts a browser's word that a payment went through: a verified notification
 * or the channel's own answer to `query` is what marks an order paid (spec §4: the client's
 * `get_brand_wcpay_request:ok` only starts a server query).
 *
 * Implementations live in apps/api/src/providers/{wechat-pay,alipay}; both run in development
 * and tests against the simulators in tools/.
 */
export type ChannelName = "wechat" | "alipay";

/**
 * How the reader pays: WeChat's JSAPI inside WeChat, its H5 pay in another mobile browser, the
 * app's native pay through the bridge; Alipay's mobile web pay (alipay.trade.wap.pay).
 */
export type PayMethod = "wechat-jsapi" | "wechat-h5" | "wechat-app" | "alipay-wap";

export interface PrepareInput {
  method: PayMethod;
  /** Our order number (out_trade_no), unique, at most 32 characters of [0-9A-Za-z_-]. */
  orderNum: string;
  /** Shown to the payer; at most 40 characters. */
  description: string;
  /** What the reader pays, in fen, computed on the server. */
  amountFen: number;
  /** The payer's openid under our app id: required for wechat-jsapi. */
  openId?: string;
  clientIp: string;
  /** The absolute page address the channel sends the reader back to (H5 pay, Alipay). */
  returnUrl: string;
  /** When the channel must stop accepting the payment (the order closes at this time). */
  expiresAt: Date;
}

export type PrepareResult =
  /** Parameters for `WeixinJSBridge.invoke("getBrandWCPayRequest", params)`, signed here. */
  | {
      kind: "jsapi";
      params: {
        appId: string;
        timeStamp: string;
        nonceStr: string;
        package: string;
        signType: "RSA";
        paySign: string;
      };
    }
  /** A page the browser goes to (WeChat H5 pay's mweb_url, Alipay's wap pay page). */
  | { kind: "redirect"; url: string }
  /** Parameters the app's native pay takes through the bridge (WeChat APP pay), signed here. */
  | { kind: "app"; params: Record<string, string> };

export type ChannelTradeState = "unpaid" | "paid" | "closed" | "refunded";

/** The channel's view of one order, from a verified notification or a query. */
export interface ChannelTrade {
  orderNum: string;
  state: ChannelTradeState;
  /** The channel's own transaction number; null while unpaid. */
  channelTradeNo: string | null;
  /** What the payer paid, in fen (0 while unpaid). */
  amountFen: number;
  /** The merchant the money went to (WeChat mchid, Alipay seller_id / app_id). */
  merchantId: string;
  /** The app id the payment was made under. */
  appId: string;
  /** ISO time the channel says it was paid; null while unpaid. */
  paidAt: string | null;
}

export interface ChannelRefund {
  orderNum: string;
  refundNum: string;
  channelRefundNo: string | null;
  state: "processing" | "success" | "failed";
  amountFen: number;
}

/** A notification that passed signature (and for WeChat, decryption) checks. */
export type VerifiedNotification =
  | { kind: "payment"; notificationId: string; trade: ChannelTrade }
  | { kind: "refund"; notificationId: string; refund: ChannelRefund };

/** The HTTP request of a channel's notification, as received. */
export interface NotificationRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The raw body text, exactly as received (signatures cover the bytes). */
  body: string;
}

/** What the channel expects back from the notify endpoint. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** A notification that failed its checks; `reason` is logged, never shown to a reader. */
export class NotificationRejectedError extends Error {
  constructor(
    readonly channel: ChannelName,
    readonly reason:
      | "bad-signature"
      | "unknown-certificate"
      | "stale-timestamp"
      | "bad-ciphertext"
      | "malformed",
    detail?: string,
  ) {
    super(`${channel} notification rejected: ${reason}${detail ? ` (${detail})` : ""}`);
    this.name = "NotificationRejectedError";
  }
}

/** The channel could not be reached or answered with an error. */
export class ChannelError extends Error {
  constructor(
    readonly channel: ChannelName,
    readonly operation: string,
    readonly code: string | null,
    message: string,
  ) {
    super(`${channel} ${operation}: ${code ?? "unreachable"} ${message}`);
    this.name = "ChannelError";
  }
}

/** One line of the channel's statement for a day (WeChat tradebill, Alipay bill). */
export interface StatementLine {
  orderNum: string;
  channelTradeNo: string;
  kind: "payment" | "refund";
  amountFen: number;
  /** ISO time of the payment or refund. */
  at: string;
}

export interface PaymentChannel {
  readonly name: ChannelName;
  /** Keys and ids are set, so the channel can take payments. */
  readonly configured: boolean;
  /** The pay methods this channel offers. */
  readonly methods: readonly PayMethod[];
  /** Whether it can renew a membership automatically (shown as an option only where true). */
  readonly supportsAutoRenew: boolean;
  /** The merchant id notifications and queries must name. */
  readonly merchantId: string;
  readonly appId: string;
  /** Starts a payment for an order. Repeating it for the same order and amount is safe. */
  prepare(input: PrepareInput): Promise<PrepareResult>;
  /** The channel's state of an order; null when the channel has never heard of it. */
  query(orderNum: string): Promise<ChannelTrade | null>;
  /** Closes an unpaid order at the channel, so it can no longer be paid. */
  close(orderNum: string): Promise<void>;
  /** Checks a notification's signature (and decrypts it); throws NotificationRejectedError. */
  verifyNotification(request: NotificationRequest): Promise<VerifiedNotification>;
  /** What to answer after handling a notification (ok) or refusing it. */
  notificationReply(ok: boolean): NotificationReply;
  refund(input: {
    orderNum: string;
    refundNum: string;
    amountFen: number;
    totalFen: number;
    reason: string;
  }): Promise<ChannelRefund>;
  queryRefund(refundNum: string): Promise<ChannelRefund | null>;
  /** The channel's statement of a day (YYYY-MM-DD, China time). */
  statement(day: string): Promise<StatementLine[]>;
}
