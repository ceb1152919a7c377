/**
 * "How long ago" labels (spec §9 "Relative time: months (30 days), weeks, days, hours, minutes,
 * otherwise just now").
 *
 * Decisions the spec leaves open:
 * - A month is 30 days; 12 or more months (360 days and up) shows the calendar date instead,
 *   as "12个月前" and beyond is harder to read than the date itself.
 * - Under one minute, and any time in the future (clock skew between server and phone), is 刚刚.
 * - Dates are shown in China Standard Time (UTC+8, no daylight saving since 1991): the readers
 *   are in China, and the server render and the browser must print the same text to hydrate.
 * - Strings without a zone ("2024-03-01 08:30:00", as APIs in China often send) are read as
 *   China time. Safari cannot parse the space form at all, so it is handled here.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
export const RELATIVE_TIME_DAYS_PER_WEEK = 7;
/** Spec §9: a month counts as 30 days. */
export const RELATIVE_TIME_DAYS_PER_MONTH = 30;
/** From this many months on, the date is shown instead of "N个月前". */
export const RELATIVE_TIME_MONTHS_BEFORE_DATE = 12;
export const CHINA_UTC_OFFSET_MS = 8 * HOUR_MS;
export const JUST_NOW_LABEL = "刚刚";

export type DateInput = Date | number | string;

const ZONELESS_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Milliseconds since the epoch, or NaN when the input is not a date. */
export function toTimestamp(input: DateInput): number {
  if (input instanceof Date) return input.getTime();
  if (typeof input === "number") return input;
  const zoneless = ZONELESS_DATE_TIME.exec(input.trim());
  if (zoneless) {
    const [, year, month, day, hour, minute, second] = zoneless;
    return (
      Date.UTC(
        Number(year),
        Number(month) - 1,
        Number(day),
        Number(hour ?? 0),
        Number(minute ?? 0),
        Number(second ?? 0),
      ) - CHINA_UTC_OFFSET_MS
    );
  }
  return Date.parse(input);
}

/** YYYY-MM-DD in China time. */
export function formatChinaDate(input: DateInput): string {
  const timestamp = toTimestamp(input);
  if (!Number.isFinite(timestamp)) return "";
  const china = new Date(timestamp + CHINA_UTC_OFFSET_MS);
  const month = String(china.getUTCMonth() + 1).padStart(2, "0");
  const day = String(china.getUTCDate()).padStart(2, "0");
  return `${china.getUTCFullYear()}-${month}-${day}`;
}

/** Returns "" for an unreadable date, so a bad field renders as nothing rather than "NaN". */
export function formatRelativeTime(date: DateInput, now: DateInput = Date.now()): string {
  const then = toTimestamp(date);
  const current = toTimestamp(now);
  if (!Number.isFinite(then) || !Number.isFinite(current)) return "";
  const elapsed = current - then;
  if (elapsed < MINUTE_MS) return JUST_NOW_LABEL;
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}分钟前`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}小时前`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days < RELATIVE_TIME_DAYS_PER_WEEK) return `${days}天前`;
  if (days < RELATIVE_TIME_DAYS_PER_MONTH) {
    return `${Math.floor(days / RELATIVE_TIME_DAYS_PER_WEEK)}周前`;
  }
  const months = Math.floor(days / RELATIVE_TIME_DAYS_PER_MONTH);
  if (months < RELATIVE_TIME_MONTHS_BEFORE_DATE) return `${months}个月前`;
  return formatChinaDate(then);
}
