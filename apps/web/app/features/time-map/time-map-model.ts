/**
 * The time map's years as the page handles them: read from the address, stepped by the slider
 * and the range player, written back to the address. Pure and tested; no map code.
 */
import { parseYearInput } from "@tongjian/domain/time-columns";
import { TIME_MAP_DEFAULT_YEAR } from "@tongjian/domain/time-map";
import { formatYear } from "@tongjian/domain/year-format";
import { TIME_MAP_PATH } from "./map-link.ts";

export interface YearParam {
  /** The year asked for (outside the map's range too: the service clamps it), or null. */
  year: number | null;
  /** The raw text when it was no year at all ("abc", "0"). */
  invalid: string | null;
}

/**
 * `?year=` as a link gives it: an integer ("-221", "1949"), or as a reader writes it
 * ("前221年", "公元前221"). Integers outside the map's years are kept for the service to clamp.
 */
export function readYearParam(raw: string | null): YearParam {
  if (raw === null || raw.trim() === "") return { year: null, invalid: null };
  const text = raw.trim();
  if (/^[-+]?\d{1,7}$/.test(text)) {
    const n = Number(text);
    return n === 0 ? { year: null, invalid: text } : { year: n, invalid: null };
  }
  const parsed = parseYearInput(text);
  return parsed === null ? { year: null, invalid: text } : { year: parsed, invalid: null };
}

export function invalidYearMessage(raw: string): string {
  return raw === "0"
    ? `没有公元0年（前1年之后就是1年），已显示${formatYear(TIME_MAP_DEFAULT_YEAR)}`
    : `“${raw.slice(0, 20)}”不是年份，已显示${formatYear(TIME_MAP_DEFAULT_YEAR)}`;
}

/** A typed year: "1127", "前221", "-221", "公元前221年"; any integer but 0 (the map clamps). */
export function parseTypedYear(text: string): number | null {
  const { year } = readYearParam(text);
  return year;
}

/** The slider's position of a year: an axis without a year 0 (前1年 → -1, 1年 → 0). */
export function yearToSlider(year: number): number {
  return year > 0 ? year - 1 : year;
}

export function sliderToYear(value: number): number {
  const whole = Math.round(value);
  return whole >= 0 ? whole + 1 : whole;
}

/** One year on or back, over the missing year 0, kept within the range. */
export function stepYear(year: number, by: number, range: { min: number; max: number }): number {
  const next = sliderToYear(yearToSlider(year) + by);
  return Math.min(range.max, Math.max(range.min, next));
}

/**
 * The years a range plays through, from one end to the other (either way), about `frames` of
 * them; every notable year inside is kept, so 前221年 or 1949年 is never stepped over.
 */
export function playYears(from: number, to: number, notable: number[] = [], frames = 80): number[] {
  const a = yearToSlider(from);
  const b = yearToSlider(to);
  const dir = b >= a ? 1 : -1;
  const span = Math.abs(b - a);
  const step = Math.max(1, Math.ceil(span / frames));
  const marks = new Set<number>();
  for (let v = a; dir > 0 ? v < b : v > b; v += dir * step) marks.add(v);
  marks.add(b);
  for (const year of notable) {
    const v = yearToSlider(year);
    if ((v - a) * dir >= 0 && (b - v) * dir >= 0) marks.add(v);
  }
  return [...marks].sort((x, y) => (x - y) * dir).map(sliderToYear);
}

/** The address of a year (and the place, when one is marked), for the bar and for sharing. */
export function timeMapUrl(
  pathname: string,
  search: string,
  year: number,
  defaultPath = TIME_MAP_PATH,
): string {
  const params = new URLSearchParams(search);
  params.set("year", String(year));
  return `${pathname || defaultPath}?${params.toString()}`;
}

/** "前221年" for the slider's aria-valuetext and the page's title. */
export function yearText(year: number): string {
  return formatYear(year);
}
