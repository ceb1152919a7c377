import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const LUO_YANG = contentId("place", "luo-yang");
const XI_HAN = contentId("regime", "xi-han");
const TANG = contentId("regime", "tang");
const ZHOU = contentId("regime", "zhou");

// The real corpus: the pages are about its facts (洛阳's names, 西汉 and Rome, 周's 790 years).
describe.each(databaseTargets())("places, lists and data pages API on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { CONTENT_DIR: "content" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() };
  };

  it("lists the places by province and finds 洛阳 by its old name 雒阳", async () => {
    const all = await get("/api/places/cn");
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThan(200);
    const names = all.body.data.regions.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(["河南", "陕西", "域外"]));
    const found = await get(`/api/places/cn?q=${encodeURIComponent("雒阳")}`);
    const places = found.body.data.regions.flatMap((r: { places: { id: string }[] }) => r.places);
    expect(places.map((p: { id: string }) => p.id)).toContain(LUO_YANG);
  });

  it("gives 洛阳 as a site: names by period, capitals, events, people and a map", async () => {
    const { status, body } = await get(`/api/historicalsite/cn/${LUO_YANG}`);
    expect(status).toBe(200);
    const site = body.data;
    expect(site.place.name).toBe("洛阳");
    expect(site.names.map((n: { name: string }) => n.name)).toEqual(
      expect.arrayContaining(["洛邑", "雒阳", "神都"]),
    );
    expect(site.names.find((n: { name: string }) => n.name === "神都").timeDesc).toBe(
      "684年—705年",
    );
    expect(site.capitalOf.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(["东汉", "北魏"]),
    );
    expect(site.events.length).toBeGreaterThan(0);
    // The time map's territories tell who held it.
    const holders = site.holders.map((h: { name: string }) => h.name);
    expect(holders).toEqual(expect.arrayContaining(["唐", "北宋", "明"]));
    expect(site.map.here).toEqual({ x: 160, y: 110 });
    expect(site.map.near.length).toBeGreaterThan(0);
  });

  it("lists the regimes by period with 周 and 汉 as eras and parallel regimes beside the main line", async () => {
    const { status, body } = await get("/api/historylist/cn");
    expect(status).toBe(200);
    const periods = body.data.periods;
    expect(periods[0].name).toBe("先秦");
    expect(periods.at(-1).name).toBe("近现代");
    const qinHan = periods.find((p: { name: string }) => p.name === "秦汉");
    expect(qinHan.eras.map((e: { name: string }) => e.name)).toContain("汉");
    const sui = periods.find((p: { name: string }) => p.name === "隋唐五代");
    const tang = sui.rows.find((r: { main: { id: string } }) => r.main.id === TANG);
    expect(tang.beside.map((b: { name: string }) => b.name)).toContain("吐蕃");
    // 渤海 was founded under 武周, a regime of the main line of its own.
    const wuZhou = sui.rows.find((r: { main: { name: string } }) => r.main.name === "武周");
    expect(wuZhou.beside.map((b: { name: string }) => b.name)).toContain("渤海");
  });

  it("puts 西汉 beside the world of its years: Rome's wars and Caesar", async () => {
    const { status, body } = await get(`/api/historylist/cn/world?regime=${XI_HAN}`);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.regime).toMatchObject({ name: "西汉", start: -202, end: 8 });
    const world = data.rows.flatMap((r: { world: { name: string }[] }) =>
      r.world.map((e) => e.name),
    );
    expect(world).toEqual(expect.arrayContaining(["恺撒遇刺", "罗马帝国建立"]));
    const china = data.rows.flatMap((r: { china: { name: string }[] }) =>
      r.china.map((e) => e.name),
    );
    expect(china.length).toBeGreaterThan(3);
    const years = data.rows.map((r: { year: number }) => r.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(data.next.name).toBe("新");
  });

  it("groups the works of 国学 and carries 论语's chapters when the classics are imported", async () => {
    const { status, body } = await get("/api/national/cn");
    expect(status).toBe(200);
    const categories = body.data.groups.map((g: { category: string }) => g.category);
    expect(categories[0]).toBe("典籍");
    const classics = body.data.groups[0].works.map((w: { name: string }) => w.name);
    expect(classics).toEqual(expect.arrayContaining(["史记", "论语", "资治通鉴"]));
    // World works (几何原本) stay out of 国学.
    expect(classics).not.toContain("几何原本");
  });

  it("ranks regimes by their years: 周 first", async () => {
    const { status, body } = await get("/api/top/cn/regimes?limit=5");
    expect(status).toBe(200);
    expect(body.data.items).toHaveLength(5);
    expect(body.data.items[0]).toMatchObject({ rank: 1, id: ZHOU, name: "周", value: 790 });
    for (const board of ["views", "people", "poets", "hot"]) {
      const res = await get(`/api/top/cn/${board}`);
      expect(res.status, board).toBe(200);
    }
  });

  it("counts the corpus on the data pages", async () => {
    const list = await get("/api/datapage/cn");
    expect(list.body.data.pages.map((p: { slug: string }) => p.slug)).toEqual([
      "regimes",
      "people",
      "events",
      "poems",
    ]);
    const events = await get("/api/datapage/cn/events");
    expect(events.status).toBe(200);
    const chart = events.body.data.charts[0];
    expect(chart.series.map((s: { name: string }) => s.name)).toEqual(["中国史", "世界史"]);
    expect(chart.categories).toContain("前3世纪");
    const total = chart.series
      .flatMap((s: { values: number[] }) => s.values)
      .reduce((a: number, b: number) => a + b, 0);
    expect(total).toBeGreaterThan(300);
  });

  it("answers bad input with a 400 in Chinese and unknown ids with a 404", async () => {
    const cases: [string, RegExp][] = [
      ["/api/places/en", /语言参数只支持 cn/],
      [`/api/places/cn?q=${"长".repeat(21)}`, /搜索词至多 20 个字/],
      ["/api/historicalsite/cn/luoyang", /编号应为 24 位十六进制字符/],
      ["/api/historylist/cn/world", /regime|编号/],
      ["/api/historylist/cn/world?regime=tang", /编号应为 24 位十六进制字符/],
      ["/api/top/cn/best", /榜单只有/],
      ["/api/top/cn/regimes?limit=0", /limit 至少为 1/],
      ["/api/top/cn/regimes?limit=1000", /limit 至多为 100/],
      ["/api/datapage/cn/stars", /数据页只有/],
    ];
    for (const [url, message] of cases) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.message, url).toMatch(message);
    }
    const site = await get(`/api/historicalsite/cn/${"0".repeat(24)}`);
    expect(site.status).toBe(404);
    expect(site.body.message).toMatch(/没有这处地点/);
    // A regime is no place, and a place is no regime.
    expect((await get(`/api/historicalsite/cn/${TANG}`)).status).toBe(404);
    const regime = await get(`/api/historylist/cn/world?regime=${LUO_YANG}`);
    expect(regime.status).toBe(404);
    expect(regime.body.message).toMatch(/没有这个政权/);
  });
});
