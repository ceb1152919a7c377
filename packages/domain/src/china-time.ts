/**
 * China time (UTC+8, no daylight saving): the one place that turns an instant into China's
 * calendar day, clock time or stamp, and does calendar arithmetic on it.
 */
export const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** The China calendar day of an instant, YYYY-MM-DD. */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** RFC 3339 in China time ("2026-11-27T18:00:00+08:00"), as WeChat Pay writes times. */
export function chinaRfc3339(at: Date): string {
  return `${new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/**
 * A membership of n months ends on the same day and second n calendar months later as seen in
 * China, or on the last day of a shorter month (Jan 31 + 1 month → Feb 28/29).
 */
export function addChinaMonths(from: Date, months: number): Date {
  const local = new Date(from.getTime() + CHINA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const shifted = Date.UTC(
    y,
    m,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(shifted - CHINA_OFFSET_MS);
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

/** "2027-11-27 18:00:00" in China time. */
export function formatChinaTime(at: Date): string {
  const local = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** The China day's start and end (exclusive) as ISO strings, for YYYY-MM-DD. */
export function chinaDayRange(day: string): { from: string; to: string } {
  const start = Date.parse(`${day}T00:00:00+08:00`);
  return { from: new Date(start).toISOString(), to: new Date(start + 86_400_000).toISOString() };
}

/** "20261127181500": the China time of an order number. */
export function chinaStamp(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().replace(/[-:T]/g, "").slice(0, 14);
}
