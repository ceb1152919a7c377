/**
 * Writes the content's territories into the `territory` table (migration 0015): each period
 * composed from the base map (compose-territory.ts) and stored with source "composed". Composed
 * rows belong to the content files and are replaced whole; imported ones are left alone.
 */

import { resolve } from "node:path";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";
import type { ContentBundle } from "../load-content.ts";
import { type ComposedShape, composeTerritories } from "./compose-territory.ts";

/** Shapes composed before, by their inputs: a re-seed composes only what changed. */
export const TERRITORY_CACHE_FILE = "node_modules/.cache/tongjian/territory-shapes.json";

export type TerritoryShapes = Map<string, ComposedShape>;

/** Composes the bundle's territories (CPU work: done before any transaction opens). */
export function composeBundleTerritories(bundle: ContentBundle): TerritoryShapes {
  if (!bundle.baseMap || bundle.territories.length === 0) return new Map();
  return composeTerritories(bundle.baseMap, bundle.territories, {
    cacheFile: resolve(process.env.TERRITORY_CACHE_FILE ?? TERRITORY_CACHE_FILE),
  });
}

export async function writeTerritories(
  trx: Kysely<Database>,
  bundle: ContentBundle,
  shapes: TerritoryShapes,
  stamp: string,
): Promise<number> {
  await trx.deleteFrom("territory").where("source", "=", "composed").execute();
  const rows = bundle.territories.flatMap((t) => {
    const shape = shapes.get(t.id);
    if (!shape) return [];
    return [
      {
        id: t.id,
        regime_id: t.regimeId,
        from_year: t.from,
        to_year: t.to,
        geometry: JSON.stringify(shape.geometry),
        label_lng: shape.label[0],
        label_lat: shape.label[1],
        source: "composed" as const,
        note: t.note,
        imported_from: null,
        created_at: stamp,
      },
    ];
  });
  // Shapes are large: a few rows per statement.
  for (let i = 0; i < rows.length; i += 20) {
    await trx
      .insertInto("territory")
      .values(rows.slice(i, i + 20))
      .execute();
  }
  return rows.length;
}

/** Only the territories, for a database whose other content is in place (a new 0015). */
export async function seedTerritories(
  handle: DatabaseHandle,
  bundle: ContentBundle,
  now = new Date(),
): Promise<number> {
  const shapes = composeBundleTerritories(bundle);
  return handle.db
    .transaction()
    .execute((trx) => writeTerritories(trx, bundle, shapes, now.toISOString()));
}
