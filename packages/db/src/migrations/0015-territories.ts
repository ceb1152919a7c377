import type { Kysely, Migration } from "kysely";

// The time map (issue 18).
//
// A territory is one regime's extent over one period (from_year … to_year, inclusive; BCE
// negative): a GeoJSON MultiPolygon as JSON text and the point its name is written at. Composed
// ones come from content/territories (source "composed", rewritten by every seed); imported ones
// from real polygons (`npm run import:territories FILE`, source "imported", the file's name in
// imported_from), which a seed leaves alone and which, for the years they cover, are drawn
// instead of the composed shape of the same regime.
export const territoriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("territory")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("regime_id", "varchar(24)", (c) => c.notNull())
      .addColumn("from_year", "integer", (c) => c.notNull())
      .addColumn("to_year", "integer", (c) => c.notNull())
      .addColumn("geometry", "text", (c) => c.notNull())
      .addColumn("label_lng", "real", (c) => c.notNull())
      .addColumn("label_lat", "real", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("imported_from", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    // "What stood in year Y": from_year <= Y and to_year >= Y.
    await db.schema
      .createIndex("territory_years_idx")
      .on("territory")
      .columns(["from_year", "to_year"])
      .execute();
    await db.schema
      .createIndex("territory_regime_idx")
      .on("territory")
      .columns(["regime_id", "from_year"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("territory").execute();
  },
};
