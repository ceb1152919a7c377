import type { Kysely, Migration } from "kysely";

// The store (issue 21, decision 33).
//
// - product: the catalogue from content/commerce/products.yaml. Seeding upserts by key and never
//   deletes (orders keep naming what they bought): a product taken out of the file gets
//   on_sale = 0. `stock` is set when the product is first seeded and afterwards only changed by
//   orders (goods); null for what is never out of stock.
// - orders, order_event, payment_notification, entitlement, ledger_entry, refund, order_outbox,
//   reconciliation_report: orders and exactly-once fulfilment (decision 33).
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
    // orders: one purchase (or one complimentary grant) and where it stands; amounts in fen.
    await db.schema
      .createTable("orders")
      .addColumn("order_num", "varchar(32)", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("product_key", "text", (c) => c.notNull())
      .addColumn("quantity", "integer", (c) => c.notNull())
      .addColumn("list_fen", "integer", (c) => c.notNull())
      .addColumn("discount_fen", "integer", (c) => c.notNull())
      .addColumn("coupon_fen", "integer", (c) => c.notNull())
      .addColumn("pay_fen", "integer", (c) => c.notNull())
      .addColumn("coupon_grant_id", "text")
      .addColumn("discount_id", "text")
      .addColumn("method", "text")
      .addColumn("channel", "text")
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("auto_renew", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("address", "text")
      .addColumn("return_path", "text")
      .addColumn("client_ip", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("paid_at", "text")
      .addColumn("fulfilled_at", "text")
      .addColumn("channel_trade_no", "text")
      .addColumn("paid_fen", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("refunded_fen", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("granted", "text")
      .addColumn("source", "text")
      .addColumn("source_ref", "text")
      .addUniqueConstraint("orders_source_ref", ["source", "source_ref"])
      .execute();
    await db.schema
      .createIndex("orders_account")
      .on("orders")
      .columns(["account_id", "created_at"])
      .execute();
    await db.schema
      .createIndex("orders_state")
      .on("orders")
      .columns(["state", "expires_at"])
      .execute();
    await db.schema
      .createTable("order_event")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("order_num", "varchar(32)", (c) => c.notNull())
      .addColumn("from_state", "text")
      .addColumn("to_state", "text", (c) => c.notNull())
      .addColumn("cause", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("order_event_order")
      .on("order_event")
      .columns(["order_num", "at"])
      .execute();
    // Every notification received, accepted or refused: idempotency (notification_id) and audit.
    await db.schema
      .createTable("payment_notification")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("notification_id", "text")
      .addColumn("order_num", "text")
      .addColumn("kind", "text")
      .addColumn("verdict", "text", (c) => c.notNull())
      .addColumn("detail", "text")
      .addColumn("raw_digest", "text", (c) => c.notNull())
      .addColumn("received_at", "text", (c) => c.notNull())
      .addUniqueConstraint("payment_notification_id", ["channel", "notification_id"])
      .execute();
    // What a reader holds: VIP periods (stacked end to end), courses, and the cards an order gave.
    await db.schema
      .createTable("entitlement")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text")
      .addColumn("order_num", "varchar(32)")
      .addColumn("grant_key", "text", (c) => c.notNull().unique())
      .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("revoked_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("entitlement_account")
      .on("entitlement")
      .columns(["account_id", "kind"])
      .execute();
    await db.schema
      .createTable("ledger_entry")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("order_num", "varchar(32)", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("ref", "text", (c) => c.notNull())
      .addColumn("amount_fen", "integer", (c) => c.notNull())
      .addColumn("channel", "text")
      .addColumn("at", "text", (c) => c.notNull())
      .addUniqueConstraint("ledger_entry_once", ["order_num", "kind", "ref"])
      .execute();
    await db.schema
      .createTable("refund")
      .addColumn("refund_num", "varchar(32)", (c) => c.primaryKey())
      .addColumn("order_num", "varchar(32)", (c) => c.notNull())
      .addColumn("amount_fen", "integer", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("channel_refund_no", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("completed_at", "text")
      .execute();
    await db.schema.createIndex("refund_order").on("refund").column("order_num").execute();
    // The fulfilment outbox (decision 33): written in the transaction that marks an order paid,
    // done in the one that grants; a process killed in between leaves the row for the next drain.
    await db.schema
      .createTable("order_outbox")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("order_num", "varchar(32)", (c) => c.notNull())
      .addColumn("task", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("done_at", "text")
      .addUniqueConstraint("order_outbox_once", ["order_num", "task"])
      .execute();
    await db.schema
      .createIndex("order_outbox_state")
      .on("order_outbox")
      .columns(["state", "created_at"])
      .execute();
    await db.schema
      .createTable("reconciliation_report")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("matched", "integer", (c) => c.notNull())
      .addColumn("differences", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "reconciliation_report",
      "order_outbox",
      "refund",
      "ledger_entry",
      "entitlement",
      "payment_notification",
      "order_event",
      "orders",
    ])
      await db.schema.dropTable(table).ifExists().execute();
    await db.schema.dropTable("product").ifExists().execute();
  },
};
