/**
 * Imports real territory polygons (`npm run import:territories FILE`): a GeoJSON
 * FeatureCollection whose features are one regime's extent over some years, the layout of open
 * historical datasets such as Cliopatria. Each feature's properties give
 *
 * - the regime: `regime` (a content key such as `tang`, or an entity id), else a name —
 *   `name`, `Name` or `NAME` — matched against the corpus's regime names and aliases (唐, 李唐),
 *   or, for a Latin name (Tang Empire, Tang dynasty), against the regime's key once words like
 *   Empire, Dynasty and Kingdom are set aside;
 * - the years: `from`/`to`, or Cliopatria's `FromYear`/`ToYear`, or `start`/`end`, or a single
 *   `year`; integers, BCE negative, no year 0, inclusive;
 * - optionally `note` (shown with the shape) and `source` (the dataset's attribution).
 *
 * The whole file is checked first: a malformed file is rejected with every problem named by its
 * feature index and field, and nothing is written. Well-formed features the corpus has no regime
 * for (a dataset of the whole world names many), or whose years or shape fall outside the
 * regime's or the map's, are skipped and listed in the summary. Then, in one transaction, the rows earlier
 * imported from a file of the same name are replaced by the new ones (source "imported").
 * Composed territories stay; for the years an imported shape covers, the time map draws it
 * instead of the composed one of the same regime (docs/decisions/0021).
 */

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { bumpContentVersion } from "@tongjian/db/content-version";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import { TIME_MAP_PARENTS, TIME_MAP_UMBRELLAS } from "@tongjian/domain/time-map";
import { formatYear } from "@tongjian/domain/year-format";
import polygonClipping from "polygon-clipping";
import {
  boxPolygon,
  largestPolygon,
  type MultiPolygonCoords,
  type Polygon,
  type Position,
  polygonArea,
  type Ring,
  rewindForD3,
  roundMultiPolygon,
} from "../geo/rings.ts";
import { labelPoint } from "./compose-territory.ts";

/** The area the map shows (as the base map's): imported shapes are cut to it. */
export const IMPORT_AREA: [number, number, number, number] = [40, -11, 150, 60];

export const NAME_KEYS = ["regime", "name", "Name", "NAME"] as const;
export const FROM_KEYS = ["from", "FromYear", "fromYear", "start", "start_year", "year"] as const;
export const TO_KEYS = ["to", "ToYear", "toYear", "end", "end_year", "year"] as const;

export interface TerritoryImportIssue {
  /** 0-based index in `features`, or -1 for the file as a whole. */
  feature: number;
  field: string;
  message: string;
}

export class TerritoryImportError extends Error {
  constructor(
    readonly file: string,
    readonly issues: TerritoryImportIssue[],
  ) {
    super(
      `疆域文件 ${file} 有误（${issues.length} 处），未导入任何记录：\n${issues
        .map(
          (i) =>
            `  ${i.feature < 0 ? "文件" : `features[${i.feature}]`} · ${i.field}: ${i.message}`,
        )
        .join("\n")}`,
    );
    this.name = "TerritoryImportError";
  }
}

export interface RegimeRef {
  id: string;
  key: string;
  name: string;
  aliases: string[];
  start: number | null;
  end: number | null;
}

export interface ImportedTerritory {
  id: string;
  /** Its index in the file's features. */
  feature: number;
  regimeId: string;
  regimeName: string;
  from: number;
  to: number;
  geometry: { type: "MultiPolygon"; coordinates: MultiPolygonCoords };
  label: Position;
  note: string;
}

export interface TerritoryImportSummary {
  file: string;
  imported: number;
  /** Rows of an earlier import of the same file name that were replaced. */
  replaced: number;
  /** Features whose years were cut to their regime's years. */
  trimmed: string[];
  /**
   * Well-formed features not stored: a name the corpus has no regime for, years that share none
   * with the regime's, or a shape outside the map's area.
   */
  skipped: string[];
}

export interface ImportOptions {
  /** Douglas–Peucker tolerance in degrees (0 keeps every point). */
  tolerance?: number;
  /** Decimal places kept. */
  decimals?: number;
  now?: Date;
}

const LATIN_WORDS = /\b(empire|dynasty|kingdom|khaganate|khanate|state|of|the|realm)\b/g;

/** "Tang Empire", "Ming dynasty (China)" → "tang", "ming": compared with keys without hyphens. */
function latinKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(.*?\)/g, " ")
    .replace(LATIN_WORDS, " ")
    .replace(/[^a-z]+/g, "");
}

/** Finds a regime by key, id, name, alias or a Latin name's key. */
export function regimeMatcher(regimes: readonly RegimeRef[]) {
  const byText = new Map<string, RegimeRef>();
  for (const r of regimes) {
    byText.set(r.id, r);
    byText.set(r.key, r);
    for (const n of [r.name, ...r.aliases]) if (!byText.has(n)) byText.set(n, r);
  }
  const byLatin = new Map<string, RegimeRef>();
  for (const r of regimes) byLatin.set(r.key.replace(/-/g, ""), r);
  return (text: string): RegimeRef | undefined => {
    const t = text.trim();
    return byText.get(t) ?? byText.get(t.toLowerCase()) ?? byLatin.get(latinKey(t));
  };
}

function firstOf(
  props: Record<string, unknown>,
  keys: readonly string[],
): [string, unknown] | undefined {
  for (const k of keys)
    if (props[k] !== undefined && props[k] !== null && props[k] !== "") return [k, props[k]];
  return undefined;
}

function readYear(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n !== 0 ? n : undefined;
}

function isPosition(p: unknown): p is Position {
  return (
    Array.isArray(p) &&
    p.length >= 2 &&
    typeof p[0] === "number" &&
    typeof p[1] === "number" &&
    Number.isFinite(p[0]) &&
    Number.isFinite(p[1]) &&
    Math.abs(p[0]) <= 180 &&
    Math.abs(p[1]) <= 90
  );
}

/** Checks a Polygon's or MultiPolygon's rings; returns its polygons or a problem. */
function readGeometry(geometry: unknown): MultiPolygonCoords | string {
  if (!geometry || typeof geometry !== "object") return "缺少几何图形";
  const g = geometry as { type?: unknown; coordinates?: unknown };
  if (g.type !== "Polygon" && g.type !== "MultiPolygon")
    return `几何类型应为 Polygon 或 MultiPolygon，而不是 ${String(g.type)}`;
  const polygons = (g.type === "Polygon" ? [g.coordinates] : g.coordinates) as unknown;
  if (!Array.isArray(polygons) || polygons.length === 0) return "coordinates 应为非空数组";
  const out: MultiPolygonCoords = [];
  for (const [pi, polygon] of polygons.entries()) {
    if (!Array.isArray(polygon) || polygon.length === 0) return `第 ${pi + 1} 个多边形没有环`;
    const rings: Ring[] = [];
    for (const [ri, ring] of polygon.entries()) {
      if (!Array.isArray(ring) || !ring.every(isPosition))
        return `第 ${pi + 1} 个多边形的第 ${ri + 1} 个环含有无效坐标（应为 [经度, 纬度]，经度 ±180、纬度 ±90 以内）`;
      const points = ring.map((p) => [p[0], p[1]] as Position);
      const first = points[0] as Position;
      const last = points[points.length - 1] as Position;
      if (first[0] !== last[0] || first[1] !== last[1]) points.push([first[0], first[1]]);
      if (points.length < 4) return `第 ${pi + 1} 个多边形的第 ${ri + 1} 个环少于三个点`;
      rings.push(points);
    }
    out.push(rings);
  }
  return out;
}

/** Douglas–Peucker on one closed ring; keeps at least its first, farthest and last points. */
export function simplifyRing(ring: Ring, tolerance: number): Ring {
  if (tolerance <= 0 || ring.length <= 5) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  // Split a closed ring at its farthest point from the start, so both halves are open paths.
  const [x0, y0] = ring[0] as Position;
  let far = 1;
  let farD = -1;
  ring.forEach(([x, y], i) => {
    const d = (x - x0) ** 2 + (y - y0) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  });
  keep[far] = 1;
  const tol2 = tolerance * tolerance;
  const stack: [number, number][] = [
    [0, far],
    [far, ring.length - 1],
  ];
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const [ax, ay] = ring[a] as Position;
    const [bx, by] = ring[b] as Position;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let best = -1;
    let bestD = tol2;
    for (let i = a + 1; i < b; i += 1) {
      const [px, py] = ring[i] as Position;
      let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
      t = Math.max(0, Math.min(1, t));
      const d = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return ring.filter((_, i) => keep[i] === 1);
}

/**
 * Reads and checks a FeatureCollection against the corpus's regimes. Throws
 * {@link TerritoryImportError} naming every problem; returns the records to store otherwise.
 */
export function parseTerritoryFile(
  text: string,
  file: string,
  regimes: readonly RegimeRef[],
  options: ImportOptions = {},
): { records: ImportedTerritory[]; trimmed: string[]; skipped: string[] } {
  const tolerance = options.tolerance ?? 0.02;
  const decimals = options.decimals ?? 2;
  const issues: TerritoryImportIssue[] = [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new TerritoryImportError(file, [
      { feature: -1, field: "-", message: `不是有效的 JSON：${(e as Error).message}` },
    ]);
  }
  const collection = json as { type?: unknown; features?: unknown };
  if (collection?.type !== "FeatureCollection" || !Array.isArray(collection.features)) {
    throw new TerritoryImportError(file, [
      {
        feature: -1,
        field: "type",
        message: "文件应为 GeoJSON FeatureCollection（含 features 数组）",
      },
    ]);
  }
  if (collection.features.length === 0) {
    throw new TerritoryImportError(file, [
      { feature: -1, field: "features", message: "没有任何要素" },
    ]);
  }
  const match = regimeMatcher(regimes);
  const area = boxPolygon(IMPORT_AREA);
  const records: ImportedTerritory[] = [];
  const trimmed: string[] = [];
  const skipped: string[] = [];
  collection.features.forEach((raw: unknown, index: number) => {
    const feature = raw as { type?: unknown; properties?: unknown; geometry?: unknown } | null;
    const issue = (field: string, message: string) =>
      issues.push({ feature: index, field, message });
    if (feature?.type !== "Feature") {
      issue("type", "要素的 type 应为 Feature");
      return;
    }
    const props = (feature.properties ?? {}) as Record<string, unknown>;
    if (typeof props !== "object" || Array.isArray(props)) {
      issue("properties", "properties 应为对象");
      return;
    }
    const nameField = firstOf(props, NAME_KEYS);
    let regime: RegimeRef | undefined;
    let unmatched: string | undefined;
    let unnamed = false;
    // Open datasets leave unclaimed land unnamed: such a feature is skipped, not an error.
    if (!nameField) unnamed = true;
    else if (typeof nameField[1] !== "string") issue(`properties.${nameField[0]}`, "名称应为文字");
    else {
      regime = match(nameField[1]);
      // A named `regime` must exist; a dataset's own name that the corpus does not know is a
      // polity outside it (Cliopatria covers the world): skipped and reported, not an error.
      if (!regime && nameField[0] === "regime")
        issue("properties.regime", `政权 ${nameField[1]} 不存在（应为政权的键或编号）`);
      else if (!regime) unmatched = nameField[1];
    }
    const fromField = firstOf(props, FROM_KEYS);
    const toField = firstOf(props, TO_KEYS);
    let from = fromField ? readYear(fromField[1]) : undefined;
    let to = toField ? readYear(toField[1]) : undefined;
    if (!fromField) issue("properties.from", `缺少起始年份（${FROM_KEYS.join("、")} 之一）`);
    else if (from === undefined)
      issue(`properties.${fromField[0]}`, "年份应为非零整数（公元前用负数，没有公元0年）");
    if (!toField) issue("properties.to", `缺少结束年份（${TO_KEYS.join("、")} 之一）`);
    else if (to === undefined)
      issue(`properties.${toField[0]}`, "年份应为非零整数（公元前用负数，没有公元0年）");
    if (from !== undefined && to !== undefined && from > to)
      issue(
        `properties.${toField?.[0] ?? "to"}`,
        `结束年份 ${formatYear(to)} 早于起始年份 ${formatYear(from)}`,
      );
    const polygons = readGeometry(feature.geometry);
    if (typeof polygons === "string") issue("geometry", polygons);
    for (const key of ["note", "source"] as const) {
      if (props[key] !== undefined && typeof props[key] !== "string")
        issue(`properties.${key}`, "应为文字");
    }
    if (
      !regime ||
      from === undefined ||
      to === undefined ||
      from > to ||
      typeof polygons === "string"
    ) {
      if (unmatched !== undefined)
        skipped.push(`features[${index}] “${unmatched}”：语料中没有这个政权`);
      if (unnamed) skipped.push(`features[${index}]：没有名称（${NAME_KEYS.join("、")} 均缺）`);
      return;
    }

    // An umbrella (宋, 汉 …) is drawn through its parts: a shape of "Song Empire" in 1100 is
    //北宋's, when one part alone spans the feature's years.
    if (TIME_MAP_UMBRELLAS.has(regime.key)) {
      const umbrellaKey = regime.key;
      const parts = regimes.filter(
        (r) =>
          TIME_MAP_PARENTS[r.key] === umbrellaKey &&
          r.start !== null &&
          r.start <= (from as number) &&
          (r.end ?? Number.POSITIVE_INFINITY) >= (to as number),
      );
      if (parts.length === 1) regime = parts[0] as RegimeRef;
    }

    // Years beyond the regime's are cut to them; with none in common the feature is skipped.
    const start = regime.start ?? from;
    const end = regime.end ?? to;
    if (to < start || from > end) {
      skipped.push(
        `features[${index}] ${regime.name}：${formatYear(from)}—${formatYear(to)} 与其年代 ${formatYear(start)}—${formatYear(end)} 没有重合`,
      );
      return;
    }
    if (from < start || to > end) {
      trimmed.push(
        `features[${index}] ${regime.name}：${formatYear(from)}—${formatYear(to)} → ${formatYear(Math.max(from, start))}—${formatYear(Math.min(to, end))}`,
      );
      from = Math.max(from, start);
      to = Math.min(to, end);
    }

    let shape: MultiPolygonCoords;
    try {
      shape = polygonClipping.intersection(polygons, area) as MultiPolygonCoords;
    } catch {
      issue("geometry", "几何图形无法处理（环自相交或重复）");
      return;
    }
    shape = shape.map((p: Polygon) => p.map((ring) => simplifyRing(ring, tolerance)));
    shape = roundMultiPolygon(shape, decimals);
    const largest = largestPolygon(shape);
    shape = shape.filter((p) => p === largest || polygonArea(p) >= 0.01);
    if (shape.length === 0) {
      skipped.push(
        `features[${index}] ${regime.name}：图形不在地图范围（东经40°—150°，南纬11°—北纬60°）之内`,
      );
      return;
    }
    shape = rewindForD3(shape);
    const note =
      (typeof props.note === "string" && props.note.trim()) ||
      `导入的疆域多边形（${typeof props.source === "string" && props.source.trim() ? props.source.trim() : basename(file)}）`;
    records.push({
      id: createHash("sha1")
        .update(`imported:${basename(file)}:${index}`)
        .digest("hex")
        .slice(0, 24),
      feature: index,
      regimeId: regime.id,
      regimeName: regime.name,
      from,
      to,
      geometry: { type: "MultiPolygon", coordinates: shape },
      label: labelPoint(shape),
      note,
    });
  });

  // Two features of one regime may not claim the same year.
  const byRegime = new Map<string, ImportedTerritory[]>();
  for (const r of records) byRegime.set(r.regimeId, [...(byRegime.get(r.regimeId) ?? []), r]);
  for (const list of byRegime.values()) {
    list.sort((a, b) => a.from - b.from);
    for (let i = 1; i < list.length; i += 1) {
      const prev = list[i - 1] as ImportedTerritory;
      const cur = list[i] as ImportedTerritory;
      if (cur.from <= prev.to) {
        issues.push({
          feature: cur.feature,
          field: "properties.from",
          message: `与同一政权（${cur.regimeName}）另一要素的 ${formatYear(prev.from)}—${formatYear(prev.to)} 重叠`,
        });
      }
    }
  }
  if (issues.length > 0)
    throw new TerritoryImportError(
      file,
      issues.sort((a, b) => a.feature - b.feature),
    );
  return { records, trimmed, skipped };
}

/** The corpus's regimes as the importer matches them. */
export async function readRegimes(handle: DatabaseHandle): Promise<RegimeRef[]> {
  const rows = await handle.db
    .selectFrom("entry")
    .select(["id", "key", "name", "aliases", "start_year", "end_year"])
    .where("kind", "=", "regime")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    aliases: JSON.parse(r.aliases || "[]") as string[],
    start: r.start_year,
    end: r.end_year,
  }));
}

/** Checks the file, then replaces what was imported from a file of its name, in one transaction. */
export async function importTerritories(
  handle: DatabaseHandle,
  path: string,
  options: ImportOptions = {},
): Promise<TerritoryImportSummary> {
  const file = basename(path);
  const regimes = await readRegimes(handle);
  if (regimes.length === 0)
    throw new TerritoryImportError(file, [
      { feature: -1, field: "-", message: "数据库中还没有政权：请先运行 npm run db:seed" },
    ]);
  const { records, trimmed, skipped } = parseTerritoryFile(
    readFileSync(path, "utf8"),
    file,
    regimes,
    options,
  );
  const stamp = (options.now ?? new Date()).toISOString();
  const replaced = await handle.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("territory")
      .where("source", "=", "imported")
      .where("imported_from", "=", file)
      .executeTakeFirst();
    for (let i = 0; i < records.length; i += 20) {
      await trx
        .insertInto("territory")
        .values(
          records.slice(i, i + 20).map((r) => ({
            id: r.id,
            regime_id: r.regimeId,
            from_year: r.from,
            to_year: r.to,
            geometry: JSON.stringify(r.geometry),
            label_lng: r.label[0],
            label_lat: r.label[1],
            source: "imported" as const,
            note: r.note,
            imported_from: file,
            created_at: stamp,
          })),
        )
        .execute();
    }
    return Number(gone.numDeletedRows ?? 0);
  });
  await bumpContentVersion(handle.db, options.now ?? new Date());
  return { file, imported: records.length, replaced, trimmed, skipped };
}

/** Removes what was imported from a file of this name. */
export async function removeImportedTerritories(
  handle: DatabaseHandle,
  file: string,
): Promise<number> {
  const gone = await handle.db
    .deleteFrom("territory")
    .where("source", "=", "imported")
    .where("imported_from", "=", basename(file))
    .executeTakeFirst();
  await bumpContentVersion(handle.db, new Date());
  return Number(gone.numDeletedRows ?? 0);
}
