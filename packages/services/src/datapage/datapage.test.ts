import { describe, expect, it } from "vitest";
import { fixedCaches, fixtureRepository, idOf, row } from "../lists/corpus-fixture.ts";
import { createCorpusSource } from "../lists/corpus-source.ts";
import { createDataPageService } from "./datapage.server.ts";

const rows = [
  row("regime", "zhou", "周", { start_year: -1046, end_year: -256, data: { period: "先秦" } }),
  row("regime", "xi-zhou", "西周", { start_year: -1046, end_year: -771, data: { period: "先秦" } }),
  row("regime", "dong-zhou", "东周", {
    start_year: -770,
    end_year: -256,
    data: { period: "先秦" },
  }),
  row("regime", "qin", "秦", { start_year: -221, end_year: -207, data: { period: "秦汉" } }),
  row("person", "kong-zi", "孔子", {
    regime_id: idOf("regime", "dong-zhou"),
    data: { roles: ["思想家", "学者"] },
  }),
  row("person", "lao-zi", "老子", {
    regime_id: idOf("regime", "dong-zhou"),
    data: { roles: ["思想家"] },
  }),
  row("person", "li-si", "李斯", { regime_id: idOf("regime", "qin"), data: { roles: ["政治家"] } }),
  row("person", "plato", "柏拉图", { data: { roles: ["哲学家"] } }),
  row("event", "e1", "平王东迁", { start_year: -770, regime_id: idOf("regime", "dong-zhou") }),
  row("event", "e2", "秦统一", { start_year: -221, regime_id: idOf("regime", "qin") }),
  row("event", "e3", "希波战争", { start_year: -499 }),
  row("event", "e4", "罗马建城", { start_year: -753 }),
];

function service() {
  const corpus = fixtureRepository(rows, [], {
    poemCounts: async (limit) =>
      [
        { id: "p1", name: "陆游", time_desc: null, n: 9300 },
        { id: "p2", name: "杨万里", time_desc: null, n: 4200 },
      ].slice(0, limit),
  });
  const caches = fixedCaches();
  return createDataPageService({
    source: createCorpusSource({ corpus, caches }),
    corpus,
    caches,
    now: () => new Date("2026-06-01T00:00:00Z"),
  });
}

describe("data pages", () => {
  it("lists the four pages", () => {
    expect(
      service()
        .pages()
        .pages.map((p) => p.slug),
    ).toEqual(["regimes", "people", "events", "poems"]);
  });

  it("counts regimes' years in founding order, eras of several parts left out", async () => {
    const page = await service().page("regimes");
    const years = page.charts[0];
    expect(years?.categories).toEqual(["西周", "东周", "秦"]);
    expect(years?.series[0]?.values).toEqual([275, 514, 14]);
    expect(years?.links?.[0]).toBe(`/detail/${idOf("regime", "xi-zhou")}`);
    expect(years?.summary).toMatch(/存续最久的是东周（514年）/);
    expect(page.charts[1]).toMatchObject({
      categories: ["先秦", "秦汉"],
      series: [{ values: [2, 1] }],
    });
    expect(page.computedAt).toBe("2026-06-01T00:00:00.000Z");
  });

  it("counts people per dynasty and per field", async () => {
    const [dynasty, field] = (await service().page("people")).charts;
    expect(dynasty?.categories).toEqual(["东周", "秦", "世界及其他"]);
    expect(dynasty?.series[0]?.values).toEqual([2, 1, 1]);
    expect(field?.categories[0]).toBe("思想家");
    expect(field?.series[0]?.values[0]).toBe(2);
  });

  it("counts events per century for China and the world, no century skipped", async () => {
    const [chart] = (await service().page("events")).charts;
    expect(chart?.categories).toEqual([
      "前8世纪",
      "前7世纪",
      "前6世纪",
      "前5世纪",
      "前4世纪",
      "前3世纪",
    ]);
    expect(chart?.series).toEqual([
      { name: "中国史", values: [1, 0, 0, 0, 0, 1] },
      { name: "世界史", values: [1, 0, 0, 1, 0, 0] },
    ]);
  });

  it("ranks poets by their poems", async () => {
    const [chart] = (await service().page("poems")).charts;
    expect(chart?.categories).toEqual(["陆游", "杨万里"]);
    expect(chart?.summary).toMatch(/最多的是陆游（9300首）/);
  });
});
