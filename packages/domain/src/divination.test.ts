import { readFileSync } from "node:fs";
import { lotsFileSchema } from "@tongjian/contracts/divination";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  chineseNumber,
  findLot,
  LOT_GRADES,
  type Lot,
  lotLabel,
  lotLink,
  lotSetProblems,
  lotSource,
  MIN_LOTS,
} from "./divination.ts";

const file = lotsFileSchema.parse(
  parseYaml(readFileSync("content/campaigns/divination/lots.yaml", "utf8")),
);

/** The works a verse may come from (issue 22): the classics and the poems of Tang and Song. */
const CLASSICS = ["诗经", "论语", "道德经", "周易", "楚辞"];

describe("the lots", () => {
  it(`has at least ${MIN_LOTS} lots, numbered 1 … N once each, every field written`, () => {
    const { lots } = file;
    expect(lots.length).toBeGreaterThanOrEqual(MIN_LOTS);
    expect(lotSetProblems(lots)).toEqual([]);
    expect(lots.map((l) => l.number)).toEqual(lots.map((_, i) => i + 1));
    for (const lot of lots) {
      for (const field of ["title", "verse", "work", "author", "reading"] as const)
        expect(lot[field].trim().length, `${lot.number} ${field}`).toBeGreaterThan(0);
      expect(LOT_GRADES).toContain(lot.grade);
      // A verse ends as a sentence does; a reading is a few sentences.
      expect(lot.verse, `${lot.number}`).toMatch(/[。！？]$/);
      expect(lot.reading.split("。").length, `${lot.number}`).toBeGreaterThanOrEqual(3);
      // No fortune telling: a reading gives advice, never a promise about fate.
      expect(lot.reading, `${lot.number}`).not.toMatch(/必定发财|一定会中|注定|运势|算命/);
    }
  });

  it("quotes the classics and the poets of Tang and Song, each verse once", () => {
    const verses = new Set(file.lots.map((l) => l.verse));
    expect(verses.size).toBe(file.lots.length);
    const classics = file.lots.filter((l) => CLASSICS.some((c) => l.work.startsWith(c)));
    const poems = file.lots.filter((l) => !CLASSICS.some((c) => l.work.startsWith(c)));
    for (const c of CLASSICS)
      expect(
        classics.some((l) => l.work.startsWith(c)),
        c,
      ).toBe(true);
    expect(poems.length).toBeGreaterThanOrEqual(20);
    for (const p of poems) expect(p.author, p.work).not.toMatch(/佚名/);
  });

  it("uses every grade", () => {
    for (const g of LOT_GRADES)
      expect(
        file.lots.some((l) => l.grade === g),
        g,
      ).toBe(true);
  });
});

describe("lot helpers", () => {
  it("writes numbers in Chinese", () => {
    expect([1, 10, 12, 20, 45, 64, 100, 105, 110, 999].map(chineseNumber)).toEqual([
      "一",
      "十",
      "十二",
      "二十",
      "四十五",
      "六十四",
      "一百",
      "一百零五",
      "一百一十",
      "九百九十九",
    ]);
    expect(lotLabel(12)).toBe("第十二签");
    expect(lotLink(12)).toBe("/divination?lot=12");
  });

  it("names the source: the work for classics, the poet and the poem otherwise", () => {
    expect(lotSource({ work: "论语·子罕", author: "孔子弟子及再传弟子（记孔子言行）" })).toBe(
      "《论语·子罕》",
    );
    expect(lotSource({ work: "早发白帝城", author: "李白" })).toBe("李白《早发白帝城》");
  });

  it("finds what is wrong with a set of lots", () => {
    const lot = (number: number, over: Partial<Lot> = {}): Lot => ({
      number,
      grade: "中平",
      title: "试签",
      verse: "学而时习之。",
      work: "论语·学而",
      author: "孔子",
      reading: "一。二。三。",
      ...over,
    });
    const problems = lotSetProblems([lot(1), lot(1), lot(2, { reading: " " })]);
    expect(problems).toContain(`签文至少 ${MIN_LOTS} 支，现有 3 支`);
    expect(problems).toContain("签号重复：1");
    expect(problems).toContain("第 2 签缺少 reading");
    expect(findLot([lot(1), lot(2)], 2)?.number).toBe(2);
    expect(findLot([lot(1)], 9)).toBeNull();
  });
});
