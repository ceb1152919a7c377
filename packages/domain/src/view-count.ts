/**
 * Page-view counts as readers see them (spec §9 "Views over 10000 show as x万 with one decimal,
 * and over 100000 show as 10W+").
 *
 * - "Over" is strict: 10000 itself still shows as "10000"; 10001 is the first "1.0万".
 * - The decimal is cut, not rounded, so a count is never shown larger than it is
 *   (19999 → "1.9万", not "2.0万"); this also keeps 99999 from reading "10.0万".
 * - 100000 itself is not over 100000, so it shows "10.0万"; 100001 is the first "10W+".
 * - Fractions are floored; negative, NaN and infinite counts (bad data) show "0".
 */

export const VIEW_COUNT_WAN_THRESHOLD = 10_000;
export const VIEW_COUNT_CAP_THRESHOLD = 100_000;
export const VIEW_COUNT_CAP_LABEL = "10W+";

export function formatViewCount(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count) || count < 0) return "0";
  const whole = Math.floor(count);
  if (whole > VIEW_COUNT_CAP_THRESHOLD) return VIEW_COUNT_CAP_LABEL;
  if (whole <= VIEW_COUNT_WAN_THRESHOLD) return String(whole);
  // Integer tenths of 万 avoid floating-point surprises such as 1.2000000000000002.
  const tenthsOfWan = Math.floor(whole / 1_000);
  return `${Math.floor(tenthsOfWan / 10)}.${tenthsOfWan % 10}万`;
}
