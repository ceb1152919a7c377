import { describe, expect, it } from "vitest";
import {
  controlPoint,
  distanceToEdge,
  distanceToSegment,
  EDGE_SLOP_PX,
  faceSpec,
  type HitScene,
  hitTest,
  type NodeBox,
  nodeScale,
  pixelOf,
  START_TRACK,
  trackedView,
  trackMoveSent,
  trackViewTold,
  type ViewTransform,
  viewAfterMove,
} from "./chart-geometry.ts";
import { applyMove, type Move } from "./map-gesture.ts";

/** Layout units drawn 2 px each, the layout's origin at (100, 200). */
const VIEW: ViewTransform = { ox: 100, oy: 200, sx: 2, sy: 2, zoom: 1 };

/** A named node: a 40 px circle on its point, its name below (the picture 56 × 61). */
const node = (id: string, x: number, y: number): NodeBox => ({ id, x, y, w: 56, h: 61, size: 40 });

function scene(over: Partial<HitScene> = {}): HitScene {
  return {
    // a at (100, 200), b at (300, 200), c at (100, 400) in pixels.
    nodes: [node("a", 0, 0), node("b", 100, 0), node("c", 0, 100)],
    edges: [
      { id: "ab", from: "a", to: "b" },
      { id: "ac", from: "a", to: "c" },
    ],
    view: VIEW,
    curveness: 0,
    ...over,
  };
}

describe("the relation map's view", () => {
  it("moves as the picture does under the gesture it took", () => {
    const m: Move = { x: 30, y: -12, k: 1.5 };
    const moved = viewAfterMove(VIEW, m);
    for (const [x, y] of [
      [0, 0],
      [40, -25],
      [-300, 80],
    ] as const) {
      const after = pixelOf(moved, x, y);
      const expected = applyMove(m, pixelOf(VIEW, x, y));
      expect(after.x).toBeCloseTo(expected.x, 9);
      expect(after.y).toBeCloseTo(expected.y, 9);
    }
    expect(moved.zoom).toBe(1.5);
  });

  it("grows the pictures with a share of the zoom, as ECharts' nodeScaleRatio", () => {
    expect(nodeScale(VIEW)).toBe(1);
    expect(nodeScale({ ...VIEW, zoom: 2 })).toBeCloseTo(1.6, 9);
    expect(nodeScale({ ...VIEW, zoom: 0.5 })).toBeCloseTo(0.7, 9);
  });

  it("sizes the centre, the nodes of a large map and names them as before", () => {
    const n = { name: "李白", kind: "person", center: false, degree: 3 };
    expect(faceSpec(n, false)).toMatchObject({ size: 40, named: true });
    expect(faceSpec(n, true)).toMatchObject({ size: 30, named: false });
    expect(faceSpec({ ...n, degree: 8 }, true)).toMatchObject({ size: 30, named: true });
    expect(faceSpec({ ...n, center: true }, true)).toMatchObject({ size: 60, named: true });
  });
});

describe("the relation map's curves", () => {
  it("places the control point as ECharts' graph does", () => {
    expect(controlPoint({ x: 0, y: 0 }, { x: 100, y: 0 }, 0.1)).toEqual({ x: 50, y: -10 });
    expect(controlPoint({ x: 0, y: 0 }, { x: 100, y: 0 }, 0)).toBeNull();
  });

  it("measures to a segment's nearest point, its ends included", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 100, y: 0 };
    expect(distanceToSegment({ x: 50, y: 7 }, a, b)).toBe(7);
    expect(distanceToSegment({ x: -3, y: 4 }, a, b)).toBe(5);
    expect(distanceToSegment({ x: 5, y: 5 }, a, a)).toBeCloseTo(Math.SQRT2 * 5, 9);
  });

  it("measures to the curve drawn, not to the straight line", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 100, y: 0 };
    const c = controlPoint(a, b, 0.1);
    // The curve's middle is halfway from the line's middle to the control point.
    expect(distanceToEdge({ x: 50, y: -5 }, a, b, c)).toBeLessThan(0.2);
    expect(distanceToEdge({ x: 50, y: 0 }, a, b, c)).toBeCloseTo(5, 1);
  });
});

describe("a tap on the relation map", () => {
  it("finds the node whose circle it lands on", () => {
    expect(hitTest(scene(), { x: 305, y: 195 })).toEqual({ node: "b" });
    expect(hitTest(scene(), { x: 100, y: 400 })).toEqual({ node: "c" });
  });

  it("counts the name under a node as the node, and nothing beyond its picture", () => {
    // The picture spans x ± 28 and from 20 above the point to 41 below it.
    expect(hitTest(scene(), { x: 327, y: 240 })).toEqual({ node: "b" });
    expect(hitTest(scene(), { x: 300, y: 243 })).toBeNull();
    expect(hitTest(scene(), { x: 300, y: 178 })).toBeNull();
  });

  it("takes the nearest circle where pictures overlap", () => {
    const s = scene({ nodes: [node("a", 0, 0), node("near", 10, 0)] });
    expect(hitTest(s, { x: 104, y: 200 })).toEqual({ node: "a" });
    expect(hitTest(s, { x: 116, y: 200 })).toEqual({ node: "near" });
  });

  it("grows the nodes' pictures with the zoom", () => {
    const zoomed = scene({ view: { ...VIEW, zoom: 2 } });
    // 25 px above b: outside a 40 px circle, inside the 64 px one drawn at zoom 2.
    expect(hitTest(scene(), { x: 300, y: 175 })).toBeNull();
    expect(hitTest(zoomed, { x: 300, y: 175 })).toEqual({ node: "b" });
  });

  it("finds an edge within a finger's reach of its line, the nearest one first", () => {
    expect(hitTest(scene(), { x: 200, y: 200 + EDGE_SLOP_PX - 1 })).toEqual({ edge: "ab" });
    expect(hitTest(scene(), { x: 200, y: 200 + EDGE_SLOP_PX + 1 })).toBeNull();
    // Near the corner where both edges meet, beyond a's picture: the nearer edge.
    expect(hitTest(scene(), { x: 112, y: 260 })).toEqual({ edge: "ac" });
    expect(hitTest(scene(), { x: 150, y: 210 })).toEqual({ edge: "ab" });
  });

  it("follows a curved edge where it is drawn", () => {
    // a to b bowed 0.1 of its length: the curve's middle is 10 px above the line's.
    const curved = scene({ curveness: 0.1 });
    expect(hitTest(curved, { x: 200, y: 188 })).toEqual({ edge: "ab" });
    expect(hitTest(scene(), { x: 200, y: 184 })).toBeNull();
    expect(hitTest(curved, { x: 200, y: 184 })).toEqual({ edge: "ab" });
    expect(hitTest(curved, { x: 200, y: 212 })).toBeNull();
  });

  it("ignores edges whose ends are not drawn", () => {
    const s = scene({ edges: [{ id: "ax", from: "a", to: "gone" }] });
    expect(hitTest(s, { x: 200, y: 200 })).toBeNull();
  });

  it("reads a tap through the gesture's transform still on the picture", () => {
    // The picture is shown panned 50 px right and zoomed 2× about the corner.
    const shown: Move = { x: 50, y: 0, k: 2 };
    // b (300, 200) shows at (650, 400).
    expect(hitTest(scene(), { x: 650, y: 400 }, shown)).toEqual({ node: "b" });
    expect(hitTest(scene(), { x: 300, y: 200 }, shown)).toBeNull();
    // The finger's reach is in the reader's pixels: 14 px on screen, 7 in the picture.
    expect(hitTest(scene(), { x: 450, y: 400 + 12 }, shown)).toEqual({ edge: "ab" });
    expect(hitTest(scene(), { x: 450, y: 400 + 16 }, shown)).toBeNull();
  });
});

describe("the view the page keeps of a map drawn elsewhere", () => {
  const pan: Move = { x: 20, y: 0, k: 1 };
  const zoom: Move = { x: -50, y: -100, k: 2 };

  it("counts the moves sent and not yet drawn", () => {
    let track = trackViewTold(START_TRACK, VIEW, 0);
    track = trackMoveSent(trackMoveSent(track, 1, pan), 2, zoom);
    expect(trackedView(track)).toEqual(viewAfterMove(viewAfterMove(VIEW, pan), zoom));
  });

  it("takes the drawn view once it has a move in it, and keeps the moves after it", () => {
    let track = trackViewTold(START_TRACK, VIEW, 0);
    track = trackMoveSent(trackMoveSent(track, 1, pan), 2, zoom);
    const drawnWithPan = viewAfterMove(VIEW, pan);
    track = trackViewTold(track, drawnWithPan, 1);
    expect(track.sent.map((m) => m.seq)).toEqual([2]);
    expect(trackedView(track)).toEqual(viewAfterMove(drawnWithPan, zoom));
    // A new map re-centred after both moves: its view is the reader's now.
    const recentred = { ox: 180, oy: 250, sx: 1.2, sy: 1.2, zoom: 1 };
    track = trackViewTold(track, recentred, 2);
    expect(track.sent).toEqual([]);
    expect(trackedView(track)).toEqual(recentred);
  });

  it("ignores a view older than one already told", () => {
    let track = trackViewTold(START_TRACK, VIEW, 3);
    track = trackViewTold(track, { ...VIEW, ox: 0 }, 2);
    expect(track.told).toEqual(VIEW);
  });
});
