import type { OrderView } from "@tongjian/contracts/commerce";
import type { Database } from "@tongjian/db/database-schema";
import { formatChinaTime } from "@tongjian/domain/china-time";
import type { Kysely } from "kysely";
import {
  createSubscribeMessages,
  type SubscribeMessage,
  type SubscribeMessageSender,
  thing,
} from "../wechat/subscribe-messages.server.ts";

export type { SubscribeMessage, SubscribeMessageSender };

export interface StoreNoticeTemplates {
  /** 订单通知 (`WECHAT_TEMPLATE_ORDER`): paid orders fulfilled, refunds completed. */
  order?: string | undefined;
  /** 会员到期提醒 (`WECHAT_TEMPLATE_VIP_EXPIRY`): three days before a membership ends. */
  vipExpiry?: string | undefined;
}

export type OrderNotice = { kind: "order-fulfilled" | "order-refunded"; order: OrderView };

/** How long before a membership's end its reminder goes out. */
export const VIP_REMINDER_DAYS = 3;

function yuan(fen: number): string {
  return `${(fen / 100).toFixed(2)}元`;
}

/**
 * The store's notices through WeChat subscription messages (issue 21): an 订单通知 when a paid
 * order is fulfilled or refunded, and a 会员到期提醒 once per membership period. A notice goes
 * only to a reader who consented to its topic on /subscribe and has a WeChat openid, and only
 * when its template is configured; otherwise it is skipped and logged. Failures are logged and
 * never reach the order.
 */
export function createStoreNotices(deps: {
  db: Kysely<Database>;
  send?: SubscribeMessageSender | undefined;
  templates: StoreNoticeTemplates;
  log?: (message: string, detail?: Record<string, unknown>) => void;
  now?: () => Date;
}) {
  const { db } = deps;
  const log = deps.log ?? (() => {});
  const clock = deps.now ?? (() => new Date());

  const messages = createSubscribeMessages({ db, send: deps.send });

  /** Sends one notice if allowed; true when WeChat accepted it. */
  async function deliver(
    ownerId: string,
    topic: string,
    templateId: string | undefined,
    build: (openId: string) => Omit<SubscribeMessage, "templateId">,
    what: Record<string, unknown>,
  ): Promise<boolean> {
    try {
      const outcome = await messages.deliver(ownerId, topic, templateId, build);
      if (outcome === "no-template")
        log("store notice skipped: its template is not configured", { topic, ...what });
      return outcome === "sent";
    } catch (error) {
      log("store notice failed", { topic, ...what, error: String(error) });
      return false;
    }
  }

  return {
    /** 订单通知 for a paid order fulfilled or refunded; never throws. */
    async order(accountId: string, notice: OrderNotice): Promise<boolean> {
      const { order } = notice;
      try {
        const refunded = notice.kind === "order-refunded";
        const at = refunded ? clock() : new Date(order.fulfilledAt ?? clock().toISOString());
        return await deliver(
          accountId,
          "orders",
          deps.templates.order,
          (toUser) => ({
            toUser,
            page: `/order/detail?orderNum=${encodeURIComponent(order.orderNum)}`,
            data: {
              thing1: { value: thing(order.product.title) },
              amount2: { value: yuan(refunded ? order.refundedFen : order.payFen) },
              time3: { value: formatChinaTime(at) },
              phrase4: { value: refunded ? "已退款" : "支付成功" },
              character_string5: { value: order.orderNum },
            },
          }),
          { orderNum: order.orderNum, kind: notice.kind },
        );
      } catch (error) {
        log("store notice failed", { orderNum: order.orderNum, error: String(error) });
        return false;
      }
    },

    /**
     * 会员到期提醒: readers whose membership ends within VIP_REMINDER_DAYS, once per period (the
     * period is its end; a renewal moves the end and so makes a new period). Returns how many
     * reminders went out.
     */
    async remindExpiring(): Promise<number> {
      if (!messages.configured(deps.templates.vipExpiry)) {
        log("VIP expiry reminders skipped: WECHAT_TEMPLATE_VIP_EXPIRY is not configured");
        return 0;
      }
      const now = clock();
      const until = new Date(now.getTime() + VIP_REMINDER_DAYS * 86_400_000);
      const ends = await db
        .selectFrom("entitlement")
        .select((eb) => ["account_id", eb.fn.max("ends_at").as("ends_at")])
        .where("kind", "=", "vip")
        .where("revoked_at", "is", null)
        .groupBy("account_id")
        .execute();
      let sent = 0;
      for (const row of ends) {
        const end = row.ends_at as string | null;
        if (!end || end <= now.toISOString() || end > until.toISOString()) continue;
        const key = `vip-expiry:${row.account_id}:${end}`;
        const claimed = await db
          .insertInto("store_notice")
          .values({
            key,
            owner_id: row.account_id,
            kind: "vip-expiry",
            created_at: now.toISOString(),
          })
          .onConflict((oc) => oc.column("key").doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
        const ok = await deliver(
          row.account_id,
          "vip-expiry",
          deps.templates.vipExpiry,
          (toUser) => ({
            toUser,
            page: "/buyvip",
            data: {
              thing1: { value: "通鉴会员" },
              time2: { value: formatChinaTime(new Date(end)) },
              thing3: { value: "会员即将到期，续费后阅读不中断" },
            },
          }),
          { accountId: row.account_id, end },
        ).catch(() => false);
        if (ok) sent++;
        // Not sent (no consent or openid yet, or a failure): the next run tries again.
        else await db.deleteFrom("store_notice").where("key", "=", key).execute();
      }
      return sent;
    },
  };
}

export type StoreNotices = ReturnType<typeof createStoreNotices>;
