/**
 * Builds the time map's base map, `content/geo/base-map.topo.json` (npm run map:build): one
 * simplified TopoJSON of the units territories are composed from.
 *
 * - China's provincial units from ECharts 4's `map/json/china.json` (Apache-2.0; the
 *   `echarts4-maps` devDependency is echarts@4.9.0), decoded from its compact encoding;
 * - the countries around them from world-atlas 2.0.2's `countries-50m.json` (ISC; Natural Earth,
 *   public domain). Where a country's polygon and the provinces overlap, the provinces are
 *   drawn: world-atlas's China, Taiwan, Hong Kong and Macao are left out and every other
 *   country loses what the provinces cover;
 * - everything clipped to the area the map shows (AREA) and simplified along shared borders
 *   (topojson-simplify), small islands dropped but never a unit's largest piece;
 * - object `units` (ids cn-… and iso-…, properties name and kind) and object `land`, the world's
 *   land at 110m, a coarse layer for views beyond the area.
 *
 * Run it only to change the base map; the file is committed and read at seed and request time.
 */

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Feature, FeatureCollection, Polygon as GeoPolygon, MultiPolygon } from "geojson";
import polygonClipping from "polygon-clipping";
import * as topojsonClient from "topojson-client";
import * as topojsonServer from "topojson-server";
import * as topojsonSimplify from "topojson-simplify";
import type { GeometryCollection, Topology } from "topojson-specification";
import {
  decodeEchartsMap,
  type EchartsEncodedMap,
} from "../packages/content/src/geo/echarts-decode.ts";
import {
  boxPolygon,
  largestPolygon,
  type MultiPolygonCoords,
  polygonArea,
  rewindForD3,
} from "../packages/content/src/geo/rings.ts";
import { COUNTRIES, PROVINCES, REPLACED_BY_PROVINCES, UNNUMBERED } from "./base-map/units.ts";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = resolve(ROOT, "content/geo/base-map.topo.json");

/** [west, south, east, north]: the area the map shows, from the Caspian to Japan, Java to Siberia. */
export const AREA: [number, number, number, number] = [40, -11, 150, 60];
/** Islands smaller than this (square degrees, about 120 km² at 30°N) are dropped. */
const MIN_ISLAND = 0.012;
/** Simplification: keep points whose triangle is at least this big (square degrees). */
const MIN_WEIGHT = 0.0022;
const LAND_MIN_WEIGHT = 0.06;
const QUANTIZE = 1e4;

type Props = { name: string; kind: "province" | "country" };

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(resolve(ROOT, path), "utf8")) as T;
}

function toPolygons(geometry: GeoPolygon | MultiPolygon): MultiPolygonCoords {
  return (
    geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates
  ) as MultiPolygonCoords;
}

/** Drops the islands below MIN_ISLAND, keeping the unit's largest polygon in any case. */
function dropSmallIslands(polygons: MultiPolygonCoords): MultiPolygonCoords {
  const largest = largestPolygon(polygons);
  return polygons.filter((p) => p === largest || polygonArea(p) >= MIN_ISLAND);
}

function unitFeature(
  id: string,
  props: Props,
  polygons: MultiPolygonCoords,
): Feature<MultiPolygon, Props> {
  return {
    type: "Feature",
    id,
    properties: props,
    geometry: { type: "MultiPolygon", coordinates: rewindForD3(polygons) },
  };
}

export function buildBaseMap(): Topology {
  const area = boxPolygon(AREA);

  // China's provinces.
  const china = decodeEchartsMap(
    readJson<EchartsEncodedMap>("node_modules/echarts4-maps/map/json/china.json"),
  );
  const provinces: Feature<MultiPolygon, Props>[] = [];
  for (const p of china) {
    const unit = PROVINCES[p.name];
    if (!unit) throw new Error(`china.json: no unit id for ${p.name}`);
    const clipped = polygonClipping.intersection(p.polygons, area) as MultiPolygonCoords;
    provinces.push(
      unitFeature(unit[0], { name: unit[1], kind: "province" }, dropSmallIslands(clipped)),
    );
  }
  const missing = Object.values(PROVINCES).filter(([id]) => !provinces.some((f) => f.id === id));
  if (missing.length > 0)
    throw new Error(`china.json lacks ${missing.map(([id]) => id).join(", ")}`);
  const provinceMask = polygonClipping.union(
    ...(provinces.map((f) => f.geometry.coordinates) as [
      MultiPolygonCoords,
      ...MultiPolygonCoords[],
    ]),
  );

  // The countries around them.
  const world = readJson<Topology>("node_modules/world-atlas/countries-50m.json");
  const countries = topojsonClient.feature(
    world,
    world.objects.countries as GeometryCollection<{ name: string }>,
  ) as FeatureCollection<GeoPolygon | MultiPolygon, { name: string }>;
  const byUnit = new Map<string, MultiPolygonCoords[]>();
  for (const f of countries.features) {
    const numeric = f.id === undefined ? UNNUMBERED[f.properties.name] : String(f.id);
    if (numeric === undefined) continue;
    if (REPLACED_BY_PROVINCES.has(numeric)) continue;
    const polygons = toPolygons(f.geometry);
    const clipped = polygonClipping.intersection(polygons, area) as MultiPolygonCoords;
    if (clipped.length === 0) continue;
    if (!COUNTRIES[numeric])
      throw new Error(
        `world-atlas: ${numeric} ${f.properties.name} lies in the area but has no unit id`,
      );
    byUnit.set(numeric, [...(byUnit.get(numeric) ?? []), clipped]);
  }
  const countryFeatures: Feature<MultiPolygon, Props>[] = [];
  for (const [numeric, parts] of byUnit) {
    const [alpha3, name] = COUNTRIES[numeric] as [string, string];
    const joined = polygonClipping.union(
      ...(parts as [MultiPolygonCoords, ...MultiPolygonCoords[]]),
    );
    const outside = polygonClipping.difference(joined, provinceMask) as MultiPolygonCoords;
    const kept = dropSmallIslands(outside);
    if (kept.length === 0) continue;
    countryFeatures.push(unitFeature(`iso-${alpha3}`, { name, kind: "country" }, kept));
  }
  countryFeatures.sort((a, b) => String(a.id).localeCompare(String(b.id)));

  const units: FeatureCollection<MultiPolygon, Props> = {
    type: "FeatureCollection",
    features: [...provinces, ...countryFeatures],
  };

  // The world's land, coarse.
  const landAtlas = readJson<Topology>("node_modules/world-atlas/land-110m.json");
  const land = topojsonClient.feature(landAtlas, landAtlas.objects.land as GeometryCollection);

  let topology = topojsonServer.topology({ units, land } as never, 1e6) as Topology<
    Record<string, GeometryCollection>
  >;
  topology = topojsonSimplify.presimplify(topology);
  // The land layer may be much coarser than the units: simplify it on its own arcs.
  const landArcs = new Set<number>();
  const collect = (arcs: unknown): void => {
    if (typeof arcs === "number") landArcs.add(arcs < 0 ? ~arcs : arcs);
    else if (Array.isArray(arcs)) for (const a of arcs) collect(a);
  };
  for (const g of (topology.objects.land as GeometryCollection).geometries)
    collect((g as { arcs?: unknown }).arcs);
  topology.arcs.forEach((arc, i) => {
    if (!landArcs.has(i)) return;
    for (const point of arc) {
      const p = point as number[];
      if (p[2] !== undefined && p[2] !== Infinity && p[2] < LAND_MIN_WEIGHT) p[2] = 0;
    }
  });
  topology = topojsonSimplify.simplify(topology, MIN_WEIGHT);
  topology = topojsonClient.quantize(topology, QUANTIZE);
  delete (topology as { bbox?: unknown }).bbox;
  return topology;
}

function main() {
  const topology = buildBaseMap();
  const text = JSON.stringify(topology);
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${text}\n`);
  const units = (topology.objects.units as GeometryCollection).geometries.length;
  console.log(
    `${OUT}: ${units} units, ${(text.length / 1024).toFixed(1)} KB raw, ${(gzipSync(text).length / 1024).toFixed(1)} KB gzip`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
