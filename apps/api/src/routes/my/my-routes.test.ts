import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";
import { newPhone, testReaders } from "../../test-readers.ts";

const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const TANG = contentId("regime", "tang");
const ARTICLE = contentId("article", "test-article");
const MY = "/api/m/social/v1/y/my";

const data = async (browser: TestBrowser, url: string) => {
  const res = await browser.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const ids = (page: { list: { id: string }[] }) => page.list.map((item) => item.id);
/** Lists are ordered by times to the millisecond: steps a test orders wait for the next one. */
const tick = () => new Promise((r) => setTimeout(r, 3));

describe.each(databaseTargets())("my pages on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const readers = testReaders(() => t);
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 600 to anonymous readers on every list of their own", async () => {
    const anonymous = testBrowser(t.app);
    for (const path of ["", "/likes", "/history", "/top", "/saved"]) {
      const res = await anonymous.get(`${MY}${path}`);
      expect(res.statusCode, path).toBe(401);
      expect(res.json().code).toBe(600);
    }
    for (const path of ["/history/merge", "/history/clear", "/saved/remove"]) {
      const res = await anonymous.post(`${MY}${path}`, { items: [], id: "a".repeat(24) });
      expect(res.json().code, path).toBe(600);
    }
  });

  it("keeps the reading history of signed-in readers from the reads that count views", async () => {
    const { browser, userId } = await readers.account("史海读者");
    const { entries, articles } = t.deps.services;
    // The page loaders and the detail calls pass the reader along when they count a view.
    await entries.detail(LI_BAI, { reader: userId });
    await tick();
    await articles.detail(ARTICLE, { reader: userId });
    await tick();
    await entries.detail(LI_BAI, { reader: userId });
    await tick();
    // Not counted, not recorded: the offline copy of a page (decision 16), an anonymous read.
    await entries.detail(DU_FU, { reader: userId, countView: false });
    await entries.detail(TANG, {});
    // The API's detail calls record the same way for a signed-in caller, not for anyone else.
    expect((await browser.get(`/api/item/detail/cn/${TANG}`)).statusCode).toBe(200);
    expect((await testBrowser(t.app).get(`/api/item/detail/cn/${DU_FU}`)).statusCode).toBe(200);

    const recent = await data(browser, `${MY}/history`);
    expect(recent).toMatchObject({ page: 1, size: 20, total: 3, hasMore: false });
    expect(ids(recent)).toEqual([TANG, LI_BAI, ARTICLE]);
    expect(recent.list[1]).toMatchObject({
      id: LI_BAI,
      type: "entry",
      title: "李白",
      label: "人物",
      readCount: 2,
    });
    expect(recent.list[2]).toMatchObject({
      id: ARTICLE,
      type: "article",
      title: "测试文章：李白与杜甫",
      label: "艺术史",
      readCount: 1,
    });
    expect(recent.list[1].summary.length).toBeLessThanOrEqual(31);

    const top = await data(browser, `${MY}/top?type=entry`);
    expect(ids(top)).toEqual([LI_BAI, TANG]);
    const articlesOnly = await data(browser, `${MY}/history?type=article`);
    expect(ids(articlesOnly)).toEqual([ARTICLE]);
    const second = await data(browser, `${MY}/history?page=2&size=2`);
    expect(second).toMatchObject({ page: 2, size: 2, total: 3, hasMore: false });
    expect(ids(second)).toEqual([ARTICLE]);

    for (const [query, message] of [
      ["size=51", "每页至多 50 条"],
      ["page=0", "页码从 1 开始"],
      ["type=poem", "类型只支持 entry 或 article"],
    ]) {
      const res = await browser.get(`${MY}/history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }

    // Another reader's history is their own.
    const other = await readers.account("另一位读者");
    expect((await data(other.browser, `${MY}/history`)).total).toBe(0);

    const cleared = await browser.post(`${MY}/history/clear`);
    expect(cleared.json().data).toEqual({ cleared: 3 });
    expect((await data(browser, `${MY}/history`)).total).toBe(0);
  });

  it("takes the device's history at sign-in: known items only, counts added, no future times", async () => {
    const { browser, userId } = await readers.account("手机读者");
    await t.deps.services.entries.detail(DU_FU, { reader: userId });
    await tick();
    const merged = await browser.post(`${MY}/history/merge`, {
      items: [
        { type: "entry", id: DU_FU, readAt: "2026-01-02T03:04:05.000Z", count: 2 },
        { type: "article", id: ARTICLE, readAt: "2099-01-01T00:00:00.000Z", count: 1 },
        { type: "article", id: ARTICLE, readAt: "2026-01-01T00:00:00.000Z", count: 1 },
        // An id that names nothing, and an entry's id sent as an article.
        { type: "entry", id: "0".repeat(24), readAt: "2026-01-01T00:00:00.000Z", count: 1 },
        { type: "article", id: LI_BAI, readAt: "2026-01-01T00:00:00.000Z", count: 1 },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data).toEqual({ merged: 2 });
    const history = await data(browser, `${MY}/history`);
    expect(ids(history)).toEqual([ARTICLE, DU_FU]);
    const [article, entry] = history.list;
    expect(article.readCount).toBe(2);
    expect(article.firstReadAt).toBe("2026-01-01T00:00:00.000Z");
    expect(Date.parse(article.readAt)).toBeLessThanOrEqual(Date.now());
    expect(entry.readCount).toBe(3);
    expect(entry.firstReadAt).toBe("2026-01-02T03:04:05.000Z");
    expect(ids(await data(browser, `${MY}/top`))).toEqual([DU_FU, ARTICLE]);

    const tooMany = Array.from({ length: 101 }, () => ({
      type: "entry",
      id: DU_FU,
      readAt: "2026-01-01T00:00:00.000Z",
      count: 1,
    }));
    for (const [body, message] of [
      [{ items: tooMany }, "一次至多合并 100 条"],
      [{ items: [{ type: "entry", id: DU_FU, readAt: "yesterday", count: 1 }] }, "readAt"],
      [
        { items: [{ type: "entry", id: DU_FU, readAt: "2026-01-01T00:00:00Z", count: 0 }] },
        "count 至少为 1",
      ],
      [{ items: [{ type: "poem", id: DU_FU, readAt: "2026-01-01T00:00:00Z", count: 1 }] }, "类型"],
      [{ items: "all" }, "items 应为数组"],
    ] as const) {
      const res = await browser.post(`${MY}/history/merge`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("lists likes newest first, by type, and the saved paths and graphs by kind", async () => {
    const { browser, userId } = await readers.account("点赞读者");
    for (const [itemId, type] of [
      [LI_BAI, "entry"],
      [ARTICLE, "article"],
      [TANG, "entry"],
    ]) {
      const res = await browser.post("/api/social/like/send", { itemId, type, action: "like" });
      expect(res.statusCode).toBe(200);
      await tick();
    }
    const likes = await data(browser, `${MY}/likes`);
    expect(likes.total).toBe(3);
    expect(ids(likes)).toEqual([TANG, ARTICLE, LI_BAI]);
    expect(likes.list[0]).toMatchObject({ type: "entry", title: "唐", label: "政权" });
    expect(ids(await data(browser, `${MY}/likes?type=article`))).toEqual([ARTICLE]);
    await browser.post("/api/social/like/send", { itemId: TANG, action: "unlike" });
    expect((await data(browser, `${MY}/likes`)).total).toBe(2);

    // The graph screens save through the service; the lists and removal are the reader's.
    const viewer = {
      kind: "user",
      userId,
      role: "user",
      phone: null,
      name: "点赞读者",
      appUserId: null,
      visitorId: null,
      via: "browser",
      sessionId: null,
    } as const;
    const path = await t.deps.services.saved.save(viewer, {
      kind: "abpath",
      refId: "p-li-bai-du-fu",
      title: "李白 → 杜甫",
      data: { from: LI_BAI, to: DU_FU, pass: [] },
    });
    expect(path).toMatchObject({
      kind: "abpath",
      kindLabel: "关系路径",
      href: "/abpath?saveId=p-li-bai-du-fu",
    });
    // Saving the same path again updates it rather than adding a second.
    await t.deps.services.saved.save(viewer, {
      kind: "abpath",
      refId: "p-li-bai-du-fu",
      title: "李白与杜甫的关系路径",
    });
    await tick();
    await t.deps.services.saved.save(viewer, { kind: "graph", refId: "g1", title: "盛唐诗人" });
    await expect(
      t.deps.services.saved.save(viewer, { kind: "graph", refId: "../x", title: "坏编号" }),
    ).rejects.toThrow("编号只能含字母、数字、- 和 _");

    const saved = await data(browser, `${MY}/saved`);
    expect(saved.total).toBe(2);
    expect(saved.list.map((s: { title: string }) => s.title)).toEqual([
      "盛唐诗人",
      "李白与杜甫的关系路径",
    ]);
    expect((await data(browser, `${MY}/saved?kind=abpath`)).total).toBe(1);
    expect((await browser.get(`${MY}/saved?kind=video`)).statusCode).toBe(400);

    const other = await readers.account("别人");
    const notTheirs = await other.browser.post(`${MY}/saved/remove`, { id: path.id });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe("要删除的收藏不存在");
    expect((await browser.post(`${MY}/saved/remove`, { id: "xyz" })).statusCode).toBe(400);
    expect((await browser.post(`${MY}/saved/remove`, { id: path.id })).json().data).toEqual({
      removed: true,
    });
    expect((await data(browser, `${MY}/saved`)).total).toBe(1);

    // /my at a glance.
    await t.deps.services.entries.detail(DU_FU, { reader: userId });
    const overview = await data(browser, MY);
    expect(overview.profile).toMatchObject({ userId, name: "点赞读者", isSelf: true });
    expect(overview.role).toBe("user");
    expect(ids(overview.reads)).toEqual([DU_FU]);
    expect(ids(overview.likes)).toEqual([ARTICLE, LI_BAI]);
    expect(overview.saved.total).toBe(1);
    expect(
      overview.saved.kinds.map((k: { kind: string; count: number }) => [k.kind, k.count]),
    ).toEqual([
      ["abpath", 0],
      ["graph", 1],
    ]);
    // Every section has its feature behind it: the community's posts, the store's orders, the
    // study records and the campaigns' rewards (nothing of them yet for this reader).
    expect(
      overview.slots.map((s: { key: string; ready: boolean; items: unknown[] }) => [
        s.key,
        s.ready,
        s.items,
      ]),
    ).toEqual([
      ["posts", true, []],
      ["orders", true, []],
      ["study", true, []],
      ["campaign-rewards", true, []],
    ]);
  });

  it("moves a WeChat visitor's history and saved items to the account it binds, with its likes", async () => {
    const { browser, visitorId } = await readers.visitor("微信书友");
    const visitorViewer = { kind: "visitor", visitorId, sessionId: "x" } as const;
    await t.deps.services.entries.detail(LI_BAI, { reader: visitorId });
    await browser.post("/api/social/like/send", { itemId: DU_FU, action: "like" });
    await t.deps.services.saved.save(visitorViewer, {
      kind: "abpath",
      refId: "p1",
      title: "路径一",
    });
    const before = await data(browser, MY);
    expect(before).toMatchObject({ role: "visitor", profile: { name: "微信书友", isSelf: true } });
    expect(ids(before.reads)).toEqual([LI_BAI]);

    const phone = newPhone();
    await browser.post("/api/auth/sms/send", { phone, purpose: "bind" });
    const sms = await t.app.inject({ url: `/api/dev/sms/outbox?phone=${phone}` });
    const bound = await browser.post("/api/auth/bind-phone", { phone, code: sms.json().data.code });
    expect(bound.statusCode, bound.body).toBe(200);

    const after = await data(browser, MY);
    expect(after.role).toBe("user");
    expect(after.profile.userId).toBe(bound.json().data.ahUserId);
    expect(ids(after.reads)).toEqual([LI_BAI]);
    expect(ids(after.likes)).toEqual([DU_FU]);
    expect(after.saved.total).toBe(1);
  });

  it("edits the name and picks a drawn avatar, which the server draws", async () => {
    const { browser } = await readers.account("改名前");
    const edit = await browser.post("/api/user/profile", {
      name: "改名后",
      avatar: "/media/avatar/zhu.svg",
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ ahName: "改名后", ahAvatar: "/media/avatar/zhu.svg" });
    expect((await data(browser, MY)).profile).toMatchObject({
      name: "改名后",
      avatar: "/media/avatar/zhu.svg",
    });
    for (const avatar of ["/media/avatar/nope.svg", "http://example.com/a.png", "javascript:x"]) {
      const res = await browser.post("/api/user/profile", { avatar });
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json().message).toContain("头像应为 https 链接或可选头像之一");
    }

    const svg = await t.app.inject({ url: "/media/avatar/zhu.svg" });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(svg.body).toContain(">竹</text>");
    expect((await t.app.inject({ url: "/media/avatar/nope.svg" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/media/avatar/..%2Fx.svg" })).statusCode).toBe(400);
  });
});
