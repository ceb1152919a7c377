import {
  CouponUnavailableError,
  type Pricing,
} from "../../packages/services/src/commerce/commerce-seams.ts";

/**
 * TEST-ONLY. A pricing with no promotions, for the order service's own tests: no discount runs
 * and no coupon applies, so a reader pays the list price × quantity; locking a coupon is refused.
 */
export const noPromotions: Pricing = {
  async runningDiscounts() {
    return new Map();
  },
  async quote(_db, input) {
    const listFen = input.listPriceFen * input.quantity;
    return {
      productKey: input.productKey,
      quantity: input.quantity,
      listFen,
      discountFen: 0,
      discountId: null,
      couponFen: 0,
      couponGrantId: null,
      payFen: listFen,
    };
  },
  async lockCoupon() {
    throw new CouponUnavailableError();
  },
  async releaseCoupon() {},
  async spendCoupon() {},
};
