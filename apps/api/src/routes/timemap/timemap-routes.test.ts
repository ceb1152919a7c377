import { gzipSync } from "node:zlib";
import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const QIN = contentId("regime", "qin");
const TANG = contentId("regime", "tang");
const TU_BO = contentId("regime", "tu-bo");
const BEI_SONG = contentId("regime", "bei-song");
const LIAO = contentId("regime", "liao");
const XI_XIA = contentId("regime", "xi-xia");
const SONG = contentId("regime", "song");
const PRC = contentId("regime", "zhonghua-renmin-gongheguo");
const CHANG_AN = contentId("place", "chang-an");
const SU_SHI = contentId("person", "su-shi");

interface Regime {
  id: string;
  name: string;
  color: string;
  approx: boolean;
  label: [number, number];
  parent: { id: string; name: string } | null;
  geometry: { type: string; coordinates: number[][][][] };
}

// The real corpus and its territories: the questions are the reader's ("what stood in 1100?").
describe.each(databaseTargets())("time map API on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { CONTENT_DIR: "content" });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: "GET", url, headers });
    return { status: res.statusCode, headers: res.headers, text: res.body, body: res.json() };
  };

  it("serves the base map as TopoJSON with an ETag and a long cache", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/timemap/cn/base" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=604800");
    expect(res.headers["content-type"]).toContain("application/json");
    const topology = res.json();
    expect(topology.type).toBe("Topology");
    const ids = topology.objects.units.geometries.map((g: { id: string }) => g.id);
    expect(ids).toEqual(
      expect.arrayContaining(["cn-shaanxi", "cn-taiwan", "cn-xianggang", "iso-mng", "iso-vnm"]),
    );
    expect(ids).not.toContain("iso-chn");
    const etag = String(res.headers.etag);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/timemap/cn/base",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it("serves the base map's outlines drawn in the outline box, cached, with an ETag", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/timemap/cn/outlines" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=604800");
    const { data } = res.json();
    expect(data).toMatchObject({ width: 1000, height: 1000 });
    for (const key of ["land", "provinces", "countries"] as const) {
      expect(data[key]).toMatch(/^M-?\d/);
      // Every number carries at most one decimal, and the land lies around the box.
      const numbers = (data[key] as string).match(/-?\d+(\.\d+)?/g) ?? [];
      expect(numbers.length).toBeGreaterThan(100);
      expect(numbers.every((n) => !/\.\d\d/.test(n))).toBe(true);
    }
    // Beijing's province lines are inside the box, not at its edge.
    const xs = (data.provinces as string).match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    expect(Math.min(...xs)).toBeGreaterThan(-500);
    expect(Math.max(...xs)).toBeLessThan(1500);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/timemap/cn/outlines",
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("opens on 1949 with 中华人民共和国 drawn", async () => {
    const { status, body } = await get("/api/timemap/cn/year");
    expect(status).toBe(200);
    expect(body.data.year).toBe(1949);
    expect(body.data.label).toBe("1949年");
    expect(body.data.clamped).toBeUndefined();
    const ids = body.data.regimes.map((r: Regime) => r.id);
    expect(ids).toContain(PRC);
    expect(body.data.range.min).toBeLessThanOrEqual(-1600);
    expect(body.data.range.max).toBeGreaterThanOrEqual(1949);
  });

  it("draws 秦 in 前221年 with its capital 咸阳", async () => {
    const { body } = await get("/api/timemap/cn/year?year=-221&span=0");
    expect(body.data.label).toBe("前221年");
    const qin = body.data.regimes.find((r: Regime) => r.id === QIN);
    expect(qin).toMatchObject({ name: "秦", approx: true, source: "composed" });
    expect(qin.geometry.type).toBe("MultiPolygon");
    expect(qin.note).toMatch(/近似/);
    expect(body.data.capitals).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "咸阳", regimeId: QIN })]),
    );
    // span=0: only events of that very year.
    for (const e of body.data.events) {
      expect(e.year).toBeLessThanOrEqual(-221);
      expect(e.end ?? e.year).toBeGreaterThanOrEqual(-221);
    }
    expect(body.data.events.map((e: { name: string }) => e.name)).toContain("秦灭六国");
  });

  it("draws 北宋 with 辽 and 西夏 in 1100, each part under its umbrella, in distinct colours", async () => {
    const { body } = await get("/api/timemap/cn/year?year=1100");
    const regimes: Regime[] = body.data.regimes;
    const ids = regimes.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([BEI_SONG, LIAO, XI_XIA]));
    expect(ids).not.toContain(SONG);
    const beiSong = regimes.find((r) => r.id === BEI_SONG);
    expect(beiSong?.parent).toEqual({ id: SONG, name: "宋" });
    const colours = new Set(
      [BEI_SONG, LIAO, XI_XIA].map((id) => regimes.find((r) => r.id === id)?.color),
    );
    expect(colours.size).toBe(3);
    for (const r of regimes) expect(r.color).toMatch(/^#[0-9a-f]{6}$/);
    // Label points lie within the shape's bounds.
    for (const r of regimes) {
      const xs = r.geometry.coordinates.flatMap((p) => p[0]?.map((c) => c[0] as number) ?? []);
      expect(r.label[0]).toBeGreaterThanOrEqual(Math.min(...xs));
      expect(r.label[0]).toBeLessThanOrEqual(Math.max(...xs));
    }
  });

  it("keeps a regime's colour from year to year", async () => {
    const a = await get("/api/timemap/cn/year?year=650");
    const b = await get("/api/timemap/cn/year?year=800");
    const colour = (body: { data: { regimes: Regime[] } }) =>
      body.data.regimes.find((r) => r.id === TANG)?.color;
    expect(colour(a.body)).toBeDefined();
    expect(colour(a.body)).toBe(colour(b.body));
  });

  it("answers 750, 1100 and 1949 in at most 150 KB gzip each", async () => {
    for (const year of [750, 1100, 1949]) {
      const { text, body } = await get(`/api/timemap/cn/year?year=${year}`);
      expect(body.data.regimes.length, String(year)).toBeGreaterThan(0);
      const size = gzipSync(text).length;
      expect(size, `${year}: ${size} bytes gzip`).toBeLessThanOrEqual(150 * 1024);
    }
    const { body } = await get("/api/timemap/cn/year?year=750");
    expect(body.data.regimes.map((r: Regime) => r.id)).toEqual(
      expect.arrayContaining([TANG, TU_BO]),
    );
  });

  it("lists events near the year, the year's own first", async () => {
    const { body } = await get("/api/timemap/cn/year?year=755&span=10");
    const events = body.data.events;
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(60);
    const first = events[0];
    expect(first.year).toBeLessThanOrEqual(755);
    expect(first.end ?? first.year).toBeGreaterThanOrEqual(755);
    expect(events.map((e: { name: string }) => e.name)).toContain("安史之乱");
    for (const e of events) {
      expect(e.year).toBeLessThanOrEqual(765);
      expect(e.end ?? e.year).toBeGreaterThanOrEqual(745);
      expect(typeof e.lng).toBe("number");
      expect(e.summary.length).toBeLessThanOrEqual(80);
    }
  });

  it("clamps a year outside the range and says so; rejects a malformed year", async () => {
    const early = await get("/api/timemap/cn/year?year=-9000");
    expect(early.status).toBe(200);
    expect(early.body.data.year).toBe(early.body.data.range.min);
    expect(early.body.data.clamped.requested).toBe(-9000);
    expect(early.body.data.clamped.message).toContain("已显示");
    const late = await get("/api/timemap/cn/people?year=5000");
    expect(late.body.data.year).toBe(late.body.data.range.max);
    expect(late.body.data.clamped.message).toContain("晚于");

    for (const bad of ["0", "abc", "12.5"]) {
      const res = await get(`/api/timemap/cn/year?year=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/年/);
    }
    expect((await get("/api/timemap/cn/year?span=99")).status).toBe(400);
    expect((await get("/api/timemap/en/year")).status).toBe(400);
  });

  it("lists people alive in 1080, the best known first, at their native places", async () => {
    const { body } = await get("/api/timemap/cn/people?year=1080&limit=50");
    expect(body.data.total).toBeGreaterThanOrEqual(body.data.people.length);
    expect(body.data.people.length).toBeLessThanOrEqual(50);
    const su = body.data.people.find((p: { id: string }) => p.id === SU_SHI);
    expect(su).toMatchObject({ name: "苏轼", birth: 1037, death: 1101 });
    expect(su.place).toMatchObject({ name: "眉山" });
    body.data.people.forEach((p: { rank: number; birth: number; death: number }, i: number) => {
      expect(p.rank).toBe(i);
      expect(p.birth).toBeLessThanOrEqual(1080);
      expect(p.death).toBeGreaterThanOrEqual(1080);
    });
  });

  it("lists the notable years with 前221年 秦统一 and 1949", async () => {
    const { body } = await get("/api/timemap/cn/years");
    const years = body.data.years;
    expect(body.data.defaultYear).toBe(1949);
    expect(years.find((y: { year: number }) => y.year === -221)).toMatchObject({
      label: "前221年",
      title: "秦统一",
      refId: QIN,
    });
    expect(years.find((y: { year: number }) => y.year === 1949)?.title).toBe("中华人民共和国成立");
    const order = years.map((y: { year: number }) => y.year);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(order.length);
  });

  it("tells a place's names and holders over time, by id or key", async () => {
    const { status, body } = await get(`/api/timemap/cn/place/${CHANG_AN}`);
    expect(status).toBe(200);
    expect(body.data.place).toMatchObject({ name: "长安", key: "chang-an" });
    expect(body.data.names.map((n: { name: string }) => n.name)).toEqual(
      expect.arrayContaining(["长安", "常安", "大兴"]),
    );
    expect(body.data.names.find((n: { name: string }) => n.name === "常安")?.timeDesc).toBe(
      "9年—23年",
    );
    const holders = body.data.holders.map((h: { name: string }) => h.name);
    expect(holders).toEqual(expect.arrayContaining(["秦", "西汉", "唐", "中华人民共和国"]));
    const tang = body.data.holders.find((h: { regimeId: string }) => h.regimeId === TANG);
    expect(tang).toMatchObject({ from: 618, approx: true });
    const froms = body.data.holders.map((h: { from: number }) => h.from);
    expect(froms).toEqual([...froms].sort((a, b) => a - b));

    const byKey = await get("/api/timemap/cn/place/chang-an");
    expect(byKey.body.data.place.id).toBe(CHANG_AN);
  });

  it("answers an unknown place with 404 in Chinese", async () => {
    for (const id of ["no-such-place", "0123456789abcdef01234567", QIN]) {
      const res = await get(`/api/timemap/cn/place/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toContain("找不到这个地点");
    }
  });
});
