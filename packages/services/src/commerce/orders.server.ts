import { createHash, randomBytes, randomInt } from "node:crypto";
import type { OrderView, PayView, QuoteView, shippingAddress } from "@tongjian/contracts/commerce";
import type { Database } from "@tongjian/db/database-schema";
import { chinaDayRange, chinaStamp, formatChinaTime } from "@tongjian/domain/china-time";
import {
  canTransition,
  ORDER_PAY_WINDOW_MS,
  ORDER_STATE_LABELS,
  type OrderState,
  type ProductKind,
} from "@tongjian/domain/commerce";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import { newId } from "../accounts/account-repository.ts";
import { NotFoundError, NotLoggedInError, ServiceError } from "../service-error.ts";
import { type CatalogueProduct, toCatalogueProduct } from "./catalogue.server.ts";
import {
  type ComplimentaryOrders,
  CouponUnavailableError,
  type GrantSource,
  type Pricing,
} from "./commerce-seams.ts";
import type { Entitlements } from "./entitlements.server.ts";
import {
  ChannelError,
  type ChannelName,
  type ChannelTrade,
  NotificationRejectedError,
  type NotificationReply,
  type NotificationRequest,
  type PayMethod,
  type PaymentChannel,
} from "./payment-channel.ts";

type OrderRow = Selectable<Database["orders"]>;
type Address = z.infer<typeof shippingAddress>;

export type PaymentChannels = Partial<Record<ChannelName, PaymentChannel>>;

/** Where a request came from (decision 9/11: page loaders and routes pass the same). */
export interface OrderContext {
  clientIp: string;
  inWeChat: boolean;
  inApp: boolean;
  openId?: string | undefined;
  /** This site's origin, for the channel's return address. */
  origin: string;
}

export interface QuoteInput {
  productKey: string;
  quantity?: number;
  couponId?: string | null | undefined;
}

export interface CreateOrderInput extends QuoteInput {
  autoRenew?: boolean;
  address?: Address | undefined;
  returnPath?: string | undefined;
}

export type OrdersFilter = "all" | "unpaid" | "done" | "refund";

export interface ReconciliationDifference {
  orderNum: string;
  kind: "payment" | "refund";
  problem: "missing-at-channel" | "missing-here" | "amount-differs";
  oursFen: number | null;
  channelFen: number | null;
}

export interface ReconciliationResult {
  day: string;
  channel: ChannelName;
  matched: number;
  differences: ReconciliationDifference[];
}

export const UNSUPPORTED_METHOD = "暂不支持该支付方式";
export const ORDER_NOT_FOUND = "订单不存在";
export const OUT_OF_STOCK = "库存不足，商品已被抢光";
const ORDER_CLOSED = "订单已关闭，无法支付，请重新下单";

const FILTERS: Record<OrdersFilter, readonly OrderState[] | null> = {
  all: null,
  unpaid: ["created", "paying"],
  done: ["paid", "fulfilled"],
  refund: ["refunding", "refunded"],
};

const CHANNEL_OF_METHOD: Record<PayMethod, ChannelName> = {
  "wechat-jsapi": "wechat",
  "wechat-h5": "wechat",
  "wechat-app": "wechat",
  "alipay-wap": "alipay",
};

const CHANNEL_LABEL: Record<ChannelName, string> = { wechat: "微信支付", alipay: "支付宝" };

const SOURCE_LABEL: Record<GrantSource, string> = {
  exchange: "兑换码兑换",
  gift: "好友赠送",
  draw: "抽奖获得",
  reward: "活动奖励",
};

/** "TJ" + 14 digits of China time + 8 random digits and capital letters. */
export function newOrderNum(at: Date, prefix = "TJ"): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let tail = "";
  for (let i = 0; i < 8; i++) tail += alphabet[randomInt(alphabet.length)];
  return `${prefix}${chinaStamp(at)}${tail}`;
}

class Conflict extends ServiceError {
  constructor(message: string) {
    super(409, message);
    this.name = "ConflictError";
  }
}

export interface OrderServiceDeps {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  pricing: Pricing;
  entitlements: Entitlements;
  paymentChannels: PaymentChannels;
  /** Study records' reissue cards, once per key, inside the fulfilment's transaction. */
  grantReissueCard: (
    ownerId: string,
    cause: string,
    uniqueKey: string,
    trx?: Kysely<Database>,
  ) => Promise<boolean>;
  /** Order paid, VIP renewed: the reader's notices (subscription messages, the app bridge). */
  notify?: (
    accountId: string,
    notice: { kind: "order-fulfilled" | "order-refunded"; order: OrderView },
  ) => Promise<unknown>;
  /** Runs with the order jobs (the VIP expiry reminders); its failures are logged. */
  noticeJobs?: () => Promise<unknown>;
  /**
   * Test-only: runs right after the transaction that marks an order paid commits, before it is
   * fulfilled (the SIGKILL test kills the process here).
   */
  afterPaidCommit?: (orderNum: string) => void;
  log?: (message: string, detail?: Record<string, unknown>) => void;
  now?: () => Date;
}

/**
 * Orders, payments and exactly-once fulfilment (decision 33). The price is the server's; an
 * order is paid only on the channel's word (a verified notification or a query); the transaction
 * that marks it paid writes its ledger entry and a fulfilment outbox row, and the fulfilment's own
 * transaction grants the entitlement, guarded by the order's state and unique grant keys.
 */
export function createOrderService(deps: OrderServiceDeps) {
  const { db, pricing, entitlements } = deps;
  const clock = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});

  function owner(viewer: Viewer): string {
    const id = ownerIdOf(viewer);
    if (!id) throw new NotLoggedInError("请先登录");
    return id;
  }

  async function productOf(key: string, trx: Kysely<Database> = db): Promise<CatalogueProduct> {
    const row = await trx
      .selectFrom("product")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("商品不存在");
    return toCatalogueProduct(row);
  }

  async function ownOrder(viewer: Viewer, orderNum: string): Promise<OrderRow> {
    const accountId = owner(viewer);
    const row = await db
      .selectFrom("orders")
      .selectAll()
      .where("order_num", "=", orderNum)
      .executeTakeFirst();
    // Someone else's order answers like an unknown one.
    if (!row || row.account_id !== accountId) throw new NotFoundError(ORDER_NOT_FOUND);
    return row;
  }

  /**
   * Notices go out after the order's work is done, without holding up the answer to the page
   * or the channel (a slow WeChat must not delay a payment notification's reply); a failure is
   * logged and never touches the order.
   */
  const noticesInFlight = new Set<Promise<void>>();
  function sendLater(send: () => Promise<unknown> | undefined) {
    const sending: Promise<void> = Promise.resolve()
      .then(send)
      .then(
        () => undefined,
        (error) => log("store notice failed", { error: String(error) }),
      )
      .finally(() => noticesInFlight.delete(sending));
    noticesInFlight.add(sending);
  }

  let eventSeq = 0;
  /**
   * An event's id sorts in the order this process wrote it: the time in milliseconds, a counter,
   * then random digits; events of one millisecond (paid, then fulfilled) keep their order.
   */
  function eventId(at: Date): string {
    eventSeq = (eventSeq + 1) % 0x10000;
    return (
      at.getTime().toString(16).padStart(12, "0") +
      eventSeq.toString(16).padStart(4, "0") +
      randomBytes(4).toString("hex")
    );
  }

  async function record(
    trx: Kysely<Database>,
    orderNum: string,
    from: OrderState | null,
    to: OrderState,
    cause: string,
    at: Date,
  ) {
    await trx
      .insertInto("order_event")
      .values({
        id: eventId(at),
        order_num: orderNum,
        from_state: from,
        to_state: to,
        cause,
        at: at.toISOString(),
      })
      .execute();
  }

  /**
   * Moves an order from one of `from` to `to` if it is still there (a conditional UPDATE, so two
   * processes cannot both make the move), and records the event. False when it had moved.
   */
  async function transition(
    trx: Kysely<Database>,
    orderNum: string,
    from: readonly OrderState[],
    to: OrderState,
    cause: string,
    at: Date,
    set: Partial<Omit<OrderRow, "order_num">> = {},
  ): Promise<boolean> {
    const allowed = from.filter((f) => canTransition(f, to));
    if (allowed.length === 0)
      throw new Error(`order transition to ${to} from ${from.join("|")} not allowed`);
    const current = await trx
      .selectFrom("orders")
      .select("state")
      .where("order_num", "=", orderNum)
      .executeTakeFirst();
    if (!current || !allowed.includes(current.state as OrderState)) return false;
    const result = await trx
      .updateTable("orders")
      .set({ ...set, state: to })
      .where("order_num", "=", orderNum)
      .where("state", "=", current.state)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await record(trx, orderNum, current.state as OrderState, to, cause, at);
    return true;
  }

  async function view(row: OrderRow, trx: Kysely<Database> = db): Promise<OrderView> {
    return (await views([row], trx))[0] as OrderView;
  }

  /** Orders as pages see them: their products and events read once for the whole list. */
  async function views(rows: OrderRow[], trx: Kysely<Database> = db): Promise<OrderView[]> {
    if (rows.length === 0) return [];
    const [products, events] = await Promise.all([
      trx
        .selectFrom("product")
        .select(["key", "title", "kind"])
        .where("key", "in", [...new Set(rows.map((r) => r.product_key))])
        .execute(),
      trx
        .selectFrom("order_event")
        .select(["order_num", "to_state", "cause", "at"])
        .where(
          "order_num",
          "in",
          rows.map((r) => r.order_num),
        )
        .orderBy("at")
        .orderBy("id")
        .execute(),
    ]);
    const productOfKey = new Map(products.map((p) => [p.key, p]));
    const eventsOf = new Map<string, OrderView["events"]>();
    for (const e of events) {
      const list = eventsOf.get(e.order_num) ?? [];
      list.push({ state: e.to_state as OrderState, at: e.at, cause: e.cause });
      eventsOf.set(e.order_num, list);
    }
    return Promise.all(
      rows.map(async (row) => {
        const product = productOfKey.get(row.product_key);
        return {
          orderNum: row.order_num,
          state: row.state as OrderState,
          stateLabel: ORDER_STATE_LABELS[row.state as OrderState] ?? row.state,
          product: {
            key: row.product_key,
            title: product?.title ?? row.product_key,
            kind: (product?.kind ?? "vip") as ProductKind,
          },
          quantity: row.quantity,
          listFen: row.list_fen,
          discountFen: row.discount_fen,
          couponFen: row.coupon_fen,
          couponTitle: row.coupon_grant_id
            ? ((await deps.pricing.couponTitle?.(trx, row.coupon_grant_id)) ?? "优惠券")
            : null,
          payFen: row.pay_fen,
          refundedFen: row.refunded_fen,
          method: row.source ?? row.method,
          autoRenew: row.auto_renew === 1,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          paidAt: row.paid_at,
          fulfilledAt: row.fulfilled_at,
          granted: row.granted,
          address: row.address ? (JSON.parse(row.address) as Address) : null,
          returnPath: row.return_path,
          events: eventsOf.get(row.order_num) ?? [],
        };
      }),
    );
  }

  /** The WeChat openid of the viewer's visitor (JSAPI pay needs it). */
  async function openIdOf(viewer: Viewer): Promise<string | undefined> {
    const visitorId =
      viewer.kind === "visitor"
        ? viewer.visitorId
        : viewer.kind === "user"
          ? viewer.visitorId
          : null;
    if (!visitorId) return undefined;
    const row = await db
      .selectFrom("visitor")
      .select("wx_open_id")
      .where("id", "=", visitorId)
      .executeTakeFirst();
    return row?.wx_open_id;
  }

  async function load(orderNum: string, trx: Kysely<Database> = db) {
    return trx
      .selectFrom("orders")
      .selectAll()
      .where("order_num", "=", orderNum)
      .executeTakeFirst();
  }

  /** A channel that cannot be reached or answers with an error: 502 with the reader's words. */
  async function viaChannel<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ChannelError) {
        log("payment channel failed", { error: error.message });
        throw new ServiceError(502, "支付渠道暂时无法访问，请稍后重试");
      }
      throw error;
    }
  }

  function channelFor(method: PayMethod): PaymentChannel {
    const channel = deps.paymentChannels[CHANNEL_OF_METHOD[method]];
    if (!channel?.configured || !channel.methods.includes(method))
      throw new ServiceError(400, UNSUPPORTED_METHOD);
    return channel;
  }

  function checkOnSale(product: CatalogueProduct, quantity: number) {
    if (!product.onSale) throw new Conflict("该商品已下架");
    if (product.kind === "vip" && quantity !== 1)
      throw new ServiceError(400, "会员一次只能买 1 份");
    if (product.kind === "course" && quantity !== 1)
      throw new ServiceError(400, "课程一次只能买 1 份");
  }

  async function priceOf(
    accountId: string,
    product: CatalogueProduct,
    input: QuoteInput,
    now: Date,
  ) {
    const quantity = input.quantity ?? 1;
    const quote = await pricing.quote(db, {
      accountId,
      productKey: product.key,
      listPriceFen: product.listPriceFen,
      quantity,
      ...(input.couponId !== undefined ? { couponGrantId: input.couponId } : {}),
      now,
    });
    // The seam's promise, checked: what the reader pays is never more than the list price nor
    // below 1 fen, and adds up.
    const listFen = product.listPriceFen * quantity;
    if (
      quote.listFen !== listFen ||
      quote.payFen !== quote.listFen - quote.discountFen - quote.couponFen ||
      quote.payFen < 1 ||
      quote.payFen > listFen
    )
      throw new Error(`pricing returned an inconsistent quote for ${product.key}`);
    return quote;
  }

  // ─── Fulfilment ──────────────────────────────────────────────────────────────────────────

  /**
   * Grants what a paid order bought and marks it fulfilled, inside `trx`, exactly once: the
   * order must still be `paid` (a conditional UPDATE), and every grant has a unique key.
   */
  async function fulfilIn(
    trx: Transaction<Database>,
    orderNum: string,
    now: Date,
  ): Promise<boolean> {
    const order = await load(orderNum, trx);
    if (order?.state !== "paid") return false;
    // The conditional move first: of two fulfilments at once, one moves the order and grants;
    // the other (blocked on the row until the first commits) moves nothing and grants nothing.
    const moved = await transition(trx, orderNum, ["paid"], "fulfilled", "发放权益", now, {
      fulfilled_at: now.toISOString(),
    });
    if (!moved) return false;
    const product = await productOf(order.product_key, trx);
    let granted: string;
    const key = `order:${orderNum}`;
    if (product.kind === "vip") {
      const end = await entitlements.grantVip(trx, {
        accountId: order.account_id,
        months: (product.data.months ?? 1) * order.quantity,
        grantKey: key,
        orderNum,
        now,
      });
      const until = end ?? (await entitlements.vipEnd(order.account_id, trx));
      granted = `会员有效期至 ${until ? formatChinaTime(new Date(until)) : "—"}`;
    } else if (product.kind === "course") {
      const scope = product.data.scope ?? "knowledge-points";
      await entitlements.grantCourse(trx, {
        accountId: order.account_id,
        scope,
        grantKey: key,
        orderNum,
        now,
      });
      granted = `已开通「${product.title}」`;
    } else if (product.kind === "card") {
      const count = (product.data.uses ?? 1) * order.quantity;
      for (let i = 0; i < count; i++)
        await deps.grantReissueCard(
          order.account_id,
          `购买「${product.title}」`,
          `${key}:${i}`,
          trx,
        );
      await trx
        .insertInto("entitlement")
        .values({
          id: newId(),
          account_id: order.account_id,
          kind: "card",
          scope: product.data.use ?? "reissue",
          starts_at: now.toISOString(),
          ends_at: null,
          order_num: orderNum,
          grant_key: key,
          quantity: count,
          revoked_at: null,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column("grant_key").doNothing())
        .execute();
      granted = `已发放 ${count} 张补签卡`;
    } else {
      granted = "商品将按收货地址寄出";
    }
    await trx.updateTable("orders").set({ granted }).where("order_num", "=", orderNum).execute();
    await trx
      .updateTable("order_outbox")
      .set({ state: "done", done_at: now.toISOString() })
      .where("order_num", "=", orderNum)
      .where("task", "=", "fulfil")
      .execute();
    return true;
  }

  /** Runs an order's pending fulfilment (after its paid mark, or found by the outbox drain). */
  async function fulfil(orderNum: string): Promise<boolean> {
    const now = clock();
    let done = false;
    try {
      done = await db.transaction().execute(async (trx) => {
        const pending = await trx
          .selectFrom("order_outbox")
          .select("id")
          .where("order_num", "=", orderNum)
          .where("task", "=", "fulfil")
          .where("state", "=", "pending")
          .executeTakeFirst();
        if (!pending) return false;
        const ok = await fulfilIn(trx, orderNum, now);
        if (!ok)
          // Refunded or otherwise moved on before fulfilment: nothing left to do.
          await trx
            .updateTable("order_outbox")
            .set({ state: "done", done_at: now.toISOString() })
            .where("id", "=", pending.id)
            .execute();
        return ok;
      });
    } catch (error) {
      log("order fulfilment failed; the outbox keeps it", { orderNum, error: String(error) });
      await db
        .updateTable("order_outbox")
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          last_error: String(error).slice(0, 500),
        }))
        .where("order_num", "=", orderNum)
        .where("task", "=", "fulfil")
        .where("state", "=", "pending")
        .execute()
        .catch(() => {});
      return false;
    }
    if (done && deps.notify) {
      const row = await load(orderNum);
      // Paid orders only: a complimentary order (exchange code, gift, draw) has its source.
      if (row && row.source === null && row.pay_fen > 0) {
        const order = await view(row);
        sendLater(() => deps.notify?.(row.account_id, { kind: "order-fulfilled", order }));
      }
    }
    return done;
  }

  // ─── Payment ─────────────────────────────────────────────────────────────────────────────

  type PaymentVerdict = "accepted" | "duplicate" | "refused";

  /**
   * Applies the channel's word that an order was paid: checks the amount, merchant and app,
   * then in one transaction marks it paid (from created, paying or closed), writes the ledger's
   * payment and the fulfilment outbox row, and spends the coupon. Duplicates find the order no
   * longer payable and change nothing.
   */
  async function applyPayment(
    channel: PaymentChannel,
    trade: ChannelTrade,
    cause: string,
  ): Promise<{ verdict: PaymentVerdict; detail: string | null }> {
    const order = await load(trade.orderNum);
    if (!order) return { verdict: "refused", detail: "unknown order" };
    if (trade.merchantId !== channel.merchantId)
      return { verdict: "refused", detail: "merchant mismatch" };
    if (trade.appId !== channel.appId) return { verdict: "refused", detail: "app mismatch" };
    if (trade.amountFen !== order.pay_fen)
      return { verdict: "refused", detail: `amount ${trade.amountFen} != ${order.pay_fen}` };
    if (trade.state !== "paid") return { verdict: "accepted", detail: `trade ${trade.state}` };
    const now = clock();
    const paidAt =
      trade.paidAt && !Number.isNaN(Date.parse(trade.paidAt)) ? new Date(trade.paidAt) : now;
    let reopenedGoods = false;
    const moved = await db.transaction().execute(async (trx) => {
      const current = await load(order.order_num, trx);
      if (!current) return false;
      const wasClosed = current.state === "closed";
      const ok = await transition(
        trx,
        order.order_num,
        ["created", "paying", "closed"],
        "paid",
        wasClosed ? `${cause}（订单关闭后到账，照常发放）` : cause,
        now,
        {
          paid_at: paidAt.toISOString(),
          channel: channel.name,
          channel_trade_no: trade.channelTradeNo,
          paid_fen: trade.amountFen,
        },
      );
      if (!ok) return false;
      await trx
        .insertInto("ledger_entry")
        .values({
          id: newId(),
          order_num: order.order_num,
          kind: "payment",
          ref: trade.channelTradeNo ?? order.order_num,
          amount_fen: trade.amountFen,
          channel: channel.name,
          at: paidAt.toISOString(),
        })
        .execute();
      if (wasClosed && current.quantity > 0) {
        // The closed order returned its stock: take it again if any is left.
        const product = await productOf(current.product_key, trx);
        if (product.kind === "goods" && product.stock !== null) {
          const taken = await trx
            .updateTable("product")
            .set((eb) => ({ stock: eb("stock", "-", current.quantity) }))
            .where("key", "=", current.product_key)
            .where("stock", ">=", current.quantity)
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) !== 1) reopenedGoods = true;
        }
      }
      if (!reopenedGoods)
        await trx
          .insertInto("order_outbox")
          .values({
            id: newId(),
            order_num: order.order_num,
            task: "fulfil",
            state: "pending",
            created_at: now.toISOString(),
            done_at: null,
          })
          .execute();
      if (!wasClosed) await pricing.spendCoupon(trx, order.order_num);
      return true;
    });
    if (!moved) return { verdict: "duplicate", detail: null };
    deps.afterPaidCommit?.(order.order_num);
    if (reopenedGoods) {
      // Paid after closing, and the goods are gone meanwhile: the money goes back in full.
      await startRefund(order.order_num, null, "订单关闭后到账，商品已售罄，自动退款").catch(
        (error) =>
          log("automatic refund failed", { orderNum: order.order_num, error: String(error) }),
      );
    } else await fulfil(order.order_num);
    return { verdict: "accepted", detail: null };
  }

  async function logNotification(
    channel: ChannelName,
    values: {
      notificationId: string | null;
      orderNum: string | null;
      kind: string | null;
      verdict: string;
      detail: string | null;
      digest: string;
    },
  ) {
    await db
      .insertInto("payment_notification")
      .values({
        id: newId(),
        channel,
        notification_id: values.notificationId,
        order_num: values.orderNum,
        kind: values.kind,
        verdict: values.verdict,
        detail: values.detail,
        raw_digest: values.digest,
        received_at: clock().toISOString(),
      })
      .onConflict((oc) => oc.columns(["channel", "notification_id"]).doNothing())
      .execute();
  }

  // ─── Refunds ─────────────────────────────────────────────────────────────────────────────

  async function startRefund(orderNum: string, amountFen: number | null, reason: string) {
    const order = await load(orderNum);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (!["paid", "fulfilled"].includes(order.state))
      throw new Conflict(
        `订单${ORDER_STATE_LABELS[order.state as OrderState] ?? order.state}，不能退款`,
      );
    const remaining = order.pay_fen - order.refunded_fen;
    const amount = amountFen ?? remaining;
    if (
      !Number.isSafeInteger(amount) ||
      amount < 0 ||
      amount > remaining ||
      (amount === 0 && order.pay_fen > 0)
    )
      throw new ServiceError(400, `退款金额须在 1 到 ${remaining} 分之间`);
    const now = clock();
    const refundNum = newOrderNum(now, "RF");
    await db.transaction().execute(async (trx) => {
      const ok = await transition(
        trx,
        orderNum,
        ["paid", "fulfilled"],
        "refunding",
        `申请退款：${reason}`,
        now,
      );
      if (!ok) throw new Conflict("订单状态已变化，请重试");
      await trx
        .insertInto("refund")
        .values({
          refund_num: refundNum,
          order_num: orderNum,
          amount_fen: amount,
          state: "processing",
          reason,
          channel_refund_no: null,
          created_at: now.toISOString(),
          completed_at: null,
        })
        .execute();
    });
    if (order.pay_fen === 0 || !order.channel) {
      await completeRefund(refundNum, null);
      return refundNum;
    }
    const channel = deps.paymentChannels[order.channel as ChannelName];
    if (!channel) {
      await failRefund(refundNum, "支付渠道未配置");
      throw new ServiceError(400, UNSUPPORTED_METHOD);
    }
    try {
      const result = await channel.refund({
        orderNum,
        refundNum,
        amountFen: amount,
        totalFen: order.pay_fen,
        reason,
      });
      if (result.state === "success") await completeRefund(refundNum, result.channelRefundNo);
      else if (result.state === "failed") await failRefund(refundNum, "渠道退款失败");
    } catch (error) {
      log("refund request failed; the refund stays processing until queried", {
        refundNum,
        error: String(error),
      });
    }
    return refundNum;
  }

  async function failRefund(refundNum: string, cause: string) {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable("refund")
        .set({ state: "failed", completed_at: now.toISOString() })
        .where("refund_num", "=", refundNum)
        .where("state", "=", "processing")
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return;
      const refund = await trx
        .selectFrom("refund")
        .selectAll()
        .where("refund_num", "=", refundNum)
        .executeTakeFirstOrThrow();
      await transition(
        trx,
        refund.order_num,
        ["refunding"],
        "fulfilled",
        `退款失败：${cause}`,
        now,
      );
    });
  }

  /**
   * Completes a refund once (processing → success): the ledger's refund entry, the order's
   * refunded amount, and the entitlement reversed by the refunded share: VIP's end moved back
   * (revoked in full), a course revoked on a full refund, cards taken back as far as unspent.
   */
  async function completeRefund(
    refundNum: string,
    channelRefundNo: string | null,
  ): Promise<boolean> {
    const orderNum = await completeRefundIn(refundNum, channelRefundNo);
    if (!orderNum) return false;
    if (deps.notify) {
      const row = await load(orderNum).catch(() => undefined);
      if (row && row.source === null) {
        const order = await view(row);
        sendLater(() => deps.notify?.(row.account_id, { kind: "order-refunded", order }));
      }
    }
    return true;
  }

  /** The refund's transaction; the order's number once it completed, else null. */
  async function completeRefundIn(
    refundNum: string,
    channelRefundNo: string | null,
  ): Promise<string | null> {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable("refund")
        .set({
          state: "success",
          completed_at: now.toISOString(),
          channel_refund_no: channelRefundNo,
        })
        .where("refund_num", "=", refundNum)
        .where("state", "=", "processing")
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return null;
      const refund = await trx
        .selectFrom("refund")
        .selectAll()
        .where("refund_num", "=", refundNum)
        .executeTakeFirstOrThrow();
      const order = await load(refund.order_num, trx);
      if (!order) return null;
      const refunded = order.refunded_fen + refund.amount_fen;
      const full = refunded >= order.pay_fen;
      await trx
        .insertInto("ledger_entry")
        .values({
          id: newId(),
          order_num: order.order_num,
          kind: "refund",
          ref: refundNum,
          amount_fen: -refund.amount_fen,
          channel: order.channel,
          at: now.toISOString(),
        })
        .execute();
      await trx
        .updateTable("orders")
        .set({ refunded_fen: refunded })
        .where("order_num", "=", order.order_num)
        .execute();
      const share = full || order.pay_fen === 0 ? 1 : refund.amount_fen / order.pay_fen;
      const product = await productOf(order.product_key, trx);
      if (product.kind === "vip")
        await entitlements.reverseVip(trx, { orderNum: order.order_num, share, now });
      else if (product.kind === "course" && full)
        await entitlements.revokeOrder(trx, order.order_num, now);
      else if (product.kind === "card") {
        const card = await trx
          .selectFrom("entitlement")
          .selectAll()
          .where("order_num", "=", order.order_num)
          .where("kind", "=", "card")
          .executeTakeFirst();
        if (card) {
          const wanted = full ? card.quantity : Math.round(card.quantity * share);
          const balance = await trx
            .selectFrom("study_card")
            .select((eb) => eb.fn.sum<number>("delta").as("n"))
            .where("owner_id", "=", order.account_id)
            .executeTakeFirst();
          const back = Math.max(0, Math.min(wanted, Number(balance?.n ?? 0)));
          if (back > 0)
            await trx
              .insertInto("study_card")
              .values({
                id: newId(),
                owner_id: order.account_id,
                delta: -back,
                cause: `退款收回「${product.title}」`,
                unique_key: `refund:${refundNum}`,
                day: null,
                created_at: now.toISOString(),
              })
              .execute();
          if (full) await entitlements.revokeOrder(trx, order.order_num, now);
        }
      }
      await transition(
        trx,
        order.order_num,
        ["refunding"],
        full ? "refunded" : "fulfilled",
        full ? `全额退款 ${refund.amount_fen} 分` : `部分退款 ${refund.amount_fen} 分`,
        now,
      );
      return order.order_num;
    });
  }

  // ─── Closing ─────────────────────────────────────────────────────────────────────────────

  async function closeOne(order: OrderRow, cause: string): Promise<boolean> {
    const now = clock();
    if (order.channel) {
      const channel = deps.paymentChannels[order.channel as ChannelName];
      if (channel) {
        const trade = await channel.query(order.order_num).catch(() => undefined);
        if (trade?.state === "paid") {
          await applyPayment(channel, trade, "关单前查询到已支付");
          return false;
        }
        await channel.close(order.order_num).catch((error) =>
          log("closing at the channel failed; a later payment is still honoured", {
            orderNum: order.order_num,
            error: String(error),
          }),
        );
      }
    }
    return db.transaction().execute(async (trx) => {
      const ok = await transition(
        trx,
        order.order_num,
        ["created", "paying"],
        "closed",
        cause,
        now,
      );
      if (!ok) return false;
      await pricing.releaseCoupon(trx, order.order_num);
      const product = await productOf(order.product_key, trx);
      if (product.kind === "goods" && product.stock !== null)
        await trx
          .updateTable("product")
          .set((eb) => ({ stock: eb("stock", "+", order.quantity) }))
          .where("key", "=", order.product_key)
          .execute();
      return true;
    });
  }

  /** Closes the orders unpaid 15 minutes after creation; safe with several processes. */
  async function closeDue(): Promise<number> {
    const due = await db
      .selectFrom("orders")
      .selectAll()
      .where("state", "in", ["created", "paying"])
      .where("expires_at", "<=", clock().toISOString())
      .orderBy("expires_at")
      .limit(200)
      .execute();
    let closed = 0;
    for (const order of due) if (await closeOne(order, "超时未支付，自动关闭")) closed++;
    return closed;
  }

  /** Fulfils what the outbox still holds (a process that died after the paid mark). */
  async function drainOutbox(): Promise<number> {
    const pending = await db
      .selectFrom("order_outbox")
      .select("order_num")
      .where("state", "=", "pending")
      .where("task", "=", "fulfil")
      .orderBy("created_at")
      .limit(200)
      .execute();
    let done = 0;
    for (const p of pending) if (await fulfil(p.order_num)) done++;
    return done;
  }

  /** Asks the channels about refunds still processing. */
  async function syncRefunds(): Promise<number> {
    const processing = await db
      .selectFrom("refund")
      .innerJoin("orders", "orders.order_num", "refund.order_num")
      .select(["refund.refund_num", "orders.channel"])
      .where("refund.state", "=", "processing")
      .limit(100)
      .execute();
    let n = 0;
    for (const r of processing) {
      const channel = r.channel ? deps.paymentChannels[r.channel as ChannelName] : undefined;
      if (!channel) continue;
      const result = await channel.queryRefund(r.refund_num).catch(() => null);
      if (
        result?.state === "success" &&
        (await completeRefund(r.refund_num, result.channelRefundNo))
      )
        n++;
      else if (result?.state === "failed") await failRefund(r.refund_num, "渠道退款失败");
    }
    return n;
  }

  let timer: NodeJS.Timeout | null = null;
  let running = false;
  async function runJobs() {
    if (running) return;
    running = true;
    try {
      await drainOutbox();
      await closeDue();
      await syncRefunds();
      if (deps.noticeJobs)
        await deps
          .noticeJobs()
          .catch((error) => log("store notice job failed", { error: String(error) }));
    } catch (error) {
      log("order jobs failed", { error: String(error) });
    } finally {
      running = false;
    }
  }

  const complimentary: ComplimentaryOrders = {
    async grant(trx, input) {
      const existing = await trx
        .selectFrom("orders")
        .select("order_num")
        .where("source", "=", input.source)
        .where("source_ref", "=", input.sourceRef)
        .executeTakeFirst();
      if (existing) return existing.order_num;
      const product = await productOf(input.productKey, trx);
      const now = clock();
      const orderNum = newOrderNum(now);
      await trx
        .insertInto("orders")
        .values({
          order_num: orderNum,
          account_id: input.accountId,
          product_key: product.key,
          quantity: 1,
          list_fen: product.listPriceFen,
          discount_fen: product.listPriceFen,
          coupon_fen: 0,
          pay_fen: 0,
          coupon_grant_id: null,
          discount_id: null,
          method: input.source,
          channel: null,
          state: "created",
          address: null,
          return_path: null,
          client_ip: null,
          created_at: now.toISOString(),
          expires_at: now.toISOString(),
          paid_at: null,
          fulfilled_at: null,
          channel_trade_no: null,
          granted: null,
          source: input.source,
          source_ref: input.sourceRef,
        })
        .execute();
      const label = SOURCE_LABEL[input.source];
      await record(trx, orderNum, null, "created", label, now);
      if (product.kind === "goods" && product.stock !== null) {
        const taken = await trx
          .updateTable("product")
          .set((eb) => ({ stock: eb("stock", "-", 1) }))
          .where("key", "=", product.key)
          .where("stock", ">=", 1)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw new Conflict(OUT_OF_STOCK);
      }
      await transition(trx, orderNum, ["created"], "paid", `${label}，无需支付`, now, {
        paid_at: now.toISOString(),
      });
      await trx
        .insertInto("ledger_entry")
        .values({
          id: newId(),
          order_num: orderNum,
          kind: "grant",
          ref: `${input.source}:${input.sourceRef}`,
          amount_fen: 0,
          channel: null,
          at: now.toISOString(),
        })
        .execute();
      await fulfilIn(trx, orderNum, now);
      return orderNum;
    },
  };

  return {
    /** The price of a product for the reader now, computed here whatever the page shows. */
    async quote(viewer: Viewer, body: QuoteInput): Promise<QuoteView> {
      const accountId = owner(viewer);
      const product = await productOf(body.productKey);
      checkOnSale(product, body.quantity ?? 1);
      const quote = await priceOf(accountId, product, body, clock());
      return {
        productKey: product.key,
        quantity: quote.quantity,
        listFen: quote.listFen,
        discountFen: quote.discountFen,
        couponFen: quote.couponFen,
        payFen: quote.payFen,
        couponId: quote.couponGrantId,
        suggestedCouponId:
          quote.suggestedCouponGrantId !== undefined
            ? quote.suggestedCouponGrantId
            : body.couponId === undefined
              ? quote.couponGrantId
              : null,
        coupons: quote.coupons ?? [],
      };
    },

    /** Creates an order at the server's price: coupon locked and stock reserved in one transaction. */
    async create(viewer: Viewer, body: CreateOrderInput, ctx: OrderContext): Promise<OrderView> {
      const accountId = owner(viewer);
      const product = await productOf(body.productKey);
      const quantity = body.quantity ?? 1;
      checkOnSale(product, quantity);
      if (product.kind === "goods" && !body.address) throw new ServiceError(400, "请填写收货地址");
      const autoRenew = body.autoRenew === true;
      if (autoRenew) {
        const offered =
          product.kind === "vip" &&
          product.data.autoRenewPriceFen !== undefined &&
          Object.values(deps.paymentChannels).some((c) => c?.configured && c.supportsAutoRenew);
        if (!offered) throw new ServiceError(400, "该商品暂不支持自动续费");
      }
      const now = clock();
      const quote = await priceOf(accountId, product, body, now);
      const orderNum = newOrderNum(now);
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto("orders")
            .values({
              order_num: orderNum,
              account_id: accountId,
              product_key: product.key,
              quantity,
              list_fen: quote.listFen,
              discount_fen: quote.discountFen,
              coupon_fen: quote.couponFen,
              pay_fen: quote.payFen,
              coupon_grant_id: quote.couponGrantId,
              discount_id: quote.discountId,
              method: null,
              channel: null,
              state: "created",
              auto_renew: autoRenew ? 1 : 0,
              address: body.address ? JSON.stringify(body.address) : null,
              return_path: body.returnPath ?? null,
              client_ip: ctx.clientIp,
              created_at: now.toISOString(),
              expires_at: new Date(now.getTime() + ORDER_PAY_WINDOW_MS).toISOString(),
              paid_at: null,
              fulfilled_at: null,
              channel_trade_no: null,
              granted: null,
              source: null,
              source_ref: null,
            })
            .execute();
          await record(trx, orderNum, null, "created", "用户下单", now);
          if (quote.couponGrantId) await pricing.lockCoupon(trx, quote.couponGrantId, orderNum);
          if (product.kind === "goods" && product.stock !== null) {
            const taken = await trx
              .updateTable("product")
              .set((eb) => ({ stock: eb("stock", "-", quantity) }))
              .where("key", "=", product.key)
              .where("stock", ">=", quantity)
              .executeTakeFirst();
            if (Number(taken.numUpdatedRows) !== 1) throw new Conflict(OUT_OF_STOCK);
          }
        });
      } catch (error) {
        if (error instanceof CouponUnavailableError) throw new Conflict(error.message);
        throw error;
      }
      return view((await load(orderNum)) as OrderRow);
    },

    /** Starts paying with a method: the channel prepares it; the order is then `paying`. */
    async pay(
      viewer: Viewer,
      body: { orderNum: string; method: PayMethod },
      ctx: OrderContext,
    ): Promise<PayView> {
      let order = await ownOrder(viewer, body.orderNum);
      if (order.state === "closed") throw new Conflict(ORDER_CLOSED);
      if (!["created", "paying"].includes(order.state))
        throw new Conflict("订单已支付，无需重复支付");
      const channel = channelFor(body.method);
      const openId =
        ctx.openId ?? (body.method === "wechat-jsapi" ? await openIdOf(viewer) : undefined);
      if (body.method === "wechat-jsapi" && !openId)
        throw new ServiceError(400, "请在微信内打开后支付");
      const now = clock();
      if (order.expires_at <= now.toISOString()) {
        await closeOne(order, "超时未支付，自动关闭");
        throw new Conflict(ORDER_CLOSED);
      }
      const product = await productOf(order.product_key);
      const prepare = await viaChannel(() =>
        channel.prepare({
          method: body.method,
          orderNum: order.order_num,
          description: product.title.slice(0, 40),
          amountFen: order.pay_fen,
          ...(openId ? { openId } : {}),
          clientIp: ctx.clientIp,
          returnUrl: `${ctx.origin}/order/detail?orderNum=${order.order_num}`,
          expiresAt: new Date(order.expires_at),
        }),
      );
      await db.transaction().execute(async (trx) => {
        const moved = await transition(
          trx,
          order.order_num,
          ["created"],
          "paying",
          `发起${CHANNEL_LABEL[channel.name]}支付`,
          now,
          {
            method: body.method,
            channel: channel.name,
          },
        );
        if (!moved)
          await trx
            .updateTable("orders")
            .set({ method: body.method, channel: channel.name })
            .where("order_num", "=", order.order_num)
            .where("state", "=", "paying")
            .execute();
      });
      order = (await load(order.order_num)) as OrderRow;
      if (order.state !== "paying")
        throw new Conflict(order.state === "closed" ? ORDER_CLOSED : "订单状态已变化，请刷新");
      return { orderNum: order.order_num, prepare };
    },

    /** After the page's pay step: the server asks the channel, and the order is paid on its word. */
    /** Resolves once the notices sent so far have gone out (or failed). */
    async noticesSettled(): Promise<void> {
      await Promise.all([...noticesInFlight]);
    },

    async confirm(viewer: Viewer, orderNum: string): Promise<OrderView> {
      const order = await ownOrder(viewer, orderNum);
      if (["created", "paying", "closed"].includes(order.state) && order.channel) {
        const channel = deps.paymentChannels[order.channel as ChannelName];
        if (channel) {
          const trade = await viaChannel(() => channel.query(orderNum));
          if (trade?.state === "paid")
            await applyPayment(channel, trade, `${CHANNEL_LABEL[channel.name]}支付结果查询`);
        }
      } else if (order.state === "paid") await fulfil(orderNum);
      return view((await load(orderNum)) as OrderRow);
    },

    async detail(viewer: Viewer, orderNum: string): Promise<OrderView> {
      return view(await ownOrder(viewer, orderNum));
    },

    async list(viewer: Viewer, state: OrdersFilter = "all"): Promise<OrderView[]> {
      const accountId = owner(viewer);
      let q = db.selectFrom("orders").selectAll().where("account_id", "=", accountId);
      const states = FILTERS[state];
      if (states) q = q.where("state", "in", states);
      const rows = await q.orderBy("created_at", "desc").limit(100).execute();
      return views(rows);
    },

    /**
     * A channel's notification: verified by the channel, then checked against the order (amount,
     * merchant, app) and applied once; every one is logged in payment_notification.
     */
    async handleNotification(
      name: ChannelName,
      request: NotificationRequest,
    ): Promise<NotificationReply> {
      const channel = deps.paymentChannels[name];
      if (!channel)
        return { status: 404, contentType: "text/plain; charset=utf-8", body: "unknown channel" };
      const digest = createHash("sha256").update(request.body).digest("hex");
      let verified: Awaited<ReturnType<PaymentChannel["verifyNotification"]>>;
      try {
        verified = await channel.verifyNotification(request);
      } catch (error) {
        const reason = error instanceof NotificationRejectedError ? error.reason : "malformed";
        await logNotification(name, {
          notificationId: null,
          orderNum: null,
          kind: null,
          verdict: "refused",
          detail: reason,
          digest,
        });
        log("payment notification refused", { channel: name, reason });
        return channel.notificationReply(false);
      }
      if (verified.kind === "payment") {
        const result = await applyPayment(
          channel,
          verified.trade,
          `${CHANNEL_LABEL[name]}支付通知`,
        );
        await logNotification(name, {
          notificationId: verified.notificationId,
          orderNum: verified.trade.orderNum,
          kind: "payment",
          verdict: result.verdict,
          detail: result.detail,
          digest,
        });
        if (result.verdict === "refused")
          log("payment notification refused", { channel: name, detail: result.detail });
        return channel.notificationReply(result.verdict !== "refused");
      }
      const refund = await db
        .selectFrom("refund")
        .selectAll()
        .where("refund_num", "=", verified.refund.refundNum)
        .executeTakeFirst();
      let verdict: PaymentVerdict = "accepted";
      let detail: string | null = null;
      if (!refund || refund.order_num !== verified.refund.orderNum) {
        verdict = "refused";
        detail = "unknown refund";
      } else if (verified.refund.amountFen !== refund.amount_fen) {
        verdict = "refused";
        detail = "refund amount mismatch";
      } else if (verified.refund.state === "success") {
        verdict = (await completeRefund(refund.refund_num, verified.refund.channelRefundNo))
          ? "accepted"
          : "duplicate";
      } else if (verified.refund.state === "failed")
        await failRefund(refund.refund_num, "渠道退款失败");
      await logNotification(name, {
        notificationId: verified.notificationId,
        orderNum: verified.refund.orderNum,
        kind: "refund",
        verdict,
        detail,
        digest,
      });
      return channel.notificationReply(verdict !== "refused");
    },

    /** Admin: refunds all or part of an order through its channel (tools/order-refund.ts). */
    refund: (orderNum: string, amountFen: number | null, reason: string) =>
      startRefund(orderNum, amountFen, reason),

    /** Compares a China day's payments and refunds with each configured channel's statement. */
    async reconcile(day: string): Promise<ReconciliationResult[]> {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))
        throw new ServiceError(400, "日期格式应为 YYYY-MM-DD");
      const { from, to } = chinaDayRange(day);
      const results: ReconciliationResult[] = [];
      for (const channel of Object.values(deps.paymentChannels)) {
        if (!channel?.configured) continue;
        const ours = await db
          .selectFrom("ledger_entry")
          .select(["order_num", "kind", "amount_fen"])
          .where("channel", "=", channel.name)
          .where("kind", "in", ["payment", "refund"])
          .where("at", ">=", from)
          .where("at", "<", to)
          .execute();
        const lines = await channel.statement(day);
        const sum = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
        const here = new Map<string, number>();
        for (const e of ours) sum(here, `${e.order_num}|${e.kind}`, Math.abs(e.amount_fen));
        const there = new Map<string, number>();
        for (const l of lines) sum(there, `${l.orderNum}|${l.kind}`, Math.abs(l.amountFen));
        const differences: ReconciliationDifference[] = [];
        let matched = 0;
        for (const key of new Set([...here.keys(), ...there.keys()])) {
          const [orderNum, kind] = key.split("|") as [string, "payment" | "refund"];
          const a = here.get(key) ?? null;
          const b = there.get(key) ?? null;
          if (a === b) matched++;
          else
            differences.push({
              orderNum,
              kind,
              problem:
                a === null ? "missing-here" : b === null ? "missing-at-channel" : "amount-differs",
              oursFen: a,
              channelFen: b,
            });
        }
        differences.sort((x, y) => x.orderNum.localeCompare(y.orderNum));
        await db
          .insertInto("reconciliation_report")
          .values({
            id: newId(),
            day,
            channel: channel.name,
            matched,
            differences: JSON.stringify(differences),
            created_at: clock().toISOString(),
          })
          .execute();
        results.push({ day, channel: channel.name, matched, differences });
      }
      return results;
    },

    /** Which pay methods can be used now (configured channels). */
    methods(): PayMethod[] {
      return Object.values(deps.paymentChannels).flatMap((c) =>
        c?.configured ? [...c.methods] : [],
      );
    },

    /** Whether a configured channel can renew a membership (auto-renew is shown only then). */
    autoRenewOffered(): boolean {
      return Object.values(deps.paymentChannels).some((c) => c?.configured && c.supportsAutoRenew);
    },

    complimentary,
    closeDue,
    drainOutbox,
    syncRefunds,
    fulfil,
    runJobs,

    /** The close / outbox / refund job, on a timer in the API process (several processes are safe). */
    startJobs(intervalMs = 30_000) {
      if (timer) return;
      void runJobs();
      timer = setInterval(() => void runJobs(), intervalMs);
      timer.unref();
    },
    stopJobs() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
