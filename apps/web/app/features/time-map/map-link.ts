/**
 * Where an entry stands on the time map (在地图上看): a person in the middle of their life at
 * their native place, an event in its year at its first place, a regime at its start with its
 * first capital, a place in the map's default year. Plain data in, a link out: the entry page
 * carries this and no map code.
 */

export const TIME_MAP_PATH = "/home/timemap";

export interface MapTarget {
  year: number | null;
  /** A place's entity id. */
  place: string | null;
}

interface EntryLike {
  id: string;
  kind: string;
  startYear: number | null;
  endYear: number | null;
  /** The entry's record as stored (`refs` maps the keys it names to entries). */
  facts: Record<string, unknown>;
}

type Refs = Record<string, { id?: unknown; kind?: unknown }>;

function refsOf(facts: Record<string, unknown>): Refs {
  const refs = facts.refs;
  return refs && typeof refs === "object" ? (refs as Refs) : {};
}

/** The entry id of a place key the record names, if the corpus resolved it to a place. */
function placeRef(refs: Refs, key: unknown): string | null {
  if (typeof key !== "string") return null;
  const ref = refs[key];
  if (!ref || typeof ref.id !== "string") return null;
  if (ref.kind !== undefined && ref.kind !== "place") return null;
  return ref.id;
}

function firstPlace(refs: Refs, keys: unknown): string | null {
  if (!Array.isArray(keys)) return null;
  for (const key of keys) {
    const id = placeRef(refs, key);
    if (id) return id;
  }
  return null;
}

/** The year halfway through a span, counted without a year 0 (前10年…10年 → 1年). */
export function middleYear(start: number, end: number): number {
  const axis = (y: number) => (y > 0 ? y - 1 : y);
  const mid = Math.floor((axis(start) + axis(end)) / 2);
  return mid >= 0 ? mid + 1 : mid;
}

export function mapTargetOf(entry: EntryLike): MapTarget | null {
  const refs = refsOf(entry.facts);
  const { startYear: start, endYear: end } = entry;
  switch (entry.kind) {
    case "person": {
      const year = start !== null && end !== null ? middleYear(start, end) : (start ?? end ?? null);
      const place = placeRef(refs, entry.facts.place);
      return year === null && place === null ? null : { year, place };
    }
    case "event": {
      const place = firstPlace(refs, entry.facts.places);
      return start === null && place === null ? null : { year: start, place };
    }
    case "regime": {
      if (start === null) return null;
      return { year: start, place: firstPlace(refs, entry.facts.capitals) };
    }
    case "place":
      return { year: null, place: entry.id };
    default:
      return null;
  }
}

/** `/home/timemap?year=…&place=…` (either part left out when unknown). */
export function timeMapHref(target: Partial<MapTarget>): string {
  const params = new URLSearchParams();
  if (target.year !== null && target.year !== undefined) params.set("year", String(target.year));
  if (target.place) params.set("place", target.place);
  const query = params.toString();
  return query ? `${TIME_MAP_PATH}?${query}` : TIME_MAP_PATH;
}

export function mapLinkOf(entry: EntryLike): string | null {
  const target = mapTargetOf(entry);
  return target ? timeMapHref(target) : null;
}
