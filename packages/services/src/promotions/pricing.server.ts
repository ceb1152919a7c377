import type { Database } from "@tongjian/db/database-schema";
import {
  type CouponRule,
  couponRefusal,
  describeCoupon,
  priceOrder,
} from "@tongjian/domain/promotions";
import type { Selectable, Transaction } from "kysely";
import {
  type CouponChoice,
  CouponUnavailableError,
  type Db,
  type PriceQuote,
  type Pricing,
  type PricingInput,
  type RunningDiscount,
} from "../commerce/commerce-seams.ts";
import { ServiceError } from "../service-error.ts";

type CampaignRow = Selectable<Database["coupon_campaign"]>;

export function couponRule(row: CampaignRow): CouponRule {
  return {
    kind: row.kind === "percent" ? "percent" : "amount",
    amountFen: row.amount_fen,
    percentOff: row.percent_off,
    capFen: row.cap_fen,
    minSpendFen: row.min_spend_fen,
    products: JSON.parse(row.products) as string[],
  };
}

/** The quote with the reader's coupons and the one suggested (for the checkout). */
export interface PricedQuote extends PriceQuote {
  suggestedCouponGrantId: string | null;
  coupons: CouponChoice[];
}

/** The seam, with the checkout's list of the reader's coupons in the quote. */
export interface PromotionPricing extends Pricing {
  quote(db: Db, input: PricingInput): Promise<PricedQuote>;
}

export class CouponChoiceError extends ServiceError {
  constructor(reason: string) {
    super(409, `这张优惠券不能用于本单：${reason}`);
    this.name = "CouponChoiceError";
  }
}

/**
 * The `Pricing` seam (decision 36): today's discount, then the chosen (or best) coupon, never
 * below 1 fen; coupons locked, released and spent by conditional UPDATEs inside the order's
 * transaction.
 */
export function createPricing(): PromotionPricing {
  async function runningDiscounts(db: Db, productKeys: readonly string[], now: Date) {
    const out = new Map<string, RunningDiscount>();
    if (productKeys.length === 0) return out;
    const at = now.toISOString();
    const rows = await db
      .selectFrom("discount")
      .select(["id", "title", "product_key", "price_fen", "ends_at"])
      .where("product_key", "in", [...productKeys])
      .where("starts_at", "<=", at)
      .where("ends_at", ">", at)
      .orderBy("price_fen")
      .orderBy("ends_at")
      .execute();
    for (const r of rows)
      if (!out.has(r.product_key))
        out.set(r.product_key, {
          id: r.id,
          title: r.title,
          priceFen: r.price_fen,
          endsAt: r.ends_at,
        });
    return out;
  }

  return {
    runningDiscounts,

    async quote(db, input) {
      const discount = (await runningDiscounts(db, [input.productKey], input.now)).get(
        input.productKey,
      );
      const base = priceOrder({
        listPriceFen: input.listPriceFen,
        quantity: input.quantity,
        discountPriceFen: discount?.priceFen ?? null,
        coupon: null,
      });
      const afterDiscount = base.listFen - base.discountFen;
      const at = input.now.toISOString();
      const rows = await db
        .selectFrom("coupon_grant as g")
        .innerJoin("coupon_campaign as c", "c.id", "g.campaign_id")
        .selectAll("c")
        .select([
          "g.id as grant_id",
          "g.state as grant_state",
          "g.starts_at as grant_starts_at",
          "g.expires_at as grant_expires_at",
        ])
        .where("g.account_id", "=", input.accountId)
        .where("g.state", "!=", "used")
        .where("g.expires_at", ">", at)
        .orderBy("g.expires_at")
        .execute();
      const coupons = rows.map((row) => {
        const rule = couponRule(row);
        const reason = couponRefusal(
          rule,
          {
            state: row.grant_state as "available" | "locked",
            startsAt: row.grant_starts_at,
            expiresAt: row.grant_expires_at,
          },
          input.productKey,
          afterDiscount,
          input.now,
        );
        const offFen =
          reason === null
            ? priceOrder({
                listPriceFen: input.listPriceFen,
                quantity: input.quantity,
                discountPriceFen: discount?.priceFen ?? null,
                coupon: rule,
              }).couponFen
            : 0;
        return {
          id: row.grant_id,
          title: `${row.title}（${describeCoupon(rule)}）`,
          offFen,
          usable: reason === null && offFen > 0,
          reason: reason ?? (offFen > 0 ? null : "订单金额过低"),
          endsAt: row.grant_expires_at,
          rule,
        };
      });
      // The best: the most off; of equals, the one that expires first (rows are in that order).
      let best: (typeof coupons)[number] | null = null;
      for (const c of coupons) if (c.usable && (!best || c.offFen > best.offFen)) best = c;
      let chosen: (typeof coupons)[number] | null = null;
      if (input.couponGrantId === undefined) chosen = best;
      else if (input.couponGrantId !== null) {
        chosen = coupons.find((c) => c.id === input.couponGrantId) ?? null;
        if (!chosen) throw new CouponChoiceError("优惠券不存在、已使用或已过期");
        if (!chosen.usable) throw new CouponChoiceError(chosen.reason ?? "不可用");
      }
      const price = priceOrder({
        listPriceFen: input.listPriceFen,
        quantity: input.quantity,
        discountPriceFen: discount?.priceFen ?? null,
        coupon: chosen?.rule ?? null,
      });
      return {
        productKey: input.productKey,
        quantity: input.quantity,
        listFen: price.listFen,
        discountFen: price.discountFen,
        discountId: discount?.id ?? null,
        couponFen: price.couponFen,
        couponGrantId: chosen?.id ?? null,
        payFen: price.payFen,
        suggestedCouponGrantId: best?.id ?? null,
        coupons: coupons.map(({ rule: _rule, ...c }) => c),
      };
    },

    async lockCoupon(trx: Transaction<Database>, couponGrantId: string, orderNum: string) {
      const result = await trx
        .updateTable("coupon_grant")
        .set({ state: "locked", order_num: orderNum })
        .where("id", "=", couponGrantId)
        .where("state", "=", "available")
        .where("expires_at", ">", new Date().toISOString())
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new CouponUnavailableError();
    },

    async releaseCoupon(trx: Transaction<Database>, orderNum: string) {
      await trx
        .updateTable("coupon_grant")
        .set({ state: "available", order_num: null })
        .where("order_num", "=", orderNum)
        .where("state", "=", "locked")
        .execute();
    },

    async spendCoupon(trx: Transaction<Database>, orderNum: string) {
      await trx
        .updateTable("coupon_grant")
        .set({ state: "used", used_at: new Date().toISOString() })
        .where("order_num", "=", orderNum)
        .where("state", "=", "locked")
        .execute();
    },

    async couponTitle(db: Db, couponGrantId: string) {
      const row = await db
        .selectFrom("coupon_grant")
        .innerJoin("coupon_campaign", "coupon_campaign.id", "coupon_grant.campaign_id")
        .select("coupon_campaign.title")
        .where("coupon_grant.id", "=", couponGrantId)
        .executeTakeFirst();
      return row?.title ?? null;
    },
  };
}
