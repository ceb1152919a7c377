import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";
import type { ContentPromotions } from "./promotions-content.ts";

const iso = (instant: string) => new Date(instant).toISOString();

/**
 * The sample promotions, upserted by key: a campaign's claimed count and its readers' coupons
 * stay; a discount or a draw taken out of the file is left as it is (its window ends it).
 */
export async function writePromotions(
  trx: Kysely<Database>,
  promotions: ContentPromotions,
  stamp: string,
): Promise<void> {
  for (const c of promotions.coupons) {
    const values = {
      title: c.title,
      kind: c.kind,
      amount_fen: c.kind === "amount" ? (c.amountFen ?? null) : null,
      percent_off: c.kind === "percent" ? (c.percentOff ?? null) : null,
      cap_fen: c.capFen ?? null,
      min_spend_fen: c.minSpendFen,
      products: JSON.stringify(c.products),
      starts_at: iso(c.startsAt),
      ends_at: iso(c.endsAt),
      valid_days: c.validDays ?? null,
      per_user_limit: c.perUserLimit,
      total: c.total ?? null,
      source: c.claimable ? "content" : "draw",
    };
    await trx
      .insertInto("coupon_campaign")
      .values({ id: c.id, key: c.key, ...values, created_at: stamp })
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .execute();
  }
  for (const [i, d] of promotions.discounts.entries()) {
    const values = {
      title: d.title,
      theme: d.theme ?? null,
      product_key: d.productKey,
      price_fen: d.priceFen,
      starts_at: iso(d.startsAt),
      ends_at: iso(d.endsAt),
      sort_key: i,
    };
    await trx
      .insertInto("discount")
      .values({ id: d.id, key: d.key, ...values, created_at: stamp })
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .execute();
  }
  for (const d of promotions.draws) {
    const values = {
      title: d.title,
      daily_limit: d.dailyLimit,
      prizes: JSON.stringify(d.prizes),
      starts_at: iso(d.startsAt),
      ends_at: iso(d.endsAt),
    };
    await trx
      .insertInto("draw_sale")
      .values({ key: d.key, ...values, created_at: stamp })
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .execute();
  }
}
