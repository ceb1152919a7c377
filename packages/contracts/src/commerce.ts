import { COURSE_SCOPES, ORDER_STATES, PRODUCT_KINDS } from "@tongjian/domain/commerce";
import { z } from "zod";
import { acceptedAgreements } from "./agreements.ts";

// The store (issue 21, decisions 33–37): products, VIP, orders and payment. Amounts are integer
// fen; what a reader pays is computed on the server only.

export const productKind = z.enum(PRODUCT_KINDS, {
  error: "商品类型只能是 vip、course、card 或 goods",
});
export const productKey = z
  .string()
  .regex(/^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$/, "商品编号无效")
  .max(60, "商品编号无效");
/** Our order number: "TJ" + 14 digits of China time + 8 random digits and letters. */
export const orderNum = z.string().regex(/^TJ[0-9]{14}[0-9A-Z]{8}$/, "订单号无效");
export const payMethod = z.enum(["wechat-jsapi", "wechat-h5", "wechat-app", "alipay-wap"], {
  error: "支付方式只能是 wechat-jsapi、wechat-h5、wechat-app 或 alipay-wap",
});

export const productView = z.object({
  id: z.string(),
  key: productKey,
  kind: productKind,
  title: z.string(),
  subtitle: z.string(),
  listPriceFen: z.number().int(),
  /** Today's price before coupons (a running discount applied); equals the list price otherwise. */
  priceFen: z.number().int(),
  /** The running discount's name and end, when there is one. */
  discount: z.object({ id: z.string(), title: z.string(), endsAt: z.string() }).nullable(),
  recommended: z.boolean(),
  /** Units left for goods; null for what never runs out. */
  stock: z.number().int().nullable(),
  onSale: z.boolean(),
  /** VIP: months the membership lasts, and the auto-renew price where offered. */
  months: z.number().int().nullable(),
  autoRenewPriceFen: z.number().int().nullable(),
  /** Course: what it opens. */
  scope: z.enum(COURSE_SCOPES).nullable(),
  ladder: z.enum(["wenshi", "young", "news"]).nullable(),
  /** Card: how many uses and of what. */
  uses: z.number().int().nullable(),
  use: z.enum(["reissue"]).nullable(),
});
export type ProductView = z.infer<typeof productView>;

export const productsQuery = z.object({ kind: productKind.optional() });
export const productParams = z.object({ key: productKey });

/** The reader's membership. */
export const vipStatus = z.object({
  active: z.boolean(),
  /** ISO, exact to the second; null when never a member. */
  expiresAt: z.string().nullable(),
  autoRenew: z.boolean(),
});
export type VipStatusView = z.infer<typeof vipStatus>;

export const shippingAddress = z.object({
  name: z.string().trim().min(1, "请填写收件人").max(20, "收件人至多 20 个字"),
  phone: z.string().regex(/^1[3-9][0-9]{9}$/, "请填写 11 位手机号"),
  region: z.string().trim().min(2, "请填写所在地区").max(40, "所在地区至多 40 个字"),
  detail: z.string().trim().min(4, "请填写详细地址").max(80, "详细地址至多 80 个字"),
});

export const quoteBody = z.object({
  productKey,
  quantity: z.number().int().min(1, "数量至少为 1").max(10, "一次至多买 10 件").default(1),
  /** A coupon_grant id; omitted: the best usable one is suggested; null: no coupon. */
  couponId: z.string().max(40).nullable().optional(),
});

export const couponChoice = z.object({
  id: z.string(),
  title: z.string(),
  /** What it takes off this order, in fen (0 when it does not apply). */
  offFen: z.number().int(),
  usable: z.boolean(),
  /** Why it cannot be used here, in Chinese (未满 ¥100 可用 …). */
  reason: z.string().nullable(),
  endsAt: z.string(),
});

export const quoteView = z.object({
  productKey,
  quantity: z.number().int(),
  listFen: z.number().int(),
  discountFen: z.number().int(),
  couponFen: z.number().int(),
  payFen: z.number().int(),
  couponId: z.string().nullable(),
  /** The best usable coupon, which the checkout preselects. */
  suggestedCouponId: z.string().nullable(),
  coupons: z.array(couponChoice),
});
export type QuoteView = z.infer<typeof quoteView>;

export const createOrderBody = quoteBody.extend({
  autoRenew: z.boolean().default(false),
  /**
   * The agreements the checkout showed, at their versions (decision 40): the pay terms, the
   * membership's for VIP, the renewal's for auto-renew, and any login agreement the reader had
   * not accepted at its current version. Optional for older clients.
   */
  agreements: acceptedAgreements.optional(),
  address: shippingAddress.optional(),
  /** Where the reader was, to return to after paying (a path of this site). */
  returnPath: z
    .string()
    .regex(/^\/[^/\\]/, "返回地址须为本站路径")
    .max(300)
    .optional(),
});

export const orderEvent = z.object({
  state: z.enum(ORDER_STATES),
  at: z.string(),
  /** Why, in Chinese (用户下单、微信支付通知、超时未支付自动关闭 …). */
  cause: z.string(),
});

export const orderView = z.object({
  orderNum,
  state: z.enum(ORDER_STATES),
  stateLabel: z.string(),
  product: z.object({ key: z.string(), title: z.string(), kind: productKind }),
  quantity: z.number().int(),
  listFen: z.number().int(),
  discountFen: z.number().int(),
  couponFen: z.number().int(),
  couponTitle: z.string().nullable(),
  payFen: z.number().int(),
  refundedFen: z.number().int(),
  /** wechat-jsapi … ; "exchange", "gift" for what was given; null before a payment starts. */
  method: z.string().nullable(),
  autoRenew: z.boolean(),
  createdAt: z.string(),
  /** When an unpaid order closes. */
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  /** What the order gave, in Chinese (会员有效期至 2027-11-27 18:00:00 …), once fulfilled. */
  granted: z.string().nullable(),
  address: shippingAddress.nullable(),
  returnPath: z.string().nullable(),
  events: z.array(orderEvent),
});
export type OrderView = z.infer<typeof orderView>;

export const orderQuery = z.object({ orderNum });
export const ordersQuery = z.object({
  state: z.enum(["all", "unpaid", "done", "refund"]).default("all"),
});

export const payBody = z.object({ orderNum, method: payMethod });

/** What the page does to pay (decision 34/35): invoke the JS bridge, go to a page, or the app. */
export const payView = z.object({
  orderNum,
  prepare: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("jsapi"),
      params: z.object({
        appId: z.string(),
        timeStamp: z.string(),
        nonceStr: z.string(),
        package: z.string(),
        signType: z.literal("RSA"),
        paySign: z.string(),
      }),
    }),
    z.object({ kind: z.literal("redirect"), url: z.string() }),
    z.object({ kind: z.literal("app"), params: z.record(z.string(), z.string()) }),
  ]),
});
export type PayView = z.infer<typeof payView>;

/** After the page's pay step says ok: the server asks the channel and answers the order. */
export const confirmBody = z.object({ orderNum });
