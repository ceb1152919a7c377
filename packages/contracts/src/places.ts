import { z } from "zod";
import { id, lang } from "./common.ts";
import { placeHolder, placeNamePeriod } from "./time-map.ts";

// Places over time and historical sites (issue 18: /home/spacebar, /historicalsite/detail):
//   GET /api/places/{lang}?q=              the places of the corpus by region, or those matching q
//   GET /api/historicalsite/{lang}/{id}    one site: its names over time, who held it, what
//                                          happened there, who was born there, a small map

export const placeListParams = z.object({ lang });
export const placeListQuery = z.object({
  /** Part of a name, an old name or the modern place (洛阳, 雒阳, 河南). */
  q: z.string().trim().max(20, "搜索词至多 20 个字").optional(),
});

export const placeListItem = z.object({
  id: z.string(),
  name: z.string(),
  /** Its other names over time, oldest first, without its own name. */
  otherNames: z.array(z.string()),
  modern: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type PlaceListItem = z.infer<typeof placeListItem>;

export const placeRegion = z.object({
  /** 河南, 陕西 … or a country (意大利); 其他 when the modern place names none. */
  name: z.string(),
  places: z.array(placeListItem),
});
export type PlaceRegion = z.infer<typeof placeRegion>;

export const placeListData = z.object({
  q: z.string().nullable(),
  total: z.number().int(),
  regions: z.array(placeRegion),
});
export type PlaceListData = z.infer<typeof placeListData>;

// A place's names by period and the regimes that held it are the time map's answers (one
// service computes both): the site and space bar pages carry them as they are.
export {
  type PlaceHolder,
  type PlaceNamePeriod,
  placeHolder,
  placeNamePeriod,
} from "./time-map.ts";

/** An entry named on a site page. */
export const siteEntryRef = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  timeDesc: z.string(),
  /** How it is tied to the place (定都, 记述, 营建 …), when a relation says so. */
  label: z.string().nullable(),
});
export type SiteEntryRef = z.infer<typeof siteEntryRef>;

/** The small map drawn by the server: an SVG in its own coordinates. */
export const siteMap = z.object({
  width: z.number(),
  height: z.number(),
  /** Outlines of today's provinces and countries around the place (SVG path), when the base map is there. */
  outline: z.string().nullable(),
  /** Lines of longitude and latitude every whole degree step (SVG path). */
  graticule: z.string(),
  /** The degrees the map spans: [west, south, east, north]. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  here: z.object({ x: z.number(), y: z.number() }),
  /** Other places of the corpus inside the map. */
  near: z.array(z.object({ id: z.string(), name: z.string(), x: z.number(), y: z.number() })),
});
export type SiteMap = z.infer<typeof siteMap>;

export const siteParams = z.object({ lang, id });

export const siteData = z.object({
  place: z.object({
    id: z.string(),
    name: z.string(),
    aliases: z.array(z.string()),
    modern: z.string().nullable(),
    lat: z.number(),
    lng: z.number(),
    summary: z.string(),
    sources: z.array(z.string()),
  }),
  names: z.array(placeNamePeriod),
  /** null while the corpus has no territories to tell it from. */
  holders: z.array(placeHolder).nullable(),
  /** Regimes that had their capital here. */
  capitalOf: z.array(siteEntryRef),
  /** Events that happened here, oldest first. */
  events: z.array(siteEntryRef),
  /** People whose native place it is, oldest first. */
  people: z.array(siteEntryRef),
  /** Works that record or depict it, or were made here. */
  works: z.array(siteEntryRef),
  /** Every other entry tied to it by a relation (sites within it, builders …). */
  related: z.array(siteEntryRef),
  map: siteMap,
});
export type SiteData = z.infer<typeof siteData>;
