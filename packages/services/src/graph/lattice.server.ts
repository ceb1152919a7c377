import type {
  Lattice,
  LatticeCellPage,
  LatticeCellQuery,
  LatticePerson,
  LatticeQuery,
} from "@tongjian/contracts/graph-lattice";
import {
  eraOfYear,
  fieldsOfRoles,
  isLatticeEra,
  LATTICE_CELL_PREVIEW,
  LATTICE_ERAS,
  LATTICE_FIELDS,
  type LatticeEra,
  type LatticeField,
} from "@tongjian/domain/lattice-fields";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { parseJson } from "../content/content-views.ts";
import type { LatticeRepository } from "./lattice-repository.ts";

/** The grid changes only with content: built once per content version. */
const LATTICE_TTL_MS = 10 * 60_000;

interface LatticeIndex {
  /** `era|field` → people, best known first. */
  cells: Record<string, LatticePerson[]>;
  /** Per era and per field: people in it (counted once however many cells they fill). */
  eraTotals: Record<string, number>;
  fieldTotals: Record<string, number>;
  total: number;
}

const cellKey = (era: string, field: string) => `${era}|${field}`;

/**
 * The lattice diagram: every person in the row of their era (their regime's period, or failing
 * that their years) and the columns of their roles' fields (lattice-fields.ts).
 */
export function createLatticeService(deps: {
  lattice: LatticeRepository;
  caches: ContentReadCaches;
}) {
  const cache = deps.caches.create<LatticeIndex>({ ttlMs: LATTICE_TTL_MS, max: 1 });

  async function build(): Promise<LatticeIndex> {
    const [people, regimes] = await Promise.all([deps.lattice.people(), deps.lattice.regimes()]);
    const periodOf = new Map<string, LatticeEra>();
    for (const r of regimes) {
      const period = parseJson<{ period?: unknown }>(r.data, {}).period;
      if (typeof period === "string" && isLatticeEra(period)) periodOf.set(r.id, period);
    }
    const cells: Record<string, LatticePerson[]> = {};
    const eraTotals: Record<string, number> = {};
    const fieldTotals: Record<string, number> = {};
    let total = 0;
    for (const p of people) {
      const roles = parseJson<{ roles?: unknown }>(p.data, {}).roles;
      const fields = fieldsOfRoles(Array.isArray(roles) ? roles.map(String) : []);
      if (fields.length === 0) continue;
      const year = p.start_year ?? p.end_year;
      const era =
        (p.regime_id ? periodOf.get(p.regime_id) : undefined) ??
        (year !== null ? eraOfYear(year) : undefined);
      if (!era) continue;
      total += 1;
      eraTotals[era] = (eraTotals[era] ?? 0) + 1;
      const person = { id: p.id, name: p.name, timeDesc: p.time_desc, imageUrl: p.image_url };
      for (const field of fields) {
        fieldTotals[field] = (fieldTotals[field] ?? 0) + 1;
        const key = cellKey(era, field);
        const list = cells[key];
        if (list) list.push(person);
        else cells[key] = [person];
      }
    }
    return { cells, eraTotals, fieldTotals, total };
  }

  const index = () => cache.get("lattice", build);

  return {
    /** The grid, or the row or column asked for, with a preview of each cell. */
    async grid({ field, era }: LatticeQuery): Promise<Lattice> {
      const ix = await index();
      const eras: LatticeEra[] = era ? [era] : [...LATTICE_ERAS];
      const fields: LatticeField[] = field ? [field] : [...LATTICE_FIELDS];
      const cells = eras.flatMap((e) =>
        fields.map((f) => {
          const list = ix.cells[cellKey(e, f)] ?? [];
          return {
            era: e,
            field: f,
            total: list.length,
            people: list.slice(0, LATTICE_CELL_PREVIEW),
          };
        }),
      );
      // Totals within the filter: a row's people in the chosen field, and so on.
      const sum = (pick: (c: (typeof cells)[number]) => boolean) =>
        cells.filter(pick).reduce((n, c) => n + c.total, 0);
      return {
        eras: eras.map((e) => ({
          name: e,
          total: field ? sum((c) => c.era === e) : (ix.eraTotals[e] ?? 0),
        })),
        fields: fields.map((f) => ({
          name: f,
          total: era ? sum((c) => c.field === f) : (ix.fieldTotals[f] ?? 0),
        })),
        cells,
        total: field || era ? sum(() => true) : ix.total,
      };
    },

    /** One cell, page by page (加载更多). */
    async cell({ era, field, page, size }: LatticeCellQuery): Promise<LatticeCellPage> {
      const ix = await index();
      const list = ix.cells[cellKey(era, field)] ?? [];
      const start = (page - 1) * size;
      return {
        era,
        field,
        page,
        size,
        total: list.length,
        hasMore: start + size < list.length,
        list: list.slice(start, start + size),
      };
    },
  };
}

export type LatticeService = ReturnType<typeof createLatticeService>;
