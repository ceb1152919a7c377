import type { Kysely, Migration } from "kysely";

// The store (issue 21, decision 33).
//
// - product: the catalogue from content/commerce/products.yaml. Seeding upserts by key and never
//   deletes (orders keep naming what they bought): a product taken out of the file gets
//   on_sale = 0. `stock` is set when the product is first seeded and afterwards only changed by
//   orders (goods); null for what is never out of stock.
export const commerceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("product")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("id", "varchar(24)", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("list_price_fen", "integer", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("stock", "integer")
      .addColumn("on_sale", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("product").ifExists().execute();
  },
};
