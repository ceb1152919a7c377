import type {
  TimeMapEvent,
  TimeMapOutlinesData,
  TimeMapPeopleData,
  TimeMapWorldData,
  TimeMapYearData,
} from "@tongjian/contracts/time-map";
import { type ApiTransport, callApi } from "../../shell/api-client.ts";

/**
 * The time map's calls from the browser. They go straight to this site's API, without the
 * shell wrapper's 200 ms floor: a year changes many times a second while the slider moves, and
 * each answer is drawn as soon as it comes. Answers are kept for the page's life, so going back
 * to a year costs nothing; the browser's cache and ETags keep them across visits.
 */

export const TIME_MAP_LANG = "cn";

const transport: ApiTransport = async (path) => {
  const response = await fetch(path, { credentials: "same-origin" });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = { code: response.status, message: "网络异常，请稍后重试", data: null };
  }
  return { status: response.status, body };
};

const KEEP = 400;

function remembered<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>) {
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = load();
  cache.set(key, made);
  made.catch(() => cache.delete(key));
  if (cache.size > KEEP) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return made;
}

const years = new Map<string, Promise<TimeMapYearData>>();
const people = new Map<string, Promise<TimeMapPeopleData>>();
const worlds = new Map<string, Promise<TimeMapEvent[]>>();
let base: Promise<TimeMapOutlinesData> | null = null;

export function yearPath(year: number, span?: number): string {
  return `/api/timemap/${TIME_MAP_LANG}/year?year=${year}${span === undefined ? "" : `&span=${span}`}`;
}

/** The regimes, events and capitals of a year (geometry included). */
export function fetchYear(year: number): Promise<TimeMapYearData> {
  return remembered(years, String(year), () => callApi<TimeMapYearData>(transport, yearPath(year)));
}

/** Whether a year's answer is already here (or on its way). */
export function hasYear(year: number): boolean {
  return years.has(String(year));
}

export function fetchPeople(year: number): Promise<TimeMapPeopleData> {
  return remembered(people, String(year), () =>
    callApi<TimeMapPeopleData>(transport, `/api/timemap/${TIME_MAP_LANG}/people?year=${year}`),
  );
}

/** The base map's outlines, drawn on the server (land, provincial and country lines). */
export function fetchOutlines(): Promise<TimeMapOutlinesData> {
  base ??= callApi<TimeMapOutlinesData>(transport, `/api/timemap/${TIME_MAP_LANG}/outlines`);
  base.catch(() => {
    base = null;
  });
  return base;
}

/**
 * The world's events of the period around a year (the corpus's world history, events of no
 * Chinese regime), each with its place.
 */
export function fetchWorld(year: number): Promise<TimeMapEvent[]> {
  return remembered(worlds, String(year), () =>
    callApi<TimeMapWorldData>(transport, `/api/timemap/${TIME_MAP_LANG}/world?year=${year}`).then(
      (d) => d.events,
    ),
  );
}
