import { DATA_PAGES, type DataPageSlug } from "@tongjian/domain/data-pages";
import { z } from "zod";
import { lang } from "./common.ts";

// Data pages (issue 18: /datapage/detail/*): statistics of the corpus, computed from the database.
//   GET /api/datapage/{lang}          the pages
//   GET /api/datapage/{lang}/{slug}   one page's charts

export { DATA_PAGES, type DataPageSlug };

export const dataPageListParams = z.object({ lang });
export const dataPageParams = z.object({
  lang,
  slug: z.enum(DATA_PAGES, { error: `数据页只有：${DATA_PAGES.join("、")}` }),
});

export const dataChart = z.object({
  id: z.string(),
  title: z.string(),
  /** The chart in one or two sentences: what a reader who cannot see it should know. */
  summary: z.string(),
  /** What a value counts: 年, 人, 件, 首 */
  unit: z.string(),
  /** Bars lying down (long labels, many rows) or standing. */
  layout: z.enum(["rows", "columns"]),
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  /** Where each category links (an entry page), when it is one. */
  links: z.array(z.string().nullable()).optional(),
});
export type DataChart = z.infer<typeof dataChart>;

export const dataPageSummary = z.object({
  slug: z.enum(DATA_PAGES),
  title: z.string(),
  intro: z.string(),
});
export type DataPageSummary = z.infer<typeof dataPageSummary>;

export const dataPageListData = z.object({ pages: z.array(dataPageSummary) });
export type DataPageListData = z.infer<typeof dataPageListData>;

export const dataPageData = dataPageSummary.extend({
  charts: z.array(dataChart),
  /** When these figures were counted (ISO time). */
  computedAt: z.string(),
});
export type DataPageData = z.infer<typeof dataPageData>;
