import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type {
  MultiPolygon,
  PlaceHistoryData,
  PlaceHolder,
  TimeMapCapital,
  TimeMapEvent,
  TimeMapNotableYear,
  TimeMapOutlinesData,
  TimeMapPeopleData,
  TimeMapPerson,
  TimeMapRange,
  TimeMapRegime,
  TimeMapWorldData,
  TimeMapYearData,
  TimeMapYearsData,
} from "@tongjian/contracts/time-map";
import { isEntityId } from "@tongjian/domain/entity-id";
import { placeNamesOverTime } from "@tongjian/domain/place-names";
import {
  clampToRange,
  TIME_MAP_DEFAULT_YEAR,
  TIME_MAP_MILESTONES,
  TIME_MAP_PARENTS,
  TIME_MAP_UMBRELLAS,
} from "@tongjian/domain/time-map";
import { formatYear, formatYearRange } from "@tongjian/domain/year-format";
import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { parseJson } from "../content/content-views.ts";
import { NotFoundError } from "../service-error.ts";
import { drawOutlines } from "./outlines.server.ts";
import { assignRegimeColours, type Box } from "./regime-colors.ts";
import type { MapEntryRow, TerritoryRow, TimeMapRepository } from "./timemap-repository.ts";

// The time map's answers (issue 18; contract packages/contracts/src/time-map.ts): the base map,
// what was drawn in a year, who lived then, the notable years, and a place over time. Everything
// but the base map comes from one index per content version, built from the database on first
// use (territories, regimes, places, events, people): a year is answered from memory.

export const BASE_MAP_RELATIVE = "geo/base-map.topo.json";
/** Events of a year answer, the year's own first. */
export const YEAR_EVENTS_LIMIT = 60;
/** The world's events listed beside a year. */
export const WORLD_EVENTS_LIMIT = 40;
const SUMMARY_CHARS = 80;
const INDEX_TTL_MS = 10 * 60_000;

interface Place {
  id: string;
  key: string;
  name: string;
  lng: number;
  lat: number;
  modern: string | null;
  summary: string;
  names: { name: string; from?: number; to?: number; note?: string }[];
}

interface Regime {
  id: string;
  key: string;
  name: string;
  start: number;
  end: number | null;
  timeDesc: string;
  capitals: string[];
  parentKey: string | null;
}

/** A territory as drawn: its years possibly narrowed where an imported shape takes over. */
interface Period {
  row: TerritoryRow;
  from: number;
  to: number;
  geometry: MultiPolygon;
  box: Box;
}

interface MapEvent {
  id: string;
  name: string;
  start: number;
  end: number;
  timeDesc: string;
  category: string | null;
  regimeId: string | null;
  popularity: number;
  place: Place;
  summary: string;
}

interface MapPerson {
  id: string;
  name: string;
  start: number;
  end: number;
  timeDesc: string;
  regimeId: string | null;
  popularity: number;
  place: Place | null;
}

interface TimeMapIndex {
  range: TimeMapRange;
  periods: Period[];
  regimes: Map<string, Regime>;
  regimeByKey: Map<string, Regime>;
  colours: Map<string, string>;
  places: Map<string, Place>;
  placeByKey: Map<string, Place>;
  events: MapEvent[];
  people: MapPerson[];
}

/** The year after / before, stepping over the missing year 0. */
const nextYear = (y: number) => (y === -1 ? 1 : y + 1);
const prevYear = (y: number) => (y === 1 ? -1 : y - 1);

function boxOf(geometry: MultiPolygon): Box {
  const box: Box = [180, 90, -180, -90];
  for (const polygon of geometry.coordinates)
    for (const [x, y] of polygon[0] ?? []) {
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  return box;
}

/**
 * Imported shapes take over from composed ones of the same regime for the years they cover
 * (docs/decisions/0021): a composed period loses those years, and may split in two.
 */
export function effectivePeriods<
  T extends { regime_id: string; from_year: number; to_year: number; source: string },
>(rows: readonly T[]): { row: T; from: number; to: number }[] {
  const imported = new Map<string, T[]>();
  for (const r of rows)
    if (r.source === "imported")
      imported.set(r.regime_id, [...(imported.get(r.regime_id) ?? []), r]);
  const out: { row: T; from: number; to: number }[] = [];
  for (const row of rows) {
    if (row.source === "imported") {
      out.push({ row, from: row.from_year, to: row.to_year });
      continue;
    }
    let pieces: [number, number][] = [[row.from_year, row.to_year]];
    for (const cover of imported.get(row.regime_id) ?? []) {
      pieces = pieces.flatMap(([a, b]): [number, number][] => {
        if (cover.to_year < a || cover.from_year > b) return [[a, b]];
        const left: [number, number][] =
          cover.from_year > a ? [[a, prevYear(cover.from_year)]] : [];
        const right: [number, number][] = cover.to_year < b ? [[nextYear(cover.to_year), b]] : [];
        return [...left, ...right];
      });
    }
    for (const [from, to] of pieces) out.push({ row, from, to });
  }
  return out;
}

function shortSummary(text: string): string {
  const clean = text.replace(/\s+/g, "");
  const stop = clean.indexOf("。");
  if (stop > 0 && stop < SUMMARY_CHARS) return clean.slice(0, stop + 1);
  return clean.length <= SUMMARY_CHARS ? clean : `${clean.slice(0, SUMMARY_CHARS - 1)}…`;
}

function placeOf(row: MapEntryRow): Place | null {
  const d = parseJson<{ lat?: number; lng?: number; modern?: string; names?: Place["names"] }>(
    row.data,
    {},
  );
  if (typeof d.lat !== "number" || typeof d.lng !== "number") return null;
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    lng: d.lng,
    lat: d.lat,
    modern: d.modern ?? null,
    summary: row.summary,
    names: Array.isArray(d.names) ? d.names : [],
  };
}

export function createTimeMapService(deps: {
  timeMap: TimeMapRepository;
  caches: ContentReadCaches;
  /** The content folder whose geo/base-map.topo.json is served (the repository's `content`). */
  contentDir?: string;
  now?: () => Date;
}) {
  const cache = deps.caches.create<TimeMapIndex>({ ttlMs: INDEX_TTL_MS, max: 1 });
  const answers = deps.caches.create<TimeMapYearData>({ ttlMs: INDEX_TTL_MS, max: 64 });
  const thisYear = () => (deps.now?.() ?? new Date()).getUTCFullYear();
  let baseMap: { body: string; etag: string } | undefined;
  let outlineAnswer: { data: TimeMapOutlinesData; etag: string } | undefined;

  function index(): Promise<TimeMapIndex> {
    return cache.get("index", async () => {
      const [territories, entries, peopleRows] = await Promise.all([
        deps.timeMap.territories(),
        deps.timeMap.entries(),
        deps.timeMap.people(),
      ]);
      const places = new Map<string, Place>();
      const placeByKey = new Map<string, Place>();
      for (const row of entries) {
        if (row.kind !== "place") continue;
        const place = placeOf(row);
        if (!place) continue;
        places.set(place.id, place);
        placeByKey.set(place.key, place);
      }
      const regimes = new Map<string, Regime>();
      const regimeByKey = new Map<string, Regime>();
      const successors = new Map<string, string[]>();
      for (const row of entries) {
        if (row.kind !== "regime" || row.start_year === null) continue;
        const d = parseJson<{ capitals?: string[]; successor?: string; predecessor?: string }>(
          row.data,
          {},
        );
        const regime: Regime = {
          id: row.id,
          key: row.key,
          name: row.name,
          start: row.start_year,
          end: row.end_year,
          timeDesc:
            row.time_desc ??
            (row.end_year === null
              ? `${formatYear(row.start_year)}至今`
              : formatYearRange(row.start_year, row.end_year)),
          capitals: Array.isArray(d.capitals) ? d.capitals : [],
          parentKey: TIME_MAP_PARENTS[row.key] ?? null,
        };
        regimes.set(regime.id, regime);
        regimeByKey.set(regime.key, regime);
        successors.set(
          row.id,
          [d.successor, d.predecessor].filter((k): k is string => typeof k === "string"),
        );
      }

      const periods: Period[] = effectivePeriods(territories)
        .filter((p) => regimes.has(p.row.regime_id))
        .map((p) => {
          const geometry = parseJson<MultiPolygon>(p.row.geometry, {
            type: "MultiPolygon",
            coordinates: [],
          });
          return { row: p.row, from: p.from, to: p.to, geometry, box: boxOf(geometry) };
        });
      periods.sort((a, b) => a.from - b.from || a.row.id.localeCompare(b.row.id));

      const colours = assignRegimeColours(
        [...regimes.values()].map((r) => ({
          id: r.id,
          key: r.key,
          start: r.start,
          successors: (successors.get(r.id) ?? []).flatMap((k) => regimeByKey.get(k)?.id ?? []),
        })),
        periods.map((p) => ({ regimeId: p.row.regime_id, from: p.from, to: p.to, box: p.box })),
      );

      const events: MapEvent[] = [];
      for (const row of entries) {
        if (row.kind !== "event" || row.start_year === null) continue;
        const d = parseJson<{ places?: string[]; category?: string }>(row.data, {});
        const place = (d.places ?? []).map((k) => placeByKey.get(k)).find((p) => p !== undefined);
        if (!place) continue;
        const end =
          row.end_year !== null && row.end_year >= row.start_year ? row.end_year : row.start_year;
        events.push({
          id: row.id,
          name: row.name,
          start: row.start_year,
          end,
          timeDesc: row.time_desc ?? formatYearRange(row.start_year, end),
          category: d.category ?? null,
          regimeId: row.regime_id,
          popularity: row.popularity,
          place,
          summary: shortSummary(row.summary),
        });
      }

      const people: MapPerson[] = [];
      for (const row of peopleRows) {
        if (row.start_year === null || row.end_year === null || row.end_year < row.start_year)
          continue;
        const d = parseJson<{ place?: string }>(row.data, {});
        people.push({
          id: row.id,
          name: row.name,
          start: row.start_year,
          end: row.end_year,
          timeDesc: row.time_desc ?? formatYearRange(row.start_year, row.end_year),
          regimeId: row.regime_id,
          popularity: row.popularity,
          place: d.place ? (placeByKey.get(d.place) ?? null) : null,
        });
      }

      const starts = [...regimes.values()].map((r) => r.start);
      const range: TimeMapRange =
        periods.length > 0
          ? {
              min: Math.min(...periods.map((p) => p.from)),
              // A regime that still stands is recorded up to the last year the data allows:
              // the map ends at this year.
              max: Math.min(Math.max(...periods.map((p) => p.to)), thisYear()),
            }
          : { min: starts.length ? Math.min(...starts) : TIME_MAP_DEFAULT_YEAR, max: thisYear() };
      return { range, periods, regimes, regimeByKey, colours, places, placeByKey, events, people };
    });
  }

  /** The periods drawn in a year: one per regime (imported first), umbrellas through their parts. */
  function drawnIn(ix: TimeMapIndex, year: number): Period[] {
    const alive = ix.periods.filter((p) => p.from <= year && p.to >= year);
    const byRegime = new Map<string, Period>();
    for (const p of alive) {
      const had = byRegime.get(p.row.regime_id);
      if (!had || (had.row.source === "composed" && p.row.source === "imported"))
        byRegime.set(p.row.regime_id, p);
    }
    const drawnKeys = new Set([...byRegime.keys()].map((id) => ix.regimes.get(id)?.key));
    return [...byRegime.values()].filter((p) => {
      const key = ix.regimes.get(p.row.regime_id)?.key ?? "";
      if (!TIME_MAP_UMBRELLAS.has(key)) return true;
      // An umbrella with a shape of its own steps back when one of its parts is drawn.
      return !Object.entries(TIME_MAP_PARENTS).some(
        ([part, parent]) => parent === key && drawnKeys.has(part),
      );
    });
  }

  function regimeAnswer(ix: TimeMapIndex, p: Period): TimeMapRegime {
    const regime = ix.regimes.get(p.row.regime_id) as Regime;
    const parent = regime.parentKey ? ix.regimeByKey.get(regime.parentKey) : undefined;
    return {
      id: regime.id,
      key: regime.key,
      name: regime.name,
      timeDesc: regime.timeDesc,
      parent: parent ? { id: parent.id, name: parent.name } : null,
      color: ix.colours.get(regime.id) ?? "#8d99ae",
      approx: p.row.source === "composed",
      source: p.row.source,
      note: p.row.note,
      period: { from: p.from, to: p.to },
      label: [p.row.label_lng, p.row.label_lat],
      geometry: p.geometry,
    };
  }

  function eventAnswer(e: MapEvent): TimeMapEvent {
    return {
      id: e.id,
      name: e.name,
      year: e.start,
      end: e.end === e.start ? null : e.end,
      timeDesc: e.timeDesc,
      category: e.category,
      regimeId: e.regimeId,
      lng: e.place.lng,
      lat: e.place.lat,
      place: { id: e.place.id, name: e.place.name },
      summary: e.summary,
    };
  }

  return {
    /** The base map TopoJSON as served, with its ETag; read once. */
    base(): { body: string; etag: string } {
      if (baseMap) return baseMap;
      const candidates = [
        ...(deps.contentDir ? [resolve(deps.contentDir, BASE_MAP_RELATIVE)] : []),
        resolve("content", BASE_MAP_RELATIVE),
      ];
      const path = candidates.find((p) => existsSync(p));
      if (!path) throw new NotFoundError("底图文件缺失，请运行 npm run map:build");
      const body = readFileSync(path, "utf8").trim();
      baseMap = { body, etag: `"${createHash("sha1").update(body).digest("hex").slice(0, 20)}"` };
      return baseMap;
    },

    /** The base map's outlines drawn once, in the outline box (see the contract). */
    outlines(): { data: TimeMapOutlinesData; etag: string } {
      if (outlineAnswer) return outlineAnswer;
      const { body, etag } = this.base();
      outlineAnswer = { data: drawOutlines(JSON.parse(body)), etag: `${etag.slice(0, -1)}-o"` };
      return outlineAnswer;
    },

    async year(request: { year: number; span: number }): Promise<TimeMapYearData> {
      const ix = await index();
      const { year, clamped } = clampToRange(request.year, ix.range);
      const answer = await answers.get(`${year}|${request.span}`, async () => {
        const drawn = drawnIn(ix, year).sort(
          (a, b) =>
            (ix.regimes.get(a.row.regime_id)?.start ?? 0) -
              (ix.regimes.get(b.row.regime_id)?.start ?? 0) ||
            a.row.regime_id.localeCompare(b.row.regime_id),
        );
        const regimes = drawn.map((p) => regimeAnswer(ix, p));

        const lo = year - request.span;
        const hi = year + request.span;
        const distance = (e: MapEvent) =>
          e.start <= year && e.end >= year
            ? 0
            : Math.min(Math.abs(e.start - year), Math.abs(e.end - year));
        const events: TimeMapEvent[] = ix.events
          .filter((e) => e.start <= hi && e.end >= lo)
          .sort(
            (a, b) => distance(a) - distance(b) || b.popularity - a.popularity || a.start - b.start,
          )
          .slice(0, YEAR_EVENTS_LIMIT)
          .map(eventAnswer);

        const capitals: TimeMapCapital[] = [];
        const seen = new Set<string>();
        for (const r of regimes) {
          for (const key of ix.regimes.get(r.id)?.capitals ?? []) {
            const place = ix.placeByKey.get(key);
            if (!place || seen.has(`${r.id}|${place.id}`)) continue;
            seen.add(`${r.id}|${place.id}`);
            capitals.push({
              id: place.id,
              name: place.name,
              lng: place.lng,
              lat: place.lat,
              regimeId: r.id,
            });
          }
        }
        return {
          year,
          label: formatYear(year),
          range: ix.range,
          span: request.span,
          regimes,
          events,
          capitals,
        };
      });
      return clamped ? { ...answer, clamped } : answer;
    },

    /**
     * The world's events of the period around a year (events of no Chinese regime, placed by
     * their first place with coordinates), the nearest to the year first, for the map's
     * 同期世界大事 beside the regimes.
     */
    async world(request: { year: number; span: number }): Promise<TimeMapWorldData> {
      const ix = await index();
      const { year, clamped } = clampToRange(request.year, ix.range);
      const lo = year - request.span;
      const hi = year + request.span;
      const distance = (e: MapEvent) =>
        e.start <= year && e.end >= year
          ? 0
          : Math.min(Math.abs(e.start - year), Math.abs(e.end - year));
      const events = ix.events
        .filter((e) => e.regimeId === null && e.start <= hi && e.end >= lo)
        .sort((a, b) => distance(a) - distance(b) || a.start - b.start || a.id.localeCompare(b.id))
        .slice(0, WORLD_EVENTS_LIMIT)
        .map(eventAnswer);
      const answer: TimeMapWorldData = {
        year,
        label: formatYear(year),
        range: ix.range,
        span: request.span,
        events,
      };
      return clamped ? { ...answer, clamped } : answer;
    },

    async people(request: { year: number; limit: number }): Promise<TimeMapPeopleData> {
      const ix = await index();
      const { year, clamped } = clampToRange(request.year, ix.range);
      const alive = ix.people
        .filter((p) => p.start <= year && p.end >= year)
        .sort(
          (a, b) => b.popularity - a.popularity || a.start - b.start || a.id.localeCompare(b.id),
        );
      const people: TimeMapPerson[] = alive.slice(0, request.limit).map((p, rank) => ({
        id: p.id,
        name: p.name,
        timeDesc: p.timeDesc,
        birth: p.start,
        death: p.end,
        rank,
        regimeId: p.regimeId,
        place: p.place
          ? { id: p.place.id, name: p.place.name, lng: p.place.lng, lat: p.place.lat }
          : null,
      }));
      return {
        year,
        label: formatYear(year),
        ...(clamped ? { clamped } : {}),
        range: ix.range,
        total: alive.length,
        people,
      };
    },

    /** Notable years: the fixed milestones, the main line's foundings, the best-known events. */
    async years(): Promise<TimeMapYearsData> {
      const ix = await index();
      const byYear = new Map<number, TimeMapNotableYear>();
      const add = (item: TimeMapNotableYear) => {
        if (item.year < ix.range.min || item.year > ix.range.max || byYear.has(item.year)) return;
        byYear.set(item.year, item);
      };
      for (const m of TIME_MAP_MILESTONES) {
        const regime = [...ix.regimes.values()].find(
          (r) => r.start === m.year && !TIME_MAP_UMBRELLAS.has(r.key),
        );
        add({
          year: m.year,
          label: formatYear(m.year),
          title: m.title,
          kind: "milestone",
          refId: regime?.id ?? null,
        });
      }
      const drawnRegimes = new Set(ix.periods.map((p) => p.row.regime_id));
      for (const r of [...ix.regimes.values()].sort((a, b) => a.start - b.start)) {
        if (!drawnRegimes.has(r.id)) continue;
        add({
          year: r.start,
          label: formatYear(r.start),
          title: `${r.name}建立`,
          kind: "regime",
          refId: r.id,
        });
      }
      const topEvents = [...ix.events]
        .sort((a, b) => b.popularity - a.popularity || a.start - b.start)
        .slice(0, 40);
      for (const e of topEvents)
        add({
          year: e.start,
          label: formatYear(e.start),
          title: e.name,
          kind: "event",
          refId: e.id,
        });
      const years = [...byYear.values()].sort((a, b) => a.year - b.year);
      const fallback = clampToRange(TIME_MAP_DEFAULT_YEAR, ix.range).year;
      return { range: ix.range, defaultYear: fallback, years };
    },

    /** A place's names over time and the regimes whose territory held it. */
    async place(idOrKey: string): Promise<PlaceHistoryData> {
      const ix = await index();
      const place = isEntityId(idOrKey) ? ix.places.get(idOrKey) : ix.placeByKey.get(idOrKey);
      if (!place) throw new NotFoundError("找不到这个地点（或它没有坐标）");
      // In the content's order, which is the order of time (a present name without years last).
      const names = placeNamesOverTime(place.names);
      const point: [number, number] = [place.lng, place.lat];
      const hits = ix.periods.filter(
        (p) =>
          place.lng >= p.box[0] &&
          place.lng <= p.box[2] &&
          place.lat >= p.box[1] &&
          place.lat <= p.box[3] &&
          booleanPointInPolygon(point, p.geometry as unknown as GeoJSON.MultiPolygon),
      );
      // Adjoining or overlapping periods of one regime join into one holding.
      const byRegime = new Map<string, Period[]>();
      for (const p of hits)
        byRegime.set(p.row.regime_id, [...(byRegime.get(p.row.regime_id) ?? []), p]);
      const holders: PlaceHolder[] = [];
      for (const [regimeId, list] of byRegime) {
        const regime = ix.regimes.get(regimeId) as Regime;
        list.sort((a, b) => a.from - b.from);
        let cur: { from: number; to: number; imported: boolean } | undefined;
        const flush = () => {
          if (!cur) return;
          const source = cur.imported ? "imported" : "composed";
          holders.push({
            regimeId,
            regimeKey: regime.key,
            name: regime.name,
            from: cur.from,
            to: cur.to,
            timeDesc: formatYearRange(cur.from, cur.to),
            approx: source === "composed",
            source,
          });
        };
        for (const p of list) {
          if (cur && p.from <= nextYear(cur.to)) {
            cur.to = Math.max(cur.to, p.to);
            cur.imported ||= p.row.source === "imported";
          } else {
            flush();
            cur = { from: p.from, to: p.to, imported: p.row.source === "imported" };
          }
        }
        flush();
      }
      holders.sort((a, b) => a.from - b.from || a.to - b.to);
      return {
        place: {
          id: place.id,
          key: place.key,
          name: place.name,
          modern: place.modern,
          lng: place.lng,
          lat: place.lat,
          summary: place.summary,
        },
        names,
        holders,
      };
    },
  };
}

export type TimeMapService = ReturnType<typeof createTimeMapService>;
