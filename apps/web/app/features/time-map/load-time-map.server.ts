import { TIME_MAP_SPAN_DEFAULT, type TimeMapYearData } from "@tongjian/contracts/time-map";
import { isEntityId } from "@tongjian/domain/entity-id";
import { TIME_MAP_DEFAULT_YEAR } from "@tongjian/domain/time-map";
import type { AppLoadContext } from "react-router";
import { isNotFoundError, notFound } from "../../shell/not-found.ts";
import { mapTargetOf } from "./map-link.ts";
import { invalidYearMessage, readYearParam } from "./time-map-model.ts";
import type { TimeMapPlace, TimeMapScreenData, TimeMapYearSummary } from "./time-map-screen.tsx";

/** What a link asks the map to show. */
export interface MapRequest {
  year: number | null;
  /** A place's entity id or content key. */
  place: string | null;
  focus: TimeMapScreenData["focus"];
  /** Said above the map (a year that was no year …). */
  notice: string | null;
}

function summary(d: TimeMapYearData): TimeMapYearSummary {
  return { ...d, regimes: d.regimes.map(({ geometry: _g, ...r }) => r) };
}

/** `?year=&place=` of /home/timemap (and the same parameters on /map/detail). */
export function requestOf(url: URL): MapRequest {
  const y = readYearParam(url.searchParams.get("year"));
  const place = url.searchParams.get("place")?.trim() || null;
  return {
    year: y.year,
    place: place && place.length <= 80 ? place : null,
    focus: null,
    notice: y.invalid === null ? null : invalidYearMessage(y.invalid),
  };
}

/**
 * The screen's first data: the year's regimes, events and capitals (their outlines are left out
 * of the HTML: the map fetches them), the notable years, and the place the link marks. The year
 * outside the map's range is clamped by the service, which says so.
 */
export async function loadTimeMap(
  context: AppLoadContext,
  request: MapRequest,
): Promise<TimeMapScreenData> {
  const { timeMap } = context.services;
  let place: TimeMapPlace | null = null;
  let placeNotice: string | null = null;
  const placeCall = request.place
    ? timeMap.place(request.place).catch((error: unknown) => {
        if (isNotFoundError(error)) return null;
        throw error;
      })
    : Promise.resolve(null);
  const [year, years, placeData] = await Promise.all([
    timeMap.year({ year: request.year ?? TIME_MAP_DEFAULT_YEAR, span: TIME_MAP_SPAN_DEFAULT }),
    timeMap.years(),
    placeCall,
  ]);
  if (placeData) {
    const p = placeData.place;
    place = { id: p.id, name: p.name, modern: p.modern, lng: p.lng, lat: p.lat };
  } else if (request.place) {
    placeNotice = "没有找到链接里的地点，地图未标出地点";
  }
  const notice =
    [request.notice, year.clamped?.message ?? null, placeNotice].filter(Boolean).join("；") || null;
  return { initial: summary(year), years, place, notice, focus: request.focus };
}

/**
 * `/map/detail/{what}`: an entry of the corpus (a regime, an event, a person or a place: the
 * article cards link regimes so) or a year (`-221`, `前221年`). Anything else is a 404 with a
 * Chinese message. `?year=` and `?place=` still apply over what the entry gives.
 */
export async function mapDetailRequest(
  context: AppLoadContext,
  splat: string,
  url: URL,
): Promise<MapRequest> {
  const base = requestOf(url);
  const what = decodeURIComponent(splat).replace(/\/+$/, "").trim();
  if (!what) throw notFound("没有指明要在地图上看什么");
  const named = what.slice(0, 20);
  if (isEntityId(what)) {
    let entry: Awaited<ReturnType<typeof context.services.entries.detail>>;
    try {
      entry = await context.services.entries.detail(what, { countView: false });
    } catch (error) {
      if (isNotFoundError(error)) throw notFound("地图上没有这一项：词条不存在或已被删除");
      throw error;
    }
    const target = mapTargetOf({
      id: entry.id,
      kind: entry.kind,
      startYear: entry.startYear,
      endYear: entry.endYear,
      facts: entry.facts,
    });
    if (!target) throw notFound(`「${entry.name}」没有可在地图上显示的年代或地点`);
    let lng: number | undefined;
    let lat: number | undefined;
    const facts = entry.facts as { lng?: unknown; lat?: unknown };
    if (typeof facts.lng === "number" && typeof facts.lat === "number") {
      lng = facts.lng;
      lat = facts.lat;
    }
    return {
      year: base.year ?? target.year,
      // A regime is shown whole; its capital is not marked unless the link asks.
      place: base.place ?? (entry.kind === "regime" ? null : target.place),
      focus: { id: entry.id, kind: entry.kind, name: entry.name, lng, lat },
      notice: base.notice,
    };
  }
  const y = readYearParam(what);
  if (y.year !== null) return { ...base, year: base.year ?? y.year };
  throw notFound(`地图上没有「${named}」：请给出年份（如 前221）或词条`);
}
