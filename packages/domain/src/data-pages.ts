/** The data pages of /datapage/detail/* (issue 18 §7). */
export const DATA_PAGES = ["regimes", "people", "events", "poems"] as const;
export type DataPageSlug = (typeof DATA_PAGES)[number];

export function isDataPageSlug(value: string): value is DataPageSlug {
  return (DATA_PAGES as readonly string[]).includes(value);
}
