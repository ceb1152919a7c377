import type { Kysely, Migration } from "kysely";

// Agreements (issue 22, decision 40): which version of which agreement a reader accepted, when
// and where (login, register, bind, checkout, update). One row per acceptance, never updated;
// the latest row per agreement is the reader's standing. `detail` names what the acceptance was
// part of (an order number at checkout). Rows go with the account when it is deleted.
export const agreementsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("agreement_acceptance")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("agreement", "text", (c) => c.notNull())
      .addColumn("version", "text", (c) => c.notNull())
      .addColumn("accepted_at", "text", (c) => c.notNull())
      .addColumn("context", "text", (c) => c.notNull())
      .addColumn("detail", "text")
      .execute();
    await db.schema
      .createIndex("agreement_acceptance_owner_idx")
      .on("agreement_acceptance")
      .columns(["owner_id", "agreement", "accepted_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("agreement_acceptance").execute();
  },
};
