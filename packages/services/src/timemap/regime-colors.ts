/**
 * The time map's regime colours (docs/decisions/0021): a fixed palette, one colour per regime
 * for every year, unlike the colours of the regimes it is drawn beside. Two regimes are
 * neighbours when, in some year, both are drawn and their shapes' boxes touch (within two degrees), or when one succeeded the other (a change of dynasty changes the colour). Regimes are
 * coloured in the order they begin; each takes the first palette colour its coloured neighbours
 * do not use, counting from a place fixed by its key, so that one regime added to the content
 * seldom moves the others' colours. With more neighbours than colours, the least used among
 * them is taken.
 */

export const REGIME_PALETTE = [
  "#d1495b",
  "#edae49",
  "#00798c",
  "#30638e",
  "#8cb369",
  "#8e6bbf",
  "#f08a5d",
  "#4f9d69",
  "#c96ea8",
  "#5fa8d3",
  "#b08968",
  "#a3a847",
  "#6c757d",
  "#3d5a80",
  "#d4a373",
  "#7a4e2d",
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

function touches(a: Box, b: Box, margin = 2): boolean {
  return (
    a[0] - margin <= b[2] && b[0] - margin <= a[2] && a[1] - margin <= b[3] && b[1] - margin <= a[3]
  );
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A colour difference weighted for the eye (the "redmean" approximation). */
function distance(a: [number, number, number], b: [number, number, number]): number {
  const r = (a[0] + b[0]) / 2;
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  return Math.sqrt((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db);
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
    const near = [...used.keys()].map(rgb);
    let pick: string | undefined;
    let best = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < palette.length; k += 1) {
      const c = palette[(offset + k) % palette.length] as string;
      // Unused colours first (the fewer uses, the better), then the farthest from the neighbours'.
      const unlike = near.length === 0 ? 0 : Math.min(...near.map((n) => distance(rgb(c), n)));
      const score = -(used.get(c) ?? 0) * 1e6 + unlike;
      if (score > best) {
        best = score;
        pick = c;
      }
    }
    colours.set(r.id, pick as string);
  }
  return colours;
}
