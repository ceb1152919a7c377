import { TOP_BOARDS, type TopBoard } from "@tongjian/domain/top-boards";
import { z } from "zod";
import { id, lang } from "./common.ts";

// The era and national lists and the top lists (issue 18: /home/historylist, /home/national,
// /home/top), and the world side by side with a Chinese regime:
//   GET /api/historylist/{lang}                 the regimes in order, by period, parallel ones beside
//   GET /api/historylist/{lang}/world?regime=   what happened in China and in the world in its years
//   GET /api/national/{lang}                    the classics and other works by category
//   GET /api/top/{lang}/{board}?limit=          one top list

export const listParams = z.object({ lang });

export const regimeRow = z.object({
  id: z.string(),
  name: z.string(),
  start: z.number().int(),
  /** null for a regime still standing. */
  end: z.number().int().nullable(),
  /** 约前2070年—约前1600年, 1949年至今 */
  timeDesc: z.string(),
  /** Whole years it lasted (to this year for one still standing). */
  years: z.number().int(),
  /** It stood beside the main line (十六国, 辽, 西夏 …). */
  parallel: z.boolean(),
});
export type RegimeRow = z.infer<typeof regimeRow>;

export const historyPeriod = z.object({
  /** 先秦, 秦汉 … 近现代 */
  name: z.string(),
  start: z.number().int(),
  end: z.number().int().nullable(),
  /** Names over several regimes of the period (周, 汉, 三国, 南北朝 …). */
  eras: z.array(regimeRow.extend({ parts: z.array(z.string()) })),
  /** The main line in order; beside each, the regimes founded while it stood. */
  rows: z.array(z.object({ main: regimeRow, beside: z.array(regimeRow) })),
});
export type HistoryPeriod = z.infer<typeof historyPeriod>;

export const historyListData = z.object({
  periods: z.array(historyPeriod),
  total: z.number().int(),
});
export type HistoryListData = z.infer<typeof historyListData>;

export const worldParallelQuery = z.object({
  regime: id,
});

export const parallelEvent = z.object({
  id: z.string(),
  name: z.string(),
  start: z.number().int(),
  end: z.number().int().nullable(),
  timeDesc: z.string(),
  /** The regime it belongs to (Chinese events), for the left column's note. */
  regime: z.string().nullable(),
});
export type ParallelEvent = z.infer<typeof parallelEvent>;

export const parallelRow = z.object({
  /** The first year of the events of this row. */
  year: z.number().int(),
  label: z.string(),
  china: z.array(parallelEvent),
  world: z.array(parallelEvent),
});
export type ParallelRow = z.infer<typeof parallelRow>;

export const worldParallelData = z.object({
  regime: regimeRow,
  /** Years with something on either side, oldest first. */
  rows: z.array(parallelRow),
  counts: z.object({ china: z.number().int(), world: z.number().int() }),
  /** World-history articles about these years. */
  articles: z.array(z.object({ id: z.string(), title: z.string(), abstract: z.string() })),
  /** The main line's regimes before and after, to walk on. */
  previous: regimeRow.nullable(),
  next: regimeRow.nullable(),
});
export type WorldParallelData = z.infer<typeof worldParallelData>;

export const nationalWork = z.object({
  id: z.string(),
  name: z.string(),
  /** 纪传体通史, 语录体 … */
  form: z.string().nullable(),
  /** Its makers in words (司马迁, 孔子弟子及再传弟子编). */
  makers: z.string().nullable(),
  timeDesc: z.string(),
});
export type NationalWork = z.infer<typeof nationalWork>;

export const nationalData = z.object({
  groups: z.array(
    z.object({
      category: z.string(),
      /** What the group holds, in a line. */
      note: z.string(),
      works: z.array(nationalWork),
    }),
  ),
  /** The classics whose text the site carries, chapter by chapter. */
  texts: z.array(
    z.object({
      book: z.string(),
      /** The work entry about the book, when there is one. */
      workId: z.string().nullable(),
      chapters: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  total: z.number().int(),
});
export type NationalData = z.infer<typeof nationalData>;

export { TOP_BOARDS, type TopBoard };
export const TOP_LIMIT_MAX = 100;
export const TOP_LIMIT_DEFAULT = 30;

export const topParams = z.object({
  lang,
  board: z.enum(TOP_BOARDS, { error: `榜单只有：${TOP_BOARDS.join("、")}` }),
});
export const topQuery = z.object({
  limit: z.coerce
    .number({ error: "limit 应为数字" })
    .int("limit 应为整数")
    .min(1, "limit 至少为 1")
    .max(TOP_LIMIT_MAX, `limit 至多为 ${TOP_LIMIT_MAX}`)
    .default(TOP_LIMIT_DEFAULT),
});

export const topItem = z.object({
  rank: z.number().int(),
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  timeDesc: z.string(),
  value: z.number(),
  /** 12 次浏览, 86 条关系, 790 年, 1,034 首 */
  valueLabel: z.string(),
});
export type TopItem = z.infer<typeof topItem>;

export const topData = z.object({
  board: z.enum(TOP_BOARDS),
  title: z.string(),
  /** How the list is ranked, for the reader. */
  rule: z.string(),
  items: z.array(topItem),
});
export type TopData = z.infer<typeof topData>;
