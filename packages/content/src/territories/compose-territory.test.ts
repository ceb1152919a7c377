import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { largestPolygon, ringArea2 } from "../geo/rings.ts";
import { readBaseMap } from "./base-map.ts";
import { composeTerritories, composeTerritory } from "./compose-territory.ts";

const baseMap = readBaseMap("content");
if (!baseMap) throw new Error("content/geo/base-map.topo.json is missing: npm run map:build");

type Pt = [number, number];

function inside([x, y]: Pt, ring: Pt[]): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Pt;
    const [xj, yj] = ring[j] as Pt;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

describe("composeTerritory", () => {
  it("joins neighbouring units into one polygon along their shared borders", () => {
    const shape = composeTerritory(baseMap, [
      { unit: "cn-beijing" },
      { unit: "cn-tianjin" },
      { unit: "cn-hebei" },
    ]);
    expect(shape.geometry.type).toBe("MultiPolygon");
    // 河北 surrounds 北京 and 天津: one mainland polygon without holes where they meet.
    const mainland = shape.geometry.coordinates[0] ?? [];
    expect(mainland).toHaveLength(1);
    expect(inside([116.4, 39.9], mainland[0] as Pt[])).toBe(true);
    expect(inside([117.2, 39.1], mainland[0] as Pt[])).toBe(true);
  });

  it("rounds to two decimals and winds outer rings clockwise (d3-geo)", () => {
    const shape = composeTerritory(baseMap, [{ unit: "cn-shaanxi" }, { unit: "cn-henan" }]);
    for (const polygon of shape.geometry.coordinates) {
      expect(ringArea2(polygon[0] ?? [])).toBeLessThan(0);
      for (const ring of polygon)
        for (const [x, y] of ring) {
          expect(Math.round(x * 100) / 100).toBe(x);
          expect(Math.round(y * 100) / 100).toBe(y);
        }
    }
  });

  it("cuts a unit to its box and unites it with the whole ones", () => {
    const box: [number, number, number, number] = [106, 37, 112.5, 42];
    const piece = composeTerritory(baseMap, [{ unit: "cn-neimenggu", clip: box }]);
    for (const polygon of piece.geometry.coordinates)
      for (const ring of polygon)
        for (const [x, y] of ring) {
          expect(x).toBeGreaterThanOrEqual(106 - 0.01);
          expect(x).toBeLessThanOrEqual(112.5 + 0.01);
          expect(y).toBeGreaterThanOrEqual(37 - 0.01);
          expect(y).toBeLessThanOrEqual(42 + 0.01);
        }
    const joined = composeTerritory(baseMap, [
      { unit: "cn-shaanxi" },
      { unit: "cn-neimenggu", clip: box },
    ]);
    // 陕西 and the cut of 内蒙古 touch along the Great Wall line: one polygon.
    expect(joined.geometry.coordinates).toHaveLength(1);
  });

  it("puts the label inside the largest polygon", () => {
    const shape = composeTerritory(baseMap, [{ unit: "cn-hainan" }, { unit: "cn-guangdong" }]);
    const largest = largestPolygon(shape.geometry.coordinates)?.[0] as Pt[];
    expect(inside(shape.label, largest)).toBe(true);
    expect(shape.label[0]).toBeGreaterThan(110);
  });

  it("names an unknown unit", () => {
    expect(() => composeTerritory(baseMap, [{ unit: "cn-atlantis" }])).toThrow(/cn-atlantis/);
  });

  it("reuses shapes from its cache file", () => {
    const cacheFile = join(mkdtempSync(join(tmpdir(), "tongjian-compose-")), "shapes.json");
    const items = [{ id: "a", units: [{ unit: "cn-hubei" }, { unit: "cn-hunan" }] }];
    const first = composeTerritories(baseMap, items, { cacheFile });
    expect(existsSync(cacheFile)).toBe(true);
    const second = composeTerritories(baseMap, items, { cacheFile });
    expect(second.get("a")).toEqual(first.get("a"));
  });
});
