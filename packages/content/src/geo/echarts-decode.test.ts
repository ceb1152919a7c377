import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  decodeEchartsMap,
  decodeRing,
  type EchartsEncodedMap,
  encodeRing,
} from "./echarts-decode.ts";
import { rewindForD3, ringArea2, roundMultiPolygon } from "./rings.ts";

describe("ECharts 4 map decoding", () => {
  it("reads back a ring it encoded (zigzag steps from the offset, 1/1024 degree)", () => {
    const ring: [number, number][] = [
      [116.25, 39.5],
      [117.5, 39.75],
      [116.875, 40.125],
      [116.25, 39.5],
    ];
    const { encoded, offset } = encodeRing(ring);
    expect(decodeRing(encoded, offset)).toEqual(ring);
  });

  it("decodes a Polygon and a MultiPolygon and closes their rings", () => {
    const a = encodeRing([
      [100, 30],
      [101, 30],
      [101, 31],
    ]);
    const map: EchartsEncodedMap = {
      UTF8Encoding: true,
      features: [
        {
          id: "1",
          properties: { name: "甲" },
          geometry: { type: "Polygon", coordinates: [a.encoded], encodeOffsets: [a.offset] },
        },
        {
          id: "2",
          properties: { name: "乙" },
          geometry: {
            type: "MultiPolygon",
            coordinates: [[a.encoded], [a.encoded]],
            encodeOffsets: [[a.offset], [a.offset]],
          },
        },
      ],
    };
    const [one, two] = decodeEchartsMap(map);
    expect(one?.name).toBe("甲");
    expect(one?.polygons).toEqual([
      [
        [
          [100, 30],
          [101, 30],
          [101, 31],
          [100, 30],
        ],
      ],
    ]);
    expect(two?.polygons).toHaveLength(2);
  });

  it("refuses a file that is not encoded", () => {
    expect(() => decodeEchartsMap({ features: [] })).toThrow(/UTF8Encoding/);
  });

  it("puts ECharts 4's 北京 where Beijing is", () => {
    const map = JSON.parse(
      readFileSync("node_modules/echarts4-maps/map/json/china.json", "utf8"),
    ) as EchartsEncodedMap;
    const beijing = decodeEchartsMap(map).find((f) => f.name === "北京");
    const ring = beijing?.polygons[0]?.[0] ?? [];
    const lngs = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    expect(Math.min(...lngs)).toBeGreaterThan(115);
    expect(Math.max(...lngs)).toBeLessThan(118);
    expect(Math.min(...lats)).toBeGreaterThan(39);
    expect(Math.max(...lats)).toBeLessThan(41.5);
  });
});

describe("ring helpers", () => {
  it("winds outer rings clockwise and holes counter-clockwise", () => {
    const ccw: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ];
    const hole: [number, number][] = [
      [1, 1],
      [1, 2],
      [2, 2],
      [2, 1],
      [1, 1],
    ];
    const [polygon] = rewindForD3([[ccw, hole]]);
    expect(ringArea2(polygon?.[0] ?? [])).toBeLessThan(0);
    expect(ringArea2(polygon?.[1] ?? [])).toBeGreaterThan(0);
  });

  it("rounds, drops repeats and degenerate rings", () => {
    const rounded = roundMultiPolygon(
      [
        [
          [
            [0.0001, 0],
            [1, 0],
            [1.0004, 0],
            [1, 1],
            [0, 0],
          ],
        ],
        [
          [
            [5, 5],
            [5.0001, 5.0001],
            [5, 5],
          ],
        ],
      ],
      2,
    );
    expect(rounded).toEqual([
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    ]);
  });
});
