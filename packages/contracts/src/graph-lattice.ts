import {
  LATTICE_CELL_PAGE_MAX,
  LATTICE_CELL_PREVIEW,
  LATTICE_ERAS,
  LATTICE_FIELDS,
} from "@tongjian/domain/lattice-fields";
import { z } from "zod";
import { lang, pageNumber, pageSize } from "./common.ts";

// --- GET /api/lattice/:lang?field=&era= : people by era and field;
// GET /api/lattice/cell/:lang?era=&field=&page=&size= : one cell, page by page ---

export const latticeEra = z.enum(LATTICE_ERAS, {
  error: `时代只支持：${LATTICE_ERAS.join("、")}`,
});
export const latticeField = z.enum(LATTICE_FIELDS, {
  error: `领域只支持：${LATTICE_FIELDS.join("、")}`,
});

export const latticeParams = z.object({ lang });
export const latticeQuery = z.object({
  field: latticeField.optional(),
  era: latticeEra.optional(),
});
export type LatticeQuery = z.infer<typeof latticeQuery>;

export const latticePerson = z.object({
  id: z.string(),
  name: z.string(),
  timeDesc: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type LatticePerson = z.infer<typeof latticePerson>;

export const latticeCell = z.object({
  era: latticeEra,
  field: latticeField,
  total: z.number().int(),
  /** The best known first, at most LATTICE_CELL_PREVIEW. */
  people: z.array(latticePerson),
});
export type LatticeCell = z.infer<typeof latticeCell>;

export const lattice = z.object({
  /** The rows and columns shown (all, or the one filtered), each with its count of people. */
  eras: z.array(z.object({ name: latticeEra, total: z.number().int() })),
  fields: z.array(z.object({ name: latticeField, total: z.number().int() })),
  /** Every row × column shown, in row order then column order. */
  cells: z.array(latticeCell),
  /** People placed in the grid (one person in several fields counts once). */
  total: z.number().int(),
});
export type Lattice = z.infer<typeof lattice>;

export const latticeCellQuery = z.object({
  era: latticeEra,
  field: latticeField,
  page: pageNumber.default(1),
  size: pageSize(LATTICE_CELL_PAGE_MAX).default(LATTICE_CELL_PREVIEW * 4),
});
export type LatticeCellQuery = z.infer<typeof latticeCellQuery>;

export const latticeCellPage = z.object({
  era: latticeEra,
  field: latticeField,
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
  list: z.array(latticePerson),
});
export type LatticeCellPage = z.infer<typeof latticeCellPage>;
