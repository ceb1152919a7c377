import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CARD_USES, COURSE_SCOPES, PRODUCT_KEY } from "@tongjian/domain/commerce";
import { z } from "zod";
import { type KeyedFileIssue, parseKeyedFile } from "./keyed-file.ts";

/**
 * The store's catalogue (issue 21; docs/content-format.md "Store"): content/commerce/products.yaml
 * lists every product with its list price in fen.
 */
export const COMMERCE_FILE = "commerce/products.yaml";

const key = z.string().regex(PRODUCT_KEY, "商品键形如 vip.year、course.wenshi-ladder").max(60);
const text = (min: number, max: number) =>
  z.string().trim().min(min, `至少 ${min} 个字`).max(max, `至多 ${max} 个字`);
const fen = z.number().int("价格须为整数（分）").min(1, "价格至少 1 分").max(10_000_000);

const common = {
  key,
  title: text(2, 30),
  subtitle: text(2, 40),
  listPriceFen: fen,
  recommended: z.boolean().default(false),
};

const productSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    ...common,
    kind: z.literal("vip"),
    months: z.number().int().min(1).max(36),
    /** The per-period price when renewed automatically, where a channel supports it. */
    autoRenewPriceFen: fen.optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal("course"),
    scope: z.enum(COURSE_SCOPES),
    /** The ladder the course belongs to, for its product page. */
    ladder: z.enum(["wenshi", "young", "news"]).optional(),
  }),
  z.strictObject({
    ...common,
    kind: z.literal("card"),
    use: z.enum(CARD_USES),
    uses: z.number().int().min(1).max(100),
  }),
  z.strictObject({
    ...common,
    kind: z.literal("goods"),
    /** Units in stock when the product is first seeded; later stock lives in the database. */
    stock: z.number().int().min(0).max(100_000),
  }),
]);

const fileSchema = z.strictObject({
  products: z.array(productSchema).min(1),
});

export type ContentProduct = z.infer<typeof productSchema> & { id: string };

export interface ContentCommerce {
  products: ContentProduct[];
}

/** A product's public id: stable for its key. */
export function productId(productKey: string): string {
  return createHash("sha1").update(`product:${productKey}`).digest("hex").slice(0, 24);
}

const EMPTY: ContentCommerce = { products: [] };

export function loadCommerce(root: string, issues: KeyedFileIssue[]): ContentCommerce {
  const path = join(root, COMMERCE_FILE);
  if (!existsSync(path)) return EMPTY;
  return readCommerce(readFileSync(path, "utf8"), issues);
}

export function readCommerce(source: string, issues: KeyedFileIssue[]): ContentCommerce {
  const parsed = parseKeyedFile(source, fileSchema, COMMERCE_FILE, issues);
  if (!parsed) return EMPTY;
  const seen = new Set<string>();
  for (const item of parsed.products) {
    if (seen.has(item.key))
      issues.push({ file: COMMERCE_FILE, record: item.key, field: "key", message: "键重复" });
    seen.add(item.key);
  }
  for (const p of parsed.products) {
    const kind = p.key.split(".")[0];
    if (kind !== p.kind)
      issues.push({
        file: COMMERCE_FILE,
        record: p.key,
        field: "key",
        message: `键须以 ${p.kind}. 开头`,
      });
    if (
      p.kind === "vip" &&
      p.autoRenewPriceFen !== undefined &&
      p.autoRenewPriceFen > p.listPriceFen
    )
      issues.push({
        file: COMMERCE_FILE,
        record: p.key,
        field: "autoRenewPriceFen",
        message: "自动续费价不应高于原价",
      });
  }
  return {
    products: parsed.products.map((p) => ({ ...p, id: productId(p.key) })),
  };
}
