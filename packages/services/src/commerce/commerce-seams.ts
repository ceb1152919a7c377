import type { Database } from "@tongjian/db/database-schema";
import type { Kysely, Transaction } from "kysely";

/**
 * The seams between the order service (orders, payments, entitlements: decision 33) and the
 * promotions (coupons, discounts, draws, exchange codes, gifts: decision 36). Each side depends
 * only on these types; create-services.ts joins them.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/** The price of one product for one reader right now, computed on the server only. */
export interface PriceQuote {
  productKey: string;
  quantity: number;
  /** List price × quantity. */
  listFen: number;
  /** Taken off by a time-limited discount (0 when none). */
  discountFen: number;
  /** The discount applied, if any. */
  discountId: string | null;
  /** Taken off by the chosen coupon (0 when none). */
  couponFen: number;
  /** The reader's coupon applied (a coupon_grant id), if any. */
  couponGrantId: string | null;
  /** What the reader pays: listFen − discountFen − couponFen, never below 1 fen for a paid order. */
  payFen: number;
  /** The reader's coupons as the checkout lists them, where the pricing knows them. */
  coupons?: CouponChoice[];
  /** The best usable coupon, which the checkout preselects. */
  suggestedCouponGrantId?: string | null;
}

/** One of the reader's coupons at the checkout: what it takes off this order, or why not. */
export interface CouponChoice {
  id: string;
  title: string;
  offFen: number;
  usable: boolean;
  reason: string | null;
  endsAt: string;
}

export interface PricingInput {
  accountId: string;
  productKey: string;
  listPriceFen: number;
  quantity: number;
  /** The coupon the reader chose; undefined means "suggest the best", null means "none". */
  couponGrantId?: string | null;
  now: Date;
}

/** A running time-limited discount of one product. */
export interface RunningDiscount {
  id: string;
  title: string;
  /** The price per unit while it runs, in fen. */
  priceFen: number;
  endsAt: string;
}

/** Implemented by the promotions; the order service and the catalogue call it. */
export interface Pricing {
  /** The discounts running now, by product key (for price tags). */
  runningDiscounts(
    db: Db,
    productKeys: readonly string[],
    now: Date,
  ): Promise<Map<string, RunningDiscount>>;
  /** The price with today's discount and the chosen (or best) usable coupon. */
  quote(db: Db, input: PricingInput): Promise<PriceQuote>;
  /**
   * Locks the quote's coupon to an order inside the order's creating transaction; throws
   * CouponUnavailableError when it was used or locked meanwhile.
   */
  lockCoupon(trx: Transaction<Database>, couponGrantId: string, orderNum: string): Promise<void>;
  /** Frees the coupon of an order that closed unpaid (no-op when it had none). */
  releaseCoupon(trx: Transaction<Database>, orderNum: string): Promise<void>;
  /** Marks the coupon of a paid order used for good (no-op when it had none). */
  spendCoupon(trx: Transaction<Database>, orderNum: string): Promise<void>;
  /** The title of a reader's coupon, for the order's page. */
  couponTitle?(db: Db, couponGrantId: string): Promise<string | null>;
}

export class CouponUnavailableError extends Error {
  constructor() {
    super("优惠券已被使用或已失效");
    this.name = "CouponUnavailableError";
  }
}

/** Where a product given without payment comes from. */
export type GrantSource = "exchange" | "gift" | "draw" | "reward";

/** Implemented by the order service; exchange codes, gifts and draws call it. */
export interface ComplimentaryOrders {
  /**
   * Gives a product without payment as an order of 0 fen that goes created → paid → fulfilled
   * through the same fulfilment as a paid one, inside `trx` (the caller's transaction that
   * spends the code or the gift), exactly once per (source, sourceRef). Returns the order number.
   */
  grant(
    trx: Transaction<Database>,
    input: { accountId: string; productKey: string; source: GrantSource; sourceRef: string },
  ): Promise<string>;
}
