import { describe, expect, it } from "vitest";
import {
  applyMove,
  compose,
  isStill,
  moveToCss,
  moveToRoam,
  panBy,
  pinch,
  rangeFrom,
  STILL,
  unapplyMove,
  wheelFactor,
  zoomAt,
} from "./map-gesture.ts";

const WIDE = { min: 0.01, max: 100 };

/** Where a point lands after ECharts' roam action: a pan of (dx, dy), then a zoom about (0, 0). */
function roamed(p: { x: number; y: number }, roam: { dx: number; dy: number; zoom?: number }) {
  const k = roam.zoom ?? 1;
  return { x: (p.x + roam.dx) * k, y: (p.y + roam.dy) * k };
}

describe("relation map gestures", () => {
  it("pans by the finger's travel, and adds up", () => {
    const m = panBy(panBy(STILL, 30, -10), 5, 5);
    expect(m).toEqual({ x: 35, y: -5, k: 1 });
    expect(applyMove(m, { x: 100, y: 100 })).toEqual({ x: 135, y: 95 });
  });

  it("zooms about the point under the pointer, which stays where it is", () => {
    const at = { x: 120, y: 200 };
    const m = zoomAt(panBy(STILL, 10, 20), 2, at, WIDE);
    expect(m.k).toBe(2);
    // The picture's point that was under the pointer (110, 180) is still under it.
    expect(applyMove(m, { x: 110, y: 180 })).toEqual(at);
  });

  it("keeps the zoom within the range and still holds the point", () => {
    const at = { x: 50, y: 50 };
    const m = zoomAt(STILL, 10, at, { min: 0.5, max: 3 });
    expect(m.k).toBe(3);
    expect(applyMove(m, at)).toEqual(at);
    expect(zoomAt(STILL, 0.01, at, { min: 0.5, max: 3 }).k).toBe(0.5);
  });

  it("pinches: the picture follows the fingers' middle and scales with their spread", () => {
    const from = [
      { x: 100, y: 200 },
      { x: 200, y: 200 },
    ] as const;
    const to = [
      { x: 60, y: 250 },
      { x: 260, y: 250 },
    ] as const;
    const m = pinch(STILL, from, to, WIDE);
    expect(m.k).toBeCloseTo(2);
    // What was between the fingers is between them still.
    const mid = applyMove(m, { x: 150, y: 200 });
    expect(mid.x).toBeCloseTo(160);
    expect(mid.y).toBeCloseTo(250);
    const left = applyMove(m, from[0]);
    expect(left.x).toBeCloseTo(60);
  });

  it("pinches from where the last gesture left the map", () => {
    const start = zoomAt(STILL, 1.5, { x: 0, y: 0 }, WIDE);
    const fingers = [
      { x: 10, y: 10 },
      { x: 50, y: 10 },
    ] as const;
    expect(pinch(start, fingers, fingers, WIDE)).toEqual(start);
  });

  it("zooms in on a wheel turned up, out on one turned down, in any unit", () => {
    expect(wheelFactor(-100, 0)).toBeCloseTo(1.2);
    expect(wheelFactor(100, 0)).toBeCloseTo(1 / 1.2);
    expect(wheelFactor(-100 / 16, 1)).toBeCloseTo(1.2);
    expect(wheelFactor(-0.25, 2)).toBeCloseTo(1.2);
    // A trackpad's flick of thousands of pixels is a few notches, not a leap.
    expect(wheelFactor(-5000, 0)).toBeCloseTo(1.2 ** 3);
  });

  it("hands the chart a roam that puts every point where the reader saw it", () => {
    for (const m of [
      panBy(STILL, 40, -25),
      zoomAt(panBy(STILL, 40, -25), 1.7, { x: 180, y: 300 }, WIDE),
      zoomAt(STILL, 0.4, { x: 10, y: 500 }, WIDE),
    ]) {
      const roam = moveToRoam(m);
      for (const p of [
        { x: 0, y: 0 },
        { x: 187, y: 250 },
        { x: 375, y: 500 },
      ]) {
        const seen = applyMove(m, p);
        const drawn = roamed(p, roam);
        expect(drawn.x).toBeCloseTo(seen.x);
        expect(drawn.y).toBeCloseTo(seen.y);
      }
    }
    expect(moveToRoam(panBy(STILL, 3, 4))).toEqual({ dx: 3, dy: 4 });
  });

  it("composes a move drawn but not yet painted with the one in hand", () => {
    const first = zoomAt(panBy(STILL, 12, -7), 1.3, { x: 90, y: 40 }, WIDE);
    const then = zoomAt(panBy(STILL, -5, 30), 0.8, { x: 200, y: 300 }, WIDE);
    const both = compose(first, then);
    for (const p of [
      { x: 0, y: 0 },
      { x: 150, y: 420 },
    ]) {
      const stepwise = applyMove(then, applyMove(first, p));
      const at = applyMove(both, p);
      expect(at.x).toBeCloseTo(stepwise.x);
      expect(at.y).toBeCloseTo(stepwise.y);
    }
    expect(compose(STILL, first)).toEqual(first);
  });

  it("limits a gesture's scale by the chart's zoom now", () => {
    expect(rangeFrom(2, { min: 0.3, max: 4 })).toEqual({ min: 0.15, max: 2 });
  });

  it("writes a still map as no transform at all", () => {
    expect(isStill(STILL)).toBe(true);
    expect(moveToCss(STILL)).toBe("");
    expect(moveToCss({ x: 1, y: 2, k: 1.5 })).toBe("translate3d(1px, 2px, 0) scale(1.5)");
  });

  it("finds where a point seen under a move is drawn", () => {
    const m = { x: 40, y: -20, k: 2.5 };
    const p = { x: 33, y: 71 };
    const back = unapplyMove(m, applyMove(m, p));
    expect(back.x).toBeCloseTo(p.x, 9);
    expect(back.y).toBeCloseTo(p.y, 9);
  });
});
