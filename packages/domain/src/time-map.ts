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
