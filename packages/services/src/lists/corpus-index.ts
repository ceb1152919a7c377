import type { PlaceNameRecord } from "@tongjian/domain/place-names";
import { umbrellaRegimes } from "@tongjian/domain/time-columns";
import { formatYear, formatYearRange, yearsBetween } from "@tongjian/domain/year-format";
import { parseJson } from "../content/content-views.ts";
import type { CorpusRelationRow, CorpusRow } from "./corpus-repository.ts";

export interface IndexedEntry {
  id: string;
  key: string;
  kind: string;
  name: string;
  aliases: string[];
  summary: string;
  start: number | null;
  end: number | null;
  timeDesc: string;
  regimeId: string | null;
  popularity: number;
}

export interface IndexedRegime extends IndexedEntry {
  start: number;
  /** The last year (this year for one still standing). */
  last: number;
  standing: boolean;
  parallel: boolean;
  period: string;
  /** Names a stretch of others (周, 汉, 三国 …). */
  umbrella: boolean;
  capitals: string[];
}

export interface IndexedPlace extends IndexedEntry {
  lat: number;
  lng: number;
  modern: string | null;
  names: PlaceNameRecord[];
  sources: string[];
}

export interface IndexedPerson extends IndexedEntry {
  roles: string[];
  /** Key of the native place. */
  place: string | null;
}

export interface IndexedEvent extends IndexedEntry {
  /** Keys of the places, the first where it happened or began. */
  places: string[];
  /** No regime: an event of world history (content/events/world.yaml). */
  world: boolean;
}

export interface IndexedWork extends IndexedEntry {
  category: string;
  form: string | null;
  makers: string | null;
  /** A work of world history (its makers are people of the world, none of a Chinese regime). */
  world: boolean;
}

/** The written corpus in memory, built once per content version. */
export interface CorpusIndex {
  byId: Map<string, IndexedEntry>;
  byKey: Map<string, IndexedEntry>;
  regimes: IndexedRegime[];
  places: IndexedPlace[];
  people: IndexedPerson[];
  events: IndexedEvent[];
  works: IndexedWork[];
  placeRelations: CorpusRelationRow[];
  builtAt: string;
}

interface Facts {
  parallel?: boolean;
  period?: string;
  capitals?: string[];
  lat?: number;
  lng?: number;
  modern?: string;
  names?: PlaceNameRecord[];
  sources?: string[];
  roles?: string[];
  place?: string;
  places?: string[];
  category?: string;
  form?: string;
  attribution?: string;
  creators?: (string | { person: string; role?: string })[];
  regime?: string;
}

function timeDescOf(row: CorpusRow): string {
  if (row.time_desc) return row.time_desc;
  if (row.start_year === null) return "";
  if (row.end_year === null)
    return row.kind === "regime" ? `${formatYear(row.start_year)}至今` : formatYear(row.start_year);
  return formatYearRange(row.start_year, row.end_year);
}

/** Whole years a regime lasted; a regime of one year lasted one. */
export function regimeYears(start: number, last: number): number {
  return Math.max(1, yearsBetween(start, last));
}

export function buildCorpusIndex(
  rows: readonly CorpusRow[],
  placeRelations: CorpusRelationRow[],
  now: Date,
): CorpusIndex {
  const thisYear = now.getUTCFullYear();
  const byId = new Map<string, IndexedEntry>();
  const byKey = new Map<string, IndexedEntry>();
  const facts = new Map<string, Facts>();
  const regimes: IndexedRegime[] = [];
  const places: IndexedPlace[] = [];
  const people: IndexedPerson[] = [];
  const events: IndexedEvent[] = [];
  const workRows: { entry: IndexedEntry; facts: Facts }[] = [];

  for (const row of rows) {
    const data = parseJson<Facts>(row.data, {});
    const entry: IndexedEntry = {
      id: row.id,
      key: row.key,
      kind: row.kind,
      name: row.name,
      aliases: parseJson<string[]>(row.aliases, []),
      summary: row.summary,
      start: row.start_year,
      end: row.end_year,
      timeDesc: timeDescOf(row),
      regimeId: row.regime_id,
      popularity: row.popularity,
    };
    byId.set(entry.id, entry);
    byKey.set(entry.key, entry);
    facts.set(entry.id, data);
    if (row.kind === "regime" && row.start_year !== null) {
      const standing = row.end_year === null;
      regimes.push({
        ...entry,
        start: row.start_year,
        last: row.end_year ?? thisYear,
        standing,
        parallel: data.parallel === true,
        period: data.period ?? "",
        umbrella: false,
        capitals: data.capitals ?? [],
      });
    } else if (
      row.kind === "place" &&
      typeof data.lat === "number" &&
      typeof data.lng === "number"
    ) {
      places.push({
        ...entry,
        lat: data.lat,
        lng: data.lng,
        modern: data.modern ?? null,
        names: data.names ?? [],
        sources: data.sources ?? [],
      });
    } else if (row.kind === "person") {
      people.push({ ...entry, roles: data.roles ?? [], place: data.place ?? null });
    } else if (row.kind === "event") {
      events.push({ ...entry, places: data.places ?? [], world: row.regime_id === null });
    } else if (row.kind === "work") {
      workRows.push({ entry, facts: data });
    }
  }

  const umbrellas = umbrellaRegimes(
    regimes.map((r) => ({ id: r.id, start: r.start, end: r.last })),
  );
  for (const r of regimes) r.umbrella = umbrellas.has(r.id);
  regimes.sort((a, b) => a.start - b.start || a.last - b.last || (a.id < b.id ? -1 : 1));

  const works: IndexedWork[] = workRows.map(({ entry, facts: f }) => {
    const creators = (f.creators ?? []).map((c) => (typeof c === "string" ? c : c.person));
    const makerNames = creators.map((k) => byKey.get(k)?.name).filter((n): n is string => !!n);
    // A work of world history: no regime of its own, and a first maker (the author, before any
    // translator) who belongs to none.
    const first = creators[0] === undefined ? undefined : byKey.get(creators[0]);
    const world = entry.regimeId === null && first !== undefined && first.regimeId === null;
    return {
      ...entry,
      category: f.category ?? "",
      form: f.form ?? null,
      makers: makerNames.length > 0 ? makerNames.join("、") : (f.attribution ?? null),
      world,
    };
  });

  return {
    byId,
    byKey,
    regimes,
    places,
    people,
    events,
    works,
    placeRelations,
    builtAt: now.toISOString(),
  };
}
