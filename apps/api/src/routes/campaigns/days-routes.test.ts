import { loadBooks, seedBooks } from "@tongjian/content/book-content";
import type { UserViewer } from "@tongjian/domain/viewer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { signedInReader } from "../test-readers.ts";

const viewerOf = (userId: string): UserViewer => ({
  kind: "user",
  userId,
  role: "user",
  phone: null,
  name: "读者",
  appUserId: null,
  visitorId: null,
  via: "browser",
  sessionId: null,
});

describe.each(databaseTargets())("the day pages on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const days = () => t.deps.services.days;

  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator", CONTENT_DIR: "content" });
    const file = loadBooks("content");
    if (!file) throw new Error("content/books.yaml missing");
    await seedBooks(t.deps.handle, file, { poetryDir: "tests/fixtures/chinese-poetry" });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("finds every entry, article, book and piece the day files point at", async () => {
    expect(await days().missingRefs()).toEqual([]);
    for (const key of [
      "womanday",
      "laborday",
      "readday",
      "psychologicalday",
      "changanactivity",
      "crazyeleven",
    ]) {
      const res = await t.app.inject({ url: `/api/m/days/${key}/list` });
      expect(res.statusCode, key).toBe(200);
      const list = res.json().data;
      expect(list.campaign.phase, key).toBe("running");
      // Every reward is reachable: no threshold beyond the list's length.
      for (const r of list.campaign.rewards)
        expect(r.threshold, `${key} ${r.key}`).toBeLessThanOrEqual(list.items.length);
      expect(
        list.items.every((i: { target: unknown }) => i.target !== null),
        key,
      ).toBe(true);
    }
    expect((await t.app.inject({ url: "/api/m/days/no-such/list" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/m/days/BAD!/list" })).statusCode).toBe(400);
  });

  it("records reading-list progress once per item and gives each reward exactly once", async () => {
    const { browser } = await signedInReader(t.app);
    const before = (await browser.get("/api/m/days/womanday/list")).json().data;
    expect(before.progress).toMatchObject({ done: 0, total: 13, complete: false });
    expect(before.campaign.me.signedIn).toBe(true);

    const first = await browser.post("/api/m/days/womanday/read", { item: "fu-hao" });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ recorded: true, progress: { done: 1 } });
    // The same item again records nothing new.
    const again = (await browser.post("/api/m/days/womanday/read", { item: "fu-hao" })).json();
    expect(again.data).toMatchObject({ recorded: false, progress: { done: 1 }, granted: [] });

    const items: string[] = before.items.map((i: { key: string }) => i.key);
    const granted: string[] = [];
    for (const item of items.slice(1)) {
      const res = await browser.post("/api/m/days/womanday/read", { item });
      expect(res.statusCode).toBe(200);
      granted.push(...res.json().data.granted);
    }
    expect(granted).toEqual(["徽章 · 巾帼读史五篇", "徽章 · 巾帼群像"]);
    const after = (await browser.get("/api/m/days/womanday/list")).json().data;
    expect(after.progress).toMatchObject({ done: 13, percent: 100, complete: true, next: null });
    expect(after.campaign.rewards.every((r: { granted: boolean }) => r.granted)).toBe(true);
    const rewards = (await browser.get("/api/m/campaign/rewards")).json().data.rewards;
    expect(
      rewards.filter((r: { campaignKey: string }) => r.campaignKey === "womanday"),
    ).toHaveLength(2);

    // Bad input: an item not on the list, a malformed one; a visitor must sign in.
    expect((await browser.post("/api/m/days/womanday/read", { item: "nobody" })).statusCode).toBe(
      400,
    );
    expect((await browser.post("/api/m/days/womanday/read", { item: "a b" })).statusCode).toBe(400);
    expect((await browser.post("/api/m/days/womanday/read", {})).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/m/days/womanday/read",
      payload: { item: "fu-hao" },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it("gives a list's reward once when the last items are marked at the same time", async () => {
    const reader = viewerOf(`u-days-race-${target.name}`);
    const list = await days().readingList("changanactivity", reader);
    const keys = list.items.map((i) => i.key);
    for (const item of keys.slice(0, -2))
      await days().markDone("changanactivity", reader, null, item);
    const results = await Promise.all(
      [...keys.slice(-2), ...keys.slice(-2)].map((item) =>
        days().markDone("changanactivity", reader, null, item),
      ),
    );
    const labels = results.flatMap((r) => r.granted);
    expect(labels.filter((l) => l === "徽章 · 长安行者")).toHaveLength(1);
    const view = await days().readingList("changanactivity", reader);
    expect(view.progress.complete).toBe(true);
  });

  it("a reward through the store: the crazyeleven list ends with a coupon, given once", async () => {
    const { browser } = await signedInReader(t.app);
    const list = (await browser.get("/api/m/days/crazyeleven/list")).json().data;
    const granted: string[] = [];
    for (const i of list.items as { key: string }[]) {
      const res = await browser.post("/api/m/days/crazyeleven/read", { item: i.key });
      granted.push(...res.json().data.granted);
    }
    expect(granted).toContain("课程 85 折券");
    const coupons = (await browser.get("/api/m/coupon/mine?tab=available")).json();
    expect(JSON.stringify(coupons)).toContain("课程 85 折券");
  });

  it("unlocks the share719 piece by sharing, once, and keeps it unlocked", async () => {
    const locked = (await t.app.inject({ url: "/api/m/days/share719/unlock" })).json().data;
    expect(locked).toMatchObject({ unlocked: false, paragraphs: [] });
    expect(locked.teaser.length).toBeGreaterThan(10);
    expect(locked.source.href).toMatch(/^\/detail\//);

    const { browser, userId } = await signedInReader(t.app);
    const res = await browser.post("/api/m/days/share719/unlock", {});
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.view.unlocked).toBe(true);
    expect(body.view.paragraphs.length).toBeGreaterThan(2);
    expect(body.share.link).toBe(`/share719?from=${userId}`);
    expect(body.granted).toEqual(["徽章 · 通鉴分享者"]);
    // Sharing again still answers (a new share is recorded) but unlocks and rewards nothing new.
    const second = (await browser.post("/api/m/days/share719/unlock", {})).json().data;
    expect(second).toMatchObject({ granted: [], view: { unlocked: true } });
    const reread = (await browser.get("/api/m/days/share719/unlock")).json().data;
    expect(reread.unlocked).toBe(true);
    const shares = await t.deps.handle.db
      .selectFrom("campaign_share")
      .select("link")
      .where("campaign_key", "=", "share719")
      .where("owner_id", "=", userId)
      .execute();
    expect(shares).toHaveLength(2);
    // Not signed in: asked to sign in; a campaign without a piece is not found.
    const anonymous = await t.app.inject({ method: "POST", url: "/api/m/days/share719/unlock" });
    expect([401, 403]).toContain(anonymous.statusCode);
    expect((await browser.post("/api/m/days/womanday/unlock", {})).statusCode).toBe(404);
  });

  it("shows the calendar for a day, moves between days and refuses days that do not exist", async () => {
    const res = await t.app.inject({ url: "/api/m/days/calendar?day=10-10" });
    expect(res.statusCode).toBe(200);
    const day = res.json().data;
    expect(day).toMatchObject({ day: "10-10", label: "10月10日", prev: "10-09", next: "10-11" });
    const titles = day.items.map((i: { title: string }) => i.title);
    expect(titles).toContain("武昌起义");
    // Oldest first, each with its date and a link.
    const years = day.items.map((i: { date: string }) => i.date);
    expect(years.length).toBeGreaterThan(0);
    for (const i of day.items) expect(i.date).toMatch(/10月10日$/);
    expect(day.daysWithItems).toBeGreaterThan(150);
    const leap = (await t.app.inject({ url: "/api/m/days/calendar?day=02-29" })).json().data;
    expect(leap).toMatchObject({ prev: "02-28", next: "03-01" });
    const today = (await t.app.inject({ url: "/api/m/days/calendar" })).json().data;
    expect(today.day).toMatch(/^\d\d-\d\d$/);
    expect((await t.app.inject({ url: "/api/m/days/calendar?day=02-30" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/m/days/calendar?day=x" })).statusCode).toBe(400);
  });

  it("lists the past epidemics oldest first with their links, pages 简读史 and shows the gallery", async () => {
    const past = (await t.app.inject({ url: "/api/m/days/pastevents" })).json().data;
    expect(past.events.length).toBeGreaterThanOrEqual(10);
    const starts = past.events.map((e: { startYear: number }) => e.startYear);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const plague = past.events.find((e: { key: string }) => e.key === "dong-bei-shu-yi");
    expect(plague.when).toBe("1910年10月—1911年4月");
    const first = past.events[0];
    expect(first.links.map((l: { title: string }) => l.title)).toContain("张仲景");

    const jds = (await t.app.inject({ url: "/api/m/days/jds?page=2" })).json().data;
    expect(jds.page).toBe(2);
    expect(jds.items.length).toBeGreaterThan(0);
    expect(jds.pages).toBeGreaterThan(1);
    for (const i of jds.items) expect(i.href).toMatch(/^\/detail\//);
    expect((await t.app.inject({ url: "/api/m/days/jds?page=0" })).statusCode).toBe(400);
    const beyond = (await t.app.inject({ url: "/api/m/days/jds?page=999" })).json().data;
    expect(beyond.page).toBe(beyond.pages);

    const gallery = (await t.app.inject({ url: "/api/m/days/gallery" })).json().data;
    expect(gallery.sections.map((s: { title: string }) => s.title)).toEqual([
      "山水",
      "人物与市井",
      "书法",
      "琴与曲",
      "诗与文",
    ]);
    const music = gallery.sections[3].items[0].target;
    expect(music.href).toMatch(/^\/music\/landing\?id=/);

    const changan = (await t.app.inject({ url: "/api/m/days/changan-events" })).json().data;
    expect(changan.events.map((e: { title: string }) => e.title)).toContain("鸿门宴");
  });
});
