import type { Kysely, Migration } from "kysely";

// A reader's mastery of each knowledge point (issue 20, /knowledgepoint, /knowlist): what their
// finished practice rounds of the point added up to, and how the last round went. One row per
// reader and point, written with an upsert when a round ends (services/learning/knowledge-points).
export const knowledgePointsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("learning_point_mastery")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("point_key", "text", (c) => c.notNull())
      .addColumn("answered", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("rounds", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_answered", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("last_correct", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("learning_point_mastery_pk", ["owner_id", "point_key"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("learning_point_mastery").execute();
  },
};
