/**
 * The lattice diagram (/latticeDiagram): people in a grid of eras (rows) and fields (columns).
 * A person's roles (the content's PERSON_ROLES) decide their fields; one person may stand in
 * several (苏轼: 文学, 艺术 and 政治). Five fields only, so scholars, thinkers and historians
 * stand with the writers under 文学 (letters and learning), explorers and physicians with the
 * scientists, and rulers, consorts, diplomats, reformers and revolutionaries under 政治.
 */

export const LATTICE_FIELDS = ["政治", "文学", "艺术", "科学", "军事"] as const;
export type LatticeField = (typeof LATTICE_FIELDS)[number];

/** The content's periods (content-schema PERIODS), oldest first: the rows. */
export const LATTICE_ERAS = [
  "先秦",
  "秦汉",
  "三国两晋南北朝",
  "隋唐五代",
  "宋辽金夏元",
  "明清",
  "近现代",
] as const;
export type LatticeEra = (typeof LATTICE_ERAS)[number];

export const ROLE_FIELDS: Readonly<Record<string, LatticeField>> = {
  君主: "政治",
  后妃: "政治",
  政治家: "政治",
  外交家: "政治",
  改革家: "政治",
  革命家: "政治",
  军事家: "军事",
  侠客: "军事",
  思想家: "文学",
  文学家: "文学",
  诗人: "文学",
  词人: "文学",
  史学家: "文学",
  哲学家: "文学",
  学者: "文学",
  宗教人物: "文学",
  画家: "艺术",
  书法家: "艺术",
  艺术家: "艺术",
  音乐家: "艺术",
  科学家: "科学",
  医学家: "科学",
  发明家: "科学",
  探险家: "科学",
};

/** The fields of a person's roles, in column order; roles outside the map are left out. */
export function fieldsOfRoles(roles: readonly string[]): LatticeField[] {
  const set = new Set(roles.flatMap((r) => (ROLE_FIELDS[r] ? [ROLE_FIELDS[r]] : [])));
  return LATTICE_FIELDS.filter((f) => set.has(f));
}

/**
 * The row of a person without a regime whose period is known: by the year they were born (or,
 * failing that, died), at the usual boundaries of the periods (秦 221 BCE, 220, 581, 960, 1368,
 * 1840).
 */
const ERA_STARTS: [number, LatticeEra][] = [
  [1840, "近现代"],
  [1368, "明清"],
  [960, "宋辽金夏元"],
  [581, "隋唐五代"],
  [220, "三国两晋南北朝"],
  [-221, "秦汉"],
];

export function eraOfYear(year: number): LatticeEra {
  for (const [start, era] of ERA_STARTS) if (year >= start) return era;
  return "先秦";
}

export function isLatticeEra(value: string): value is LatticeEra {
  return (LATTICE_ERAS as readonly string[]).includes(value);
}

export function isLatticeField(value: string): value is LatticeField {
  return (LATTICE_FIELDS as readonly string[]).includes(value);
}

/** People shown in a cell before 加载更多. */
export const LATTICE_CELL_PREVIEW = 6;
export const LATTICE_CELL_PAGE_MAX = 60;
