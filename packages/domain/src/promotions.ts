/**
 * Promotions' pure rules (issue 21, decision 36): what a coupon takes off, the price after a
 * discount and a coupon, exchange codes (Crockford base32 with a Luhn mod 32 check character),
 * and a draw's odds. Amounts are integer fen.
 */
import { formatFen } from "./commerce.ts";

// ---------------------------------------------------------------- coupons and prices

export interface CouponRule {
  kind: "amount" | "percent";
  /** amount: fen off. */
  amountFen: number | null;
  /** percent: percent off (1–99), at most capFen (null: no cap). */
  percentOff: number | null;
  capFen: number | null;
  minSpendFen: number;
  /** Product keys and kinds ("vip.year", "kind:course"); empty: every product. */
  products: readonly string[];
}

/** Whether the coupon's product list covers a product. */
export function couponCoversProduct(rule: Pick<CouponRule, "products">, productKey: string) {
  if (rule.products.length === 0) return true;
  const kind = productKey.split(".")[0];
  return rule.products.some((p) => p === productKey || p === `kind:${kind}`);
}

/** What the coupon would take off an amount (before the 1 fen floor), in fen. */
export function couponOffFen(rule: CouponRule, amountFen: number): number {
  if (amountFen <= 0) return 0;
  if (rule.kind === "amount") return Math.min(rule.amountFen ?? 0, amountFen);
  const off = Math.floor((amountFen * (rule.percentOff ?? 0)) / 100);
  return Math.min(off, rule.capFen ?? off, amountFen);
}

/** "满 ¥100.00 减 ¥20.00", "8.5 折（最多减 ¥30.00）", "无门槛减 ¥5.00". */
export function describeCoupon(rule: CouponRule): string {
  const floor = rule.minSpendFen > 0 ? `满 ${formatFen(rule.minSpendFen)} ` : "无门槛";
  if (rule.kind === "amount") return `${floor}减 ${formatFen(rule.amountFen ?? 0)}`;
  const tenths = (100 - (rule.percentOff ?? 0)) / 10;
  const cap = rule.capFen !== null ? `（最多减 ${formatFen(rule.capFen)}）` : "";
  return `${rule.minSpendFen > 0 ? floor : ""}${tenths} 折${cap}`;
}

export interface CouponState {
  state: "available" | "locked" | "used";
  startsAt: string;
  expiresAt: string;
}

/**
 * Why a reader's coupon does not apply to an order of `amountFen` (after the discount) of a
 * product, in Chinese; null when it applies.
 */
export function couponRefusal(
  rule: CouponRule,
  coupon: CouponState,
  productKey: string,
  amountFen: number,
  now: Date,
): string | null {
  if (coupon.state === "used") return "已使用";
  if (coupon.state === "locked") return "已被一笔待支付的订单占用";
  const at = now.toISOString();
  if (coupon.expiresAt <= at) return "已过期";
  if (coupon.startsAt > at) return "未到使用时间";
  if (!couponCoversProduct(rule, productKey)) return "不适用于该商品";
  if (amountFen < rule.minSpendFen) return `未满 ${formatFen(rule.minSpendFen)} 可用`;
  if (amountFen <= 1) return "订单金额过低";
  return null;
}

export interface PriceParts {
  listFen: number;
  discountFen: number;
  couponFen: number;
  payFen: number;
}

/**
 * The price of `quantity` units: the running discount first (its price per unit, never above the
 * list price), then the coupon's amount off what is left, with a paid order never below 1 fen.
 */
export function priceOrder(input: {
  listPriceFen: number;
  quantity: number;
  discountPriceFen: number | null;
  coupon: CouponRule | null;
}): PriceParts {
  const listFen = input.listPriceFen * input.quantity;
  const unit =
    input.discountPriceFen === null
      ? input.listPriceFen
      : Math.max(0, Math.min(input.discountPriceFen, input.listPriceFen));
  const discountFen = listFen - unit * input.quantity;
  const afterDiscount = listFen - discountFen;
  let couponFen = input.coupon ? couponOffFen(input.coupon, afterDiscount) : 0;
  // A paid order costs at least 1 fen: the coupon never takes the last fen.
  if (afterDiscount > 0) couponFen = Math.min(couponFen, afterDiscount - 1);
  else couponFen = 0;
  return { listFen, discountFen, couponFen, payFen: afterDiscount - couponFen };
}

// ---------------------------------------------------------------- exchange codes

/** Crockford's base32: no I, L, O or U. */
export const CROCKFORD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 19 random characters (95 bits) and one check character, printed in five groups of four. */
export const STORE_CODE_RANDOM_LENGTH = 19;
export const STORE_CODE_LENGTH = STORE_CODE_RANDOM_LENGTH + 1;
export const STORE_CODE_FORMAT_MESSAGE = "兑换码应为 20 位字母或数字，如 ABCD-EFGH-JKMN-PQRS-TVWX";

/**
 * A code as typed, made canonical: upper case, spaces and dashes dropped, and the letters
 * Crockford reads as digits (O → 0, I and L → 1).
 */
export function normalizeStoreCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-_]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

/** The Luhn mod 32 check character of a string of base32 characters. */
export function storeCodeCheckChar(body: string): string {
  const n = CROCKFORD_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const point = CROCKFORD_ALPHABET.indexOf(body[i] ?? "");
    if (point < 0) throw new RangeError(`not a base32 character: ${body[i]}`);
    let addend = factor * point;
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / n) + (addend % n);
    sum += addend;
  }
  const check = (n - (sum % n)) % n;
  return CROCKFORD_ALPHABET[check] as string;
}

/** A new code from random character indexes (0–31), with its check character. */
export function storeCodeFromIndexes(indexes: readonly number[]): string {
  if (indexes.length !== STORE_CODE_RANDOM_LENGTH) throw new RangeError("wrong code length");
  const body = indexes.map((i) => CROCKFORD_ALPHABET[i] ?? "").join("");
  if (body.length !== STORE_CODE_RANDOM_LENGTH) throw new RangeError("index out of range");
  return body + storeCodeCheckChar(body);
}

export type StoreCodeCheck = { ok: true; code: string } | { ok: false; message: string };

/** Checks a typed code's shape and check character (typos are caught before the database). */
export function checkStoreCode(input: string): StoreCodeCheck {
  const code = normalizeStoreCode(input);
  if (code.length === 0) return { ok: false, message: "请输入兑换码" };
  if (code.length !== STORE_CODE_LENGTH || [...code].some((c) => !CROCKFORD_ALPHABET.includes(c)))
    return { ok: false, message: STORE_CODE_FORMAT_MESSAGE };
  const body = code.slice(0, -1);
  if (storeCodeCheckChar(body) !== code.slice(-1))
    return { ok: false, message: "兑换码有误，请逐位核对后重新输入" };
  return { ok: true, code };
}

/** "ABCD-EFGH-JKMN-PQRS-TVWX". */
export function formatStoreCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

// ---------------------------------------------------------------- draws

export interface DrawPrizeOdds {
  key: string;
  weight: number;
}

/** The prize a roll (0 ≤ roll < total weight) falls on. */
export function prizeForRoll<T extends DrawPrizeOdds>(prizes: readonly T[], roll: number): T {
  let edge = 0;
  for (const prize of prizes) {
    edge += prize.weight;
    if (roll < edge) return prize;
  }
  throw new RangeError(`roll ${roll} is outside the prizes' weights (${edge})`);
}

export function totalWeight(prizes: readonly DrawPrizeOdds[]): number {
  return prizes.reduce((sum, p) => sum + p.weight, 0);
}

/** "12.5%": a prize's chance as stated on the page. */
export function oddsPercent(weight: number, total: number): string {
  const pct = (weight * 100) / total;
  return `${Number.isInteger(pct) ? pct : pct.toFixed(pct < 1 ? 2 : 1)}%`;
}

// ---------------------------------------------------------------- gifts

/** What a reader (VIP or after buying) may share with friends, and to how many. */
export const GIFT_OFFERS = [
  { productKey: "vip.month", count: 3, title: "送好友一个月会员" },
  { productKey: "card.reissue-3", count: 5, title: "送好友补签卡" },
] as const;

/** A shared gift can be claimed this long after it was made. */
export const GIFT_LIFETIME_MS = 7 * 86_400_000;

/** The checkout page of a product: VIP on /buyvip, the rest on /upgradepay. */
export function buyHref(productKey: string): string {
  const page = productKey.startsWith("vip.") ? "/buyvip" : "/upgradepay";
  return `${page}?product=${encodeURIComponent(productKey)}`;
}
