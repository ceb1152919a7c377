/**
 * The time map's years (/home/timemap, /map/detail): the year it opens on, and the clamping of a
 * year outside the data's range into it with a message (issue 18: out-of-range years clamp, they
 * do not fail). Years are the content's: BCE negative, no year 0.
 */

import { formatYear } from "./year-format.ts";

/** The year the time map opens on. */
export const TIME_MAP_DEFAULT_YEAR = 1949;

/** The widest years a query may name before it is even clamped (beyond: surely a typo). */
export const TIME_MAP_QUERY_MIN = -1_000_000;
export const TIME_MAP_QUERY_MAX = 1_000_000;

export interface YearRange {
  min: number;
  max: number;
}

export interface ClampedYear {
  year: number;
  /** Set when the year asked for lay outside the range: what was asked and what is shown. */
  clamped?: { requested: number; message: string };
}

/** A year brought into the data's range; the message says which year is shown instead. */
export function clampToRange(requested: number, range: YearRange): ClampedYear {
  if (requested >= range.min && requested <= range.max) return { year: requested };
  const year = requested < range.min ? range.min : range.max;
  const span = `${formatYear(range.min)}到${formatYear(range.max)}`;
  const message =
    requested < range.min
      ? `地图的年代范围是${span}，${formatYear(requested)}早于最早的年份，已显示${formatYear(year)}`
      : `地图的年代范围是${span}，${formatYear(requested)}晚于最晚的年份，已显示${formatYear(year)}`;
  return { year, clamped: { requested, message } };
}

/**
 * Regimes whose years are made of other regimes of the corpus (issue 18): the map draws their
 * parts, each in its own colour, and names the umbrella as the parts' `parent`. Keyed by the
 * part's content key.
 */
export const TIME_MAP_PARENTS: Readonly<Record<string, string>> = {
  "xi-zhou": "zhou",
  "dong-zhou": "zhou",
  "xi-han": "han",
  "dong-han": "han",
  "cao-wei": "san-guo",
  "shu-han": "san-guo",
  "sun-wu": "san-guo",
  "xi-jin": "jin",
  "dong-jin": "jin",
  "liu-song": "nan-bei-chao",
  "nan-qi": "nan-bei-chao",
  "liang-nanchao": "nan-bei-chao",
  "chen-nanchao": "nan-bei-chao",
  "bei-wei": "nan-bei-chao",
  "dong-wei": "nan-bei-chao",
  "xi-wei": "nan-bei-chao",
  "bei-qi": "nan-bei-chao",
  "bei-zhou": "nan-bei-chao",
  "hou-liang-wudai": "wu-dai-shi-guo",
  "hou-tang": "wu-dai-shi-guo",
  "hou-jin-wudai": "wu-dai-shi-guo",
  "hou-han-wudai": "wu-dai-shi-guo",
  "hou-zhou": "wu-dai-shi-guo",
  "yang-wu": "wu-dai-shi-guo",
  "nan-tang": "wu-dai-shi-guo",
  "wu-yue": "wu-dai-shi-guo",
  "min-guo-shiguo": "wu-dai-shi-guo",
  "ma-chu": "wu-dai-shi-guo",
  "nan-han": "wu-dai-shi-guo",
  "qian-shu": "wu-dai-shi-guo",
  "hou-shu": "wu-dai-shi-guo",
  "jing-nan": "wu-dai-shi-guo",
  "bei-han": "wu-dai-shi-guo",
  "bei-song": "song",
  "nan-song": "song",
};

/** The umbrella regimes (周, 汉, 三国, 晋, 南北朝, 五代十国, 宋): drawn through their parts. */
export const TIME_MAP_UMBRELLAS: ReadonlySet<string> = new Set(Object.values(TIME_MAP_PARENTS));

/** Years the time map's list always names, with how it names them. */
export const TIME_MAP_MILESTONES: readonly { year: number; title: string }[] = [
  { year: -1046, title: "武王伐纣，西周建立" },
  { year: -770, title: "平王东迁，东周开始" },
  { year: -475, title: "战国开始" },
  { year: -221, title: "秦统一" },
  { year: -202, title: "西汉建立" },
  { year: -138, title: "张骞出使西域" },
  { year: 9, title: "王莽建新" },
  { year: 25, title: "东汉建立" },
  { year: 208, title: "赤壁之战" },
  { year: 220, title: "三国鼎立" },
  { year: 280, title: "西晋统一" },
  { year: 317, title: "东晋建立" },
  { year: 383, title: "淝水之战" },
  { year: 420, title: "南北朝开始" },
  { year: 589, title: "隋统一" },
  { year: 618, title: "唐朝建立" },
  { year: 755, title: "安史之乱" },
  { year: 907, title: "五代十国开始" },
  { year: 960, title: "北宋建立" },
  { year: 1127, title: "靖康之变，南宋建立" },
  { year: 1206, title: "大蒙古国建立" },
  { year: 1271, title: "元朝建立" },
  { year: 1368, title: "明朝建立" },
  { year: 1644, title: "清军入关" },
  { year: 1840, title: "鸦片战争" },
  { year: 1912, title: "中华民国成立" },
  { year: 1949, title: "中华人民共和国成立" },
];
