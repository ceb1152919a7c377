import { describe, expect, it } from "vitest";
import { centuryLabel, centuryOf, centuryRange } from "./century.ts";
import { placeNameIn, placeNamesOverTime } from "./place-names.ts";

const LUO_YANG = [
  { name: "洛邑", from: -1039, note: "周公营建" },
  { name: "雒阳", from: 25, to: 220, note: "东汉改洛为雒" },
  { name: "洛阳", from: 220 },
  { name: "神都", from: 684, to: 705 },
];

describe("a place's names over time", () => {
  it("keeps the file's order and years, in words", () => {
    const periods = placeNamesOverTime([{ name: "斟鄩" }, ...LUO_YANG]);
    expect(periods.map((p) => [p.name, p.timeDesc])).toEqual([
      ["斟鄩", ""],
      ["洛邑", "前1039年起"],
      ["雒阳", "25年—220年"],
      ["洛阳", "220年起"],
      ["神都", "684年—705年"],
    ]);
    expect(periods[1]).toMatchObject({ from: -1039, to: null, note: "周公营建" });
    expect(periods[0]?.note).toBeNull();
  });

  it("tells the name in use in a year, else the place's own", () => {
    expect(placeNameIn(LUO_YANG, 100, "洛阳")).toBe("雒阳");
    expect(placeNameIn(LUO_YANG, 700, "洛阳")).toBe("神都");
    expect(placeNameIn(LUO_YANG, 800, "洛阳")).toBe("洛阳");
    expect(placeNameIn(LUO_YANG, -2000, "洛阳")).toBe("洛阳");
  });
});

describe("centuries", () => {
  it("counts from 1 and 前1 with no century 0", () => {
    expect(centuryOf(1)).toBe(1);
    expect(centuryOf(100)).toBe(1);
    expect(centuryOf(101)).toBe(2);
    expect(centuryOf(-1)).toBe(-1);
    expect(centuryOf(-100)).toBe(-1);
    expect(centuryOf(-221)).toBe(-3);
    expect(centuryLabel(-3)).toBe("前3世纪");
    expect(centuryLabel(20)).toBe("20世纪");
    expect(centuryRange(-2, 2)).toEqual([-2, -1, 1, 2]);
    expect(() => centuryOf(0)).toThrow(RangeError);
  });
});
