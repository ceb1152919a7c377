import { describe, expect, it } from "vitest";
import { OUTLINE_BOX, projectionAffine, timeMapProjection } from "./time-map-projection.ts";

describe("time map projection", () => {
  it("fits China and its neighbours inside the box with its margin", () => {
    const p = timeMapProjection(375, 420);
    for (const corner of [
      [73, 18],
      [135, 53.5],
    ] as [number, number][]) {
      const [x, y] = p(corner) ?? [Number.NaN, Number.NaN];
      expect(x).toBeGreaterThanOrEqual(7.99);
      expect(x).toBeLessThanOrEqual(375 - 7.99);
      expect(y).toBeGreaterThanOrEqual(7.99);
      expect(y).toBeLessThanOrEqual(420 - 7.99);
    }
  });

  it("carries the server's outline box to a canvas's fitting by one scale and shift", () => {
    const server = timeMapProjection(OUTLINE_BOX.width, OUTLINE_BOX.height, 0);
    const canvas = timeMapProjection(375, 420);
    const m = projectionAffine(server, canvas);
    for (const point of [
      [116.4, 39.9],
      [87.6, 43.8],
      [121.5, 25],
      [100, 22],
      [126.6, 45.8],
    ] as [number, number][]) {
      const s = server(point) as [number, number];
      const c = canvas(point) as [number, number];
      expect(m.scale * s[0] + m.x).toBeCloseTo(c[0], 6);
      expect(m.scale * s[1] + m.y).toBeCloseTo(c[1], 6);
    }
  });
});
