import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const SU_SHI = contentId("person", "su-shi");
const WANG_ANSHI = contentId("person", "wang-anshi");
const NAN_SONG = contentId("regime", "nan-song");
const BEI_SONG = contentId("regime", "bei-song");
const SONG = contentId("regime", "song");
const JIN = contentId("regime", "jin-nuzhen");
const TANG = contentId("regime", "tang");
const KONG_ZI = contentId("person", "kong-qiu");
const AN_SHI = contentId("event", "an-shi-zhi-luan");
const AN_LUSHAN = contentId("person", "an-lushan");
const HUANG_ZHOU = contentId("place", "huang-zhou");

interface Bar {
  id: string;
  kind: string;
  name: string;
  start: number;
  end: number;
  lane: number;
  timeDesc: string;
}

// The real corpus: the questions the screens answer ("which regimes stood in 1127?", "who lived
// at the same time as 苏轼?") are about its facts.
describe.each(databaseTargets())("time columns API on $name", (target) => {
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

  it("lists what stood in 1127: 南宋 and 金, 北宋 in its last year, under the era 宋", async () => {
    const { status, body } = await get("/api/timecolumn/cn?year=1127&from=1000&to=1300");
    expect(status).toBe(200);
    const year = body.data.year;
    expect(year.label).toBe("1127年");
    const names = year.regimes.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(["南宋", "金", "北宋", "西夏", "宋"]));
    expect(names).not.toContain("唐");
    // The era band comes first; the regimes of the era are columns of their own.
    expect(names[0], names.join(",")).toBe("宋");
    expect(body.data.eras.map((e: Bar) => e.id)).toContain(SONG);
    const bars: Bar[] = body.data.bars;
    expect(bars.find((b) => b.id === SONG)).toBeUndefined();
    const nanSong = bars.find((b) => b.id === NAN_SONG);
    const beiSong = bars.find((b) => b.id === BEI_SONG);
    const jin = bars.find((b) => b.id === JIN);
    expect(nanSong).toMatchObject({ start: 1127, end: 1279, timeDesc: "1127年—1279年" });
    // 南宋 follows 北宋 in its column from 1127; 金 stands beside them.
    expect(nanSong?.lane).toBe(beiSong?.lane);
    expect(jin?.lane).not.toBe(nanSong?.lane);
    expect(year.peopleTotal).toBeGreaterThan(0);
    for (const p of year.people) expect(p.kind).toBe("person");
  });

  it("gives 苏轼's contemporaries, 王安石 among the first, and the regimes of his life", async () => {
    const { body } = await get(`/api/timecolumn/cn?focus=${SU_SHI}&kinds=regime`);
    const focus = body.data.focus;
    expect(focus).toMatchObject({ id: SU_SHI, name: "苏轼", start: 1037, end: 1101 });
    const wang = focus.contemporaries.find((c: { id: string }) => c.id === WANG_ANSHI);
    expect(wang).toMatchObject({ name: "王安石", overlap: 50 });
    expect(focus.contemporaries.map((c: { id: string }) => c.id)).not.toContain(SU_SHI);
    expect(focus.contemporariesTotal).toBeGreaterThanOrEqual(focus.contemporaries.length);
    expect(focus.regimes.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(["北宋", "辽", "西夏"]),
    );
    // kinds=regime leaves the people out of the bars, not out of the answers.
    expect(body.data.bars.every((b: Bar) => b.kind === "regime")).toBe(true);
    expect(body.data.peopleShown).toBe(0);
  });

  it("packs every kind into columns where no two bars of a column meet", async () => {
    const { body } = await get("/api/timecolumn/cn?kinds=regime,person,event&from=-800&to=2000");
    const bars: Bar[] = body.data.bars;
    expect(bars.some((b) => b.kind === "event")).toBe(true);
    const byColumn = new Map<string, Bar[]>();
    for (const b of bars) {
      const key = `${b.kind}|${b.lane}`;
      byColumn.set(key, [...(byColumn.get(key) ?? []), b]);
      expect(b.lane).toBeLessThan(body.data.lanes[b.kind]);
    }
    // Lives never share a year in a column; a regime may begin the year the one before ended.
    for (const column of byColumn.values()) {
      column.sort((a, b) => a.start - b.start);
      for (let i = 1; i < column.length; i += 1) {
        const before = column[i - 1] as Bar;
        const after = column[i] as Bar;
        if (after.kind === "regime") expect(after.start).toBeGreaterThanOrEqual(before.end);
        else expect(after.start).toBeGreaterThan(before.end);
      }
    }
    // BCE years stay negative and read 前N年, uncertain ones 约.
    const kongZi = bars.find((b) => b.id === KONG_ZI);
    expect(kongZi?.start).toBeLessThan(0);
    expect(kongZi?.timeDesc).toMatch(/^前\d+年—前\d+年$/);
    const approx = await get("/api/timecolumn/cn?year=-2000&kinds=regime");
    expect(approx.body.data.year.regimes).toContainEqual(
      expect.objectContaining({ name: "夏", timeDesc: "约前2070年—约前1600年" }),
    );
  });

  it("draws only the best-known people when asked for fewer, and counts them all", async () => {
    const { body } = await get("/api/timecolumn/cn?from=1000&to=1200&limit=5&kinds=person");
    expect(body.data.peopleShown).toBe(5);
    expect(body.data.bars).toHaveLength(5);
    expect(body.data.peopleTotal).toBeGreaterThan(5);
    // A window keeps only what stood in it.
    expect(body.data.bars.every((b: Bar) => b.end >= 1000 && b.start <= 1200)).toBe(true);
  });

  it("answers bad input with a 400 in Chinese and an unknown focus with a 404", async () => {
    const cases: [string, RegExp][] = [
      ["/api/timecolumn/cn?from=1300&to=1000", /起始年份（1300年）不能晚于结束年份（1000年）/],
      ["/api/timecolumn/cn?year=0", /没有公元0年/],
      ["/api/timecolumn/cn?year=99999", /年份应在前3000年到2100年之间/],
      ["/api/timecolumn/cn?from=-5000", /年份应在前3000年到2100年之间/],
      ["/api/timecolumn/cn?year=宋", /年份应为整数/],
      ["/api/timecolumn/cn?year=11.5", /年份应为整数/],
      ["/api/timecolumn/cn?kinds=regime,city", /kinds 只能是 regime、person、event，不认识：city/],
      ["/api/timecolumn/cn?limit=0", /limit 至少为 1/],
      ["/api/timecolumn/cn?limit=100000", /limit 至多为 5000/],
      ["/api/timecolumn/cn?focus=nobody", /编号应为 24 位十六进制字符/],
      ["/api/timecolumn/en", /语言参数只支持 cn/],
    ];
    for (const [url, message] of cases) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.code, url).toBe(400);
      expect(body.message, url).toMatch(message);
    }
    const missing = await get(`/api/timecolumn/cn?focus=${"0".repeat(24)}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/不存在/);
  });

  it("offers notable timelines: people, each dynasty of the main line, events", async () => {
    const { status, body } = await get("/api/timeline/notable/cn");
    expect(status).toBe(200);
    expect(body.data.people.length).toBeGreaterThan(5);
    expect(body.data.events.length).toBeGreaterThan(5);
    const regimes = body.data.regimes.map((r: { id: string }) => r.id);
    expect(regimes).toContain(TANG);
    expect(regimes).toContain(NAN_SONG);
    // 宋 is an era of 北宋 and 南宋; 金 stood beside the main line.
    expect(regimes).not.toContain(SONG);
    expect(regimes).not.toContain(JIN);
  });

  it("gives a person's timeline page: birth, dated ties, death; undated offices; the eras", async () => {
    const { status, body } = await get(`/api/timeline/detail/cn/${SU_SHI}`);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.entry).toMatchObject({ name: "苏轼", kind: "person", timeDesc: "1037年—1101年" });
    expect(d.onColumns).toBe(true);
    const titles = d.list.map((i: { title: string }) => i.title);
    expect(titles[0]).toBe("出生");
    // Death closes the life; what the record dates later (posthumous bans, honours) follows it.
    const death = titles.indexOf("去世");
    expect(death).toBeGreaterThan(0);
    for (const later of d.list.slice(death + 1)) expect(later.year).toBeGreaterThan(1101);
    expect(d.list).toContainEqual(
      expect.objectContaining({ year: 1080, timeDesc: "1080年", itemId: HUANG_ZHOU }),
    );
    const years = d.list.map((i: { year: number }) => i.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    // His office at court has no year in the corpus: listed apart, not put on a made-up date.
    expect(d.undated).toContainEqual({ title: "任礼部尚书等职：北宋", itemId: BEI_SONG });
    expect(d.eras.map((e: { name: string }) => e.name)).toEqual(["北宋"]);
  });

  it("puts the deaths of an event's people on its timeline, and a regime's events on its", async () => {
    const event = (await get(`/api/timeline/detail/cn/${AN_SHI}`)).body.data;
    expect(event.list).toContainEqual(
      expect.objectContaining({ year: 757, title: "安禄山去世", itemId: AN_LUSHAN }),
    );
    const regime = (await get(`/api/timeline/detail/cn/${TANG}`)).body.data;
    expect(regime.list).toContainEqual(
      expect.objectContaining({ itemId: AN_SHI, title: "安史之乱" }),
    );
    expect(regime.eras.map((e: { name: string }) => e.name)).toContain("唐");
    const missing = await get(`/api/timeline/detail/cn/${"0".repeat(24)}`);
    expect(missing.status).toBe(404);
  });
});
