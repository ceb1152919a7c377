import type {
  PlaceHolder,
  PlaceListData,
  PlaceListItem,
  SiteData,
  SiteEntryRef,
} from "@tongjian/contracts/places";
import { placeNamesOverTime } from "@tongjian/domain/place-names";
import type { IndexedEntry, IndexedPlace } from "../lists/corpus-index.ts";
import type { CorpusSource } from "../lists/corpus-source.ts";
import { NotFoundError } from "../service-error.ts";
import { REGION_ORDER, regionOf } from "./place-regions.ts";
import { siteMapOf } from "./site-map.ts";

/** The regimes whose territory held a place, from the time map's territories (when there are any). */
export type PlaceHolders = (placeId: string) => Promise<PlaceHolder[] | null>;

/** Relations a site page lists under their own heading rather than under 相关. */
const DERIVED_TYPES = new Set(["定都", "发生地"]);

function listItem(p: IndexedPlace): PlaceListItem {
  const otherNames = [...new Set([...p.names.map((n) => n.name), ...p.aliases])].filter(
    (n) => n !== p.name,
  );
  return { id: p.id, name: p.name, otherNames, modern: p.modern, lat: p.lat, lng: p.lng };
}

function matches(p: IndexedPlace, q: string): boolean {
  return (
    p.name.includes(q) ||
    p.aliases.some((a) => a.includes(q)) ||
    p.names.some((n) => n.name.includes(q)) ||
    (p.modern?.includes(q) ?? false)
  );
}

const ref = (e: IndexedEntry, label: string | null = null): SiteEntryRef => ({
  id: e.id,
  name: e.name,
  kind: e.kind,
  timeDesc: e.timeDesc,
  label,
});

const byStart = (a: IndexedEntry, b: IndexedEntry) =>
  (a.start ?? Number.MAX_SAFE_INTEGER) - (b.start ?? Number.MAX_SAFE_INTEGER) ||
  b.popularity - a.popularity;

/**
 * Places over time (/home/spacebar) and historical sites (/historicalsite/detail): the corpus's
 * places by region, and one place with its names by period, the regimes that held it, what
 * happened there, who was born there, the works about it and a small map.
 */
export function createPlaceService(deps: { source: CorpusSource; holders?: PlaceHolders }) {
  return {
    async list(request: { q?: string | undefined } = {}): Promise<PlaceListData> {
      const { places } = await deps.source.index();
      const q = request.q?.trim() || null;
      const chosen = q ? places.filter((p) => matches(p, q)) : places;
      const regions = new Map<string, PlaceListItem[]>();
      const sorted = [...chosen].sort(
        (a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : 1),
      );
      for (const p of sorted) {
        const region = regionOf(p.modern);
        regions.set(region, [...(regions.get(region) ?? []), listItem(p)]);
      }
      return {
        q,
        total: chosen.length,
        regions: REGION_ORDER.filter((r) => regions.has(r)).map((name) => ({
          name,
          places: regions.get(name) ?? [],
        })),
      };
    },

    async site(id: string): Promise<SiteData> {
      const index = await deps.source.index();
      const place = index.places.find((p) => p.id === id);
      if (!place) throw new NotFoundError("没有这处地点：它可能不在本站的地点中，或链接有误");

      const capitalOf = index.regimes
        .filter((r) => r.capitals.includes(place.key))
        .map((r) => ref(r, "都城"));
      const events = index.events.filter((e) => e.places.includes(place.key)).sort(byStart);
      const people = index.people.filter((p) => p.place === place.key).sort(byStart);

      const listed = new Set([
        ...capitalOf.map((r) => r.id),
        ...events.map((e) => e.id),
        ...people.map((p) => p.id),
      ]);
      const works: SiteEntryRef[] = [];
      const related: SiteEntryRef[] = [];
      for (const r of index.placeRelations) {
        if (DERIVED_TYPES.has(r.type)) continue;
        const otherId = r.from_id === place.id ? r.to_id : r.to_id === place.id ? r.from_id : null;
        if (!otherId || listed.has(otherId)) continue;
        const other = index.byId.get(otherId);
        if (!other) continue;
        listed.add(otherId);
        const label = r.type === "相关" ? r.label : r.type;
        (other.kind === "work" ? works : related).push(ref(other, label));
      }

      const holders = deps.holders ? await deps.holders(place.id) : null;
      return {
        place: {
          id: place.id,
          name: place.name,
          aliases: place.aliases,
          modern: place.modern,
          lat: place.lat,
          lng: place.lng,
          summary: place.summary,
          sources: place.sources,
        },
        names: placeNamesOverTime(place.names),
        holders,
        capitalOf,
        events: events.map((e) => ref(e)),
        people: people.map((p) => ref(p)),
        works,
        related,
        map: siteMapOf(place, index.places),
      };
    },
  };
}

export type PlaceService = ReturnType<typeof createPlaceService>;
