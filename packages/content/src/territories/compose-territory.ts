/**
 * Composes a territory's shape from the base map (issue 18): the whole units joined along their
 * shared borders (topojson-client `merge`), the clipped ones cut to their boxes
 * (polygon-clipping `intersection`), all united, specks dropped, coordinates rounded and the
 * rings wound for d3-geo; the label goes at the pole of inaccessibility of the largest polygon
 * (polylabel). Done once per period when the content is seeded, never per request.
 */

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import polygonClipping from "polygon-clipping";
import polylabel from "polylabel";
import { feature, merge } from "topojson-client";
import type {
  GeometryObject,
  MultiPolygon as TopoMultiPolygon,
  Polygon as TopoPolygon,
} from "topojson-specification";
import {
  clipPolygonsToBox,
  largestPolygon,
  type MultiPolygonCoords,
  type Position,
  polygonArea,
  rewindForD3,
  roundMultiPolygon,
} from "../geo/rings.ts";
import type { BaseMap } from "./base-map.ts";
import type { TerritoryUnit } from "./load-territories.ts";

export interface ComposedShape {
  geometry: { type: "MultiPolygon"; coordinates: MultiPolygonCoords };
  label: Position;
}

export interface ComposeOptions {
  /** Decimal places kept (2 ≈ 1 km). */
  decimals?: number;
  /** Pieces smaller than this many square degrees are dropped (never the largest). */
  minArea?: number;
}

const DEFAULTS: Required<ComposeOptions> = { decimals: 2, minArea: 0.01 };

function unitPolygons(baseMap: BaseMap, geometry: GeometryObject): MultiPolygonCoords {
  const g = (feature(baseMap.topology, geometry) as GeoJSON.Feature).geometry;
  if (g.type === "Polygon") return [g.coordinates as MultiPolygonCoords[number]];
  if (g.type === "MultiPolygon") return g.coordinates as MultiPolygonCoords;
  return [];
}

/** Unites polygons; should the clipper fail on a degenerate input, the pieces are kept as they are. */
function unite(parts: MultiPolygonCoords[]): MultiPolygonCoords {
  const nonEmpty = parts.filter((p) => p.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return nonEmpty[0] as MultiPolygonCoords;
  try {
    return polygonClipping.union(...(nonEmpty as [MultiPolygonCoords, ...MultiPolygonCoords[]]));
  } catch {
    return nonEmpty.flat();
  }
}

/** Label point of a shape: inside its largest polygon. */
export function labelPoint(polygons: MultiPolygonCoords): Position {
  const largest = largestPolygon(polygons);
  if (!largest) return [0, 0];
  const p = polylabel(largest as [number, number][][], 0.05);
  return [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100];
}

export function composeTerritory(
  baseMap: BaseMap,
  units: readonly TerritoryUnit[],
  options: ComposeOptions = {},
): ComposedShape {
  const { decimals, minArea } = { ...DEFAULTS, ...options };
  const whole: (TopoPolygon | TopoMultiPolygon)[] = [];
  const clipped: MultiPolygonCoords[] = [];
  for (const u of units) {
    const geometry = baseMap.units.get(u.unit);
    if (!geometry) throw new Error(`底图中没有单元 ${u.unit}`);
    if (!u.clip) {
      whole.push(geometry as TopoPolygon | TopoMultiPolygon);
      continue;
    }
    const piece = clipPolygonsToBox(unitPolygons(baseMap, geometry), u.clip);
    if (piece.length > 0) clipped.push(piece);
  }
  const merged: MultiPolygonCoords =
    whole.length > 0 ? (merge(baseMap.topology, whole).coordinates as MultiPolygonCoords) : [];
  let polygons = clipped.length === 0 ? merged : unite([merged, ...clipped]);
  polygons = roundMultiPolygon(polygons, decimals);
  // The provinces' borders in the source do not always coincide point for point: where they
  // part, merging leaves slivers, as specks and pinholes; both go.
  const largest = largestPolygon(polygons);
  polygons = polygons
    .filter((p) => p === largest || polygonArea(p) >= minArea)
    .map((p) => p.filter((ring, i) => i === 0 || polygonArea([ring]) >= minArea));
  polygons = rewindForD3(polygons);
  return { geometry: { type: "MultiPolygon", coordinates: polygons }, label: labelPoint(polygons) };
}

/**
 * Composes many territories, reusing shapes composed before: in memory, and in `cacheFile` when
 * given (a JSON map from a hash of the base map, the units and the options to the shape), so
 * seeding again after a change composes only the periods that changed.
 */
export function composeTerritories<T extends { id: string; units: readonly TerritoryUnit[] }>(
  baseMap: BaseMap,
  territories: readonly T[],
  options: ComposeOptions & { cacheFile?: string } = {},
): Map<string, ComposedShape> {
  const { cacheFile, ...compose } = options;
  const mapHash = baseMapHash(baseMap);
  let disk: Record<string, ComposedShape> = {};
  if (cacheFile && existsSync(cacheFile)) {
    try {
      disk = JSON.parse(readFileSync(cacheFile, "utf8")) as Record<string, ComposedShape>;
    } catch {
      disk = {};
    }
  }
  const used: Record<string, ComposedShape> = {};
  const out = new Map<string, ComposedShape>();
  let composed = 0;
  for (const t of territories) {
    const key = createHash("sha1")
      .update(
        `${mapHash}|${JSON.stringify(t.units)}|${JSON.stringify({ ...DEFAULTS, ...compose })}`,
      )
      .digest("hex");
    let shape = MEMO.get(key) ?? disk[key];
    if (!shape) {
      shape = composeTerritory(baseMap, t.units, compose);
      composed += 1;
    }
    MEMO.set(key, shape);
    used[key] = shape;
    out.set(t.id, shape);
  }
  // The cache keeps other content folders' shapes too (tests seed fixtures and the corpus in
  // turn); past CACHE_MAX entries only this call's are kept.
  if (cacheFile && composed > 0) {
    const merged = { ...disk, ...used };
    const keep = Object.keys(merged).length > CACHE_MAX ? used : merged;
    try {
      mkdirSync(dirname(cacheFile), { recursive: true });
      // Written aside and renamed: a seed in another process never reads half a file.
      const temp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(keep));
      renameSync(temp, cacheFile);
    } catch {
      // A cache that cannot be written only costs time on the next seed.
    }
  }
  return out;
}

const MEMO = new Map<string, ComposedShape>();
const CACHE_MAX = 3000;
const MAP_HASHES = new WeakMap<BaseMap, string>();

function baseMapHash(baseMap: BaseMap): string {
  let hash = MAP_HASHES.get(baseMap);
  if (!hash) {
    hash = createHash("sha1").update(JSON.stringify(baseMap.topology)).digest("hex");
    MAP_HASHES.set(baseMap, hash);
  }
  return hash;
}
