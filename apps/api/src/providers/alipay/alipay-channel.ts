import {
  ChannelError,
  type ChannelRefund,
  type ChannelTrade,
  NotificationRejectedError,
  type NotificationReply,
  type NotificationRequest,
  type PaymentChannel,
  type PrepareInput,
  type PrepareResult,
  type StatementLine,
  type VerifiedNotification,
} from "@tongjian/services/commerce/payment-channel";
import { AlipaySdk } from "alipay-sdk";
import { billText } from "./alipay-bill-file.ts";
import { ALIPAY_NOTIFY_PATH, type AlipayConfig } from "./alipay-config.ts";
import {
  BillFormatError,
  fenToYuan,
  MAX_TRADE_FEN,
  parseAlipayBill,
  parseChinaTime,
  toChinaTime,
  yuanToFenOrNull,
} from "./alipay-format.ts";
import { normalizePrivateKey, normalizePublicKey } from "./alipay-keys.ts";

/**
 * Alipay mobile web pay (alipay.trade.wap.pay) as a payment channel, through the official
 * `alipay-sdk` (OpenAPI 2.0 gateway, RSA2 signatures both ways). In development and tests the
 * gateway is tools/alipay-simulator. Decision 35.
 */

export { ALIPAY_DEFAULT_GATEWAY, ALIPAY_NOTIFY_PATH, type AlipayConfig } from "./alipay-config.ts";

export interface AlipayChannelDeps {
  /** Fetches the day's bill from the address Alipay hands out (default: global fetch). */
  fetch?: typeof fetch;
  /** Each call's time limit (default 10 s). */
  timeoutMs?: number;
  now?: () => Date;
  /**
   * The order a refund belongs to: Alipay finds a refund only by trade and request number, and
   * `queryRefund(refundNum)` has only the latter. Refunds started by this process are
   * remembered; for others (after a restart) the order service answers here.
   */
  orderNumOfRefund?: (refundNum: string) => Promise<string | null>;
}

export interface AlipayChannel extends PaymentChannel {
  readonly name: "alipay";
  /** As PaymentChannel's, with the order number when the caller has it at hand. */
  queryRefund(refundNum: string, orderNum?: string): Promise<ChannelRefund | null>;
}

type Fields = Record<string, unknown>;

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

const PAID_STATES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);
const KNOWN_STATES = new Set(["WAIT_BUYER_PAY", "TRADE_SUCCESS", "TRADE_FINISHED", "TRADE_CLOSED"]);

/**
 * One trade as Alipay describes it (a query's answer or a notification's fields) in the
 * channel's terms. TRADE_CLOSED is "refunded" when the trade had been paid (it has a payment
 * time, or money was refunded), else "closed". The amount is `total_amount`, what the order
 * asked for (the payer's own share can be less when Alipay's coupons paid part), and 0 while
 * nothing is paid. Null when the fields do not describe a trade.
 */
export function alipayTradeOf(
  f: Fields,
  merchant: { merchantId: string; appId: string },
): ChannelTrade | null {
  const orderNum = str(f.out_trade_no);
  const status = str(f.trade_status);
  if (!orderNum || !status || !KNOWN_STATES.has(status)) return null;
  const paidAtText = str(f.gmt_payment) ?? str(f.send_pay_date);
  const refundedFen = yuanToFenOrNull(str(f.refund_fee)) ?? 0;
  const state = PAID_STATES.has(status)
    ? "paid"
    : status === "WAIT_BUYER_PAY"
      ? "unpaid"
      : paidAtText || refundedFen > 0
        ? "refunded"
        : "closed";
  const hasMoney = state === "paid" || state === "refunded";
  const amountFen = hasMoney ? yuanToFenOrNull(str(f.total_amount)) : 0;
  if (amountFen === null || amountFen < 0) return null;
  const tradeNo = str(f.trade_no) ?? null;
  if (hasMoney && !tradeNo) return null;
  const paidAt = hasMoney ? parseChinaTime(paidAtText) : null;
  return {
    orderNum,
    state,
    channelTradeNo: hasMoney ? tradeNo : null,
    amountFen,
    merchantId: merchant.merchantId,
    appId: merchant.appId,
    paidAt: paidAt ? paidAt.toISOString() : null,
  };
}

function notConfigured(operation: string): never {
  throw new ChannelError("alipay", operation, "NOT_CONFIGURED", "支付宝支付未配置");
}

export function createAlipayChannel(
  config: AlipayConfig,
  deps: AlipayChannelDeps = {},
): AlipayChannel {
  const { appId, privateKey, alipayPublicKey, sellerId } = config;
  const configured = Boolean(appId && privateKey && alipayPublicKey && sellerId);
  const now = deps.now ?? (() => new Date());
  const doFetch = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const sdk =
    configured && appId && privateKey && alipayPublicKey
      ? new AlipaySdk({
          appId,
          // The SDK rebuilds PEM from the lines between the markers: hand it a trimmed block.
          privateKey: normalizePrivateKey(privateKey).trim(),
          keyType: "PKCS8",
          alipayPublicKey: normalizePublicKey(alipayPublicKey).trim(),
          gateway: config.gateway,
          signType: "RSA2",
          camelcase: false,
          timeout: timeoutMs,
        })
      : null;
  const merchant = { merchantId: sellerId ?? "", appId: appId ?? "" };
  /** refundNum → orderNum for the refunds this process started. */
  const refundOrders = new Map<string, string>();

  const need = (operation: string): AlipaySdk => sdk ?? notConfigured(operation);

  /**
   * One gateway call with the response's signature checked (validateSign); the request's
   * timestamp is China time whatever the server's zone. Transport, signature and format
   * failures become ChannelError; Alipay's own answers (code and sub_code) are returned.
   */
  async function call(operation: string, method: string, bizContent: Fields): Promise<Fields> {
    const client = need(operation);
    try {
      const result = await client.exec(
        method,
        { bizContent, timestamp: toChinaTime(now()) },
        { validateSign: true },
      );
      return result as Fields;
    } catch (error) {
      const e = error as { code?: string; message?: string };
      throw new ChannelError("alipay", operation, e.code ?? null, e.message ?? String(error));
    }
  }

  const failed = (operation: string, r: Fields): never => {
    throw new ChannelError(
      "alipay",
      operation,
      str(r.sub_code) ?? str(r.code) ?? null,
      str(r.sub_msg) ?? str(r.msg) ?? "",
    );
  };
  const ok = (r: Fields) => r.code === "10000";
  const tradeMissing = (r: Fields) => r.code === "40004" && r.sub_code === "ACQ.TRADE_NOT_EXIST";

  async function queryRefund(refundNum: string, orderNum?: string): Promise<ChannelRefund | null> {
    need("queryRefund");
    const order =
      orderNum ?? refundOrders.get(refundNum) ?? (await deps.orderNumOfRefund?.(refundNum)) ?? null;
    if (!order) {
      throw new ChannelError(
        "alipay",
        "queryRefund",
        "UNKNOWN_ORDER",
        `不知道退款 ${refundNum} 属于哪笔订单`,
      );
    }
    const r = await call("queryRefund", "alipay.trade.fastpay.refund.query", {
      out_trade_no: order,
      out_request_no: refundNum,
    });
    if (tradeMissing(r)) return null;
    if (!ok(r)) return failed("queryRefund", r);
    // "该接口的返回码10000，仅代表本次查询操作成功，不代表退款成功。如果该接口返回了查询数据，
    // 且refund_status为空或为REFUND_SUCCESS，则代表退款成功；如果没有查询到则代表未退款成功。"
    const amountFen = yuanToFenOrNull(str(r.refund_amount));
    if (str(r.out_request_no) !== refundNum || amountFen === null) return null;
    const status = str(r.refund_status);
    return {
      orderNum: order,
      refundNum,
      channelRefundNo: str(r.trade_no) ?? null,
      state: !status || status === "REFUND_SUCCESS" ? "success" : "processing",
      amountFen,
    };
  }

  const reject = (reason: NotificationRejectedError["reason"], detail: string): never => {
    throw new NotificationRejectedError("alipay", reason, detail);
  };

  return {
    name: "alipay",
    configured,
    methods: ["alipay-wap"],
    supportsAutoRenew: false,
    merchantId: merchant.merchantId,
    appId: merchant.appId,

    async prepare(input: PrepareInput): Promise<PrepareResult> {
      const client = need("prepare");
      if (input.method !== "alipay-wap") {
        throw new ChannelError("alipay", "prepare", "UNSUPPORTED_METHOD", input.method);
      }
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1) {
        throw new RangeError(`支付金额必须是正整数（分）：${input.amountFen}`);
      }
      if (input.amountFen > MAX_TRADE_FEN) throw new RangeError("支付金额超过支付宝单笔上限");
      const notifyUrl = config.notifyUrl ?? new URL(ALIPAY_NOTIFY_PATH, input.returnUrl).href;
      const url = client.pageExecute("alipay.trade.wap.pay", "GET", {
        notifyUrl,
        returnUrl: input.returnUrl,
        timestamp: toChinaTime(now()),
        bizContent: {
          out_trade_no: input.orderNum,
          total_amount: fenToYuan(input.amountFen),
          // "不可使用特殊字符，如 /，=，& 等".
          subject: input.description.replace(/[/=&]/g, " ").trim().slice(0, 256) || "订单",
          product_code: "QUICK_WAP_WAY",
          time_expire: toChinaTime(input.expiresAt),
          quit_url: input.returnUrl,
        },
      });
      return { kind: "redirect", url };
    },

    async query(orderNum) {
      const r = await call("query", "alipay.trade.query", { out_trade_no: orderNum });
      if (tradeMissing(r)) return null;
      if (!ok(r)) return failed("query", r);
      // The answer is signed by Alipay for our app id, so the trade is our merchant's.
      const trade = alipayTradeOf(r, merchant);
      if (!trade) {
        throw new ChannelError("alipay", "query", "MALFORMED", `交易信息不完整：${orderNum}`);
      }
      return trade;
    },

    async close(orderNum) {
      const r = await call("close", "alipay.trade.close", { out_trade_no: orderNum });
      // A trade the payer never opened does not exist at Alipay yet; its time_expire (the
      // order's expiry) keeps the payment page from taking money after this.
      if (ok(r) || tradeMissing(r)) return;
      failed("close", r);
    },

    async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification> {
      const client = need("verifyNotification");
      const body = request.body.trim();
      if (!body.includes("=")) return reject("malformed", "not a form body");
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body)) {
        if (key in params) return reject("malformed", `repeated field ${key}`);
        params[key] = value;
      }
      if (!params.sign) return reject("bad-signature", "no sign");
      if ((params.sign_type ?? "RSA2") !== "RSA2") {
        return reject("bad-signature", `sign_type ${params.sign_type}`);
      }
      if (params.charset && params.charset.toLowerCase() !== "utf-8") {
        return reject("malformed", `charset ${params.charset}`);
      }
      let verified = false;
      try {
        // Values are decoded already (URLSearchParams): check them as they are (V2).
        verified = client.checkNotifySignV2(params);
      } catch {
        verified = false;
      }
      if (!verified) return reject("bad-signature", "RSA2 check failed");

      const notificationId = params.notify_id;
      if (!notificationId) return reject("malformed", "no notify_id");
      if (params.notify_type && params.notify_type !== "trade_status_sync") {
        return reject("malformed", `notify_type ${params.notify_type}`);
      }
      const seller = params.seller_id;
      const app = params.app_id;
      if (!seller || !app) return reject("malformed", "no seller_id or app_id");
      const trade = alipayTradeOf(params, { merchantId: seller, appId: app });
      if (!trade) return reject("malformed", "not a trade's status");

      // After a refund Alipay notifies the trade's new status with the refund's request number
      // (out_biz_no) and the trade's total refunded (refund_fee); this refund's own amount is
      // the channel's answer for that request.
      if (params.out_biz_no && params.refund_fee) {
        const refund = await queryRefund(params.out_biz_no, trade.orderNum);
        if (!refund) {
          throw new ChannelError(
            "alipay",
            "verifyNotification",
            "REFUND_NOT_FOUND",
            `支付宝查不到退款 ${params.out_biz_no}`,
          );
        }
        return { kind: "refund", notificationId, refund };
      }
      return { kind: "payment", notificationId, trade };
    },

    notificationReply(accepted: boolean): NotificationReply {
      // Anything but "success" makes Alipay send the notification again later.
      return {
        status: 200,
        contentType: "text/plain; charset=utf-8",
        body: accepted ? "success" : "failure",
      };
    },

    async refund(input) {
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1) {
        throw new RangeError(`退款金额必须是正整数（分）：${input.amountFen}`);
      }
      if (input.amountFen > input.totalFen) throw new RangeError("退款金额超过订单金额");
      refundOrders.set(input.refundNum, input.orderNum);
      const r = await call("refund", "alipay.trade.refund", {
        out_trade_no: input.orderNum,
        refund_amount: fenToYuan(input.amountFen),
        out_request_no: input.refundNum,
        refund_reason: input.reason.slice(0, 256),
      });
      if (!ok(r)) return failed("refund", r);
      // fund_change N: no money moved by this call (a repeated request): ask what happened.
      if (r.fund_change !== "Y") {
        const known = await queryRefund(input.refundNum, input.orderNum);
        if (known) return known;
        return {
          orderNum: input.orderNum,
          refundNum: input.refundNum,
          channelRefundNo: str(r.trade_no) ?? null,
          state: "processing",
          amountFen: input.amountFen,
        };
      }
      return {
        orderNum: input.orderNum,
        refundNum: input.refundNum,
        channelRefundNo: str(r.trade_no) ?? null,
        state: "success",
        amountFen: input.amountFen,
      };
    },

    queryRefund,

    async statement(day): Promise<StatementLine[]> {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !parseChinaTime(`${day} 00:00:00`)) {
        throw new RangeError(`日期格式应为 YYYY-MM-DD：${day}`);
      }
      const r = await call("statement", "alipay.data.dataservice.bill.downloadurl.query", {
        bill_type: "trade",
        bill_date: day,
      });
      if (!ok(r)) return failed("statement", r);
      const url = str(r.bill_download_url);
      if (!url) throw new ChannelError("alipay", "statement", "MALFORMED", "没有账单下载地址");
      let bytes: Uint8Array;
      try {
        const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        bytes = new Uint8Array(await res.arrayBuffer());
      } catch (error) {
        throw new ChannelError("alipay", "statement", "BILL_DOWNLOAD", (error as Error).message);
      }
      try {
        return parseAlipayBill(billText(bytes));
      } catch (error) {
        if (error instanceof BillFormatError) {
          throw new ChannelError("alipay", "statement", "BILL_FORMAT", error.message);
        }
        throw error;
      }
    },
  };
}
