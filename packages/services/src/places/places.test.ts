import { describe, expect, it } from "vitest";
import { fixedCaches, fixtureRepository, idOf, row } from "../lists/corpus-fixture.ts";
import { createCorpusSource } from "../lists/corpus-source.ts";
import { createPlaceService, type PlaceHolders } from "./places.server.ts";

const rows = [
  row("place", "luo-yang", "洛阳", {
    aliases: JSON.stringify(["洛邑", "神都"]),
    popularity: 9,
    data: {
      lat: 34.62,
      lng: 112.45,
      modern: "河南省洛阳市",
      names: [
        { name: "洛邑", from: -1039, note: "周公营建" },
        { name: "雒阳", from: 25, to: 220 },
        { name: "洛阳", from: 220 },
      ],
      sources: ["《汉书·地理志》"],
    },
  }),
  row("place", "kai-feng", "开封", {
    popularity: 5,
    data: { lat: 34.8, lng: 114.3, modern: "河南省开封市", names: [{ name: "汴梁" }] },
  }),
  row("place", "chang-an", "长安", {
    popularity: 8,
    data: { lat: 34.27, lng: 108.93, modern: "陕西省西安市", names: [] },
  }),
  row("place", "luo-ma", "罗马", { data: { lat: 41.9, lng: 12.5, modern: "意大利罗马" } }),
  row("place", "chang-cheng", "长城", {
    data: { lat: 40.36, lng: 116.02, modern: "分布于北京、河北等省区市" },
  }),
  row("place", "long-men", "龙门石窟", {
    data: { lat: 34.56, lng: 112.47, modern: "河南省洛阳市洛龙区" },
  }),
  row("regime", "dong-han", "东汉", {
    start_year: 25,
    end_year: 220,
    data: { capitals: ["luo-yang"], period: "秦汉" },
  }),
  row("event", "guan-du", "官渡之战", {
    start_year: 200,
    regime_id: idOf("regime", "dong-han"),
    data: { places: ["kai-feng"] },
  }),
  row("event", "dang-gu", "党锢之祸", {
    start_year: 166,
    regime_id: idOf("regime", "dong-han"),
    data: { places: ["luo-yang", "kai-feng"] },
  }),
  row("person", "ban-gu", "班固", { start_year: 32, data: { place: "chang-an" } }),
  row("person", "zhang-heng", "张衡", { start_year: 78, data: { place: "luo-yang" } }),
  row("work", "luo-shen-fu", "洛神赋", { data: { category: "诗文" } }),
];
const relations = [
  {
    from_id: idOf("work", "luo-shen-fu"),
    to_id: idOf("place", "luo-yang"),
    type: "记述",
    label: "所写之地",
  },
  {
    from_id: idOf("place", "long-men"),
    to_id: idOf("place", "luo-yang"),
    type: "所在",
    label: "所在城市",
  },
  {
    from_id: idOf("regime", "dong-han"),
    to_id: idOf("place", "luo-yang"),
    type: "定都",
    label: "都城",
  },
];

function service(holders?: PlaceHolders) {
  const source = createCorpusSource({
    corpus: fixtureRepository(rows, relations),
    caches: fixedCaches(),
  });
  return createPlaceService(holders ? { source, holders } : { source });
}

describe("places by region", () => {
  it("groups places under their province, places spanning several and places abroad last", async () => {
    const list = await service().list();
    expect(list.total).toBe(6);
    expect(list.regions.map((r) => r.name)).toEqual(["河南", "陕西", "跨省区", "域外"]);
    // Best known first within a region.
    expect(list.regions[0]?.places.map((p) => p.name)).toEqual(["洛阳", "开封", "龙门石窟"]);
    expect(list.regions[0]?.places[0]?.otherNames).toEqual(["洛邑", "雒阳", "神都"]);
  });

  it("finds a place by an old name or its modern place", async () => {
    const old = await service().list({ q: "雒阳" });
    expect(old.q).toBe("雒阳");
    expect(old.regions.flatMap((r) => r.places.map((p) => p.name))).toEqual(["洛阳"]);
    const modern = await service().list({ q: "西安" });
    expect(modern.regions.flatMap((r) => r.places.map((p) => p.name))).toEqual(["长安"]);
    const none = await service().list({ q: "巴黎" });
    expect(none).toMatchObject({ total: 0, regions: [] });
    expect((await service().list({ q: "  " })).q).toBeNull();
  });
});

describe("a historical site", () => {
  it("gives its names by period, capitals, events, natives, works and other ties", async () => {
    const site = await service().site(idOf("place", "luo-yang"));
    expect(site.place).toMatchObject({
      name: "洛阳",
      modern: "河南省洛阳市",
      sources: ["《汉书·地理志》"],
    });
    expect(site.names.map((n) => `${n.name} ${n.timeDesc}`)).toEqual([
      "洛邑 前1039年起",
      "雒阳 25年—220年",
      "洛阳 220年起",
    ]);
    expect(site.capitalOf).toEqual([expect.objectContaining({ name: "东汉", label: "都城" })]);
    expect(site.events.map((e) => e.name)).toEqual(["党锢之祸"]);
    expect(site.people.map((p) => p.name)).toEqual(["张衡"]);
    expect(site.works).toEqual([expect.objectContaining({ name: "洛神赋", label: "记述" })]);
    // 定都 is listed as a capital, not again among the ties.
    expect(site.related.map((r) => `${r.name} ${r.label}`)).toEqual(["龙门石窟 所在"]);
    expect(site.holders).toBeNull();
  });

  it("draws the place at the centre of its map, with its neighbours inside", async () => {
    const { map } = await service().site(idOf("place", "luo-yang"));
    expect(map.here.x).toBeCloseTo(map.width / 2, 0);
    expect(map.here.y).toBeCloseTo(map.height / 2, 0);
    const near = map.near.map((p) => p.name);
    expect(near).toEqual(expect.arrayContaining(["开封", "长安"]));
    // 龙门石窟 lies almost on 洛阳: its label would cover the place's own.
    expect(near).not.toContain("龙门石窟");
    expect(near).not.toContain("罗马");
    expect(near).not.toContain("洛阳");
    for (const p of map.near) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(map.width);
    }
    expect(map.graticule).toMatch(/^M/);
  });

  it("asks the territories who held it when they are there", async () => {
    const held = await service(async () => [
      {
        regimeId: idOf("regime", "dong-han"),
        regimeKey: "dong-han",
        name: "东汉",
        from: 25,
        to: 220,
        timeDesc: "25年—220年",
        approx: true,
        source: "composed" as const,
      },
    ]).site(idOf("place", "luo-yang"));
    expect(held.holders?.map((h) => h.name)).toEqual(["东汉"]);
  });

  it("says an unknown place is not found", async () => {
    await expect(service().site("0".repeat(24))).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/没有这处地点/),
    });
    // A regime is no place.
    await expect(service().site(idOf("regime", "dong-han"))).rejects.toMatchObject({ status: 404 });
  });
});
