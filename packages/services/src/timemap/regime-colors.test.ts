import { describe, expect, it } from "vitest";
import { assignRegimeColours, type ColourPeriod, REGIME_PALETTE } from "./regime-colors.ts";
import { effectivePeriods } from "./timemap.server.ts";

const regime = (id: string, start: number, successors: string[] = []) => ({
  id,
  key: id,
  start,
  successors,
});

describe("assignRegimeColours", () => {
  it("gives neighbours drawn in the same years different colours from the palette", () => {
    // Five-dynasties-like crowd: twelve regimes side by side in one year.
    const regimes = Array.from({ length: 12 }, (_, i) => regime(`r${i}`, 900 + i));
    const periods: ColourPeriod[] = regimes.map((r, i) => ({
      regimeId: r.id,
      from: 907,
      to: 950,
      box: [100 + i * 2, 20, 102 + i * 2, 30],
    }));
    const colours = assignRegimeColours(regimes, periods);
    for (const c of colours.values()) expect(REGIME_PALETTE).toContain(c);
    for (let i = 1; i < 12; i += 1) {
      expect(colours.get(`r${i}`), `r${i}`).not.toBe(colours.get(`r${i - 1}`));
    }
  });

  it("changes colour with the dynasty, keeps it for a regime, and may repeat far away", () => {
    const regimes = [regime("a", 100, ["b"]), regime("b", 200), regime("c", 100)];
    const periods: ColourPeriod[] = [
      { regimeId: "a", from: 100, to: 199, box: [100, 30, 110, 40] },
      { regimeId: "b", from: 200, to: 300, box: [100, 30, 110, 40] },
      { regimeId: "c", from: 100, to: 300, box: [40, 0, 45, 5] },
    ];
    const first = assignRegimeColours(regimes, periods);
    expect(first.get("a")).not.toBe(first.get("b"));
    expect(assignRegimeColours([...regimes].reverse(), [...periods].reverse())).toEqual(first);
  });
});

describe("effectivePeriods", () => {
  it("lets an imported shape take over the composed one's years, stepping over year 0", () => {
    const rows = [
      { id: "c", regime_id: "han", from_year: -202, to_year: 8, source: "composed" },
      { id: "i", regime_id: "han", from_year: -100, to_year: -1, source: "imported" },
      { id: "o", regime_id: "qin", from_year: -221, to_year: -207, source: "composed" },
    ];
    const out = effectivePeriods(rows).map((p) => [p.row.id, p.from, p.to]);
    expect(out).toEqual([
      ["c", -202, -101],
      ["c", 1, 8],
      ["i", -100, -1],
      ["o", -221, -207],
    ]);
  });
});
