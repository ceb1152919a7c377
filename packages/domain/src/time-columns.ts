/**
 * The maths of the time columns and the timebar (/timeColumn, /timebar): a continuous time axis
 * without a year 0, the packing of lives and reigns into lanes, what stood in a given year, the
 * ticks of the ruler and the reading of a year a reader types. Years are the content's: BCE
 * negative, no year 0 (docs/content-format.md "Years").
 */

import { formatYear, isValidYear } from "./year-format.ts";

/** The earliest and latest year the time screens accept (夏 starts about 前2070年). */
export const TIME_MIN_YEAR = -3000;
export const TIME_MAX_YEAR = 2100;

/** Zoom of the columns, in pixels per year: the whole span on a screen … a year a finger wide. */
export const MIN_PX_PER_YEAR = 0.1;
export const MAX_PX_PER_YEAR = 24;
export const DEFAULT_PX_PER_YEAR = 2.5;

/**
 * Position of a year on a continuous axis: 1 CE follows 1 BCE directly, so the axis skips 0
 * (前1年 is -1, 1年 is 0). The start of a year is its point; the year fills one unit after it.
 */
export function yearToAxis(year: number): number {
  return year > 0 ? year - 1 : year;
}

/** The year whose unit holds an axis point ({@link yearToAxis} backwards). */
export function axisToYear(axis: number): number {
  const whole = Math.floor(axis);
  return whole >= 0 ? whole + 1 : whole;
}

/** Clamps a year into the accepted range, stepping over the missing year 0. */
export function clampYear(year: number): number {
  const bounded = Math.min(TIME_MAX_YEAR, Math.max(TIME_MIN_YEAR, Math.round(year)));
  return bounded === 0 ? 1 : bounded;
}

export function clampZoom(pxPerYear: number): number {
  return Math.min(MAX_PX_PER_YEAR, Math.max(MIN_PX_PER_YEAR, pxPerYear));
}

/**
 * A year as a reader types it: "1127", "1127年", "-221", "前221", "前221年", "公元前221年",
 * full-width digits too. Null for anything else, for 0 and for years out of range.
 */
export function parseYearInput(text: string): number | null {
  const plain = text
    .trim()
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[－—–]/g, "-")
    .replace(/\s+/g, "");
  const match = /^(公元前|前|-|公元)?(\d{1,4})年?$/.exec(plain);
  if (!match?.[2]) return null;
  const value = Number(match[2]);
  const year = match[1] === "前" || match[1] === "公元前" || match[1] === "-" ? -value : value;
  if (!isValidYear(year) || year < TIME_MIN_YEAR || year > TIME_MAX_YEAR) return null;
  return year;
}

/** A span of years, both ends included (a regime of 960–1127 stands in 1127). */
export interface YearSpan {
  start: number;
  end: number;
}

/** Whether a span stands in a year (both ends included). */
export function standsIn(span: YearSpan, year: number): boolean {
  return span.start <= year && year <= span.end;
}

/** Years two spans share, counted on the axis (0 when they do not meet). */
export function overlapYears(a: YearSpan, b: YearSpan): number {
  const from = Math.max(yearToAxis(a.start), yearToAxis(b.start));
  const to = Math.min(yearToAxis(a.end), yearToAxis(b.end));
  return to < from ? 0 : to - from + 1;
}

/**
 * Lanes for spans, first come first served: each goes in the lowest lane whose spans it does
 * not overlap. Spans that find no lane below `maxLanes` get -1 (dropped). Callers order the
 * spans by what should win a lane (the main line first, the best-known people first). With
 * `touching`, a span may begin in the year the one before it ended (北宋 ends and 南宋 begins
 * in 1127: one line of succession in one column); without it, sharing a year is overlapping
 * (two lives). Each lane keeps its spans in order, so each test is a binary search.
 */
export function packLanes(
  spans: readonly YearSpan[],
  { maxLanes = Number.POSITIVE_INFINITY, touching = false } = {},
) {
  const lanes: YearSpan[][] = [];
  const assigned: number[] = [];
  const fits = (lane: YearSpan[], span: YearSpan) => {
    // The first span in the lane that could overlap this one (its end not before this start).
    let lo = 0;
    let hi = lane.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const end = (lane[mid] as YearSpan).end;
      if (touching ? end <= span.start : end < span.start) lo = mid + 1;
      else hi = mid;
    }
    const next = lane[lo];
    if (next === undefined) return lo;
    return (touching ? next.start >= span.end : next.start > span.end) ? lo : -1;
  };
  for (const span of spans) {
    let placed = -1;
    for (let i = 0; i < lanes.length; i += 1) {
      const lane = lanes[i] as YearSpan[];
      const at = fits(lane, span);
      if (at >= 0) {
        lane.splice(at, 0, span);
        placed = i;
        break;
      }
    }
    if (placed < 0 && lanes.length < maxLanes) {
      lanes.push([span]);
      placed = lanes.length - 1;
    }
    assigned.push(placed);
  }
  return { lanes: assigned, count: lanes.length };
}

/**
 * Regimes that only name a stretch of others (周 over 西周 and 东周, 宋 over 北宋 and 南宋, 三国,
 * 南北朝, 五代十国): those whose span the regimes inside it cover for at least `share` of its
 * years. They are drawn as an era band over the columns rather than as a column of their own,
 * which would stand beside their own parts. Their parts must begin and end them and fill at
 * least `share` of their years.
 */
export function umbrellaRegimes<T extends YearSpan & { id: string }>(
  regimes: readonly T[],
  share = 0.8,
): Set<string> {
  const umbrellas = new Set<string>();
  for (const outer of regimes) {
    const inside = regimes.filter(
      (r) =>
        r.id !== outer.id &&
        r.start >= outer.start &&
        r.end <= outer.end &&
        !(r.start === outer.start && r.end === outer.end),
    );
    // The parts begin and end it: 唐 holds 吐蕃 and 南诏 for most of its years, but neither
    // founded it nor ended it.
    if (inside.length < 2) continue;
    if (!inside.some((r) => r.start === outer.start) || !inside.some((r) => r.end === outer.end))
      continue;
    const covered = new Set<number>();
    for (const r of inside) {
      for (let a = yearToAxis(r.start); a <= yearToAxis(r.end); a += 1) covered.add(a);
    }
    const total = yearToAxis(outer.end) - yearToAxis(outer.start) + 1;
    if (covered.size >= share * total) umbrellas.add(outer.id);
  }
  return umbrellas;
}

/** Ruler steps, in years, from the finest. */
const TICK_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/** The step of the ruler: the finest whose marks stand at least `minGapPx` apart. */
export function tickStep(pxPerYear: number, minGapPx = 56): number {
  return TICK_STEPS.find((step) => step * pxPerYear >= minGapPx) ?? 1000;
}

/**
 * Years marked on the ruler between two years: the multiples of the step, with 1年 in place of
 * the missing 0 (so the ruler reads 前100年, 1年, 100年 around the start of the era).
 */
export function yearTicks(from: number, to: number, step: number): number[] {
  const ticks: number[] = [];
  const first = Math.ceil(from / step) * step;
  for (let year = first; year <= to; year += step) {
    const shown = year === 0 ? 1 : year;
    if (shown >= from && shown <= to) ticks.push(shown);
  }
  return ticks;
}

/** A year on the ruler: 前221年, 1127年 (the ruler never says 约: its years are its own). */
export function tickLabel(year: number): string {
  return formatYear(year);
}
