/**
 * The committed base map (`content/geo/base-map.topo.json`, built by tools/build-base-map.ts):
 * read once per content folder; its `units` object names every unit a territory may use.
 */

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GeometryCollection, Topology } from "topojson-specification";

export const BASE_MAP_FILE = "geo/base-map.topo.json";

export interface BaseMap {
  topology: Topology;
  /** The `units` geometries by unit id. */
  units: Map<string, GeometryCollection["geometries"][number]>;
}

export function baseMapPath(root: string): string {
  return join(root, BASE_MAP_FILE);
}

/** The base map of a content folder, or null when it has none. */
export function readBaseMap(root: string): BaseMap | null {
  const path = baseMapPath(root);
  if (!existsSync(path)) return null;
  return baseMapFromTopology(JSON.parse(readFileSync(path, "utf8")) as Topology);
}

export function baseMapFromTopology(topology: Topology): BaseMap {
  const collection = topology.objects.units as GeometryCollection | undefined;
  if (!collection) throw new Error("基础底图缺少 units 对象");
  const units = new Map<string, GeometryCollection["geometries"][number]>();
  for (const g of collection.geometries) if (g.id !== undefined) units.set(String(g.id), g);
  return { topology, units };
}
