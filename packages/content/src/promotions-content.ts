import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PRODUCT_KEY, PRODUCT_KINDS } from "@tongjian/domain/commerce";
import { z } from "zod";
import type { ContentCommerce } from "./commerce-content.ts";
import { type KeyedFileIssue, parseKeyedFile } from "./keyed-file.ts";

/**
 * The store's sample promotions (issue 21, decision 36; docs/content-format.md "Store"):
 * content/commerce/promotions.yaml lists coupon campaigns, time-limited discounts and draw
 * sales. Seeding upserts each by key; coupons already claimed stay claimed.
 */
export const PROMOTIONS_FILE = "commerce/promotions.yaml";

const key = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "键只能含小写字母、数字与短横线")
  .max(40);
const productKey = z.string().regex(PRODUCT_KEY, "商品键形如 vip.year").max(60);
const productOrKind = z.union([
  productKey,
  z.enum(PRODUCT_KINDS.map((k) => `kind:${k}`) as [string, ...string[]]),
]);
const instant = z.iso.datetime({ offset: true, message: "时间须形如 2026-12-01T00:00:00+08:00" });
const fen = z.number().int("金额须为整数（分）").min(1, "金额至少 1 分").max(10_000_000);
const title = z.string().trim().min(2, "至少 2 个字").max(30, "至多 30 个字");

const couponSchema = z
  .strictObject({
    key,
    title,
    kind: z.enum(["amount", "percent"]),
    amountFen: fen.optional(),
    percentOff: z.number().int().min(1).max(99).optional(),
    capFen: fen.optional(),
    minSpendFen: z.number().int().min(0).default(0),
    products: z.array(productOrKind).default([]),
    startsAt: instant,
    endsAt: instant,
    validDays: z.number().int().min(1).max(3650).optional(),
    perUserLimit: z.number().int().min(1).max(100).default(1),
    total: z.number().int().min(1).optional(),
    /** false: only given as a draw's prize, never claimed on /coupon. */
    claimable: z.boolean().default(true),
  })
  .refine((c) => (c.kind === "amount" ? c.amountFen !== undefined : c.percentOff !== undefined), {
    message: "满减券须有 amountFen，折扣券须有 percentOff",
  });

const discountSchema = z.strictObject({
  key,
  title,
  /** 1 or 2: listed on /sales/1 or /sales/2. */
  theme: z.union([z.literal(1), z.literal(2)]).optional(),
  productKey,
  priceFen: fen,
  startsAt: instant,
  endsAt: instant,
});

const prizeSchema = z.strictObject({
  key,
  title,
  weight: z.number().int().min(1).max(1_000_000),
  coupon: key.optional(),
  product: productKey.optional(),
});

const drawSchema = z.strictObject({
  key,
  title,
  dailyLimit: z.number().int().min(1).max(20),
  startsAt: instant,
  endsAt: instant,
  prizes: z.array(prizeSchema).min(1),
});

const fileSchema = z.strictObject({
  coupons: z.array(couponSchema).default([]),
  discounts: z.array(discountSchema).default([]),
  draws: z.array(drawSchema).default([]),
});

type Parsed = z.infer<typeof fileSchema>;
export type ContentCoupon = Parsed["coupons"][number] & { id: string };
export type ContentDiscount = Parsed["discounts"][number] & { id: string };
export type ContentDraw = Parsed["draws"][number];

export interface ContentPromotions {
  coupons: ContentCoupon[];
  discounts: ContentDiscount[];
  draws: ContentDraw[];
}

/** A promotion's id: stable for its key. */
export function promotionId(kind: "coupon" | "discount", promotionKey: string): string {
  return createHash("sha1").update(`${kind}:${promotionKey}`).digest("hex").slice(0, 24);
}

const EMPTY: ContentPromotions = { coupons: [], discounts: [], draws: [] };

export function loadPromotions(
  root: string,
  commerce: ContentCommerce,
  issues: KeyedFileIssue[],
): ContentPromotions {
  const path = join(root, PROMOTIONS_FILE);
  if (!existsSync(path)) return EMPTY;
  return readPromotions(readFileSync(path, "utf8"), commerce, issues);
}

export function readPromotions(
  source: string,
  commerce: ContentCommerce,
  issues: KeyedFileIssue[],
): ContentPromotions {
  const parsed = parseKeyedFile(source, fileSchema, PROMOTIONS_FILE, issues);
  if (!parsed) return EMPTY;
  const products = new Set(commerce.products.map((p) => p.key));
  const coupons = new Set(parsed.coupons.map((c) => c.key));
  const issue = (record: string, field: string, message: string) =>
    issues.push({ file: PROMOTIONS_FILE, record, field, message });
  const window = (record: string, item: { startsAt: string; endsAt: string }) => {
    if (Date.parse(item.endsAt) <= Date.parse(item.startsAt))
      issue(record, "endsAt", "结束时间须晚于开始时间");
  };
  for (const list of [parsed.coupons, parsed.discounts, parsed.draws]) {
    const seen = new Set<string>();
    for (const item of list) {
      if (seen.has(item.key)) issue(item.key, "key", "键重复");
      seen.add(item.key);
    }
  }
  for (const c of parsed.coupons) {
    window(c.key, c);
    for (const p of c.products)
      if (!p.startsWith("kind:") && !products.has(p)) issue(c.key, "products", `没有商品 ${p}`);
  }
  for (const d of parsed.discounts) {
    window(d.key, d);
    if (!products.has(d.productKey)) issue(d.key, "productKey", `没有商品 ${d.productKey}`);
  }
  for (const d of parsed.draws) {
    window(d.key, d);
    for (const p of d.prizes) {
      if (p.coupon && !coupons.has(p.coupon)) issue(d.key, "prizes", `没有优惠券 ${p.coupon}`);
      if (p.product && !products.has(p.product)) issue(d.key, "prizes", `没有商品 ${p.product}`);
      if (p.coupon && p.product) issue(d.key, "prizes", `奖品 ${p.key} 只能是优惠券或商品之一`);
    }
  }
  return {
    coupons: parsed.coupons.map((c) => ({ ...c, id: promotionId("coupon", c.key) })),
    discounts: parsed.discounts.map((d) => ({ ...d, id: promotionId("discount", d.key) })),
    draws: parsed.draws,
  };
}
