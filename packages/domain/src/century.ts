/**
 * Centuries as Chinese readers count them: 1–100 is 1世纪, 前100–前1 is 前1世纪 (there is no
 * year 0, so no century 0 either).
 */
export function centuryOf(year: number): number {
  if (!Number.isInteger(year) || year === 0) throw new RangeError(`Invalid year ${year}`);
  return year > 0 ? Math.ceil(year / 100) : -Math.ceil(-year / 100);
}

/** `-3` → 前3世纪, `7` → 7世纪. */
export function centuryLabel(century: number): string {
  if (!Number.isInteger(century) || century === 0)
    throw new RangeError(`Invalid century ${century}`);
  return century < 0 ? `前${-century}世纪` : `${century}世纪`;
}

/** Every century from the first to the last, none skipped (a chart's axis). */
export function centuryRange(first: number, last: number): number[] {
  const out: number[] = [];
  for (let c = first; c <= last; c += 1) if (c !== 0) out.push(c);
  return out;
}
