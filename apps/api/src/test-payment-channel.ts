import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type {
  ChannelName,
  ChannelRefund,
  ChannelTrade,
  NotificationRequest,
  PayMethod,
  PaymentChannel,
  PrepareInput,
  StatementLine,
  VerifiedNotification,
} from "@tongjian/services/commerce/payment-channel";
import { NotificationRejectedError } from "@tongjian/services/commerce/payment-channel";

/**
 * TEST-ONLY. An in-memory payment channel for the order service's tests: it records every call,
 * can be told that a trade was paid, and signs "notifications" with an HMAC that its
 * verifyNotification checks (a stand-in for WeChat Pay's and Alipay's signatures). The real
 * channels are apps/api/src/providers/{wechat-pay,alipay}. create-deps uses this one only when
 * NODE_ENV=test and TEST_PAYMENT_CHANNEL=memory.
 */
export const MEMORY_CHANNEL_SECRET = "memory-channel-test-secret";
export const MEMORY_MERCHANT = "1900000109";
export const MEMORY_APP_ID = "wxtest0000000001";

const METHODS: Record<ChannelName, readonly PayMethod[]> = {
  wechat: ["wechat-jsapi", "wechat-h5", "wechat-app"],
  alipay: ["alipay-wap"],
};

export function signMemoryBody(body: string, secret = MEMORY_CHANNEL_SECRET): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export type MemoryChannel = ReturnType<typeof createMemoryChannel>;

export function createMemoryChannel(name: ChannelName = "wechat") {
  const calls: { op: string; args: unknown }[] = [];
  const trades = new Map<string, ChannelTrade>();
  const refunds = new Map<string, ChannelRefund & { at: string }>();
  const extraStatement: StatementLine[] = [];
  let refundMode: "success" | "processing" = "success";

  const channel = {
    name,
    configured: true,
    methods: METHODS[name],
    supportsAutoRenew: false,
    merchantId: MEMORY_MERCHANT,
    appId: MEMORY_APP_ID,
    calls,
    async prepare(input: PrepareInput) {
      calls.push({ op: "prepare", args: input });
      const known = trades.get(input.orderNum);
      if (!known || known.state === "unpaid")
        trades.set(input.orderNum, {
          orderNum: input.orderNum,
          state: "unpaid",
          channelTradeNo: null,
          amountFen: 0,
          merchantId: MEMORY_MERCHANT,
          appId: MEMORY_APP_ID,
          paidAt: null,
        });
      prepared.set(input.orderNum, input.amountFen);
      if (input.method === "wechat-jsapi")
        return {
          kind: "jsapi" as const,
          params: {
            appId: MEMORY_APP_ID,
            timeStamp: String(Math.floor(Date.now() / 1000)),
            nonceStr: randomBytes(8).toString("hex"),
            package: `prepay_id=memory${input.orderNum}`,
            signType: "RSA" as const,
            paySign: "memory-signature",
          },
        };
      return { kind: "redirect" as const, url: `https://pay.invalid/${name}/${input.orderNum}` };
    },
    async query(orderNum: string) {
      calls.push({ op: "query", args: orderNum });
      return trades.get(orderNum) ?? null;
    },
    async close(orderNum: string) {
      calls.push({ op: "close", args: orderNum });
      const t = trades.get(orderNum);
      if (t && t.state === "unpaid") trades.set(orderNum, { ...t, state: "closed" });
    },
    async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification> {
      const given = request.headers["x-memory-signature"];
      if (typeof given !== "string") throw new NotificationRejectedError(name, "bad-signature");
      const want = Buffer.from(signMemoryBody(request.body));
      const got = Buffer.from(given);
      if (want.length !== got.length || !timingSafeEqual(want, got))
        throw new NotificationRejectedError(name, "bad-signature");
      try {
        return JSON.parse(request.body) as VerifiedNotification;
      } catch {
        throw new NotificationRejectedError(name, "malformed");
      }
    },
    notificationReply(ok: boolean) {
      return {
        status: ok ? 200 : 400,
        contentType: "application/json",
        body: JSON.stringify(ok ? { code: "SUCCESS" } : { code: "FAIL", message: "rejected" }),
      };
    },
    async refund(input: {
      orderNum: string;
      refundNum: string;
      amountFen: number;
      totalFen: number;
      reason: string;
    }) {
      calls.push({ op: "refund", args: input });
      const r = {
        orderNum: input.orderNum,
        refundNum: input.refundNum,
        channelRefundNo: `R${input.refundNum}`,
        state: refundMode,
        amountFen: input.amountFen,
        at: new Date().toISOString(),
      };
      refunds.set(input.refundNum, r);
      return r;
    },
    async queryRefund(refundNum: string) {
      calls.push({ op: "queryRefund", args: refundNum });
      return refunds.get(refundNum) ?? null;
    },
    async statement(day: string): Promise<StatementLine[]> {
      calls.push({ op: "statement", args: day });
      const inDay = (iso: string) =>
        new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10) === day;
      const lines: StatementLine[] = [];
      for (const t of trades.values())
        if (t.state !== "unpaid" && t.state !== "closed" && t.paidAt && inDay(t.paidAt))
          lines.push({
            orderNum: t.orderNum,
            channelTradeNo: t.channelTradeNo ?? "",
            kind: "payment",
            amountFen: t.amountFen,
            at: t.paidAt,
          });
      for (const r of refunds.values())
        if (r.state === "success" && inDay(r.at))
          lines.push({
            orderNum: r.orderNum,
            channelTradeNo: r.channelRefundNo ?? "",
            kind: "refund",
            amountFen: r.amountFen,
            at: r.at,
          });
      return [...lines, ...extraStatement.filter((l) => inDay(l.at))];
    },

    // ─── Test controls ───
    /** The payer paid (the prepared amount unless told otherwise). */
    pay(orderNum: string, override: Partial<ChannelTrade> = {}): ChannelTrade {
      const trade: ChannelTrade = {
        orderNum,
        state: "paid",
        channelTradeNo: `42000${orderNum.slice(2)}`,
        amountFen: prepared.get(orderNum) ?? 0,
        merchantId: MEMORY_MERCHANT,
        appId: MEMORY_APP_ID,
        paidAt: new Date().toISOString(),
        ...override,
      };
      trades.set(orderNum, trade);
      return trade;
    },
    /** A signed notification of a trade (or of a refund), as the channel would post it. */
    notification(
      payload: { kind: "payment"; trade: ChannelTrade } | { kind: "refund"; refund: ChannelRefund },
      notificationId = randomBytes(8).toString("hex"),
    ): NotificationRequest {
      const body = JSON.stringify({ ...payload, notificationId });
      return {
        headers: { "x-memory-signature": signMemoryBody(body), "content-type": "application/json" },
        body,
      };
    },
    setRefundMode(mode: "success" | "processing") {
      refundMode = mode;
    },
    completeRefund(refundNum: string) {
      const r = refunds.get(refundNum);
      if (r) refunds.set(refundNum, { ...r, state: "success" });
      return refunds.get(refundNum) ?? null;
    },
    extraStatement,
    trades,
  };
  const prepared = new Map<string, number>();
  return channel satisfies PaymentChannel;
}
