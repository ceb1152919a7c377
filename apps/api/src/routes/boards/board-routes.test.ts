import { loadCommunity, sampleId } from "@tongjian/content/community-content";
import { contentId } from "@tongjian/content/load-content";
import { seedCommunity } from "@tongjian/content/seed-community";
import { utcDay } from "@tongjian/domain/board-ranking";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { signedInReader } from "../test-readers.ts";

const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const YING_ZHENG = contentId("person", "ying-zheng");
const DAY = 86_400_000;

describe.each(databaseTargets())("boards on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    const db = t.deps.handle.db;
    await db.deleteFrom("item_view_day").execute();
    await db.deleteFrom("like_record").execute();
    await db.deleteFrom("entry_note").execute();
    t.deps.services.boards.invalidate();
  });

  const views = (itemId: string, daysAgo: number, n: number) =>
    t.deps.handle.db
      .insertInto("item_view_day")
      .values({
        kind: "entry",
        item_id: itemId,
        day: utcDay(new Date(Date.now() - daysAgo * DAY)),
        views: n,
      })
      .execute();

  it("ranks entries by decayed recent activity and states the rule", async () => {
    // 嬴政: 20 views a week ago (outside the 7-day window … 7 days back is outside).
    await views(YING_ZHENG, 7, 20);
    // 杜甫: 8 views four days ago → 8 × 0.25 = 2.
    await views(DU_FU, 4, 8);
    // 李白: 3 views today → 3.
    await views(LI_BAI, 0, 3);
    const res = await t.app.inject({ url: "/api/m/board/v1/n/list/entry" });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.rule).toContain("最近 7 天");
    expect(data.total).toBe(2);
    expect(data.list.map((i: { name: string }) => i.name)).toEqual(["李白", "杜甫"]);
    expect(data.list[0]).toMatchObject({
      kind: "entry",
      id: LI_BAI,
      rank: 1,
      heat: 3,
      views: 3,
      likes: 0,
      comments: 0,
      entryKind: "person",
    });
    expect(data.list[1]).toMatchObject({ rank: 2, heat: 2, views: 8 });
  });

  it("counts likes and notes given in the window, and only likes that still stand", async () => {
    await views(LI_BAI, 0, 4);
    const { browser } = await signedInReader(t.app);
    await browser.post("/api/social/like/send", { itemId: DU_FU, type: "entry", action: "like" });
    const note = await browser.post("/api/words/v1/y/note", {
      entryId: DU_FU,
      text: "读杜甫，见盛唐转衰。",
    });
    expect(note.statusCode, note.body).toBe(200);
    t.deps.services.boards.invalidate();
    let list = (await t.app.inject({ url: "/api/m/board/v1/n/list/entry" })).json().data.list;
    // 杜甫: a like (3) and a note (5) today = 8, above 李白's 4 views.
    expect(list.map((i: { id: string; heat: number }) => [i.id, i.heat])).toEqual([
      [DU_FU, 8],
      [LI_BAI, 4],
    ]);
    await browser.post("/api/social/like/send", { itemId: DU_FU, type: "entry", action: "unlike" });
    t.deps.services.boards.invalidate();
    list = (await t.app.inject({ url: "/api/m/board/v1/n/list/entry" })).json().data.list;
    expect(list[0]).toMatchObject({ id: DU_FU, heat: 5, likes: 0, comments: 1 });
  });

  it("pages the hot board ten at a time and refuses bad pages and tabs", async () => {
    await views(LI_BAI, 0, 1);
    const hot = await t.app.inject({ url: "/api/m/board/v1/n/hot?page=1" });
    expect(hot.statusCode).toBe(200);
    expect(hot.json().data).toMatchObject({ page: 1, size: 10, total: 1, hasMore: false });
    const empty = (await t.app.inject({ url: "/api/m/board/v1/n/hot?page=3" })).json().data;
    expect(empty).toMatchObject({ page: 3, total: 1, list: [] });
    const posts = (await t.app.inject({ url: "/api/m/board/v1/n/list/post" })).json().data;
    expect(posts).toMatchObject({ total: 0, list: [] });
    for (const url of [
      "/api/m/board/v1/n/list/video",
      "/api/m/board/v1/n/hot?page=0",
      "/api/m/board/v1/n/hot?page=abc",
      "/api/m/board/v1/n/list/entry?size=500",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe(400);
    }
  });

  it("keeps each day's views beside the total, through the view counter", async () => {
    const before = await t.app.inject({ url: `/api/item/detail/cn/${LI_BAI}` });
    expect(before.statusCode).toBe(200);
    await t.app.inject({ url: `/api/item/detail/cn/${LI_BAI}` });
    // The counter writes once a second.
    await new Promise((r) => setTimeout(r, 1_300));
    const row = await t.deps.handle.db
      .selectFrom("item_view_day")
      .selectAll()
      .where("item_id", "=", LI_BAI)
      .executeTakeFirst();
    expect(row).toMatchObject({ kind: "entry", day: utcDay(new Date()), views: 2 });
  });

  it("ranks the community's posts by their recent views, likes and comments", async () => {
    const community = loadCommunity("content");
    if (!community) throw new Error("content/community.yaml missing");
    await seedCommunity(t.deps.handle, community);
    const post = sampleId("post", "chun-wang");
    await t.deps.handle.db
      .insertInto("post_view_day")
      .values({ post_id: post, day: utcDay(new Date()), views: 40 })
      .execute();
    t.deps.services.boards.invalidate();
    const data = (await t.app.inject({ url: "/api/m/board/v1/n/list/post" })).json().data;
    expect(data.list[0]).toMatchObject({ kind: "post", id: post });
    expect(data.list[0].views).toBeGreaterThanOrEqual(40);
  });
});
