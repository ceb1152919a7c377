import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import type { TestBrowser } from "../../test-browser.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

const BASE = "/api/m/special/deepexam/test";
const MEDIA_ID = "a1b2c3d4e5f6a1b2c3d4e5f6";

interface Exam {
  testId: string;
  position: number;
  length: number;
  answered: number;
  status: string;
  remainingSeconds: number;
  preload: string[];
  question: {
    id: string;
    difficulty: number;
    isSingleChoice: boolean;
    selectedOption: number[];
    options: string[];
    media: { url: string } | null;
  } | null;
}

describe.each(databaseTargets())("the depth test and the AI test on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let a: { browser: TestBrowser; userId: string };
  let b: { browser: TestBrowser; userId: string };
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    // A junior question with an audio part, for the AI test (the fixture corpus has none).
    await t.deps.handle.db
      .insertInto("learning_question")
      .values({
        key: "qin-du-yinyue",
        id: MEDIA_ID,
        point_key: "qin-du",
        era: "qin-han",
        theme: "exchange",
        grade: "junior",
        type: "single",
        difficulty: 3,
        data: JSON.stringify({
          stem: "听这段乐曲，它描绘的是哪座都城？",
          options: ["咸阳", "洛阳", "临安", "北京"],
          answer: [0],
          explanation: "乐曲描绘秦都咸阳。（测试题的解析）",
          entries: [],
          media: { kind: "music", id: MEDIA_ID, key: "xianyang-qu", title: "咸阳曲" },
        }),
        sort_key: 999,
        updated_at: new Date().toISOString(),
      })
      .execute();
    a = await signedInReader(t.app);
    b = await signedInReader(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const json = (res: { statusCode: number; json: () => unknown }) => ({
    status: res.statusCode,
    body: res.json() as { code: number; msg?: string; message?: string; data: unknown },
  });
  const messageOf = (body: { msg?: string; message?: string }) => body.message ?? body.msg ?? "";
  const post = async (browser: TestBrowser, url: string, body: unknown) =>
    json(await browser.post(url, body));
  const answerOf = async (questionId: string) =>
    (await t.deps.services.questionBank.question(questionId)).answer;
  const wrongOf = async (questionId: string) => {
    const q = await t.deps.services.questionBank.question(questionId);
    return [q.options.findIndex((_, i) => !q.answer.includes(i))];
  };
  const activities = async (ref: string) =>
    t.deps.handle.db.selectFrom("learning_activity").selectAll().where("ref", "=", ref).execute();

  /** Answers `count` questions of a test, right or wrong, and gives the last state. */
  async function answer(
    browser: TestBrowser,
    start: Exam,
    count: number,
    right: boolean,
  ): Promise<{ state: Exam; difficulties: number[] }> {
    let state = start;
    const difficulties: number[] = [];
    for (let i = 0; i < count && state.question; i++) {
      const q = state.question;
      difficulties.push(q.difficulty);
      const chosen = right ? await answerOf(q.id) : await wrongOf(q.id);
      const res = await post(browser, `${BASE}/answer`, {
        testId: state.testId,
        questionId: q.id,
        chosen,
      });
      expect(res.status, messageOf(res.body)).toBe(200);
      state = res.body.data as Exam;
    }
    return { state, difficulties };
  }

  it("lists the grades and kinds, and shows a visitor a grade's home and a test's terms", async () => {
    const list = json(await t.app.inject({ url: `${BASE}/listGrade` }));
    expect(list.status).toBe(200);
    const data = list.body.data as {
      grades: { grade: string; label: string; questionCount: number }[];
      tags: { tag: string; minutes: number }[];
    };
    expect(data.grades.map((g) => g.label)).toEqual(["小学", "初中", "高中", "大众"]);
    expect(data.grades.reduce((s, g) => s + g.questionCount, 0)).toBe(29);
    expect(data.tags.map((x) => [x.tag, x.minutes])).toEqual([
      ["depth", 30],
      ["ai", 15],
    ]);

    const home = json(await t.app.inject({ url: `${BASE}/home?grade=junior` }));
    expect(home.status).toBe(200);
    expect(home.body.data).toMatchObject({ gradeLabel: "初中", signedIn: false, unfinished: [] });

    const visitor = testBrowser(t.app, { address: newAddress() });
    const pre = await post(visitor, `${BASE}/pretest`, { grade: "junior", tag: "depth" });
    expect(pre.status).toBe(200);
    expect(pre.body.data).toMatchObject({
      tagLabel: "深度测评",
      length: 12,
      minutes: 30,
      available: true,
      signedIn: false,
      unfinished: null,
    });
  });

  it("refuses bad input with Chinese messages, and a visitor's start with the login code", async () => {
    const badGrade = json(await t.app.inject({ url: `${BASE}/home?grade=college` }));
    expect(badGrade.status).toBe(400);
    expect(messageOf(badGrade.body)).toContain("年级");
    const badTag = await post(a.browser, `${BASE}/pretest`, { grade: "junior", tag: "quiz" });
    expect(badTag.status).toBe(400);
    expect(messageOf(badTag.body)).toContain("测评类型");
    const badId = json(await a.browser.get(`${BASE}/report?testId=nope`));
    expect(badId.status).toBe(400);
    expect(messageOf(badId.body)).toContain("编号");

    const visitor = testBrowser(t.app, { address: newAddress() });
    const start = await post(visitor, `${BASE}/create`, { grade: "junior", tag: "depth" });
    expect(start.status).toBe(401);
    expect(start.body.code).toBe(600);
    const mine = json(await visitor.get(`${BASE}/mine`));
    expect(mine.status).toBe(401);
  });

  let aTest = "";
  let bTest = "";

  it("assembles the test on the server, adapts it to the answers and never sends an answer", async () => {
    const created = await post(a.browser, `${BASE}/create`, { grade: "junior", tag: "depth" });
    expect(created.status).toBe(200);
    const first = created.body.data as Exam;
    aTest = first.testId;
    expect(first).toMatchObject({ position: 1, length: 12, answered: 0, status: "open" });
    expect(first.remainingSeconds).toBeGreaterThan(29 * 60);
    expect(first.question?.selectedOption).toEqual([]);
    expect(typeof first.question?.isSingleChoice).toBe("boolean");
    const raw = JSON.stringify(created.body);
    expect(raw).not.toContain('"answer"');
    expect(raw).not.toContain("explanation");

    // Starting again gives back the same unfinished test.
    const again = await post(a.browser, `${BASE}/create`, { grade: "junior", tag: "depth" });
    expect((again.body.data as Exam).testId).toBe(aTest);

    // A answers everything right, B everything wrong: A is served harder questions.
    const ra = await answer(a.browser, first, 5, true);
    const startB = await post(b.browser, `${BASE}/create`, { grade: "junior", tag: "depth" });
    bTest = (startB.body.data as Exam).testId;
    const rb = await answer(b.browser, startB.body.data as Exam, 5, false);
    const mean = (list: number[]) => list.slice(1).reduce((s, d) => s + d, 0) / (list.length - 1);
    expect(mean(ra.difficulties)).toBeGreaterThan(mean(rb.difficulties));
    expect(ra.state).toMatchObject({ position: 6, answered: 5 });
    expect(JSON.stringify(ra.state)).not.toContain('"answer"');
  });

  it("keeps a test half-way and gives it back to resume", async () => {
    const got = await post(a.browser, `${BASE}/get`, { grade: "junior", tag: "depth" });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ testId: aTest, answered: 5, position: 6 });
    const none = await post(a.browser, `${BASE}/get`, { grade: "senior", tag: "depth" });
    expect(none.body.data).toBeNull();
    const exam = json(await a.browser.get(`${BASE}/exam?testId=${aTest}`));
    expect(exam.body.data).toMatchObject({ testId: aTest, answered: 5 });
    const mine = json(await a.browser.get(`${BASE}/mine`));
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        testId: aTest,
        status: "open",
        path: `/depthtest/exam?testId=${aTest}`,
      }),
    ]);
    const home = json(await a.browser.get(`${BASE}/home?grade=junior`));
    expect((home.body.data as { unfinished: unknown[] }).unfinished).toHaveLength(1);
    const pre = await post(a.browser, `${BASE}/pretest`, { grade: "junior", tag: "depth" });
    expect(pre.body.data).toMatchObject({ signedIn: true, unfinished: { testId: aTest } });
  });

  it("refuses an answer outside the test, a second answer, another reader's test and a forged id", async () => {
    const state = (await post(a.browser, `${BASE}/get`, { grade: "junior", tag: "depth" })).body
      .data as Exam;
    const current = state.question?.id as string;
    const notInTest = await post(a.browser, `${BASE}/answer`, {
      testId: aTest,
      questionId: randomBytes(12).toString("hex"),
      chosen: [0],
    });
    expect(notInTest.status).toBe(400);
    expect(messageOf(notInTest.body)).toBe("这道题不在本次测评中");

    const mineAnswered = json(await a.browser.get(`${BASE}/report?testId=${aTest}`));
    expect(mineAnswered.status).toBe(409);
    expect(messageOf(mineAnswered.body)).toBe("这份测评还没有交卷");

    // The first question, answered already.
    const firstRow = await t.deps.handle.db
      .selectFrom("depth_test_answer")
      .select("question_id")
      .where("test_id", "=", aTest)
      .where("position", "=", 1)
      .executeTakeFirstOrThrow();
    const twice = await post(a.browser, `${BASE}/answer`, {
      testId: aTest,
      questionId: firstRow.question_id,
      chosen: [0],
    });
    expect(twice.status).toBe(409);
    expect(messageOf(twice.body)).toBe("这道题已经作答，不能修改");

    const tooMany = await post(a.browser, `${BASE}/answer`, {
      testId: aTest,
      questionId: current,
      chosen: [5],
    });
    expect(tooMany.status).toBe(400);

    const others = await post(b.browser, `${BASE}/answer`, {
      testId: aTest,
      questionId: current,
      chosen: [0],
    });
    expect(others.status).toBe(403);
    expect(messageOf(others.body)).toBe("这不是你的测评");
    const othersSubmit = await post(b.browser, `${BASE}/submit`, { testId: aTest, qaList: [] });
    expect(othersSubmit.status).toBe(403);
    const othersReport = json(await b.browser.get(`${BASE}/report?testId=${aTest}`));
    expect(othersReport.status).toBe(403);

    const forged = randomBytes(12).toString("hex");
    const forgedSubmit = await post(a.browser, `${BASE}/submit`, { testId: forged, qaList: [] });
    expect(forgedSubmit.status).toBe(404);
    expect(messageOf(forgedSubmit.body)).toBe("测评不存在");

    const outside = await post(a.browser, `${BASE}/submit`, {
      testId: aTest,
      qaList: [{ questionId: forged, chosen: [0] }],
    });
    expect(outside.status).toBe(400);
    expect(messageOf(outside.body)).toBe("这道题不在本次测评中");
    expect(await activities(aTest)).toHaveLength(0);
  });

  it("finishes a test once: the report, one study row, and a second submit refused", async () => {
    const state = (await post(a.browser, `${BASE}/get`, { grade: "junior", tag: "depth" })).body
      .data as Exam;
    const q = state.question as NonNullable<Exam["question"]>;
    const submitted = await post(a.browser, `${BASE}/submit`, {
      testId: aTest,
      qaList: [{ questionId: q.id, chosen: await answerOf(q.id) }],
    });
    expect(submitted.status, messageOf(submitted.body)).toBe(200);
    const report = submitted.body.data as {
      score: number;
      level: string;
      answered: number;
      correct: number;
      seconds: number;
      eras: { key: string; mastery: number }[];
      themes: { key: string }[];
      gaps: string[];
      studyNext: { id: string }[];
      questions: { answer: number[]; correct: boolean; explanation: string }[];
      cardUrl: string;
      percentile: number | null;
    };
    expect(report).toMatchObject({ answered: 6, correct: 6 });
    expect(report.score).toBeGreaterThan(50);
    expect(["熟练", "精通"]).toContain(report.level);
    expect(report.eras.length).toBeGreaterThan(0);
    expect(report.gaps).toEqual([]);
    expect(report.themes.length).toBeGreaterThan(0);
    expect(report.questions).toHaveLength(6);
    expect(report.questions.every((x) => x.correct && x.answer.length > 0 && x.explanation)).toBe(
      true,
    );
    // All right: what to study next is what the test did not reach, or what to consolidate.
    expect(report.studyNext.length).toBeGreaterThan(0);
    const point = await t.deps.services.questionBank.point(report.studyNext[0]?.id as string);
    expect(point.id).toBe(report.studyNext[0]?.id);
    expect(report.cardUrl).toBe(`/media/depthtest/${aTest}.png`);

    const rows = await activities(aTest);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "depthtest", answered: 6, correct: 6 });
    expect(rows[0]?.seconds).toBeLessThanOrEqual(30 * 60);

    const again = await post(a.browser, `${BASE}/submit`, { testId: aTest, qaList: [] });
    expect(again.status).toBe(409);
    expect(messageOf(again.body)).toBe("这份测评已经交卷，不能重复提交");
    const late = await post(a.browser, `${BASE}/answer`, {
      testId: aTest,
      questionId: q.id,
      chosen: [0],
    });
    expect(late.status).toBe(409);
    expect(await activities(aTest)).toHaveLength(1);
    const read = json(await a.browser.get(`${BASE}/report?testId=${aTest}`));
    expect((read.body.data as { score: number }).score).toBe(report.score);

    const card = await a.browser.get(`/media/depthtest/${aTest}.png`);
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    expect(card.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    const noCard = await t.app.inject({ url: `/media/depthtest/${"0".repeat(24)}.png` });
    expect(noCard.statusCode).toBe(404);
  });

  it("ranks a result among other readers of the grade, and two submits at once count once", async () => {
    const results = await Promise.all([
      post(b.browser, `${BASE}/submit`, { testId: bTest, qaList: [] }),
      post(b.browser, `${BASE}/submit`, { testId: bTest, qaList: [] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await activities(bTest)).toHaveLength(1);
    const bReport = json(await b.browser.get(`${BASE}/report?testId=${bTest}`)).body.data as {
      percentile: number;
      compared: number;
      level: string;
      gaps: string[];
      strengths: string[];
      studyNext: { reason: string }[];
    };
    expect(bReport.compared).toBe(1);
    expect(bReport.percentile).toBe(0);
    expect(bReport.studyNext[0]?.reason).toBe("本次答错");
    // Every answer wrong: no axis went better than the overall estimate predicts.
    expect(bReport.strengths).toEqual([]);
    const aReport = json(await a.browser.get(`${BASE}/report?testId=${aTest}`)).body.data as {
      percentile: number;
    };
    expect(aReport.percentile).toBe(100);
  });

  it("refuses a submit after the time limit and scores what was saved in time, once", async () => {
    const c = await signedInReader(t.app);
    const start = (await post(c.browser, `${BASE}/create`, { grade: "junior", tag: "depth" })).body
      .data as Exam;
    const empty = await post(c.browser, `${BASE}/submit`, { testId: start.testId, qaList: [] });
    expect(empty.status).toBe(400);
    expect(messageOf(empty.body)).toBe("还没有作答，至少回答一道题再交卷");
    const { state } = await answer(c.browser, start, 2, true);
    const past = new Date(Date.now() - 31 * 60_000).toISOString();
    await t.deps.handle.db
      .updateTable("depth_test")
      .set({ started_at: past, deadline_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", start.testId)
      .execute();
    const late = await post(c.browser, `${BASE}/submit`, {
      testId: start.testId,
      qaList: [{ questionId: state.question?.id, chosen: [0] }],
    });
    expect(late.status).toBe(409);
    expect(messageOf(late.body)).toContain("已超过 30 分钟的作答时限");
    const again = await post(c.browser, `${BASE}/submit`, { testId: start.testId, qaList: [] });
    expect(again.status).toBe(409);
    const rows = await activities(start.testId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ answered: 2, seconds: 30 * 60 });
    const report = json(await c.browser.get(`${BASE}/report?testId=${start.testId}`));
    expect(report.body.data).toMatchObject({ status: "expired", timedOut: true, answered: 2 });
    // A new start is a new test.
    const fresh = await post(c.browser, `${BASE}/create`, { grade: "junior", tag: "depth" });
    expect((fresh.body.data as Exam).testId).not.toBe(start.testId);
  });

  it("puts the questions answered wrong on the reader's review list when the test is handed in", async () => {
    const e = await signedInReader(t.app);
    const start = (await post(e.browser, `${BASE}/create`, { grade: "junior", tag: "depth" })).body
      .data as Exam;
    const first = start.question?.id as string;
    const { state } = await answer(e.browser, start, 1, false);
    const second = state.question?.id as string;
    await answer(e.browser, state, 1, true);
    const done = await post(e.browser, `${BASE}/submit`, { testId: start.testId, qaList: [] });
    expect(done.status, messageOf(done.body)).toBe(200);
    const cards = json(await e.browser.get("/api/review/y/cards")).body.data as {
      questionId: string;
    }[];
    expect(cards.map((c) => c.questionId)).toEqual([first]);
    expect(cards.map((c) => c.questionId)).not.toContain(second);
  });

  it("makes one test of two starts at once, and saves one of two answers at once", async () => {
    const d = await signedInReader(t.app);
    const starts = await Promise.all([
      post(d.browser, `${BASE}/create`, { grade: "senior", tag: "depth" }),
      post(d.browser, `${BASE}/create`, { grade: "senior", tag: "depth" }),
    ]);
    expect(starts.map((s) => s.status)).toEqual([200, 200]);
    const ids = starts.map((s) => (s.body.data as Exam).testId);
    expect(ids[0]).toBe(ids[1]);
    const open = await t.deps.handle.db
      .selectFrom("depth_test")
      .select("id")
      .where("owner_id", "=", d.userId)
      .execute();
    expect(open).toHaveLength(1);

    const exam = starts[0]?.body.data as Exam;
    const q = exam.question as NonNullable<Exam["question"]>;
    const chosen = await answerOf(q.id);
    const answers = await Promise.all([
      post(d.browser, `${BASE}/answer`, { testId: exam.testId, questionId: q.id, chosen }),
      post(d.browser, `${BASE}/answer`, { testId: exam.testId, questionId: q.id, chosen }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const state = (await post(d.browser, `${BASE}/get`, { grade: "senior", tag: "depth" })).body
      .data as Exam;
    expect(state).toMatchObject({ answered: 1, position: 2 });
    expect(state.question?.id).not.toBe(q.id);
  });

  it("gives the AI test its picture and audio questions and records it as an AI test", async () => {
    const start = await post(a.browser, `${BASE}/create`, { grade: "junior", tag: "ai" });
    expect(start.status).toBe(200);
    const exam = start.body.data as Exam;
    expect(exam.length).toBe(8);
    expect(exam.question?.id).toBe(MEDIA_ID);
    expect(exam.question?.media?.url).toBe(`/media/music/${MEDIA_ID}.wav`);
    expect(Array.isArray(exam.preload)).toBe(true);
    const { state } = await answer(a.browser, exam, 3, true);
    expect(state.answered).toBe(3);
    const done = await post(a.browser, `${BASE}/submit`, { testId: exam.testId, qaList: [] });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ tag: "ai", tagLabel: "AI 测评", answered: 3 });
    const rows = await activities(exam.testId);
    expect(rows.map((r) => r.kind)).toEqual(["aitest"]);
  });
});
