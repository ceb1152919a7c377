import { describe, expect, it } from "vitest";
import {
  centreOn,
  clampView,
  initialView,
  levelFor,
  MAX_SCALE,
  panBy,
  viewFraction,
  visibleTiles,
  zoomAt,
} from "./viewer-math.ts";

// 清明上河图's stand-in: 21,120 × 992, six levels of 512-pixel tiles.
const scroll = { width: 21120, height: 992, tileSize: 512, levels: 7 };
const phone = { width: 375, height: 420 };

describe("painting viewer arithmetic", () => {
  it("opens a long scroll at full height at its right end", () => {
    const v = initialView(scroll, phone);
    expect(v.scale).toBeCloseTo(420 / 992);
    expect(v.x + phone.width / v.scale).toBeCloseTo(scroll.width);
    expect(v.y).toBe(0);
  });

  it("keeps zoom in range and the point under the fingers in place", () => {
    const v = initialView(scroll, phone);
    const z = zoomAt(scroll, phone, v, 4, 100, 200);
    expect(z.scale).toBeCloseTo(v.scale * 4);
    expect(z.x + 100 / z.scale).toBeCloseTo(v.x + 100 / v.scale);
    expect(zoomAt(scroll, phone, z, 1000, 0, 0).scale).toBe(MAX_SCALE);
    expect(zoomAt(scroll, phone, z, 0.0001, 0, 0).scale).toBeCloseTo(375 / 21120);
  });

  it("stops panning at the picture's edges", () => {
    const v = initialView(scroll, phone);
    expect(panBy(scroll, phone, v, -10000, 0).x).toBeCloseTo(scroll.width - phone.width / v.scale);
    expect(panBy(scroll, phone, v, 1e7, 0).x).toBe(0);
    expect(clampView(scroll, phone, { scale: v.scale, x: 10, y: 500 }).y).toBe(0);
  });

  it("draws coarse levels when zoomed out and few tiles at any zoom", () => {
    const v = initialView(scroll, phone);
    const level = levelFor(scroll, v, 2);
    expect(level).toBe(0);
    const out = clampView(scroll, phone, { scale: 0.02, x: 0, y: 0 });
    expect(levelFor(scroll, out, 2)).toBeGreaterThanOrEqual(4);
    for (const view of [v, out, zoomAt(scroll, phone, v, 4, 0, 0)]) {
      const tiles = visibleTiles(scroll, phone, view, levelFor(scroll, view, 2));
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.length).toBeLessThanOrEqual(12);
    }
  });

  it("moves to a minimap point and reports the frame as fractions", () => {
    const v = centreOn(scroll, phone, initialView(scroll, phone), 0.5, 0.5);
    const f = viewFraction(scroll, phone, v);
    expect(f.x + f.w / 2).toBeCloseTo(0.5, 3);
    expect(f.h).toBeCloseTo(1);
  });
});
