import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";
import type { ContentCommerce } from "./commerce-content.ts";

/**
 * Products are upserted by key, never deleted: orders keep naming what they bought. A product no
 * longer in the file stops being sold (on_sale 0). Stock is written only when a product is first
 * seeded; after that only orders change it.
 */
export async function writeProducts(
  trx: Kysely<Database>,
  commerce: ContentCommerce,
  stamp: string,
): Promise<void> {
  const keys = commerce.products.map((p) => p.key);
  for (const [i, p] of commerce.products.entries()) {
    const { key, id, kind, title, listPriceFen, ...rest } = p;
    const data = JSON.stringify(rest);
    await trx
      .insertInto("product")
      .values({
        key,
        id,
        kind,
        title,
        list_price_fen: listPriceFen,
        data,
        stock: p.kind === "goods" ? p.stock : null,
        on_sale: 1,
        sort_key: i,
        updated_at: stamp,
      })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          kind,
          title,
          list_price_fen: listPriceFen,
          data,
          on_sale: 1,
          sort_key: i,
          updated_at: stamp,
        }),
      )
      .execute();
  }
  let retired = trx.updateTable("product").set({ on_sale: 0, updated_at: stamp });
  if (keys.length > 0) retired = retired.where("key", "not in", keys);
  await retired.where("on_sale", "=", 1).execute();
}
