/**
 * The time map's regime colours (docs/decisions/0021): a fixed palette, one colour per regime
 * for every year, unlike the colours of the regimes it is drawn beside. Two regimes are
 * neighbours when, in some year, both are drawn and their shapes' boxes touch (within half a
 * degree), or when one succeeded the other (a change of dynasty changes the colour). Regimes are
 * coloured in the order they begin; each takes the first palette colour its coloured neighbours
 * do not use, counting from a place fixed by its key, so that one regime added to the content
 * seldom moves the others' colours. With more neighbours than colours, the least used among
 * them is taken.
 */

export const REGIME_PALETTE = [
  "#e07a5f",
  "#3d85c6",
  "#81b29a",
  "#e9c46a",
  "#9c6ade",
  "#e56b9f",
  "#4fb0c6",
  "#c9a227",
  "#6a994e",
  "#bc6c25",
  "#7b8cde",
  "#d4a5a5",
  "#52b788",
  "#f4a261",
  "#8d99ae",
  "#b5838d",
] as const;

export type Box = [number, number, number, number];

export interface ColourPeriod {
  regimeId: string;
  from: number;
  to: number;
  box: Box;
}

export interface ColourRegime {
  id: string;
  key: string;
  start: number;
  /** Regimes it followed or that followed it (ids). */
  successors: string[];
}

function touches(a: Box, b: Box, margin = 0.5): boolean {
  return (
    a[0] - margin <= b[2] && b[0] - margin <= a[2] && a[1] - margin <= b[3] && b[1] - margin <= a[3]
  );
}

function keyOffset(key: string, n: number): number {
  let h = 0;
  for (const ch of key) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h % n;
}

/** Regime id → colour. */
export function assignRegimeColours(
  regimes: readonly ColourRegime[],
  periods: readonly ColourPeriod[],
  palette: readonly string[] = REGIME_PALETTE,
): Map<string, string> {
  const neighbours = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (a === b) return;
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    if (!neighbours.has(b)) neighbours.set(b, new Set());
    neighbours.get(a)?.add(b);
    neighbours.get(b)?.add(a);
  };
  const sorted = [...periods].sort((a, b) => a.from - b.from);
  for (let i = 0; i < sorted.length; i += 1) {
    const a = sorted[i] as ColourPeriod;
    for (let j = i + 1; j < sorted.length; j += 1) {
      const b = sorted[j] as ColourPeriod;
      if (b.from > a.to) break;
      if (touches(a.box, b.box)) link(a.regimeId, b.regimeId);
    }
  }
  const ids = new Set(regimes.map((r) => r.id));
  for (const r of regimes) for (const s of r.successors) if (ids.has(s)) link(r.id, s);

  const colours = new Map<string, string>();
  const order = [...regimes].sort((a, b) => a.start - b.start || a.key.localeCompare(b.key));
  for (const r of order) {
    const used = new Map<string, number>();
    for (const n of neighbours.get(r.id) ?? []) {
      const c = colours.get(n);
      if (c) used.set(c, (used.get(c) ?? 0) + 1);
    }
    const offset = keyOffset(r.key, palette.length);
    let pick: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (let k = 0; k < palette.length; k += 1) {
      const c = palette[(offset + k) % palette.length] as string;
      const n = used.get(c) ?? 0;
      if (n === 0) {
        pick = c;
        break;
      }
      if (n < fewest) {
        fewest = n;
        pick = c;
      }
    }
    colours.set(r.id, pick as string);
  }
  return colours;
}
