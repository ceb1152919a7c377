import {
  FAMILY_DOWN_DEFAULT,
  FAMILY_DOWN_MAX,
  FAMILY_UP_DEFAULT,
  FAMILY_UP_MAX,
} from "@tongjian/domain/family-tree";
import { z } from "zod";
import { langIdParams } from "./common.ts";

// --- GET /api/item/family/:lang/:id?up=&down= : a person's family tree ---

const depth = (what: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${what}应为数字` })
    .int(`${what}应为整数`)
    .min(0, `${what}不能小于 0`)
    .max(max, `${what}至多 ${max} 代`)
    .default(fallback);

export const familyParams = langIdParams;
export const familyQuery = z.object({
  /** Generations above the person. */
  up: depth("向上代数", FAMILY_UP_MAX, FAMILY_UP_DEFAULT),
  /** Generations below the person. */
  down: depth("向下代数", FAMILY_DOWN_MAX, FAMILY_DOWN_DEFAULT),
});
export type FamilyQuery = z.infer<typeof familyQuery>;

export const familyPerson = z.object({
  id: z.string(),
  name: z.string(),
  /** 566年—635年, 约前551年生 … (the entry's timeDesc). */
  timeDesc: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type FamilyPerson = z.infer<typeof familyPerson>;

export const familyUnit = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  generation: z.number().int(),
  spouseIds: z.array(z.string()),
  childIds: z.array(z.string()),
  birthOrder: z.number().int().nullable(),
  label: z.string().nullable(),
  successor: z.boolean(),
  moreAbove: z.boolean(),
  moreBelow: z.boolean(),
});

export const familyTree = z.object({
  /** The person asked for. */
  rootId: z.string(),
  /** The highest ancestor reached: the unit the tree hangs from. */
  topId: z.string(),
  up: z.number().int(),
  down: z.number().int(),
  /** Everyone drawn: the units and their spouses. */
  people: z.array(familyPerson),
  units: z.array(familyUnit),
  /** Some of the tree is on a line of succession (继位 relations): 只看继位者 applies. */
  hasSuccession: z.boolean(),
});
export type FamilyTree = z.infer<typeof familyTree>;
