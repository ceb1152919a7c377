import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader, signInAgain } from "../test-readers.ts";

const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const NOTE = "/api/words/v1/y/note";

describe.each(databaseTargets())("readers' notes (/words) on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.deps.handle.db.deleteFrom("entry_note").execute();
    await t.deps.handle.db.deleteFrom("entry_note_like").execute();
    await t.deps.handle.db.deleteFrom("entry_note_report").execute();
  });

  it("lets a signed-in reader write a note that shows on the entry and in the stream", async () => {
    const { browser } = await signedInReader(t.app);
    const res = await browser.post(NOTE, {
      entryId: LI_BAI,
      text: "  《将进酒》读来痛快。#唐诗# 见 https://example.cn/a?x=1&y=2\r\n\r\n\r\n\r\n下一行  ",
      language: "cn",
    });
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json().data;
    expect(note).toMatchObject({
      entry: { id: LI_BAI, name: "李白" },
      author: { name: expect.stringMatching(/^读者\d{4}$/) },
      text: "《将进酒》读来痛快。#唐诗# 见 https://example.cn/a?x=1&y=2\n\n下一行",
      likeNum: 0,
      liked: false,
      mine: true,
      sample: false,
    });
    expect(note.html).toContain(
      '<a class="topic-link" href="/search?q=%E5%94%90%E8%AF%97">#唐诗#</a>',
    );
    expect(note.html).toContain('href="https://example.cn/a?x=1&amp;y=2"');

    const ofEntry = (await t.app.inject({ url: `/api/words/v1/n/entry/${LI_BAI}` })).json().data;
    expect(ofEntry).toMatchObject({ total: 1, page: 1, size: 5, hasMore: false });
    // Read by someone else: not theirs.
    expect(ofEntry.list[0]).toMatchObject({ id: note.id, mine: false, liked: false });
    const stream = (await browser.get("/api/words/v1/n/list?sort=new")).json().data;
    expect(stream.list.map((n: { id: string }) => n.id)).toEqual([note.id]);
    expect(stream.list[0].mine).toBe(true);
  });

  it("cleans scripts out and refuses empty, long, or misplaced notes with clear messages", async () => {
    const { browser } = await signedInReader(t.app);
    const script = await browser.post(NOTE, {
      entryId: LI_BAI,
      text: '<script>alert("x")</script><img src=x onerror=alert(1)>好诗',
    });
    expect(script.statusCode).toBe(200);
    expect(script.json().data.html).not.toMatch(/<script|<img/);
    const cases: [unknown, number, string][] = [
      [{ entryId: LI_BAI, text: "   \n  " }, 400, "写点什么再发布吧"],
      [{ entryId: LI_BAI, text: "史".repeat(201) }, 400, "短评至多 200 字，当前 201 字"],
      [{ entryId: LI_BAI, text: "史".repeat(100_000) }, 400, "短评至多 200 字"],
      [{ entryId: "0".repeat(24), text: "无此词条" }, 404, "词条不存在或已被删除"],
      [{ entryId: "not-an-id", text: "x" }, 400, "编号应为 24 位十六进制字符"],
      [{ entryId: LI_BAI }, 400, "请填写短评内容"],
    ];
    for (const [body, status, message] of cases) {
      const res = await browser.post(NOTE, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    // 200 characters exactly is fine, and an emoji counts one.
    const full = await browser.post(NOTE, { entryId: DU_FU, text: `${"史".repeat(199)}😀` });
    expect(full.statusCode).toBe(200);
  });

  it("asks anonymous readers to sign in (600) and refuses a POST without the CSRF token", async () => {
    const anonymous = testBrowser(t.app, { address: newAddress() });
    const res = await anonymous.post(NOTE, { entryId: LI_BAI, text: "未登录" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 600 });
    const { browser } = await signedInReader(t.app);
    const forged = await browser.rawPost(NOTE, { entryId: LI_BAI, text: "伪造" });
    expect(forged.statusCode).toBe(403);
    expect(await t.deps.handle.db.selectFrom("entry_note").select("id").execute()).toEqual([]);
  });

  it("limits how fast one reader writes", async () => {
    const { browser } = await signedInReader(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await browser.post(NOTE, { entryId: LI_BAI, text: `第 ${i + 1} 条` });
      expect(res.statusCode).toBe(200);
    }
    const sixth = await browser.post(NOTE, { entryId: LI_BAI, text: "第 6 条" });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe("发得太快了，请稍后再写");
    // Someone else still can.
    const other = await signedInReader(t.app);
    expect((await other.browser.post(NOTE, { entryId: LI_BAI, text: "另一位" })).statusCode).toBe(
      200,
    );
  });

  it("counts one like per reader, sorts by likes, and hides a note three readers report", async () => {
    const author = await signedInReader(t.app);
    const first = (await author.browser.post(NOTE, { entryId: LI_BAI, text: "第一条" })).json()
      .data;
    const second = (await author.browser.post(NOTE, { entryId: DU_FU, text: "第二条" })).json()
      .data;
    const readers = await Promise.all([1, 2, 3].map(() => signedInReader(t.app)));
    const [a, b, c] = readers.map((r) => r.browser);
    if (!a || !b || !c) throw new Error("readers");
    const like = (br: typeof a, noteId: string, action = "like") =>
      br.post("/api/words/v1/y/like", { noteId, action });
    expect((await like(a, first.id)).json().data).toEqual({ liked: true, likeNum: 1 });
    expect((await like(a, first.id)).json().data).toEqual({ liked: true, likeNum: 1 });
    expect((await like(b, first.id)).json().data).toEqual({ liked: true, likeNum: 2 });
    expect((await like(b, first.id, "unlike")).json().data).toEqual({ liked: false, likeNum: 1 });
    const liked = (await a.get("/api/words/v1/n/list?sort=liked")).json().data.list;
    expect(liked.map((n: { id: string; liked: boolean }) => [n.id, n.liked])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);

    const report = (br: typeof a, reason = "spam") =>
      br.post("/api/words/v1/y/report", { noteId: second.id, reason });
    expect(
      (
        await author.browser.post("/api/words/v1/y/report", { noteId: second.id, reason: "spam" })
      ).json().message,
    ).toBe("不能举报自己的短评");
    expect((await report(a)).json().data).toEqual({ reported: true, hidden: false });
    // The same reader twice counts once.
    expect((await report(a, "abuse")).json().data).toEqual({ reported: true, hidden: false });
    expect((await report(b)).json().data).toEqual({ reported: true, hidden: false });
    expect((await report(c, "wrong")).json().data).toEqual({ reported: true, hidden: true });
    const after = (await t.app.inject({ url: "/api/words/v1/n/list" })).json().data;
    expect(after.list.map((n: { id: string }) => n.id)).toEqual([first.id]);
    expect((await like(a, second.id)).statusCode).toBe(404);
    expect(
      (await a.post("/api/words/v1/y/report", { noteId: first.id, reason: "boring" })).statusCode,
    ).toBe(400);
  });

  it("lets only an admin hide and restore a note", async () => {
    const author = await signedInReader(t.app);
    const note = (await author.browser.post(NOTE, { entryId: LI_BAI, text: "待审" })).json().data;
    const hide = { noteId: note.id, hidden: true };
    expect((await author.browser.post("/api/words/v1/y/hide", hide)).statusCode).toBe(403);
    const admin = await signedInReader(t.app);
    await t.deps.handle.db
      .updateTable("account")
      .set({ role: "admin" })
      .where("id", "=", admin.userId)
      .execute();
    // The role is read at sign-in: the admin signs in again.
    const again = { browser: await signInAgain(t.app, admin.browser) };
    expect((await again.browser.post("/api/words/v1/y/hide", hide)).json().data).toEqual({
      hidden: true,
    });
    expect((await t.app.inject({ url: `/api/words/v1/n/entry/${LI_BAI}` })).json().data.total).toBe(
      0,
    );
    await again.browser.post("/api/words/v1/y/hide", { noteId: note.id, hidden: false });
    expect((await t.app.inject({ url: `/api/words/v1/n/entry/${LI_BAI}` })).json().data.total).toBe(
      1,
    );
  });

  it("answers 404 for an unknown entry and 400 for bad paging", async () => {
    expect(
      (await t.app.inject({ url: `/api/words/v1/n/entry/${"f".repeat(24)}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: "/api/words/v1/n/list?sort=hot" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/words/v1/n/list?page=0" })).statusCode).toBe(400);
  });
});
