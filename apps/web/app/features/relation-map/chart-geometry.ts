/**
 * Where the relation map draws what, as plain arithmetic shared by the thread that draws the
 * chart (a worker, or the page's own thread where a worker cannot draw) and the page's thread,
 * which finds what a tap touched without asking the chart: nodes are pictures of known size on
 * known points, edges are curves between them.
 */
import type { MapModel } from "./graph-model.ts";
import { type Move, type Point, unapplyMove } from "./map-gesture.ts";

export const NODE_SIZE = 40;
export const CENTER_SIZE = 60;
/** From this many nodes on, a map is drawn plainer: no moves, arrows, curves or minor labels. */
export const BIG_GRAPH = 120;
/** How far the reader may zoom the map out and in. */
export const ZOOM_LIMITS = { min: 0.3, max: 4 };
/**
 * How much of the map's zoom a node's picture follows (ECharts' `nodeScaleRatio`, given to the
 * chart so the hit test and the drawing agree): at zoom z a picture is drawn (z - 1) · r + 1 times
 * its size.
 */
export const NODE_SCALE_RATIO = 0.6;
/** How far from an edge's line a finger may land and still tap it, in CSS pixels. */
export const EDGE_SLOP_PX = 14;

/** Straight lines draw cheaper than curves: a large map pans with less work a frame. */
export function curvenessOf(big: boolean): number {
  return big ? 0 : 0.08;
}

export function isBig(model: Pick<MapModel, "nodes">): boolean {
  return model.nodes.length >= BIG_GRAPH;
}

/** What a node looks like: its picture and, when it is named on the map, its name beneath. */
export interface FaceSpec {
  name: string;
  kind: string;
  size: number;
  center: boolean;
  named: boolean;
}

export function faceSpec(
  n: { name: string; kind: string; center: boolean; degree: number },
  big: boolean,
): FaceSpec {
  return {
    name: n.name,
    kind: n.kind,
    center: n.center,
    size: n.center ? CENTER_SIZE : big ? NODE_SIZE - 10 : NODE_SIZE,
    // Names are the dearest thing to draw: a large map names its hubs only (the list and a tap
    // name the rest).
    named: !big || n.center || n.degree >= 8,
  };
}

/**
 * A node as drawn at zoom 1: its point in the layout, and its picture (`w` × `h`, the circle of
 * diameter `size` at the top, centred on the point, its name below).
 */
export interface NodeBox {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  size: number;
}

/**
 * The chart's view: a layout point (x, y) is drawn at (ox + x · sx, oy + y · sy) CSS pixels of
 * the chart's box; `zoom` is the reader's zoom (1 when a map is first drawn).
 */
export interface ViewTransform {
  ox: number;
  oy: number;
  sx: number;
  sy: number;
  zoom: number;
}

export const NO_VIEW: ViewTransform = { ox: 0, oy: 0, sx: 1, sy: 1, zoom: 1 };

/** The view once the chart has taken a move (its roam: the picture moved by it exactly). */
export function viewAfterMove(view: ViewTransform, m: Move): ViewTransform {
  return {
    ox: view.ox * m.k + m.x,
    oy: view.oy * m.k + m.y,
    sx: view.sx * m.k,
    sy: view.sy * m.k,
    zoom: view.zoom * m.k,
  };
}

/**
 * The view as the thread that draws last told it (with the gestures' moves up to `seq` in it),
 * and the moves sent to it since: the page's thread answers taps and positions from this without
 * waiting for the drawing.
 */
export interface ViewTrack {
  told: ViewTransform;
  seq: number;
  sent: readonly { seq: number; move: Move }[];
}

export const START_TRACK: ViewTrack = { told: NO_VIEW, seq: 0, sent: [] };

export function trackMoveSent(track: ViewTrack, seq: number, move: Move): ViewTrack {
  return { ...track, sent: [...track.sent, { seq, move }] };
}

/** A view the drawing thread told, with the moves up to `seq` in it (an older one is ignored). */
export function trackViewTold(track: ViewTrack, view: ViewTransform, seq: number): ViewTrack {
  if (seq < track.seq) return track;
  return { told: view, seq, sent: track.sent.filter((m) => m.seq > seq) };
}

/** The view once every move sent is drawn: what the reader sees when no gesture is in hand. */
export function trackedView(track: ViewTrack): ViewTransform {
  return track.sent.reduce((v, m) => viewAfterMove(v, m.move), track.told);
}

export function pixelOf(view: ViewTransform, x: number, y: number): Point {
  return { x: view.ox + x * view.sx, y: view.oy + y * view.sy };
}

/** How many times its size a node's picture is drawn at the view's zoom. */
export function nodeScale(view: ViewTransform): number {
  return (view.zoom - 1) * NODE_SCALE_RATIO + 1;
}

/**
 * The control point of an edge's curve, as ECharts' graph places it (the middle pushed sideways
 * by `curveness` times the edge's length), or null for a straight edge.
 */
export function controlPoint(a: Point, b: Point, curveness: number): Point | null {
  if (!curveness) return null;
  return {
    x: (a.x + b.x) / 2 - (a.y - b.y) * curveness,
    y: (a.y + b.y) / 2 - (b.x - a.x) * curveness,
  };
}

/** Straight pieces a curved edge is measured by: a few tenths of a pixel off at most. */
const CURVE_STEPS = 16;

/** The distance from `p` to the segment from `a` to `b`. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : clamp01(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2);
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The distance from `p` to the edge from `a` to `b`, curved through `c` when there is one. */
export function distanceToEdge(p: Point, a: Point, b: Point, c: Point | null): number {
  if (!c) return distanceToSegment(p, a, b);
  let best = Number.POSITIVE_INFINITY;
  let from = a;
  for (let i = 1; i <= CURVE_STEPS; i++) {
    const t = i / CURVE_STEPS;
    const u = 1 - t;
    const to = {
      x: u * u * a.x + 2 * u * t * c.x + t * t * b.x,
      y: u * u * a.y + 2 * u * t * c.y + t * t * b.y,
    };
    best = Math.min(best, distanceToSegment(p, from, to));
    from = to;
  }
  return best;
}

export interface HitScene {
  nodes: readonly NodeBox[];
  edges: readonly { id: string; from: string; to: string }[];
  view: ViewTransform;
  curveness: number;
}

export type Hit = { node: string } | { edge: string } | null;

/**
 * What a tap at `tap` (CSS pixels of the chart's box) touches while the picture is shown moved
 * by `shown` (a gesture's CSS transform): a node when it lands on one's picture (the nearest
 * circle among overlapping ones), else the nearest edge within EDGE_SLOP_PX, else nothing.
 */
export function hitTest(scene: HitScene, tap: Point, shown?: Move): Hit {
  // In the chart's own pixels: the CSS move only scales what is already drawn.
  const p = shown ? unapplyMove(shown, tap) : tap;
  const slop = shown ? EDGE_SLOP_PX / shown.k : EDGE_SLOP_PX;
  const { view } = scene;
  const s = nodeScale(view);
  const at = new Map<string, Point>();
  const laid = new Map<string, NodeBox>();
  let node: string | null = null;
  let nearest = Number.POSITIVE_INFINITY;
  for (const n of scene.nodes) {
    const c = pixelOf(view, n.x, n.y);
    at.set(n.id, c);
    laid.set(n.id, n);
    const half = (n.w / 2) * s;
    const top = c.y - (n.size / 2) * s;
    if (p.x < c.x - half || p.x > c.x + half || p.y < top || p.y > top + n.h * s) continue;
    const d = Math.hypot(p.x - c.x, p.y - c.y);
    if (d <= nearest) {
      nearest = d;
      node = n.id;
    }
  }
  if (node !== null) return { node };
  let edge: string | null = null;
  let best = slop;
  for (const e of scene.edges) {
    const a = at.get(e.from);
    const b = at.get(e.to);
    if (!a || !b || e.from === e.to) continue;
    // A loose bounding box first: most edges are nowhere near the finger.
    const reach = slop + scene.curveness * Math.hypot(b.x - a.x, b.y - a.y);
    if (
      p.x < Math.min(a.x, b.x) - reach ||
      p.x > Math.max(a.x, b.x) + reach ||
      p.y < Math.min(a.y, b.y) - reach ||
      p.y > Math.max(a.y, b.y) + reach
    )
      continue;
    // The curve is placed in the layout's coordinates, then drawn through the view.
    const from = laid.get(e.from) as NodeBox;
    const to = laid.get(e.to) as NodeBox;
    const c = controlPoint(from, to, scene.curveness);
    const d = distanceToEdge(p, a, b, c && pixelOf(view, c.x, c.y));
    if (d <= best) {
      best = d;
      edge = e.id;
    }
  }
  return edge === null ? null : { edge };
}

function clamp01(t: number): number {
  return Math.min(1, Math.max(0, t));
}
