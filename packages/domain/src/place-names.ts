import { formatYear, YEAR_RANGE_SEPARATOR } from "./year-format.ts";

/** A name as content/places.yaml gives it (docs/content-format.md "Place"). */
export interface PlaceNameRecord {
  name: string;
  from?: number;
  to?: number;
  note?: string;
}

/** A name with the years it was used, as the space bar and the site pages show it. */
export interface PlaceNamePeriod {
  name: string;
  from: number | null;
  to: number | null;
  /** 696年起, 前1300年—前1046年, or empty when the corpus gives no years. */
  timeDesc: string;
  note: string | null;
}

function describe(from: number | null, to: number | null): string {
  if (from !== null && to !== null)
    return from === to
      ? formatYear(from)
      : `${formatYear(from)}${YEAR_RANGE_SEPARATOR}${formatYear(to)}`;
  if (from !== null) return `${formatYear(from)}起`;
  if (to !== null) return `至${formatYear(to)}`;
  return "";
}

/**
 * A place's names over time, oldest first, as written: the content lists them oldest first and
 * gives only the years it knows. A name without an end is not given one here (洛阳 from 220 and
 * 东都 from 605 were both in use): the file's years are facts, an invented end would not be.
 */
export function placeNamesOverTime(names: readonly PlaceNameRecord[]): PlaceNamePeriod[] {
  return names.map((n) => {
    const from = n.from ?? null;
    const to = n.to ?? null;
    return { name: n.name, from, to, timeDesc: describe(from, to), note: n.note ?? null };
  });
}

/** The name a place had in a year: the latest dated name begun by then and not yet ended. */
export function placeNameIn(
  names: readonly PlaceNameRecord[],
  year: number,
  fallback: string,
): string {
  let best: PlaceNameRecord | null = null;
  for (const n of names) {
    if (n.from === undefined || n.from > year) continue;
    if (n.to !== undefined && n.to < year) continue;
    if (!best || (best.from ?? -Infinity) <= n.from) best = n;
  }
  return best?.name ?? fallback;
}
