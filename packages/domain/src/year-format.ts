/**
 * Historical years and dates in Chinese (docs/content-format.md "Years"): BCE years are
 * negative and read 前N年; there is no year 0 (1 BCE is followed by 1 CE), so 0 is rejected
 * with a RangeError rather than printed as a year that never existed. Content is validated
 * against {@link isValidYear} before it is stored, so a throw here means a bug, not bad input.
 */

export interface HistoricalDate {
  year: number;
  /** Uncertain year: 约前551年. */
  approx?: boolean;
  /** Another year given by some sources: 1037年（或1036年）. */
  alt?: number;
  month?: number;
  day?: number;
}

export type YearOrDate = number | HistoricalDate;

export const YEAR_RANGE_SEPARATOR = "—";
export const APPROX_PREFIX = "约";
export const BCE_PREFIX = "前";

export function isValidYear(year: number): boolean {
  return Number.isSafeInteger(year) && year !== 0;
}

function assertYear(year: number): void {
  if (!isValidYear(year)) {
    throw new RangeError(`Invalid year ${year}: years are non-zero integers (no year 0)`);
  }
}

/** `-221` → "前221年", `618` → "618年". */
export function formatYear(year: number): string {
  assertYear(year);
  return year < 0 ? `${BCE_PREFIX}${-year}年` : `${year}年`;
}

function toDate(value: YearOrDate): HistoricalDate {
  return typeof value === "number" ? { year: value } : value;
}

/** "约前551年", "1037年（或1036年）", "1644年4月25日". A day needs a month. */
export function formatHistoricalDate(value: YearOrDate): string {
  const date = toDate(value);
  let text = formatYear(date.year);
  if (date.month !== undefined) {
    if (!Number.isInteger(date.month) || date.month < 1 || date.month > 12) {
      throw new RangeError(`Invalid month ${date.month}`);
    }
    text += `${date.month}月`;
  }
  if (date.day !== undefined) {
    if (date.month === undefined) throw new RangeError("A day needs a month");
    if (!Number.isInteger(date.day) || date.day < 1 || date.day > 31) {
      throw new RangeError(`Invalid day ${date.day}`);
    }
    text += `${date.day}日`;
  }
  if (date.approx) text = APPROX_PREFIX + text;
  if (date.alt !== undefined && date.alt !== date.year) text += `（或${formatYear(date.alt)}）`;
  return text;
}

/**
 * "前221年—前207年". The same date twice prints once. Order is not checked here: content
 * validation owns that.
 */
export function formatYearRange(start: YearOrDate, end: YearOrDate): string {
  const from = formatHistoricalDate(start);
  const to = formatHistoricalDate(end);
  return from === to ? from : `${from}${YEAR_RANGE_SEPARATOR}${to}`;
}

/**
 * Whole years between two years, skipping the missing year 0: from 前1年 to 1年 is one year,
 * and 孔子 (前551年—前479年) spans 72. This is the span, not the traditional 虚岁 age.
 */
export function yearsBetween(startYear: number, endYear: number): number {
  assertYear(startYear);
  assertYear(endYear);
  const crossesEra = startYear < 0 && endYear > 0;
  const backwardsAcrossEra = startYear > 0 && endYear < 0;
  return endYear - startYear - (crossesEra ? 1 : 0) + (backwardsAcrossEra ? 1 : 0);
}

/** Lifespan in years; a death before birth is a data error and throws. */
export function lifespanYears(born: YearOrDate, died: YearOrDate): number {
  const span = yearsBetween(toDate(born).year, toDate(died).year);
  if (span < 0) throw new RangeError("Death year is before birth year");
  return span;
}
