import type { Kysely, Migration } from "kysely";

// Member entries (issue 21, VIP right "member-entries"): an entry the content marks
// `member: true` shows readers without VIP only its opening. 0 for every entry until a seed of
// this release marks them.
export const memberEntriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("entry")
      .addColumn("member", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("entry").dropColumn("member").execute();
  },
};
