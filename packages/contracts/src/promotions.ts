import { z } from "zod";

// Promotions (issue 21, decision 36): coupons, discounts, the draw sale, exchange codes and
// shared gifts. Amounts are integer fen.

const id = z.string().regex(/^[0-9a-f]{24}$/, "编号无效");

export const couponCampaignView = z.object({
  id: z.string(),
  title: z.string(),
  /** "满 ¥100.00 减 ¥20.00", "8.5 折（最多减 ¥30.00）". */
  rule: z.string(),
  kind: z.enum(["amount", "percent"]),
  amountFen: z.number().int().nullable(),
  percentOff: z.number().int().nullable(),
  capFen: z.number().int().nullable(),
  minSpendFen: z.number().int(),
  /** 适用商品 in words (全部商品, 会员, 通鉴会员·年卡 …). */
  appliesTo: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  validDays: z.number().int().nullable(),
  perUserLimit: z.number().int(),
  /** Left to claim in all; null: no limit. */
  remaining: z.number().int().nullable(),
  /** The reader's claims so far (0 when not signed in). */
  claimedByMe: z.number().int(),
  canClaim: z.boolean(),
  /** Why not, in Chinese. */
  reason: z.string().nullable(),
});
export type CouponCampaignView = z.infer<typeof couponCampaignView>;

export const couponCampaignsView = z.object({
  campaigns: z.array(couponCampaignView),
  signedIn: z.boolean(),
});

export const couponGrantView = z.object({
  id: z.string(),
  campaignId: z.string(),
  title: z.string(),
  rule: z.string(),
  appliesTo: z.string(),
  state: z.enum(["available", "locked", "used", "expired"]),
  stateLabel: z.string(),
  claimedAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  orderNum: z.string().nullable(),
  /** 去使用: the product page (or the store) the coupon can be used on. */
  useHref: z.string(),
});
export type CouponGrantView = z.infer<typeof couponGrantView>;

export const couponTab = z.enum(["available", "used", "expired"], {
  error: "分类只能是 available、used 或 expired",
});
export const myCouponsQuery = z.object({ tab: couponTab.default("available") });
export const myCouponsView = z.object({
  tab: couponTab,
  coupons: z.array(couponGrantView),
  counts: z.object({ available: z.number(), used: z.number(), expired: z.number() }),
});
export type MyCouponsView = z.infer<typeof myCouponsView>;

export const campaignParams = z.object({ id });
export const claimBody = z.object({ campaignId: id });

export const discountView = z.object({
  id: z.string(),
  title: z.string(),
  theme: z.number().int().nullable(),
  product: z.object({
    key: z.string(),
    kind: z.string(),
    title: z.string(),
    subtitle: z.string(),
    listPriceFen: z.number().int(),
  }),
  priceFen: z.number().int(),
  /** listPrice − price, per unit. */
  saveFen: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(["upcoming", "running", "ended"]),
  /** The checkout page: /buyvip?product=… for VIP, /upgradepay?product=… for the rest. */
  buyHref: z.string(),
});
export type DiscountView = z.infer<typeof discountView>;
export const discountsView = z.object({ discounts: z.array(discountView), now: z.string() });
export type DiscountsView = z.infer<typeof discountsView>;
export const discountParams = z.object({ id });
export const saleParams = z.object({ theme: z.coerce.number().int().min(1).max(2) });

export const drawPrizeView = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(["coupon", "product", "none"]),
  weight: z.number().int(),
  /** "12.5%": the chance stated on the page. */
  odds: z.string(),
});
export const drawRecordView = z.object({
  id: z.string(),
  prizeKey: z.string(),
  prizeTitle: z.string(),
  /** The random number drawn and the range it was drawn from (0 ≤ roll < rollOf). */
  roll: z.number().int(),
  rollOf: z.number().int(),
  couponGrantId: z.string().nullable(),
  orderNum: z.string().nullable(),
  createdAt: z.string(),
});
export type DrawRecordView = z.infer<typeof drawRecordView>;
export const drawSaleView = z.object({
  key: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  running: z.boolean(),
  dailyLimit: z.number().int(),
  /** Draws left today (China day); null when not signed in. */
  leftToday: z.number().int().nullable(),
  prizes: z.array(drawPrizeView),
  records: z.array(drawRecordView),
  signedIn: z.boolean(),
});
export type DrawSaleView = z.infer<typeof drawSaleView>;
export const drawBody = z.object({
  sale: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "活动编号无效")
    .default("drawsale"),
});
export const drawResultView = z.object({
  record: drawRecordView,
  leftToday: z.number().int(),
  message: z.string(),
});
export type DrawResultView = z.infer<typeof drawResultView>;

export const exchangeBody = z.object({
  code: z.string().max(60, "兑换码过长"),
});
export const exchangeResultView = z.object({
  productKey: z.string(),
  productTitle: z.string(),
  orderNum: z.string(),
  message: z.string(),
});
export type ExchangeResultView = z.infer<typeof exchangeResultView>;
export const exchangeOrdersView = z.object({
  redemptions: z.array(
    z.object({
      productKey: z.string(),
      productTitle: z.string(),
      orderNum: z.string().nullable(),
      redeemedAt: z.string(),
      batch: z.string(),
    }),
  ),
});
export type ExchangeOrdersView = z.infer<typeof exchangeOrdersView>;

export const giftOfferView = z.object({
  productKey: z.string(),
  productTitle: z.string(),
  count: z.number().int(),
  title: z.string(),
});
export const giftView = z.object({
  id: z.string(),
  giverName: z.string(),
  product: z.object({ key: z.string(), title: z.string(), subtitle: z.string() }),
  total: z.number().int(),
  claimed: z.number().int(),
  remaining: z.number().int(),
  expiresAt: z.string(),
  /**
   * What this reader sees: their own gift (giver), one they claimed, one all taken, expired,
   * one they can claim, or sign in first.
   */
  viewerState: z.enum(["giver", "claimed", "exhausted", "expired", "can-claim", "login"]),
  /** The giver's view: who claimed and when (names masked). */
  claims: z.array(z.object({ name: z.string(), at: z.string() })),
  /** The reader's order of this gift, once claimed. */
  orderNum: z.string().nullable(),
});
export type GiftView = z.infer<typeof giftView>;
export const giftParams = z.object({ id });
export const myGiftsView = z.object({
  canGive: z.boolean(),
  /** Why not, in Chinese (开通会员或购买后可分享). */
  reason: z.string().nullable(),
  offers: z.array(giftOfferView),
  gifts: z.array(giftView),
});
export type MyGiftsView = z.infer<typeof myGiftsView>;
export const createGiftBody = z.object({
  productKey: z.string().regex(/^[a-z]+\.[a-z0-9-]+$/, "商品编号无效"),
});
export const claimGiftResultView = z.object({ gift: giftView, message: z.string() });
