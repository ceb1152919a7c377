import type { Kysely, Migration } from "kysely";

// Promotions (issue 21, decision 36): coupons, time-limited discounts, the draw sale, exchange
// codes and shared gifts.
//
// - coupon_campaign: a coupon definition readers claim (领取); coupon_grant: one reader's coupon,
//   available → locked (to an order being paid) → used, or back to available when the order
//   closes. Every state change is one conditional UPDATE, so an order can never take a coupon
//   that another order holds. coupon_claim_tally counts claims per reader for the per-user limit
//   (its conditional UPDATE is what keeps two claims at once within the limit).
// - discount: a product's price per unit between two instants; `theme` puts it on /sales/1 or 2.
// - draw_sale, draw_day (draws per reader per China day, same conditional UPDATE), draw_record:
//   every draw with its random roll, what it gave and the order or coupon it made.
// - exchange_code: only the SHA-256 of a code; spent by one UPDATE that matches it only while
//   unspent and unexpired; order_num is the complimentary order it became. (The panorama codes of
//   0016 stay as they are: they unlock scenes, these give products.)
// - gift, gift_claim: a reader's shared gift of N units of a product; a friend claims once.
export const promotionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("coupon_campaign")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("amount_fen", "integer")
      .addColumn("percent_off", "integer")
      .addColumn("cap_fen", "integer")
      .addColumn("min_spend_fen", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("products", "text", (c) => c.notNull())
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("valid_days", "integer")
      .addColumn("per_user_limit", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("total", "integer")
      .addColumn("claimed", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("source", "text", (c) => c.notNull().defaultTo("admin"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("coupon_grant")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("campaign_id", "varchar(24)", (c) => c.notNull())
      .addColumn("account_id", "varchar(24)", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("order_num", "text")
      .addColumn("claimed_at", "text", (c) => c.notNull())
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addColumn("origin", "text", (c) => c.notNull().defaultTo("claim"))
      .execute();
    await db.schema
      .createIndex("coupon_grant_account_idx")
      .on("coupon_grant")
      .columns(["account_id", "expires_at"])
      .execute();
    await db.schema
      .createIndex("coupon_grant_order_idx")
      .on("coupon_grant")
      .column("order_num")
      .execute();

    await db.schema
      .createTable("coupon_claim_tally")
      .addColumn("campaign_id", "varchar(24)", (c) => c.notNull())
      .addColumn("account_id", "varchar(24)", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("coupon_claim_tally_pk", ["campaign_id", "account_id"])
      .execute();

    await db.schema
      .createTable("discount")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("theme", "integer")
      .addColumn("product_key", "text", (c) => c.notNull())
      .addColumn("price_fen", "integer", (c) => c.notNull())
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("discount_product_idx")
      .on("discount")
      .columns(["product_key", "ends_at"])
      .execute();

    await db.schema
      .createTable("draw_sale")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("daily_limit", "integer", (c) => c.notNull())
      .addColumn("prizes", "text", (c) => c.notNull())
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("draw_day")
      .addColumn("sale_key", "text", (c) => c.notNull())
      .addColumn("account_id", "varchar(24)", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("draw_day_pk", ["sale_key", "account_id", "day"])
      .execute();
    await db.schema
      .createTable("draw_record")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("sale_key", "text", (c) => c.notNull())
      .addColumn("account_id", "varchar(24)", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("roll", "integer", (c) => c.notNull())
      .addColumn("roll_of", "integer", (c) => c.notNull())
      .addColumn("prize_key", "text", (c) => c.notNull())
      .addColumn("prize_title", "text", (c) => c.notNull())
      .addColumn("coupon_grant_id", "varchar(24)")
      .addColumn("order_num", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("draw_record_account_idx")
      .on("draw_record")
      .columns(["account_id", "created_at"])
      .execute();

    await db.schema
      .createTable("exchange_code")
      .addColumn("code_hash", "varchar(64)", (c) => c.primaryKey())
      .addColumn("product_key", "text", (c) => c.notNull())
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("redeemed_by", "varchar(24)")
      .addColumn("redeemed_at", "text")
      .addColumn("order_num", "text")
      .execute();
    await db.schema
      .createIndex("exchange_code_batch_idx")
      .on("exchange_code")
      .column("batch")
      .execute();
    await db.schema
      .createIndex("exchange_code_redeemed_idx")
      .on("exchange_code")
      .columns(["redeemed_by", "redeemed_at"])
      .execute();

    await db.schema
      .createTable("gift")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("giver_id", "varchar(24)", (c) => c.notNull())
      .addColumn("product_key", "text", (c) => c.notNull())
      .addColumn("total", "integer", (c) => c.notNull())
      .addColumn("claimed", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("gift_giver_idx").on("gift").column("giver_id").execute();
    await db.schema
      .createTable("gift_claim")
      .addColumn("gift_id", "varchar(24)", (c) => c.notNull())
      .addColumn("account_id", "varchar(24)", (c) => c.notNull())
      .addColumn("order_num", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("gift_claim_pk", ["gift_id", "account_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "gift_claim",
      "gift",
      "exchange_code",
      "draw_record",
      "draw_day",
      "draw_sale",
      "discount",
      "coupon_claim_tally",
      "coupon_grant",
      "coupon_campaign",
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
