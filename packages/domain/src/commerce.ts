/**
 * The store's shared rules (issue 21): what is sold, what an order goes through, and how money is
 * written. Prices are integer fen everywhere; the price a reader pays is computed on the server.
 */

/** A VIP membership, a learning course, a card of uses (次卡), or goods of the star mall. */
export const PRODUCT_KINDS = ["vip", "course", "card", "goods"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  vip: "会员",
  course: "课程",
  card: "次卡",
  goods: "星宝商城",
};

/**
 * What VIP unlocks: one rule used everywhere. The gates (article mask, ladder levels, member
 * entries, the open-app bar) ask `hasVipRight`, and /buyvip/rights and /buyvip/content list these.
 */
export const VIP_RIGHTS = [
  {
    key: "full-articles",
    title: "全文阅读",
    description: "文章不再折叠在“打开 App”遮罩之后，全文直接可读。",
  },
  {
    key: "ladder-levels",
    title: "天梯全部关卡",
    description: "文史天梯、少儿天梯、新闻天梯的付费关卡全部开放。",
  },
  {
    key: "member-entries",
    title: "会员词条",
    description: "标注“会员”的深度词条可读全文。",
  },
  {
    key: "ad-free",
    title: "无广告阅读",
    description: "阅读时不再出现“打开 App”推广条与推荐位。",
  },
] as const;
export type VipRight = (typeof VIP_RIGHTS)[number]["key"];

/** What a course opens (the learning area's gates). */
export const COURSE_SCOPES = [
  "ladder:wenshi",
  "ladder:young",
  "ladder:news",
  "knowledge-points",
] as const;
export type CourseScope = (typeof COURSE_SCOPES)[number];

/** What a card holds: uses of something the reader spends one at a time. */
export const CARD_USES = ["reissue"] as const;
export type CardUse = (typeof CARD_USES)[number];

/** A membership's length: whole calendar months (China time), added to the end of the current one. */
export interface VipPeriod {
  months: number;
}

/** A product key: lower-case letters, digits, `-` and one `.` between kind and name. */
export const PRODUCT_KEY = /^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ORDER_STATES = [
  "created",
  "paying",
  "paid",
  "fulfilled",
  "closed",
  "refunding",
  "refunded",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  created: "待支付",
  paying: "支付中",
  paid: "已支付",
  fulfilled: "已完成",
  closed: "已关闭",
  refunding: "退款中",
  refunded: "已退款",
};

/**
 * The transitions an order may make; every one is recorded with its time and cause. `paid`
 * is reached only on the channel's word (a verified notification or a query), never the page's.
 */
export const ORDER_TRANSITIONS: Record<OrderState, readonly OrderState[]> = {
  created: ["paying", "paid", "closed"],
  paying: ["paid", "closed", "created"],
  paid: ["fulfilled", "refunding"],
  fulfilled: ["refunding"],
  closed: ["paid"],
  refunding: ["refunded", "fulfilled"],
  refunded: [],
};

export function canTransition(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** An unpaid order closes this long after it was created. */
export const ORDER_PAY_WINDOW_MS = 15 * 60 * 1000;

/** "¥198.00" from 19800; negative amounts keep their sign ("-¥5.00"). */
export function formatFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an amount in fen: ${fen}`);
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "198" or "19.9": the short form for price tags. */
export function formatFenShort(fen: number): string {
  const full = formatFen(fen).replace("¥", "");
  return full.replace(/\.00$/, "").replace(/(\.\d)0$/, "$1");
}
