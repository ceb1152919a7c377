import type { TimeBar, TimeKind } from "@tongjian/contracts/graph-time";
import { yearToAxis } from "@tongjian/domain/time-columns";

/**
 * Where the bars of the time columns go. "along" is the time axis (down the columns on
 * /timeColumn, across on /timebar), "across" the columns. Pure, so the server draws the first
 * screen exactly where the browser will.
 */
export type Orientation = "vertical" | "horizontal";

/** Widths across the time axis, in px: the ruler, the era band and one column of each kind. */
export const RULER = 56;
export const ERA_BAND = 26;
export const GAP = 10;
export const LANE: Record<TimeKind, number> = { regime: 34, event: 24, person: 24 };
/** Room before the first year and after the last. */
export const PAD = 24;
/** The groups of columns, in order across. */
export const KIND_ORDER: readonly TimeKind[] = ["regime", "event", "person"];

export interface LayoutInput {
  /** Years the axis runs through. */
  from: number;
  to: number;
  pxPerYear: number;
  lanes: Record<TimeKind, number>;
}

export interface Layout {
  axisFrom: number;
  pxPerYear: number;
  /** Length of the whole time axis, in px. */
  along: number;
  /** Breadth of all the columns, in px. */
  across: number;
  /** Where each kind's first column starts across. */
  groupStart: Record<TimeKind, number>;
}

export function layout(input: LayoutInput): Layout {
  const axisFrom = yearToAxis(input.from);
  const axisTo = yearToAxis(input.to) + 1;
  const groupStart = { regime: 0, event: 0, person: 0 };
  let at = RULER + ERA_BAND + GAP;
  for (const kind of KIND_ORDER) {
    groupStart[kind] = at;
    if (input.lanes[kind] > 0) at += input.lanes[kind] * LANE[kind] + GAP;
  }
  return {
    axisFrom,
    pxPerYear: input.pxPerYear,
    along: Math.ceil((axisTo - axisFrom) * input.pxPerYear) + 2 * PAD,
    across: at,
    groupStart,
  };
}

/** The point of a year's start on the time axis, in px. */
export function yearOffset(l: Layout, year: number): number {
  return PAD + (yearToAxis(year) - l.axisFrom) * l.pxPerYear;
}

/** The axis position (a fractional axis year) at a px offset: for zooming around a finger. */
export function axisAtOffset(l: Layout, offset: number): number {
  return l.axisFrom + (offset - PAD) / l.pxPerYear;
}

export function offsetOfAxis(l: Layout, axis: number): number {
  return PAD + (axis - l.axisFrom) * l.pxPerYear;
}

export interface BarBox {
  /** Start and length along the time axis. */
  at: number;
  length: number;
  /** Start and breadth across. */
  cross: number;
  breadth: number;
}

/** A bar's box; a bar of one year stays visible at every zoom (2 px at least). */
export function barBox(l: Layout, bar: Pick<TimeBar, "kind" | "start" | "end" | "lane">): BarBox {
  const at = yearOffset(l, bar.start);
  const end = yearOffset(l, bar.end) + l.pxPerYear;
  const breadth = LANE[bar.kind];
  return {
    at,
    length: Math.max(2, end - at),
    cross: l.groupStart[bar.kind] + bar.lane * breadth,
    breadth: breadth - 2,
  };
}

/**
 * The bars that meet a window (along from..to, across from..to): only those are put in the
 * page, so thousands of lives cost what a screenful costs.
 */
export function visibleBars<T extends Pick<TimeBar, "kind" | "start" | "end" | "lane">>(
  l: Layout,
  bars: readonly T[],
  window: { alongFrom: number; alongTo: number; acrossFrom: number; acrossTo: number },
): T[] {
  return bars.filter((bar) => {
    const box = barBox(l, bar);
    return (
      box.at <= window.alongTo &&
      box.at + box.length >= window.alongFrom &&
      box.cross <= window.acrossTo &&
      box.cross + box.breadth >= window.acrossFrom
    );
  });
}
