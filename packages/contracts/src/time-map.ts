import {
  TIME_MAP_DEFAULT_YEAR,
  TIME_MAP_QUERY_MAX,
  TIME_MAP_QUERY_MIN,
} from "@tongjian/domain/time-map";
import { z } from "zod";
import { lang } from "./common.ts";

// The time map (issue 18: /home/timemap, /map/detail/*) and the places over time (/home/spacebar,
// /historicalsite/detail):
//   GET /api/timemap/{lang}/base         the base map, one TopoJSON (long cache, ETag)
//   GET /api/timemap/{lang}/year?year=   the regimes drawn that year, events near it, capitals
//   GET /api/timemap/{lang}/people?year= people alive that year, placed at their native places
//   GET /api/timemap/{lang}/years        the notable years (前221年 秦统一 …)
//   GET /api/timemap/{lang}/place/{id}   a place's names over time and the regimes that held it
// Years are the content's: BCE negative, no year 0. A year outside the data's range is not an
// error: the answer shows the nearest year of the range and says so in `clamped`.

export { TIME_MAP_DEFAULT_YEAR };

const YEAR_MESSAGE = "年份应为整数（公元前用负数，如 -221）";

/**
 * A year in a query: an integer, BCE negative, never 0; 1949 when left out (or empty). Years
 * beyond the data's range pass here and are clamped by the service (see `clamped`).
 */
export const timeMapYear = z.preprocess(
  (value) => (value === "" || value === undefined || value === null ? undefined : value),
  z.coerce
    .number({ error: YEAR_MESSAGE })
    .int(YEAR_MESSAGE)
    .min(TIME_MAP_QUERY_MIN, YEAR_MESSAGE)
    .max(TIME_MAP_QUERY_MAX, YEAR_MESSAGE)
    .refine((year) => year !== 0, "没有公元0年：前1年之后就是1年")
    .default(TIME_MAP_DEFAULT_YEAR),
);

/** How many years either side of the chosen year the events are taken from. */
export const TIME_MAP_SPAN_MAX = 50;
export const TIME_MAP_SPAN_DEFAULT = 10;

export const TIME_MAP_PEOPLE_LIMIT_MAX = 1000;
export const TIME_MAP_PEOPLE_LIMIT_DEFAULT = 200;

export const timeMapParams = z.object({ lang });

export const timeMapYearQuery = z.object({
  year: timeMapYear,
  /** Events of the year and this many years either side (0 = that year only). */
  span: z.coerce
    .number({ error: "span 应为数字" })
    .int("span 应为整数")
    .min(0, "span 不能为负")
    .max(TIME_MAP_SPAN_MAX, `span 至多为 ${TIME_MAP_SPAN_MAX}`)
    .default(TIME_MAP_SPAN_DEFAULT),
});
export type TimeMapYearQuery = z.input<typeof timeMapYearQuery>;

export const timeMapPeopleQuery = z.object({
  year: timeMapYear,
  limit: z.coerce
    .number({ error: "limit 应为数字" })
    .int("limit 应为整数")
    .min(1, "limit 至少为 1")
    .max(TIME_MAP_PEOPLE_LIMIT_MAX, `limit 至多为 ${TIME_MAP_PEOPLE_LIMIT_MAX}`)
    .default(TIME_MAP_PEOPLE_LIMIT_DEFAULT),
});
export type TimeMapPeopleQuery = z.input<typeof timeMapPeopleQuery>;

/** A place by its entity id (24 hex) or its content key (`xian-yang`); unknown → 404. */
export const timeMapPlaceParams = z.object({
  lang,
  id: z.string().min(1, "请给出地点").max(80, "地点编号过长"),
});

// --- Pieces ---

export const yearRange = z.object({ min: z.number().int(), max: z.number().int() });
export type TimeMapRange = z.infer<typeof yearRange>;

/** Set when the year asked for lay outside the range and the nearest year of it is shown. */
export const clampedYear = z.object({
  requested: z.number().int(),
  /** Chinese, for the reader: 地图的年代范围是前2070年到2024年，…已显示2024年 */
  message: z.string(),
});

/** [lng, lat] in degrees. */
export const lngLat = z.tuple([z.number(), z.number()]);

/** GeoJSON MultiPolygon: polygons of rings of [lng, lat] (outer ring first, holes after). */
export const multiPolygon = z.object({
  type: z.literal("MultiPolygon"),
  coordinates: z.array(z.array(z.array(lngLat))),
});
export type MultiPolygon = z.infer<typeof multiPolygon>;

export const TERRITORY_SOURCES = ["composed", "imported"] as const;
export type TerritorySource = (typeof TERRITORY_SOURCES)[number];

/** One regime drawn in a year: the extent of the period that holds the year. */
export const timeMapRegime = z.object({
  /** The regime's entity id. */
  id: z.string(),
  key: z.string(),
  name: z.string(),
  /** The regime's years (约前221年—前207年). */
  timeDesc: z.string(),
  /** The umbrella regime it is a part of (北宋 → 宋), if any. */
  parent: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Fill colour `#rrggbb`, the same for the regime in every year, unlike its neighbours'. */
  color: z.string(),
  /** The extent is approximate (composed from modern units), not a surveyed boundary. */
  approx: z.boolean(),
  source: z.enum(TERRITORY_SOURCES),
  /** Why the extent is drawn so (the content's note, or the imported dataset's attribution). */
  note: z.string(),
  /** The years of the period this extent belongs to. */
  period: z.object({ from: z.number().int(), to: z.number().int() }),
  /** Where the name is written: inside the largest polygon. */
  label: lngLat,
  geometry: multiPolygon,
});
export type TimeMapRegime = z.infer<typeof timeMapRegime>;

export const timeMapPlaceRef = z.object({ id: z.string(), name: z.string() });

/** An event on the map: at its first place that has coordinates. */
export const timeMapEvent = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number().int(),
  end: z.number().int().nullable(),
  /** 前230年—前221年 */
  timeDesc: z.string(),
  category: z.string().nullable(),
  regimeId: z.string().nullable(),
  lng: z.number(),
  lat: z.number(),
  place: timeMapPlaceRef,
  /** The summary's opening (at most about 80 characters), for the toast sheet. */
  summary: z.string(),
});
export type TimeMapEvent = z.infer<typeof timeMapEvent>;

export const timeMapCapital = z.object({
  /** The place's entity id. */
  id: z.string(),
  name: z.string(),
  lng: z.number(),
  lat: z.number(),
  regimeId: z.string(),
});
export type TimeMapCapital = z.infer<typeof timeMapCapital>;

// --- Answers ---

/** GET /api/timemap/{lang}/year */
export const timeMapYearData = z.object({
  year: z.number().int(),
  /** 前221年 */
  label: z.string(),
  clamped: clampedYear.optional(),
  /** The years the map has territories for. */
  range: yearRange,
  /** Events are of the years year−span … year+span. */
  span: z.number().int(),
  regimes: z.array(timeMapRegime),
  /** The chosen year's first, then the nearest; at most 60. */
  events: z.array(timeMapEvent),
  capitals: z.array(timeMapCapital),
});
export type TimeMapYearData = z.infer<typeof timeMapYearData>;

/** The world's events beside a year: years either side (world history is sparse). */
export const TIME_MAP_WORLD_SPAN_MAX = 300;
export const TIME_MAP_WORLD_SPAN_DEFAULT = 50;

export const timeMapWorldQuery = z.object({
  year: timeMapYear,
  span: z.coerce
    .number({ error: "span 应为数字" })
    .int("span 应为整数")
    .min(0, "span 不能为负")
    .max(TIME_MAP_WORLD_SPAN_MAX, `span 至多为 ${TIME_MAP_WORLD_SPAN_MAX}`)
    .default(TIME_MAP_WORLD_SPAN_DEFAULT),
});
export type TimeMapWorldQuery = z.input<typeof timeMapWorldQuery>;

/**
 * GET /api/timemap/{lang}/world: the world's events of the period (the corpus's world history:
 * events of no Chinese regime) with a place on the map, the nearest to the year first.
 */
export const timeMapWorldData = z.object({
  year: z.number().int(),
  label: z.string(),
  clamped: clampedYear.optional(),
  range: yearRange,
  span: z.number().int(),
  events: z.array(timeMapEvent),
});
export type TimeMapWorldData = z.infer<typeof timeMapWorldData>;

export const timeMapPerson = z.object({
  id: z.string(),
  name: z.string(),
  /** 1037年—1101年 */
  timeDesc: z.string(),
  birth: z.number().int(),
  death: z.number().int(),
  /** Order of renown (0 = best known), as on the time columns. */
  rank: z.number().int(),
  regimeId: z.string().nullable(),
  /** The native place; null when the corpus gives none with coordinates. */
  place: timeMapPlaceRef.extend({ lng: z.number(), lat: z.number() }).nullable(),
});
export type TimeMapPerson = z.infer<typeof timeMapPerson>;

/** GET /api/timemap/{lang}/people */
export const timeMapPeopleData = z.object({
  year: z.number().int(),
  label: z.string(),
  clamped: clampedYear.optional(),
  range: yearRange,
  /** People alive that year (both years known), of whom `people` are the best known `limit`. */
  total: z.number().int(),
  people: z.array(timeMapPerson),
});
export type TimeMapPeopleData = z.infer<typeof timeMapPeopleData>;

export const TIME_MAP_YEAR_KINDS = ["regime", "event", "milestone"] as const;

export const timeMapNotableYear = z.object({
  year: z.number().int(),
  /** 前221年 */
  label: z.string(),
  /** 秦统一 */
  title: z.string(),
  kind: z.enum(TIME_MAP_YEAR_KINDS),
  /** The regime or event it comes from (none for a milestone of its own). */
  refId: z.string().nullable(),
});
export type TimeMapNotableYear = z.infer<typeof timeMapNotableYear>;

/** GET /api/timemap/{lang}/years: oldest first, one row per year. */
export const timeMapYearsData = z.object({
  range: yearRange,
  defaultYear: z.number().int(),
  years: z.array(timeMapNotableYear),
});
export type TimeMapYearsData = z.infer<typeof timeMapYearsData>;

export const placeNamePeriod = z.object({
  name: z.string(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  /** 696年起, 前1300年—前1046年, or empty when the corpus gives no years. */
  timeDesc: z.string(),
  note: z.string().nullable(),
});
export type PlaceNamePeriod = z.infer<typeof placeNamePeriod>;

export const placeHolder = z.object({
  regimeId: z.string(),
  regimeKey: z.string(),
  name: z.string(),
  /** The years it held the place (one territory period, or adjoining ones joined). */
  from: z.number().int(),
  to: z.number().int(),
  timeDesc: z.string(),
  approx: z.boolean(),
  source: z.enum(TERRITORY_SOURCES),
});
export type PlaceHolder = z.infer<typeof placeHolder>;

/** GET /api/timemap/{lang}/place/{id} */
export const placeHistoryData = z.object({
  place: z.object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    modern: z.string().nullable(),
    lng: z.number(),
    lat: z.number(),
    summary: z.string(),
  }),
  /** Its names over time, in the content's order (oldest first; today's name last). */
  names: z.array(placeNamePeriod),
  /** The regimes whose territory held the point, oldest first. */
  holders: z.array(placeHolder),
});
export type PlaceHistoryData = z.infer<typeof placeHistoryData>;

// --- The base map (a TopoJSON; the route answers it as is, not in the envelope) ---

/** The one object of the base map's topology: every unit a territory can name. */
export const BASE_MAP_OBJECT = "units";
export const BASE_MAP_UNIT_KINDS = ["province", "country"] as const;

/** Properties of a unit geometry; its `id` is the unit id (cn-shaanxi, iso-mng …). */
export interface BaseMapUnitProperties {
  name: string;
  kind: (typeof BASE_MAP_UNIT_KINDS)[number];
}

export const baseMapTopology = z.object({
  type: z.literal("Topology"),
  bbox: z.array(z.number()).optional(),
  transform: z
    .object({
      scale: z.tuple([z.number(), z.number()]),
      translate: z.tuple([z.number(), z.number()]),
    })
    .optional(),
  objects: z.record(z.string(), z.unknown()),
  arcs: z.array(z.array(z.array(z.number()))),
});
export type BaseMapTopology = z.infer<typeof baseMapTopology>;

/**
 * The base map drawn once on the server (`/api/timemap/{lang}/outlines`): SVG path data of the
 * land, the provincial lines and the country lines, in the projection of
 * `@tongjian/domain/time-map-projection` fitted to a `width` × `height` box. The browser turns
 * each into a `Path2D` and scales it onto its canvas; it projects none of the base map itself.
 */
export const timeMapOutlinesData = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  land: z.string(),
  provinces: z.string(),
  countries: z.string(),
});
export type TimeMapOutlinesData = z.infer<typeof timeMapOutlinesData>;
