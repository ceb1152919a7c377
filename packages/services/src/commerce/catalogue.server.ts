import type { ProductView } from "@tongjian/contracts/commerce";
import type { Database } from "@tongjian/db/database-schema";
import type { CourseScope, ProductKind } from "@tongjian/domain/commerce";
import type { Kysely, Selectable } from "kysely";
import type { Pricing } from "./commerce-seams.ts";

type ProductRow = Selectable<Database["product"]>;

interface ProductData {
  subtitle: string;
  recommended?: boolean;
  months?: number;
  autoRenewPriceFen?: number;
  scope?: CourseScope;
  ladder?: "wenshi" | "young" | "news";
  use?: "reissue";
  uses?: number;
}

/** A product as the order service needs it: the row with its content record read. */
export interface CatalogueProduct {
  key: string;
  id: string;
  kind: ProductKind;
  title: string;
  listPriceFen: number;
  stock: number | null;
  onSale: boolean;
  data: ProductData;
}

export function toCatalogueProduct(row: ProductRow): CatalogueProduct {
  return {
    key: row.key,
    id: row.id,
    kind: row.kind as ProductKind,
    title: row.title,
    listPriceFen: row.list_price_fen,
    stock: row.stock,
    onSale: row.on_sale === 1,
    data: JSON.parse(row.data) as ProductData,
  };
}

/**
 * The store's catalogue (content/commerce/products.yaml, seeded into `product`): what is on sale,
 * with today's price tag. Stock is read fresh on every call; orders change it.
 */
export function createCatalogue(deps: { db: Kysely<Database>; pricing?: Pricing }) {
  const { db } = deps;

  async function views(rows: ProductRow[], now: Date): Promise<ProductView[]> {
    const discounts = deps.pricing
      ? await deps.pricing.runningDiscounts(
          db,
          rows.map((r) => r.key),
          now,
        )
      : new Map();
    return rows.map((row) => {
      const p = toCatalogueProduct(row);
      const discount = discounts.get(p.key) ?? null;
      return {
        id: p.id,
        key: p.key,
        kind: p.kind,
        title: p.title,
        subtitle: p.data.subtitle,
        listPriceFen: p.listPriceFen,
        priceFen: discount ? Math.min(discount.priceFen, p.listPriceFen) : p.listPriceFen,
        discount: discount
          ? { id: discount.id, title: discount.title, endsAt: discount.endsAt }
          : null,
        recommended: p.data.recommended ?? false,
        stock: p.stock,
        onSale: p.onSale,
        months: p.data.months ?? null,
        autoRenewPriceFen: p.data.autoRenewPriceFen ?? null,
        scope: p.data.scope ?? null,
        ladder: p.data.ladder ?? null,
        uses: p.data.uses ?? null,
        use: p.data.use ?? null,
      };
    });
  }

  return {
    /** Products on sale, of one kind or all, in the catalogue's order. */
    async list(kind?: ProductKind, now = new Date()): Promise<ProductView[]> {
      let q = db.selectFrom("product").selectAll().where("on_sale", "=", 1);
      if (kind) q = q.where("kind", "=", kind);
      return views(await q.orderBy("sort_key").execute(), now);
    },
    /** One product by key (also one no longer on sale, for its orders); null when unknown. */
    async get(key: string, now = new Date()): Promise<ProductView | null> {
      const row = await db
        .selectFrom("product")
        .selectAll()
        .where("key", "=", key)
        .executeTakeFirst();
      return row ? ((await views([row], now))[0] ?? null) : null;
    },
    /** The row the order service prices and fulfils from. */
    async product(key: string): Promise<CatalogueProduct | null> {
      const row = await db
        .selectFrom("product")
        .selectAll()
        .where("key", "=", key)
        .executeTakeFirst();
      return row ? toCatalogueProduct(row) : null;
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
