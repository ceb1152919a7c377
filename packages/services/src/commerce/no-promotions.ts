import { CouponUnavailableError, type Pricing } from "./commerce-seams.ts";

/**
 * The pricing the order service uses until the promotions (decision 36) are joined in
 * create-services.ts: no discount runs and no coupon applies, so a reader pays the list price
 * × quantity. Asking to lock a coupon is refused: there are none to lock.
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
