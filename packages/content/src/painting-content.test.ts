import { FORMAT_SLUGS, PAINTING_FORMATS, paintingDynastyOf } from "@tongjian/domain/painting";
import { describe, expect, it } from "vitest";
import { creatorKey, type PersonRecord, type WorkRecord, workSchema } from "./content-schema.ts";
import { loadContent } from "./load-content.ts";

// The paintings of the corpus (content/works/*.yaml, docs/content-format.md "Painting").
const bundle = loadContent("content");
const works = bundle.entries
  .filter((e) => e.kind === "work")
  .map((e) => ({ entry: e, work: e.record as WorkRecord }));
const paintings = works.filter(({ work }) => work.subject !== undefined);

describe("the paintings of the corpus", () => {
  it("has at least 120 paintings, each with every painting fact", () => {
    expect(paintings.length).toBeGreaterThanOrEqual(120);
    for (const { entry, work } of paintings) {
      expect(work.category, entry.key).toBe("绘画");
      expect(PAINTING_FORMATS as readonly string[], entry.key).toContain(work.mount);
      expect(work.size?.width, entry.key).toBeGreaterThan(0);
      expect(work.medium, entry.key).toMatch(/^[纸绢金]|^[纸绢]本/);
      expect(work.holder, entry.key).toBeTruthy();
      expect(paintingDynastyOf(work.regime), `${entry.key} ${work.regime}`).toBeDefined();
      expect(work.creators.length > 0 || work.attribution !== undefined, entry.key).toBe(true);
      expect(entry.summary.length, entry.key).toBeGreaterThanOrEqual(60);
    }
    const titles = paintings.map(({ entry }) => entry.name);
    expect(titles).toEqual(expect.arrayContaining(["清明上河图", "千里江山图", "富春山居图"]));
    for (const name of ["韩熙载夜宴图", "步辇图", "洛神赋图", "游春图", "溪山行旅图", "早春图"]) {
      expect(titles).toContain(name);
    }
    for (const name of [
      "五牛图",
      "虢国夫人游春图",
      "捣练图",
      "簪花仕女图",
      "鹊华秋色图",
      "汉宫春晓图",
    ]) {
      expect(titles).toContain(name);
    }
  });

  it("spreads over dynasties and formats, with long scrolls among them", () => {
    const dynasties = new Set(paintings.map(({ work }) => paintingDynastyOf(work.regime)?.slug));
    expect(dynasties.size).toBeGreaterThanOrEqual(7);
    for (const format of Object.keys(FORMAT_SLUGS)) {
      expect(
        paintings.some(({ work }) => work.mount === format),
        format,
      ).toBe(true);
    }
    const qingMing = paintings.find(({ entry }) => entry.key === "qing-ming-shang-he-tu");
    expect((qingMing?.work.size?.width ?? 0) / (qingMing?.work.size?.height ?? 1)).toBeGreaterThan(
      20,
    );
  });

  it("has at least 60 painters, each a person entry of the corpus", () => {
    const artists = new Set(paintings.flatMap(({ work }) => work.creators.map(creatorKey)));
    expect(artists.size).toBeGreaterThanOrEqual(60);
    for (const key of artists) {
      const person = bundle.entries.find((e) => e.key === key);
      expect(person?.kind, key).toBe("person");
      expect((person?.record as PersonRecord | undefined)?.roles.length).toBeGreaterThan(0);
    }
  });

  it("links each painting's `about` to entries that exist", () => {
    for (const { entry, work } of paintings) {
      for (const key of work.about ?? []) {
        expect(
          bundle.entries.some((e) => e.key === key),
          `${entry.key} → ${key}`,
        ).toBe(true);
      }
    }
  });

  it("refuses painting facts on other works, and a subject without mount, size and medium", () => {
    const base = {
      key: "x",
      name: "某",
      summary:
        "这是一段用于测试的作品简介，写得足够长，超过四十个字符才能通过校验的要求，再多写几个字。",
    };
    expect(workSchema.safeParse({ ...base, category: "典籍", medium: "纸本" }).success).toBe(false);
    expect(workSchema.safeParse({ ...base, category: "绘画", subject: "山水" }).success).toBe(
      false,
    );
    expect(
      workSchema.safeParse({
        ...base,
        category: "绘画",
        subject: "山水",
        medium: "纸本水墨",
        mount: "轴",
        size: { height: 100, width: 50 },
      }).success,
    ).toBe(true);
    expect(
      workSchema.safeParse({
        ...base,
        category: "绘画",
        subject: "风景",
        medium: "纸本水墨",
        mount: "轴",
        size: { height: 100, width: 50 },
      }).success,
    ).toBe(false);
  });
});
