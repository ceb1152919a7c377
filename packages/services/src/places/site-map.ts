import type { SiteMap } from "@tongjian/contracts/places";

export const SITE_MAP_WIDTH = 320;
export const SITE_MAP_HEIGHT = 220;
/** Degrees of latitude the map spans; longitude follows the box's shape at that latitude. */
const LAT_SPAN = 8;
const GRID_STEP = 2;
const NEAR_MAX = 12;
/** Room a label takes around its point, in the map's units. */
const LABEL_W = 36;
const LABEL_H = 14;

interface Point {
  id: string;
  name: string;
  lat: number;
  lng: number;
  popularity: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A small map of a place drawn by the server: an equirectangular view a few degrees around it
 * (plain enough at this scale, and no projection library reaches the browser), with the lines
 * of longitude and latitude and the corpus's other places inside it.
 */
export function siteMapOf(
  here: Point,
  others: readonly Point[],
  outline: string | null = null,
): SiteMap {
  const cos = Math.max(0.2, Math.cos((here.lat * Math.PI) / 180));
  const lngSpan = (LAT_SPAN * (SITE_MAP_WIDTH / SITE_MAP_HEIGHT)) / cos;
  const west = here.lng - lngSpan / 2;
  const east = here.lng + lngSpan / 2;
  const south = here.lat - LAT_SPAN / 2;
  const north = here.lat + LAT_SPAN / 2;
  const x = (lng: number) => round(((lng - west) / (east - west)) * SITE_MAP_WIDTH);
  const y = (lat: number) => round(((north - lat) / (north - south)) * SITE_MAP_HEIGHT);

  const lines: string[] = [];
  for (let lng = Math.ceil(west / GRID_STEP) * GRID_STEP; lng <= east; lng += GRID_STEP)
    lines.push(`M${x(lng)} 0V${SITE_MAP_HEIGHT}`);
  for (let lat = Math.ceil(south / GRID_STEP) * GRID_STEP; lat <= north; lat += GRID_STEP)
    lines.push(`M0 ${y(lat)}H${SITE_MAP_WIDTH}`);

  // The best known first; one whose label would sit on another's is left out.
  const near: SiteMap["near"] = [];
  const taken = [{ x: x(here.lng), y: y(here.lat) }];
  const candidates = others
    .filter(
      (p) => p.id !== here.id && p.lng > west && p.lng < east && p.lat > south && p.lat < north,
    )
    .sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : 1));
  for (const p of candidates) {
    if (near.length >= NEAR_MAX) break;
    const at = { x: x(p.lng), y: y(p.lat) };
    if (taken.some((t) => Math.abs(t.x - at.x) < LABEL_W && Math.abs(t.y - at.y) < LABEL_H))
      continue;
    taken.push(at);
    near.push({ id: p.id, name: p.name, ...at });
  }

  return {
    width: SITE_MAP_WIDTH,
    height: SITE_MAP_HEIGHT,
    outline,
    graticule: lines.join(""),
    bounds: [round(west), round(south), round(east), round(north)],
    here: { x: x(here.lng), y: y(here.lat) },
    near,
  };
}
