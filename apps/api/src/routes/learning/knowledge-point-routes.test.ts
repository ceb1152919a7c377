import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

const BASE = "/api/learning/n/knowledgepoint";

describe.each(databaseTargets())("knowledge points on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, body: res.json() };
  };
  /** The right and a wrong choice of each question of a point (read on the server side). */
  const answersOf = async (pointKey: string) => {
    const qs = await t.deps.services.questionBank.questions({ pointKeys: [pointKey] });
    return new Map(
      qs.map((q) => {
        const wrong = q.options.findIndex((_, i) => !q.answer.includes(i));
        return [q.id, { right: q.answer, wrong: [wrong] }];
      }),
    );
  };

  it("groups the points by era and theme, filters by grade and searches titles and pinyin", async () => {
    const all = await get(`${BASE}/hub`);
    expect(all.status).toBe(200);
    const hub = all.body.data;
    expect(hub.total).toBe(6);
    expect(hub.signedIn).toBe(false);
    expect(hub.eras.map((e: { era: string }) => e.era)).toEqual(["qin-han", "sui-tang-five"]);
    expect(hub.eras.map((e: { count: number }) => e.count)).toEqual([2, 4]);
    const literature = hub.themes.find((x: { theme: string }) => x.theme === "literature");
    expect(literature).toMatchObject({ label: "文学艺术", count: 2 });
    expect(hub.eras[0].points[0].mastery).toBeNull();

    const primary = (await get(`${BASE}/hub?grade=primary`)).body.data;
    const keys = primary.eras.flatMap((e: { points: { key: string }[] }) =>
      e.points.map((p) => p.key),
    );
    expect(keys).toEqual(["qin-tongyi", "qin-du", "changan-city", "li-bai-shi"]);

    const search = (await get(`${BASE}/hub?q=${encodeURIComponent("诗")}`)).body.data;
    expect(search.total).toBe(2);
    const pinyin = (await get(`${BASE}/hub?q=libai`)).body.data;
    expect(pinyin.eras[0].points.map((p: { key: string }) => p.key)).toEqual(["li-bai-shi"]);

    const list = (await get(`${BASE}/list?era=sui-tang-five&theme=literature&grade=junior`)).body
      .data;
    expect(list.title).toBe("隋唐五代·文学艺术知识点");
    expect(list.points.map((p: { key: string }) => p.key)).toEqual(["li-bai-shi", "du-fu-shi"]);
  });

  it("refuses bad filters in Chinese", async () => {
    for (const [url, message] of [
      [`${BASE}/hub?grade=college`, "年级"],
      [`${BASE}/list?era=future`, "没有这个时代"],
      [`${BASE}/list?theme=magic`, "没有这个主题"],
      [`${BASE}/hub?q=${"长".repeat(60)}`, "搜索词过长"],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it("gives a point by id or key with its lesson, entries, related points and course", async () => {
    const byKey = await get(`${BASE}/point/li-bai-shi`);
    expect(byKey.status).toBe(200);
    const page = byKey.body.data;
    expect(page.point.title).toBe("诗仙李白");
    expect(page.point.lesson.length).toBeGreaterThan(0);
    expect(page.point.entries.map((e: { key: string }) => e.key)).toContain("li-bai");
    expect(page.related[0].key).toBe("du-fu-shi");
    expect(page.course).toEqual({ key: "era-sui-tang-five", title: "隋唐五代知识点精讲" });
    const byId = await get(`${BASE}/point/${page.point.id}`);
    expect(byId.body.data.point.key).toBe("li-bai-shi");

    expect((await get(`${BASE}/point/no-such-point`)).status).toBe(404);
    const bad = await get(`${BASE}/point/${encodeURIComponent("<x>")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("知识点编号格式不对");

    const liBai = page.point.entries.find((e: { key: string }) => e.key === "li-bai");
    const ofEntry = await get(`${BASE}/entry/${liBai.id}`);
    expect(ofEntry.body.data.map((p: { key: string }) => p.key)).toEqual([
      "li-bai-shi",
      "du-fu-shi",
    ]);
    expect((await get(`${BASE}/entry/nothex`)).status).toBe(400);
  });

  it("lets a visitor practise without keeping the result", async () => {
    const browser = testBrowser(t.app, { address: newAddress() });
    const start = await browser.post(`${BASE}/round`, { point: "qin-du" });
    expect(start.statusCode).toBe(200);
    const round = start.json().data;
    expect(round.stored).toBe(false);
    expect(round.questions).toHaveLength(4);
    // Nothing a page gets before answering tells the answer.
    for (const q of round.questions) {
      expect(q).not.toHaveProperty("answer");
      expect(q).not.toHaveProperty("explanation");
    }
    const answers = await answersOf("qin-du");
    let last: { finished: boolean; stored: boolean; mastery: unknown; correct: number } | null =
      null;
    for (const q of round.questions) {
      const res = await browser.post(`${BASE}/round/${round.round}/answer`, {
        questionId: q.id,
        chosen: answers.get(q.id)?.right,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.marked.correct).toBe(true);
      expect(res.json().data.marked.explanation.length).toBeGreaterThan(0);
      last = res.json().data;
    }
    expect(last).toMatchObject({ finished: true, stored: false, mastery: null, correct: 4 });
  });

  it("marks a signed-in reader's round on the server, once, and keeps their mastery", async () => {
    const { browser, userId } = await signedInReader(t.app);
    const answers = await answersOf("li-bai-shi");
    const round = (await browser.post(`${BASE}/round`, { point: "li-bai-shi" })).json().data;
    expect(round.stored).toBe(true);
    const [first, second, ...rest] = round.questions as { id: string }[];
    if (!first || !second) throw new Error("too few questions");
    const url = `${BASE}/round/${round.round}/answer`;

    const wrong = await browser.post(url, {
      questionId: first.id,
      chosen: answers.get(first.id)?.wrong,
    });
    expect(wrong.json().data.marked).toMatchObject({ correct: false });
    expect(wrong.json().data.marked.answer).toEqual(answers.get(first.id)?.right);

    // The same question again, a question from another point, a choice beyond the options, and
    // another reader: each refused, nothing counted.
    const again = await browser.post(url, {
      questionId: first.id,
      chosen: answers.get(first.id)?.right,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("这道题已经答过了");
    const otherPoint = [...(await answersOf("du-fu-shi")).keys()][0];
    const outside = await browser.post(url, { questionId: otherPoint, chosen: [0] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe("这道题不在本次练习中");
    const beyond = await browser.post(url, { questionId: second.id, chosen: [5] });
    expect(beyond.statusCode).toBe(400);
    const other = await signedInReader(t.app);
    const stolen = await other.browser.post(url, {
      questionId: second.id,
      chosen: answers.get(second.id)?.right,
    });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe("这不是你的练习");
    const forged = await browser.post(`${BASE}/round/${"0".repeat(32)}/answer`, {
      questionId: second.id,
      chosen: [0],
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toContain("不存在或已过期");
    const malformed = await browser.post(`${BASE}/round/xyz/answer`, { questionId: second.id });
    expect(malformed.statusCode).toBe(400);

    // Two tabs sending the same answer at once: one is counted.
    const both = await Promise.all(
      [0, 1].map(() =>
        browser.post(url, { questionId: second.id, chosen: answers.get(second.id)?.right }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    let end: Record<string, unknown> = {};
    for (const q of rest) {
      const res = await browser.post(url, { questionId: q.id, chosen: answers.get(q.id)?.right });
      expect(res.statusCode).toBe(200);
      end = res.json().data;
    }
    const total = round.questions.length;
    expect(end).toMatchObject({ finished: true, stored: true, answered: total, total });
    expect(end.correct).toBe(total - 1);
    expect(end.mastery).toMatchObject({ answered: total, correct: total - 1, rounds: 1 });
    // 4 of 5 right is 80 %: mastered.
    expect((end.mastery as { level: string }).level).toBe(
      total - 1 >= 0.8 * total ? "mastered" : "learning",
    );

    const after = await browser.post(url, { questionId: first.id, chosen: [0] });
    expect(after.statusCode).toBe(409);

    const rows = await t.deps.handle.db
      .selectFrom("learning_activity")
      .selectAll()
      .where("owner_id", "=", userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "knowledgepoint", ref: "li-bai-shi", answered: total });
    expect(rows[0]?.correct).toBe(total - 1);

    // A second round adds to the totals; the level follows the last round.
    const round2 = (await browser.post(`${BASE}/round`, { point: "li-bai-shi" })).json().data;
    let end2: { mastery: { level: string; answered: number; rounds: number } } | null = null;
    for (const q of round2.questions as { id: string }[]) {
      const res = await browser.post(`${BASE}/round/${round2.round}/answer`, {
        questionId: q.id,
        chosen: answers.get(q.id)?.wrong,
      });
      end2 = res.json().data;
    }
    expect(end2?.mastery).toMatchObject({ level: "learning", answered: total * 2, rounds: 2 });

    const hub = (await browser.get(`${BASE}/hub`)).json().data;
    const point = hub.eras[1].points.find((p: { key: string }) => p.key === "li-bai-shi");
    expect(point.mastery).toMatchObject({
      label: "练习中",
      accuracy: Math.round(((total - 1) / (total * 2)) * 100),
    });
    const page = (await browser.get(`${BASE}/point/li-bai-shi`)).json().data;
    expect(page.mastery.rounds).toBe(2);
    expect(page.signedIn).toBe(true);
  });

  it("starts rounds only for points that exist, in the reader's grade when it has questions", async () => {
    const browser = testBrowser(t.app, { address: newAddress() });
    const missing = await browser.post(`${BASE}/round`, { point: "no-such-point" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("知识点不存在");
    const badGrade = await browser.post(`${BASE}/round`, { point: "qin-du", grade: "college" });
    expect(badGrade.statusCode).toBe(400);
    const primary = (
      await browser.post(`${BASE}/round`, { point: "qin-tongyi", grade: "primary" })
    ).json().data;
    const qs = await t.deps.services.questionBank.questions({ pointKeys: ["qin-tongyi"] });
    const want = qs.filter((q) => q.grade === "primary").map((q) => q.id);
    expect(want.length).toBeGreaterThan(0);
    expect(primary.questions.map((q: { id: string }) => q.id)).toEqual(want);
  });

  it("cuts lessons and explanations into chips, by era or by point", async () => {
    const era = await get(`${BASE}/chips/sui-tang-five`);
    expect(era.status).toBe(200);
    expect(era.body.data).toMatchObject({ kind: "era", title: "隋唐五代知识碎片" });
    const points = new Set(era.body.data.cards.map((c: { point: { key: string } }) => c.point.key));
    expect([...points]).toEqual(["tang-jianli", "changan-city", "li-bai-shi", "du-fu-shi"]);
    const one = (await get(`${BASE}/chips/qin-tongyi`)).body.data;
    expect(one.kind).toBe("point");
    expect(one.cards.some((c: { source: string }) => c.source === "lesson")).toBe(true);
    expect(one.cards.some((c: { source: string }) => c.source === "explanation")).toBe(true);
    expect((await get(`${BASE}/chips/world`)).status).toBe(404);
  });

  it("lists 知识清单 by era for a grade", async () => {
    const res = await get("/api/learning/n/knowlist?grade=senior");
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.eras.map((e: { label: string }) => e.label)).toEqual(["秦汉", "隋唐五代"]);
    expect((await get("/api/learning/n/knowlist?grade=x")).status).toBe(400);
  });

  it("opens the first two points of a course, and all of it with the learning product", async () => {
    const catalogue = (await get(`${BASE}/courses`)).body.data;
    expect(catalogue.hasAccess).toBe(false);
    expect(catalogue.productPath).toBe("/productDetail/ladder");
    const tang = catalogue.courses.find((c: { key: string }) => c.key === "era-sui-tang-five");
    expect(tang).toMatchObject({ points: 4, questions: 19, free: 2 });
    const course = (await get(`${BASE}/course/era-sui-tang-five`)).body.data;
    expect(course.syllabus.map((s: { open: boolean }) => s.open)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const locked = (await get(`${BASE}/course/era-sui-tang-five/li-bai-shi`)).body.data;
    expect(locked).toMatchObject({ open: false, point: null, title: "诗仙李白", position: 2 });
    const free = (await get(`${BASE}/course/era-sui-tang-five/tang-jianli`)).body.data;
    expect(free.open).toBe(true);
    expect(free.point.lesson.length).toBeGreaterThan(0);
    expect(free.next.title).toBe("长安城");

    const { browser, userId } = await signedInReader(t.app);
    await t.deps.handle.db
      .updateTable("account")
      .set({ learning_access: 1 })
      .where("id", "=", userId)
      .execute();
    const opened = (await browser.get(`${BASE}/course/era-sui-tang-five`)).json().data;
    expect(opened.hasAccess).toBe(true);
    expect(opened.syllabus.every((s: { open: boolean }) => s.open)).toBe(true);
    const lesson = (await browser.get(`${BASE}/course/era-sui-tang-five/li-bai-shi`)).json().data;
    expect(lesson.point.title).toBe("诗仙李白");

    expect((await get(`${BASE}/course/era-future`)).status).toBe(404);
    expect((await get(`${BASE}/course/era-world`)).status).toBe(404);
    expect((await get(`${BASE}/course/drop table`)).status).toBe(400);
    expect((await get(`${BASE}/course/era-qin-han/li-bai-shi`)).status).toBe(404);
  });

  it("draws QR codes of our own pages only, and a point's share card", async () => {
    const res = await t.app.inject({
      url: `/media/learning/qr.svg?path=${encodeURIComponent("/knowledgepoint/details/qin-du")}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.body).toContain("<svg");
    for (const path of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", ""]) {
      const bad = await t.app.inject({
        url: `/media/learning/qr.svg?path=${encodeURIComponent(path)}`,
      });
      expect(bad.statusCode, path).toBe(400);
    }
    const card = await t.app.inject({ url: "/media/learning/point/qin-du/card.png" });
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    expect(card.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    const thumb = await t.app.inject({ url: "/media/learning/point/qin-du/card.png?w=50&h=50" });
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([50, 50]);
    const full = await sharp(card.rawPayload).metadata();
    expect([full.width, full.height]).toEqual([750, 1000]);
    for (const q of ["w=50", "w=5&h=5", "w=x&h=50", "w=9999&h=50"])
      expect(
        (await t.app.inject({ url: `/media/learning/point/qin-du/card.png?${q}` })).statusCode,
        q,
      ).toBe(400);
    expect((await t.app.inject({ url: "/media/learning/point/nope/card.png" })).statusCode).toBe(
      404,
    );
  });
});
