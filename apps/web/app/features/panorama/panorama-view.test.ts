import { describe, expect, it } from "vitest";
import { clampPitch, directionOf, facingWords, pictureSpot } from "./panorama-view.ts";

describe("panorama view math", () => {
  it("puts yaw 0 in the middle of the picture and turns clockwise to the right", () => {
    expect(pictureSpot(0, 0)).toEqual({ x: 0.5, y: 0.5 });
    expect(pictureSpot(90, 45)).toEqual({ x: 0.75, y: 0.25 });
    expect(pictureSpot(-90, 0).x).toBeCloseTo(0.25);
  });

  it("maps yaw and pitch to directions on the mirrored sphere", () => {
    const round = (v: number[]) => v.map((n) => Math.round(n * 1000) / 1000 + 0);
    expect(round(directionOf(0, 0))).toEqual([-1, 0, 0]);
    expect(round(directionOf(90, 0))).toEqual([0, 0, -1]);
    expect(round(directionOf(0, 90))).toEqual([0, 1, 0]);
  });

  it("stops short of the poles and names the way a reader faces", () => {
    expect(clampPitch(120)).toBe(80);
    expect(clampPitch(-95)).toBe(-80);
    expect(facingWords(0)).toBe("正前方");
    expect(facingWords(185)).toBe("正后方");
    expect(facingWords(-80)).toBe("左侧");
  });
});
