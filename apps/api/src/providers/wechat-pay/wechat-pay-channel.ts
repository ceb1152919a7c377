import { type KeyObject, X509Certificate } from "node:crypto";
import { chinaRfc3339 } from "@tongjian/domain/china-time";
import {
  ChannelError,
  type ChannelRefund,
  type ChannelTrade,
  type ChannelTradeState,
  NotificationRejectedError,
  type NotificationReply,
  type NotificationRequest,
  type PayMethod,
  type PaymentChannel,
  type PrepareInput,
  type PrepareResult,
  type StatementLine,
  type VerifiedNotification,
} from "@tongjian/services/commerce/payment-channel";
import { z } from "zod";
import { parseTradeBill } from "./wechat-pay-bill.ts";
import {
  appPaySign,
  authorizationHeader,
  createPayNonce,
  decryptResource,
  jsapiPaySign,
  readPrivateKey,
  rsaVerify,
  sha1Hex,
  signatureMessage,
} from "./wechat-pay-crypto.ts";

/**
 * WeChat Pay API v3 as a PaymentChannel (decision 34): JSAPI pay inside WeChat, H5 pay in other
 * mobile browsers, APP pay through the app's bridge; verified notifications; refunds; the day's
 * trade bill. Only Node's crypto: requests signed with the merchant key, answers and
 * notifications verified with the platform certificates (fetched from /v3/certificates,
 * decrypted with the APIv3 key, kept for 12 hours), resources opened with AES-256-GCM.
 *
 * The field names are those of the site's WeChatConfig (server-config.ts), so
 * `createWeChatPayChannel(config.wechat)` works as it is.
 */
export interface WeChatPayChannelConfig {
  /** WECHAT_PAY_BASE; https://api.mch.weixin.qq.com when unset. */
  payBase?: string | undefined;
  /** WECHAT_MCH_ID. */
  mchId: string | undefined;
  /** WECHAT_APP_ID: the app id every payment is made under (JSAPI, H5 and APP pay). */
  appId: string | undefined;
  /** WECHAT_PAY_API_V3_KEY: 32 characters. */
  apiV3Key: string | undefined;
  /** WECHAT_PAY_PRIVATE_KEY (or the file WECHAT_PAY_PRIVATE_KEY_FILE): the merchant key, PEM. */
  privateKey: string | undefined;
  /** WECHAT_PAY_SERIAL_NO: the serial number of the merchant's API certificate. */
  serialNo: string | undefined;
  /** Where WeChat Pay sends notifications (…/api/pay/notify/wechat). */
  payNotifyUrl: string | undefined;
  timeoutMs?: number;
}

export const WECHAT_PAY_DEFAULT_BASE = "https://api.mch.weixin.qq.com";
/** Notifications signed longer ago than this (or this far ahead) are refused. */
export const NOTIFICATION_MAX_AGE_SECONDS = 5 * 60;
/** How long downloaded platform certificates are trusted before they are fetched again. */
const CERTIFICATES_TTL_MS = 12 * 60 * 60_000;
/** An unknown serial fetches the certificates again, but not more often than this. */
const CERTIFICATES_MIN_REFETCH_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 10_000;
const ORDER_NUM = /^[0-9A-Za-z_\-|*]{6,32}$/;

type Fetch = typeof globalThis.fetch;

interface PlatformCertificate {
  key: KeyObject;
  notAfter: number;
}

const amountSchema = z.object({
  total: z.number().int(),
  payer_total: z.number().int().optional(),
  currency: z.string().optional(),
});

const transactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: amountSchema.optional(),
});

const refundSchema = z.object({
  out_trade_no: z.string().optional(),
  out_refund_no: z.string(),
  refund_id: z.string().optional(),
  status: z.string().optional(),
  refund_status: z.string().optional(),
  amount: z.object({ refund: z.number().int(), total: z.number().int().optional() }),
});

const notificationSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
    original_type: z.string().optional(),
  }),
});

const certificatesSchema = z.object({
  data: z.array(
    z.object({
      serial_no: z.string(),
      expire_time: z.string().optional(),
      encrypt_certificate: z.object({
        algorithm: z.string(),
        nonce: z.string(),
        associated_data: z.string().optional(),
        ciphertext: z.string(),
      }),
    }),
  ),
});

/** WeChat Pay's trade_state as the order service sees it. */
export function tradeStateOf(tradeState: string): ChannelTradeState {
  switch (tradeState) {
    case "SUCCESS":
      return "paid";
    case "REFUND":
      // 转入退款: some or all of it was refunded; the refunds themselves say how much.
      return "refunded";
    case "CLOSED":
    case "REVOKED":
      return "closed";
    default:
      // NOTPAY, USERPAYING, PAYERROR: not paid (yet).
      return "unpaid";
  }
}

export function tradeOf(transaction: z.infer<typeof transactionSchema>): ChannelTrade {
  const state = tradeStateOf(transaction.trade_state);
  const settled = state === "paid" || state === "refunded";
  return {
    orderNum: transaction.out_trade_no,
    state,
    channelTradeNo: transaction.transaction_id || null,
    // amount.total is what WeChat Pay charged for the order; payer_total differs from it only
    // by WeChat-side coupons, which the site does not use.
    amountFen: settled ? (transaction.amount?.total ?? 0) : 0,
    merchantId: transaction.mchid,
    appId: transaction.appid,
    paidAt:
      settled && transaction.success_time ? new Date(transaction.success_time).toISOString() : null,
  };
}

function refundOf(refund: z.infer<typeof refundSchema>, orderNum?: string): ChannelRefund {
  const status = refund.status ?? refund.refund_status ?? "PROCESSING";
  return {
    orderNum: refund.out_trade_no ?? orderNum ?? "",
    refundNum: refund.out_refund_no,
    channelRefundNo: refund.refund_id || null,
    state: status === "SUCCESS" ? "success" : status === "PROCESSING" ? "processing" : "failed",
    amountFen: refund.amount.refund,
  };
}

function header(headers: NotificationRequest["headers"], name: string): string | undefined {
  const direct = headers[name] ?? headers[name.toLowerCase()];
  const value =
    direct ??
    Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(value) ? value[0] : value;
}

export function createWeChatPayChannel(
  config: WeChatPayChannelConfig,
  fetchImpl: Fetch = globalThis.fetch,
): PaymentChannel {
  const base = (config.payBase || WECHAT_PAY_DEFAULT_BASE).replace(/\/+$/, "");
  const mchId = config.mchId ?? "";
  const appId = config.appId ?? "";
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const configured = Boolean(
    config.mchId &&
      config.appId &&
      config.apiV3Key &&
      Buffer.byteLength(config.apiV3Key) === 32 &&
      config.privateKey &&
      config.serialNo &&
      config.payNotifyUrl,
  );
  let privateKey: KeyObject | null = null;
  const certificates = new Map<string, PlatformCertificate>();
  let certificatesFetchedAt = 0;
  let certificatesInFlight: Promise<void> | null = null;

  function requireConfigured(operation: string) {
    if (!configured || !config.apiV3Key || !config.privateKey || !config.serialNo)
      throw new ChannelError(
        "wechat",
        operation,
        "NOT_CONFIGURED",
        "微信支付未配置（WECHAT_MCH_ID、WECHAT_APP_ID、WECHAT_PAY_API_V3_KEY、WECHAT_PAY_PRIVATE_KEY、WECHAT_PAY_SERIAL_NO）",
      );
    privateKey ??= readPrivateKey(config.privateKey);
    return {
      apiV3Key: config.apiV3Key,
      privateKey,
      serialNo: config.serialNo,
      notifyUrl: config.payNotifyUrl ?? "",
    };
  }

  interface Answer {
    status: number;
    body: unknown;
    text: string;
    headers: Headers;
  }

  async function send(
    operation: string,
    method: "GET" | "POST",
    target: string,
    body?: object,
  ): Promise<Answer> {
    const keys = requireConfigured(operation);
    const url = new URL(target.startsWith("http") ? target : `${base}${target}`);
    const text = body === undefined ? "" : JSON.stringify(body);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers: {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          "user-agent": "tongjian-wechatpay-v3",
          authorization: authorizationHeader({
            mchId,
            serialNo: keys.serialNo,
            privateKey: keys.privateKey,
            method,
            pathAndQuery: `${url.pathname}${url.search}`,
            body: text,
          }),
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ChannelError(
        "wechat",
        operation,
        null,
        error instanceof Error ? error.message : "fetch failed",
      );
    }
    const answerText = await response.text().catch(() => "");
    let parsed: unknown = null;
    if (answerText) {
      try {
        parsed = JSON.parse(answerText);
      } catch {
        parsed = null;
      }
    }
    return { status: response.status, body: parsed, text: answerText, headers: response.headers };
  }

  function failure(operation: string, answer: Answer): ChannelError {
    const body = (answer.body ?? {}) as { code?: unknown; message?: unknown };
    return new ChannelError(
      "wechat",
      operation,
      typeof body.code === "string" ? body.code : `HTTP_${answer.status}`,
      typeof body.message === "string" ? body.message : answer.text.slice(0, 200),
    );
  }

  /** Checks an answer's Wechatpay-Signature with the platform certificate it names. */
  async function verifyAnswer(
    operation: string,
    answer: Answer,
    known?: Map<string, PlatformCertificate>,
  ) {
    const serial = answer.headers.get("wechatpay-serial")?.toUpperCase() ?? "";
    const timestamp = answer.headers.get("wechatpay-timestamp") ?? "";
    const nonce = answer.headers.get("wechatpay-nonce") ?? "";
    const signature = answer.headers.get("wechatpay-signature") ?? "";
    const certificate = known?.get(serial) ?? (await platformCertificate(serial));
    if (
      !certificate ||
      !rsaVerify(certificate.key, signatureMessage(timestamp, nonce, answer.text), signature)
    )
      throw new ChannelError("wechat", operation, "BAD_SIGNATURE", "应答签名验证失败");
  }

  /** A verified 2xx answer's body; null for 404 when `notFound` allows it. */
  async function call<T>(
    operation: string,
    method: "GET" | "POST",
    path: string,
    body: object | undefined,
    schema: z.ZodType<T>,
    options: { notFound?: boolean } = {},
  ): Promise<T | null> {
    const answer = await send(operation, method, path, body);
    if (answer.status === 404 && options.notFound) return null;
    if (answer.status < 200 || answer.status >= 300) throw failure(operation, answer);
    await verifyAnswer(operation, answer);
    const result = schema.safeParse(answer.body);
    if (!result.success) throw new ChannelError("wechat", operation, "BAD_ANSWER", "应答格式不符");
    return result.data;
  }

  async function fetchCertificates() {
    const operation = "certificates";
    const keys = requireConfigured(operation);
    const answer = await send(operation, "GET", "/v3/certificates");
    if (answer.status !== 200) throw failure(operation, answer);
    const parsed = certificatesSchema.safeParse(answer.body);
    if (!parsed.success)
      throw new ChannelError("wechat", operation, "BAD_ANSWER", "平台证书应答格式不符");
    const fresh = new Map<string, PlatformCertificate>();
    for (const entry of parsed.data.data) {
      let pem: string;
      try {
        pem = decryptResource(keys.apiV3Key, entry.encrypt_certificate);
      } catch {
        throw new ChannelError("wechat", operation, "BAD_CIPHERTEXT", "平台证书无法解密");
      }
      const certificate = new X509Certificate(pem);
      const serial = certificate.serialNumber.toUpperCase();
      if (serial !== entry.serial_no.toUpperCase())
        throw new ChannelError("wechat", operation, "BAD_ANSWER", "平台证书序列号不符");
      const notAfter = Date.parse(certificate.validTo);
      if (notAfter <= Date.now()) continue;
      fresh.set(serial, { key: certificate.publicKey, notAfter });
    }
    // The list signs itself: its answer must verify with one of the certificates in it.
    await verifyAnswer(operation, answer, fresh);
    certificates.clear();
    for (const [serial, certificate] of fresh) certificates.set(serial, certificate);
    certificatesFetchedAt = Date.now();
  }

  async function platformCertificate(serial: string): Promise<PlatformCertificate | null> {
    const wanted = serial.toUpperCase();
    const stale = Date.now() - certificatesFetchedAt > CERTIFICATES_TTL_MS;
    const unknown = !certificates.has(wanted);
    if (stale || (unknown && Date.now() - certificatesFetchedAt > CERTIFICATES_MIN_REFETCH_MS)) {
      certificatesInFlight ??= fetchCertificates().finally(() => {
        certificatesInFlight = null;
      });
      await certificatesInFlight;
    }
    const certificate = certificates.get(wanted);
    return certificate && certificate.notAfter > Date.now() ? certificate : null;
  }

  const prepaySchema = z.object({ prepay_id: z.string().min(1) });
  const h5Schema = z.object({ h5_url: z.string().url() });

  async function prepare(input: PrepareInput): Promise<PrepareResult> {
    const operation = "prepare";
    const keys = requireConfigured(operation);
    if (!ORDER_NUM.test(input.orderNum))
      throw new ChannelError("wechat", operation, "PARAM_ERROR", "订单号格式不符");
    if (!Number.isInteger(input.amountFen) || input.amountFen <= 0)
      throw new ChannelError("wechat", operation, "PARAM_ERROR", "金额须为正整数（分）");
    const order = {
      appid: appId,
      mchid: mchId,
      description: input.description.slice(0, 40),
      out_trade_no: input.orderNum,
      time_expire: chinaRfc3339(input.expiresAt),
      notify_url: keys.notifyUrl,
      amount: { total: input.amountFen, currency: "CNY" },
    };
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = createPayNonce();
    switch (input.method) {
      case "wechat-jsapi": {
        if (!input.openId)
          throw new ChannelError(
            "wechat",
            operation,
            "PARAM_ERROR",
            "JSAPI 支付需要付款人的 openid",
          );
        const answer = await call(
          operation,
          "POST",
          "/v3/pay/transactions/jsapi",
          { ...order, payer: { openid: input.openId } },
          prepaySchema,
        );
        const fields = {
          appId,
          timeStamp: timestamp,
          nonceStr: nonce,
          package: `prepay_id=${answer?.prepay_id}`,
        };
        return {
          kind: "jsapi",
          params: { ...fields, signType: "RSA", paySign: jsapiPaySign(keys.privateKey, fields) },
        };
      }
      case "wechat-h5": {
        const answer = await call(
          operation,
          "POST",
          "/v3/pay/transactions/h5",
          {
            ...order,
            scene_info: { payer_client_ip: input.clientIp, h5_info: { type: "Wap" } },
          },
          h5Schema,
        );
        const url = answer?.h5_url ?? "";
        const separator = url.includes("?") ? "&" : "?";
        return {
          kind: "redirect",
          url: `${url}${separator}redirect_url=${encodeURIComponent(input.returnUrl)}`,
        };
      }
      case "wechat-app": {
        const answer = await call(
          operation,
          "POST",
          "/v3/pay/transactions/app",
          order,
          prepaySchema,
        );
        const fields = {
          appid: appId,
          partnerid: mchId,
          prepayid: answer?.prepay_id ?? "",
          package: "Sign=WXPay",
          noncestr: nonce,
          timestamp,
        };
        return { kind: "app", params: { ...fields, sign: appPaySign(keys.privateKey, fields) } };
      }
      default:
        throw new ChannelError(
          "wechat",
          operation,
          "PARAM_ERROR",
          `微信支付不支持 ${input.method}`,
        );
    }
  }

  async function verifyNotification(request: NotificationRequest): Promise<VerifiedNotification> {
    const keys = requireConfigured("notification");
    const reject = (reason: NotificationRejectedError["reason"], detail?: string) =>
      new NotificationRejectedError("wechat", reason, detail);
    const timestamp = header(request.headers, "Wechatpay-Timestamp");
    const nonce = header(request.headers, "Wechatpay-Nonce");
    const signature = header(request.headers, "Wechatpay-Signature");
    const serial = header(request.headers, "Wechatpay-Serial");
    if (!timestamp || !nonce || !signature || !serial)
      throw reject("malformed", "missing Wechatpay-* headers");
    if (!/^\d{1,12}$/.test(timestamp)) throw reject("malformed", "bad Wechatpay-Timestamp");
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > NOTIFICATION_MAX_AGE_SECONDS)
      throw reject("stale-timestamp", timestamp);
    const certificate = await platformCertificate(serial);
    if (!certificate) throw reject("unknown-certificate", serial);
    if (!rsaVerify(certificate.key, signatureMessage(timestamp, nonce, request.body), signature))
      throw reject("bad-signature");
    let envelope: z.infer<typeof notificationSchema>;
    try {
      envelope = notificationSchema.parse(JSON.parse(request.body));
    } catch {
      throw reject("malformed", "body");
    }
    let plain: string;
    try {
      plain = decryptResource(keys.apiV3Key, envelope.resource);
    } catch (error) {
      throw reject("bad-ciphertext", error instanceof Error ? error.message : undefined);
    }
    let resource: unknown;
    try {
      resource = JSON.parse(plain);
    } catch {
      throw reject("malformed", "resource is not JSON");
    }
    if (envelope.event_type.startsWith("TRANSACTION.")) {
      const transaction = transactionSchema.safeParse(resource);
      if (!transaction.success) throw reject("malformed", "transaction");
      return { kind: "payment", notificationId: envelope.id, trade: tradeOf(transaction.data) };
    }
    if (envelope.event_type.startsWith("REFUND.")) {
      const refund = refundSchema.safeParse(resource);
      if (!refund.success) throw reject("malformed", "refund");
      return { kind: "refund", notificationId: envelope.id, refund: refundOf(refund.data) };
    }
    throw reject("malformed", `event ${envelope.event_type}`);
  }

  const billSchema = z.object({
    download_url: z.string().url(),
    hash_type: z.string().optional(),
    hash_value: z.string().optional(),
  });

  const methods: readonly PayMethod[] = ["wechat-jsapi", "wechat-h5", "wechat-app"];

  return {
    name: "wechat",
    configured,
    methods,
    // Auto-renewal would need WeChat's 委托代扣 (papay) contract flow, which is not built.
    supportsAutoRenew: false,
    merchantId: mchId,
    appId,
    prepare,

    async query(orderNum) {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNum)}?mchid=${encodeURIComponent(mchId)}`;
      const transaction = await call("query", "GET", path, undefined, transactionSchema, {
        notFound: true,
      });
      return transaction ? tradeOf(transaction) : null;
    },

    async close(orderNum) {
      const operation = "close";
      const answer = await send(
        operation,
        "POST",
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNum)}/close`,
        { mchid: mchId },
      );
      if (answer.status !== 204 && answer.status !== 200) throw failure(operation, answer);
      await verifyAnswer(operation, answer);
    },

    verifyNotification,

    notificationReply(ok: boolean): NotificationReply {
      // v3: 200 or 204 accepts; anything else (with code and message) makes WeChat Pay retry.
      return ok
        ? { status: 200, contentType: "application/json; charset=utf-8", body: "" }
        : {
            status: 500,
            contentType: "application/json; charset=utf-8",
            body: JSON.stringify({ code: "FAIL", message: "失败" }),
          };
    },

    async refund(input) {
      const keys = requireConfigured("refund");
      if (!ORDER_NUM.test(input.refundNum) || !ORDER_NUM.test(input.orderNum))
        throw new ChannelError("wechat", "refund", "PARAM_ERROR", "订单号或退款单号格式不符");
      if (
        !Number.isInteger(input.amountFen) ||
        input.amountFen <= 0 ||
        input.amountFen > input.totalFen
      )
        throw new ChannelError(
          "wechat",
          "refund",
          "PARAM_ERROR",
          "退款金额须为正整数且不超过订单金额",
        );
      const answer = await call(
        "refund",
        "POST",
        "/v3/refund/domestic/refunds",
        {
          out_trade_no: input.orderNum,
          out_refund_no: input.refundNum,
          reason: input.reason.slice(0, 80),
          notify_url: keys.notifyUrl,
          amount: { refund: input.amountFen, total: input.totalFen, currency: "CNY" },
        },
        refundSchema,
      );
      if (!answer) throw new ChannelError("wechat", "refund", "BAD_ANSWER", "退款应答为空");
      return refundOf(answer, input.orderNum);
    },

    async queryRefund(refundNum) {
      const answer = await call(
        "queryRefund",
        "GET",
        `/v3/refund/domestic/refunds/${encodeURIComponent(refundNum)}`,
        undefined,
        refundSchema,
        { notFound: true },
      );
      return answer ? refundOf(answer) : null;
    },

    async statement(day): Promise<StatementLine[]> {
      const operation = "statement";
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
        throw new ChannelError("wechat", operation, "PARAM_ERROR", "日期格式须为 YYYY-MM-DD");
      const answer = await send(
        operation,
        "GET",
        `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`,
      );
      const code = (answer.body as { code?: unknown } | null)?.code;
      // A day without trades has no bill.
      if (answer.status === 400 && code === "NO_STATEMENT_EXIST") return [];
      if (answer.status !== 200) throw failure(operation, answer);
      await verifyAnswer(operation, answer);
      const bill = billSchema.safeParse(answer.body);
      if (!bill.success)
        throw new ChannelError("wechat", operation, "BAD_ANSWER", "账单应答格式不符");
      // The download carries our Authorization, so it may only go to WeChat Pay itself.
      if (new URL(bill.data.download_url).origin !== new URL(base).origin)
        throw new ChannelError("wechat", operation, "BAD_ANSWER", "账单下载地址不在微信支付域名下");
      const download = await send(operation, "GET", bill.data.download_url);
      if (download.status !== 200) throw failure(operation, download);
      // Downloads are not signed; the bill's SHA-1 came in the signed answer above.
      if (
        bill.data.hash_value &&
        (bill.data.hash_type ?? "SHA1") === "SHA1" &&
        sha1Hex(download.text) !== bill.data.hash_value.toLowerCase()
      )
        throw new ChannelError("wechat", operation, "BAD_HASH", "账单摘要不符");
      try {
        return parseTradeBill(download.text);
      } catch (error) {
        throw new ChannelError(
          "wechat",
          operation,
          "BAD_ANSWER",
          error instanceof Error ? error.message : "账单无法解析",
        );
      }
    },
  };
}
