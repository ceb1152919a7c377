/**
 * The relation map's pan and zoom as plain arithmetic. While a finger or the wheel moves the map,
 * the picture already on the canvas is only moved by a CSS transform (no drawing at all); the
 * chart draws once when the gesture ends. A `Move` is that transform: a point at `p` in the
 * drawn picture shows at `p · k + (x, y)`, with the origin at the picture's top-left corner.
 */
export interface Move {
  x: number;
  y: number;
  k: number;
}

export interface Point {
  x: number;
  y: number;
}

/** How far the reader may zoom from where the picture was drawn (the chart's own zoom limits). */
export interface ScaleRange {
  min: number;
  max: number;
}

export const STILL: Move = { x: 0, y: 0, k: 1 };

/** A finger that travels less than this between down and up taps, it does not drag. */
export const TAP_SLOP_PX = 6;

/** Wheel steps: one notch (about 100 px of delta) zooms by this factor. */
const WHEEL_ZOOM_PER_100PX = 1.2;
/** Lines and pages of a wheel in pixels (WheelEvent.deltaMode 1 and 2). */
const LINE_PX = 16;
const PAGE_PX = 400;

export function isStill(m: Move): boolean {
  return m.x === 0 && m.y === 0 && m.k === 1;
}

export function panBy(m: Move, dx: number, dy: number): Move {
  return { x: m.x + dx, y: m.y + dy, k: m.k };
}

/** Scales by `factor` about the screen point `at` (it stays under the finger), within `range`. */
export function zoomAt(m: Move, factor: number, at: Point, range: ScaleRange): Move {
  const k = clamp(m.k * factor, range.min, range.max);
  const f = k / m.k;
  return { x: at.x - (at.x - m.x) * f, y: at.y - (at.y - m.y) * f, k };
}

/**
 * Two fingers: from where they were when the pinch began (`from`, with the move `start` then) to
 * where they are now. The picture follows the fingers' middle and scales with their spread.
 */
export function pinch(
  start: Move,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
  range: ScaleRange,
): Move {
  const before = Math.max(1, distance(from[0], from[1]));
  const after = Math.max(1, distance(to[0], to[1]));
  const a = middle(from[0], from[1]);
  const b = middle(to[0], to[1]);
  return zoomAt(panBy(start, b.x - a.x, b.y - a.y), after / before, b, range);
}

/** The zoom factor of one wheel event (up zooms in), whatever unit its delta is in. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const px = deltaMode === 1 ? deltaY * LINE_PX : deltaMode === 2 ? deltaY * PAGE_PX : deltaY;
  // Limit one event to a few notches: a trackpad's flick can report thousands of pixels.
  const notches = clamp(-px / 100, -3, 3);
  return WHEEL_ZOOM_PER_100PX ** notches;
}

/** `first`, then `then` on top of it: one move that does both. */
export function compose(first: Move, then: Move): Move {
  return { x: then.k * first.x + then.x, y: then.k * first.y + then.y, k: first.k * then.k };
}

/** Where a point of the drawn picture shows while the move is applied. */
export function applyMove(m: Move, p: Point): Point {
  return { x: p.x * m.k + m.x, y: p.y * m.k + m.y };
}

/** Where the point of the drawn picture that shows at `p` while the move is applied is drawn. */
export function unapplyMove(m: Move, p: Point): Point {
  return { x: (p.x - m.x) / m.k, y: (p.y - m.y) / m.k };
}

/** The move as CSS, for an element whose transform-origin is its top-left corner. */
export function moveToCss(m: Move): string {
  return isStill(m) ? "" : `translate3d(${m.x}px, ${m.y}px, 0) scale(${m.k})`;
}

/**
 * The move as the chart's roam action takes it: a pan of (dx, dy) then a zoom about the origin
 * (0, 0). Zooming by k about the origin multiplies the pan too, so the pan is given as x / k.
 */
export function moveToRoam(m: Move): { dx: number; dy: number; zoom?: number } {
  if (m.k === 1) return { dx: m.x, dy: m.y };
  return { dx: m.x / m.k, dy: m.y / m.k, zoom: m.k };
}

/** The scale range left for one gesture, given the chart's zoom now and its limits. */
export function rangeFrom(zoom: number, limits: ScaleRange): ScaleRange {
  return { min: limits.min / zoom, max: limits.max / zoom };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function middle(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}
