/**
 * Reading rate as a 0–1 fraction with two decimals (spec §9).
 *
 * The fraction is floored to two decimals rather than rounded, so 1 (100 %) means everything
 * was read: 199 of 200 shows 0.99, not 1. Out-of-range input is clamped; a total of zero or
 * less, or a non-number, gives 0.
 */
export function readingRate(read: number, total: number): number {
  if (!Number.isFinite(read) || !Number.isFinite(total) || total <= 0 || read <= 0) return 0;
  if (read >= total) return 1;
  // Multiply before dividing and allow for float error, so 57/100 is 0.57 and not 0.56.
  return Math.floor((read * 100) / total + 1e-9) / 100;
}
