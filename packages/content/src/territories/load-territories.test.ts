import { appendFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { territoryFixtureDir } from "../../../../tests/support/territory-content.ts";
import { ContentValidationError, contentId, loadContent } from "../load-content.ts";
import { formatTerritoryCoverage, territoryCoverage, territoryId } from "./load-territories.ts";

function issuesOf(dir: string) {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentValidationError) return error.issues;
    throw error;
  }
  throw new Error("expected validation to fail");
}

function withExtra(yaml: string) {
  return territoryFixtureDir((dir) => appendFileSync(join(dir, "territories/test.yaml"), yaml));
}

describe("territory content", () => {
  it("loads the periods with their regimes and units", () => {
    const bundle = loadContent(territoryFixtureDir());
    expect(bundle.baseMap?.units.has("cn-shaanxi")).toBe(true);
    expect(bundle.territories.map((t) => [t.regimeKey, t.from, t.to])).toEqual([
      ["qin", -221, -207],
      ["tang", 618, 755],
      ["tang", 756, 907],
    ]);
    const qin = bundle.territories[0];
    expect(qin?.regimeId).toBe(contentId("regime", "qin"));
    expect(qin?.id).toBe(territoryId("qin", -221));
    expect(qin?.units[2]).toEqual({ unit: "cn-neimenggu", clip: [106, 37, 112.5, 42] });
  });

  it("rejects an unknown regime, an unknown unit and a bad clip box, naming the field", () => {
    const issues = issuesOf(
      withExtra(`
- regime: sui
  from: 581
  to: 618
  units: [cn-shaanxi]
  note: 不存在的政权。
- regime: qin
  from: -210
  to: -209
  units: [cn-shaanxi, cn-atlantis]
  note: 单元有误。
- regime: tang
  from: 700
  to: 701
  units: [cn-shaanxi, { unit: cn-henan, clip: [115, 30, 110, 35] }]
  note: 裁剪框有误。
`),
    );
    const text = issues.map((i) => `${i.record}|${i.field}|${i.message}`);
    expect(text).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^sui 581\|regime\|政权 sui 不存在/),
        expect.stringMatching(/^qin -210\|units\.1\|底图中没有单元 cn-atlantis/),
        expect.stringMatching(/^tang 700\|units\.1\.clip\|clip 的西界应小于东界/),
      ]),
    );
    // The second qin period overlaps the first.
    expect(text.some((t) => t.startsWith("qin -210|from|与同一政权"))).toBe(true);
  });

  it("keeps periods within the regime's years and asks for a note", () => {
    const issues = issuesOf(
      withExtra(`
- regime: qin
  from: -230
  to: -222
  units: [cn-shaanxi]
  note: 秦统一之前。
- regime: tang
  from: 908
  to: 0
  units: [cn-shaanxi]
  note: ""
`),
    );
    const text = issues.map((i) => `${i.record}|${i.field}|${i.message}`);
    expect(text).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^qin -230\|from\|前230年—前222年 超出秦的年代 前221年—前207年/),
        expect.stringMatching(/^tang 908\|to\|没有公元0年/),
        expect.stringMatching(/^tang 908\|note\|说明至少/),
      ]),
    );
  });

  it("asks for the base map when there are territories", () => {
    const dir = territoryFixtureDir((d) => rmSync(join(d, "geo"), { recursive: true }));
    expect(issuesOf(dir).some((i) => i.message.includes("基础底图"))).toBe(true);
  });

  it("reports coverage: regimes without territory and uncovered years", () => {
    const bundle = loadContent(territoryFixtureDir());
    const regimes = bundle.entries.filter((e) => e.kind === "regime");
    const report = territoryCoverage(regimes, bundle.territories);
    expect(report.covered).toBe(2);
    expect(report.missing).toEqual([]);
    expect(report.gaps).toEqual([]);
    const without = territoryCoverage(regimes, bundle.territories.slice(1, 2));
    expect(without.missing).toEqual(["秦"]);
    expect(without.gaps).toEqual([{ name: "唐", spans: ["756年—907年"] }]);
    expect(formatTerritoryCoverage(without)[1]).toContain("缺少疆域的政权（1）：秦");
  });
});
