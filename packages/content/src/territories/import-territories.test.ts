import { describe, expect, it } from "vitest";
import {
  parseTerritoryFile,
  type RegimeRef,
  regimeMatcher,
  simplifyRing,
} from "./import-territories.ts";

const regimes: RegimeRef[] = [
  { id: "t", key: "tang", name: "唐", aliases: ["李唐"], start: 618, end: 907 },
  { id: "s", key: "song", name: "宋", aliases: [], start: 960, end: 1279 },
  { id: "bs", key: "bei-song", name: "北宋", aliases: [], start: 960, end: 1127 },
  { id: "ns", key: "nan-song", name: "南宋", aliases: [], start: 1127, end: 1279 },
];

const feature = (properties: Record<string, unknown>) => ({
  type: "Feature",
  properties,
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [105, 25],
        [120, 25],
        [120, 38],
        [105, 38],
        [105, 25],
      ],
    ],
  },
});

const parse = (...features: unknown[]) =>
  parseTerritoryFile(JSON.stringify({ type: "FeatureCollection", features }), "t.geojson", regimes);

describe("regimeMatcher", () => {
  it("matches keys, ids, names, aliases and Latin names", () => {
    const match = regimeMatcher(regimes);
    for (const text of ["tang", "t", "唐", "李唐", "Tang Empire", "Tang dynasty (China)", " TANG "])
      expect(match(text)?.key, text).toBe("tang");
    expect(match("Northern Song")).toBeUndefined();
    expect(match("Roman Empire")).toBeUndefined();
  });
});

describe("parseTerritoryFile", () => {
  it("gives an umbrella's shape to its one part that spans the years", () => {
    const { records } = parse(
      feature({ Name: "Song Empire", FromYear: 1100, ToYear: 1100 }),
      feature({ name: "宋", from: 1120, to: 1130 }),
    );
    expect(records.map((r) => [r.regimeId, r.from, r.to])).toEqual([
      ["bs", 1100, 1100],
      ["s", 1120, 1130],
    ]);
  });

  it("skips unnamed features and names it does not know", () => {
    const { records, skipped } = parse(
      feature({ from: 700, to: 710 }),
      feature({ NAME: "Silla", from: 700, to: 710 }),
    );
    expect(records).toEqual([]);
    expect(skipped).toEqual([
      "features[0]：没有名称（regime、name、Name、NAME 均缺）",
      "features[1] “Silla”：语料中没有这个政权",
    ]);
  });
});

describe("simplifyRing", () => {
  it("drops points closer to the line than the tolerance and keeps the corners", () => {
    const ring: [number, number][] = [
      [0, 0],
      [1, 0.001],
      [2, 0],
      [2, 2],
      [1, 2.001],
      [0, 2],
      [0, 0],
    ];
    expect(simplifyRing(ring, 0.01)).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ]);
  });
});
