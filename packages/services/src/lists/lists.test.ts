import { describe, expect, it } from "vitest";
import { fixedCaches, fixtureRepository, idOf, row } from "./corpus-fixture.ts";
import { createCorpusSource } from "./corpus-source.ts";
import { createListService } from "./lists.server.ts";

const regime = (
  key: string,
  name: string,
  start: number,
  end: number | null,
  period: string,
  parallel = false,
) => row("regime", key, name, { start_year: start, end_year: end, data: { period, parallel } });

const rows = [
  regime("xi-han", "西汉", -202, 8, "秦汉"),
  regime("han", "汉", -202, 220, "秦汉"),
  regime("xin-mang", "新", 9, 23, "秦汉"),
  regime("dong-han", "东汉", 25, 220, "秦汉"),
  regime("cao-wei", "曹魏", 220, 265, "三国两晋南北朝"),
  regime("san-guo", "三国", 220, 280, "三国两晋南北朝", true),
  regime("shu-han", "蜀汉", 221, 263, "三国两晋南北朝", true),
  regime("sun-wu", "孙吴", 222, 280, "三国两晋南北朝", true),
  regime("xi-jin", "西晋", 265, 316, "三国两晋南北朝"),
  regime("prc", "中华人民共和国", 1949, null, "近现代"),
  row("event", "zhang-qian", "张骞出使西域", {
    start_year: -139,
    end_year: -126,
    time_desc: "前139年—前126年",
    regime_id: idOf("regime", "xi-han"),
  }),
  row("event", "chi-bi", "赤壁之战", { start_year: 208, regime_id: idOf("regime", "dong-han") }),
  row("event", "kai-sa", "恺撒遇刺", { start_year: -44 }),
  row("event", "bu-ni", "布匿战争", { start_year: -264, end_year: -146 }),
  row("event", "luo-ma", "罗马帝国建立", { start_year: -27 }),
  row("event", "xi-luo-ma", "西罗马帝国灭亡", { start_year: 476 }),
  row("person", "si-ma-qian", "司马迁", {
    start_year: -145,
    regime_id: idOf("regime", "xi-han"),
    popularity: 30,
  }),
  row("person", "ban-gu", "班固", {
    start_year: 32,
    regime_id: idOf("regime", "dong-han"),
    popularity: 12,
  }),
  row("person", "euclid", "欧几里得", { popularity: 3 }),
  row("work", "shi-ji", "史记", {
    start_year: -104,
    time_desc: "前104年—前91年",
    regime_id: idOf("regime", "xi-han"),
    data: {
      category: "典籍",
      form: "纪传体通史",
      creators: [{ person: "si-ma-qian", role: "作者" }],
    },
  }),
  row("work", "shi-jing", "诗经", {
    data: { category: "典籍", form: "诗歌总集", attribution: "各地乐歌" },
  }),
  row("work", "ji-he", "几何原本", { data: { category: "典籍", creators: ["euclid"] } }),
  row("work", "chu-shi-biao", "出师表", {
    start_year: 227,
    regime_id: idOf("regime", "shu-han"),
    data: { category: "诗文" },
  }),
];

function service() {
  const corpus = fixtureRepository(rows, [], {
    sectionArticles: async () => [
      {
        id: "a1",
        title: "丝绸之路：汉与罗马",
        abstract: "两端的帝国",
        item_id: idOf("event", "kai-sa"),
      },
      { id: "a2", title: "西罗马的终结", abstract: "476年", item_id: idOf("event", "xi-luo-ma") },
    ],
    classics: async () => [
      { id: "c2", name: "论语·为政", data: JSON.stringify({ book: "论语" }), sort_key: 2 },
      { id: "c1", name: "论语·学而", data: JSON.stringify({ book: "论语" }), sort_key: 1 },
      { id: "c3", name: "大学", data: JSON.stringify({ book: "大学" }), sort_key: null },
    ],
    poemCounts: async () => [{ id: "p1", name: "陆游", time_desc: "1125年—1210年", n: 9300 }],
  });
  const caches = fixedCaches();
  return createListService({
    source: createCorpusSource({ corpus, caches, now: () => new Date("2026-06-01") }),
    corpus,
    caches,
  });
}

describe("the era list", () => {
  it("lists periods in order, the main line with regimes founded beside it, and era names apart", async () => {
    const list = await service().historyList();
    expect(list.periods.map((p) => p.name)).toEqual(["秦汉", "三国两晋南北朝", "近现代"]);
    const qinHan = list.periods[0];
    expect(qinHan?.rows.map((r) => r.main.name)).toEqual(["西汉", "新", "东汉"]);
    expect(qinHan?.eras).toEqual([
      expect.objectContaining({ name: "汉", parts: ["西汉", "新", "东汉"], years: 421 }),
    ]);
    const sanGuo = list.periods[1];
    expect(sanGuo?.rows.map((r) => [r.main.name, r.beside.map((b) => b.name)])).toEqual([
      ["曹魏", ["蜀汉", "孙吴"]],
      ["西晋", []],
    ]);
    expect(sanGuo?.eras.map((e) => e.name)).toEqual(["三国"]);
    const modern = list.periods[2];
    expect(modern?.end).toBeNull();
    expect(modern?.rows[0]?.main).toMatchObject({ end: null, years: 77, timeDesc: "1949年至今" });
  });
});

describe("the world side by side", () => {
  it("puts China's and the world's events of a regime's years in rows by year", async () => {
    const data = await service().worldParallel(idOf("regime", "xi-han"));
    expect(data.regime).toMatchObject({ name: "西汉", timeDesc: "前202年—8年", years: 209 });
    // 布匿战争 began before 西汉 and is placed in its first year.
    expect(data.rows.map((r) => r.label)).toEqual(["前202年", "前139年", "前44年", "前27年"]);
    expect(data.rows[0]?.world.map((e) => e.name)).toEqual(["布匿战争"]);
    expect(data.rows[1]?.china).toEqual([
      expect.objectContaining({
        name: "张骞出使西域",
        regime: "西汉",
        timeDesc: "前139年—前126年",
      }),
    ]);
    expect(data.counts).toEqual({ china: 1, world: 3 });
    expect(data.articles.map((a) => a.title)).toEqual(["丝绸之路：汉与罗马"]);
    expect(data.previous).toBeNull();
    expect(data.next?.name).toBe("新");
  });

  it("walks from a regime beside the main line to its neighbours", async () => {
    const data = await service().worldParallel(idOf("regime", "shu-han"));
    expect(data.previous?.name).toBe("曹魏");
    expect(data.next?.name).toBe("西晋");
  });

  it("says an unknown regime is not found", async () => {
    await expect(service().worldParallel(idOf("event", "chi-bi"))).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("国学", () => {
  it("groups the Chinese works by category, leaves world works out, and lists the texts' chapters in order", async () => {
    const data = await service().national();
    expect(data.groups.map((g) => [g.category, g.works.map((w) => w.name)])).toEqual([
      ["典籍", ["史记", "诗经"]],
      ["诗文", ["出师表"]],
    ]);
    expect(data.groups[0]?.works[0]).toMatchObject({ makers: "司马迁", form: "纪传体通史" });
    expect(data.groups[0]?.works[1]).toMatchObject({ makers: "各地乐歌" });
    expect(data.texts.map((t) => [t.book, t.chapters.map((c) => c.name)])).toEqual([
      ["论语", ["论语·学而", "论语·为政"]],
      ["大学", ["大学"]],
    ]);
    expect(data.total).toBe(3);
  });
});

describe("top lists", () => {
  it("ranks regimes by their years, eras of several parts as one, period names left out", async () => {
    const top = await service().top("regimes", 3);
    expect(top.items.map((i) => `${i.rank} ${i.name} ${i.valueLabel}`)).toEqual([
      "1 汉 421 年",
      "2 西汉 209 年",
      "3 东汉 195 年",
    ]);
    const all = await service().top("regimes", 100);
    expect(all.items.map((i) => i.name)).not.toContain("三国");
    expect(all.items.find((i) => i.name === "中华人民共和国")?.valueLabel).toBe("77 年（至今）");
  });

  it("ranks people by their ties and poets by their poems", async () => {
    const people = await service().top("people", 2);
    expect(people.items.map((i) => i.name)).toEqual(["司马迁", "班固"]);
    const poets = await service().top("poets", 10);
    expect(poets.items[0]).toMatchObject({ rank: 1, name: "陆游", valueLabel: "9,300 首（篇）" });
    const hot = await service().top("hot", 10);
    expect(hot.items).toEqual([]);
  });
});
