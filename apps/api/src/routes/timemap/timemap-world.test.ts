import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const CAESAR = contentId("event", "kai-sa-yu-ci");
const MEIJI = contentId("event", "ming-zhi-wei-xin");

interface MapEvent {
  id: string;
  name: string;
  year: number;
  regimeId: string | null;
  lng: number;
  lat: number;
  place: { id: string; name: string };
}

// 同期世界大事 on the time map: the corpus's world history beside a Chinese year.
describe.each(databaseTargets())("time map world events API on $name", (target) => {
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

  it("gives the world's events around a year, placed, nearest first, none of a Chinese regime", async () => {
    const { status, body } = await get("/api/timemap/cn/world?year=-44");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ year: -44, label: "前44年", span: 50 });
    const events: MapEvent[] = body.data.events;
    expect(events[0]).toMatchObject({ id: CAESAR, year: -44, regimeId: null });
    expect(events[0]?.place.name).toBe("罗马");
    expect(events.every((e) => e.regimeId === null)).toBe(true);
    expect(events.every((e) => Number.isFinite(e.lng) && Number.isFinite(e.lat))).toBe(true);

    const meiji = await get("/api/timemap/cn/world?year=1868&span=5");
    expect(meiji.body.data.events.map((e: MapEvent) => e.id)).toContain(MEIJI);
  });

  it("clamps a year outside the map's range and refuses a bad one in Chinese", async () => {
    const late = await get("/api/timemap/cn/world?year=5000");
    expect(late.status).toBe(200);
    expect(late.body.data.clamped).toMatchObject({ requested: 5000 });
    expect(late.body.data.clamped.message).toContain("晚于最晚的年份");

    for (const url of [
      "/api/timemap/cn/world?year=abc",
      "/api/timemap/cn/world?year=0",
      "/api/timemap/cn/world?year=100&span=301",
    ]) {
      const bad = await get(url);
      expect(bad.status, url).toBe(400);
      expect(bad.body.message, url).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
