import { studyDay } from "@tongjian/domain/learning";
import { addDays, monthOf, weekStart } from "@tongjian/domain/study-records";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { signedInReader, signInAgain } from "../test-readers.ts";

const DAY_MS = 86_400_000;

describe.each(databaseTargets())(
  "study records, check-in, binding and surveys on $name",
  (target) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    });
    afterAll(async () => {
      await t?.close();
    });
    const today = () => studyDay(new Date());
    const seedClockins = async (userId: string, days: string[], kind = "checkin") => {
      for (const day of days)
        await t.deps.handle.db
          .insertInto("study_clockin")
          .values({ owner_id: userId, day, kind, created_at: new Date().toISOString() })
          .execute();
    };

    it("asks a visitor to sign in, in Chinese, for every record", async () => {
      for (const url of [
        "/api/studyrecord/y/overview",
        "/api/studyrecord/y/series",
        "/api/clockin/y/month",
        "/api/clockin/y/cards",
        "/api/bindstudy/y/info",
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(600);
      }
    });

    it("sums the activity by today, week, day, kind and streak", async () => {
      const { browser, userId } = await signedInReader(t.app);
      const empty = (await browser.get("/api/studyrecord/y/overview")).json().data;
      expect(empty.totals).toMatchObject({ seconds: 0, answered: 0, stretches: 0, days: 0 });
      expect(empty.streaks).toEqual({ current: 0, longest: 0 });

      const now = Date.now();
      const record = (
        daysAgo: number,
        kind: "ladder" | "practice" | "review",
        ref: string,
        answered: number,
        correct: number,
        seconds: number,
      ) =>
        t.deps.services.studyActivity.record(userId, {
          kind,
          ref,
          answered,
          correct,
          seconds,
          at: new Date(now - daysAgo * DAY_MS),
        });
      await record(0, "ladder", "ws-1", 10, 8, 600);
      await record(0, "practice", "p1", 5, 5, 300);
      await record(1, "review", "r1", 4, 2, 120);
      await record(2, "ladder", "ws-2", 6, 3, 240);
      await record(5, "ladder", "ws-1", 5, 5, 60);

      const o = (await browser.get("/api/studyrecord/y/overview")).json().data;
      expect(o.today).toBe(today());
      expect(o.todaySums).toEqual({ seconds: 900, answered: 15, correct: 13, stretches: 2 });
      expect(o.totals).toEqual({ seconds: 1320, answered: 30, correct: 23, stretches: 5, days: 4 });
      expect(o.streaks).toEqual({ current: 3, longest: 3 });
      const week = weekStart(today());
      const inWeek = [0, 1, 2, 5].filter((n) => addDays(today(), -n) >= week);
      const expectedWeekSeconds = inWeek.reduce(
        (s, n) => s + ({ 0: 900, 1: 120, 2: 240, 5: 60 } as Record<number, number>)[n]!,
        0,
      );
      expect(o.weekSums.seconds).toBe(expectedWeekSeconds);

      const series = (await browser.get("/api/studyrecord/y/series")).json().data;
      expect(series.days).toHaveLength(30);
      expect(series.days.at(-1)).toMatchObject({ label: today(), seconds: 900, answered: 15 });
      expect(series.weeks).toHaveLength(12);
      expect(series.months).toHaveLength(6);
      expect(series.months.at(-1).label).toBe(monthOf(today()));
      const allSeconds = series.days.reduce(
        (s: number, d: { seconds: number }) => s + d.seconds,
        0,
      );
      expect(allSeconds).toBe(1320);

      const stats = (await browser.get("/api/studyrecord/y/statistics")).json().data;
      expect(stats.byKind.map((k: { key: string }) => k.key)).toEqual([
        "ladder",
        "practice",
        "review",
      ]);
      expect(stats.byKind[0]).toMatchObject({
        label: "天梯",
        answered: 21,
        correct: 16,
        seconds: 900,
        stretches: 3,
      });
      expect(stats.byEra).toEqual([]);

      const day = (await browser.get(`/api/studyrecord/y/day?day=${addDays(today(), -1)}`)).json()
        .data;
      expect(day.sums).toEqual({ seconds: 120, answered: 4, correct: 2, stretches: 1 });
      expect(day.stretches[0]).toMatchObject({ kind: "review", kindLabel: "错题复习" });
      const bad = await browser.get("/api/studyrecord/y/day?day=2026-02-30");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("没有这一天");
      expect((await browser.get("/api/studyrecord/y/day?day=yesterday")).json().message).toContain(
        "YYYY-MM-DD",
      );

      const ladder = (await browser.get("/api/studyrecord/y/ladder")).json().data;
      expect(ladder.map((l: { levelKey: string }) => l.levelKey)).toEqual(["ws-1", "ws-2"]);
      expect(ladder[0]).toMatchObject({
        levelTitle: "秦的统一",
        times: 2,
        answered: 15,
        correct: 13,
      });
    });

    it("checks in once a day, makes up a missed day with a card, and keeps the ledger honest", async () => {
      const { browser, userId } = await signedInReader(t.app);
      const month = (await browser.get("/api/clockin/y/month")).json().data;
      expect(month.cards).toBe(1);
      expect(month.checkedToday).toBe(false);
      expect(month.reissuable).toHaveLength(7);

      const first = await browser.post("/api/clockin/y/checkin");
      expect(first.json().data).toMatchObject({
        day: today(),
        streak: 1,
        cardEarned: false,
        cards: 1,
      });
      const twice = await browser.post("/api/clockin/y/checkin");
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toContain("今天已经打过卡了");

      const yesterday = addDays(today(), -1);
      const made = await browser.post("/api/clockin/y/reissue", { day: yesterday });
      expect(made.json().data).toEqual({ day: yesterday, cards: 0 });
      const again = await browser.post("/api/clockin/y/reissue", { day: yesterday });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain("已经打过卡");
      const noCard = await browser.post("/api/clockin/y/reissue", { day: addDays(today(), -3) });
      expect(noCard.statusCode).toBe(409);
      expect(noCard.json().message).toContain("补签卡不足");
      const tooOld = await browser.post("/api/clockin/y/reissue", { day: addDays(today(), -8) });
      expect(tooOld.json().message).toContain("最近 7 天");
      expect(
        (await browser.post("/api/clockin/y/reissue", { day: today() })).json().message,
      ).toContain("直接打卡");
      expect((await browser.post("/api/clockin/y/reissue", { day: "2026-13-01" })).statusCode).toBe(
        400,
      );

      const after = (await browser.get("/api/clockin/y/month")).json().data;
      expect(after.streaks.current).toBe(2);
      const mark = (d: string) => after.marks.find((m: { day: string }) => m.day === d)?.mark;
      expect(mark(today())).toBe("checked");
      if (monthOf(yesterday) === after.month) expect(mark(yesterday)).toBe("reissued");

      // Made-up days count for the study streak too.
      const overview = (await browser.get("/api/studyrecord/y/overview")).json().data;
      expect(overview.streaks.current).toBe(2);
      expect(overview.checkedToday).toBe(true);

      // Other features grant a card once per key.
      expect(
        await t.deps.services.studyRecords.grantReissueCard(userId, "挑战赛奖励", "gift:1"),
      ).toBe(true);
      expect(
        await t.deps.services.studyRecords.grantReissueCard(userId, "挑战赛奖励", "gift:1"),
      ).toBe(false);
      const cards = (await browser.get("/api/clockin/y/cards")).json().data;
      expect(cards).toMatchObject({ balance: 1, granted: 2, used: 1 });
      expect(cards.entries.find((e: { delta: number }) => e.delta === -1).day).toBe(yesterday);
      expect(cards.rule.join("")).toContain("连续打卡");
    });

    it("earns a card on the check-in that completes seven days in a row", async () => {
      const { browser, userId } = await signedInReader(t.app);
      await seedClockins(
        userId,
        [1, 2, 3, 4, 5].map((n) => addDays(today(), -n)),
      );
      await seedClockins(userId, [addDays(today(), -6)], "reissue");
      const res = (await browser.post("/api/clockin/y/checkin")).json().data;
      expect(res).toMatchObject({ streak: 7, cardEarned: true, cards: 2 });
    });

    it("refuses a concurrent second use of the last card", async () => {
      const { browser } = await signedInReader(t.app);
      const tries = await Promise.all(
        [2, 3, 4].map((n) => browser.post("/api/clockin/y/reissue", { day: addDays(today(), -n) })),
      );
      expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const cards = (await browser.get("/api/clockin/y/cards")).json().data;
      expect(cards.balance).toBe(0);
    });

    it("gives a fixed paper without answers, marks it once and records practice", async () => {
      const { browser } = await signedInReader(t.app);
      const bad = await browser.post("/api/studyrecord/y/mock", { grade: "college" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("年级");
      const paper = (await browser.post("/api/studyrecord/y/mock", { grade: "junior" })).json()
        .data;
      expect(paper.questions.length).toBeGreaterThan(0);
      expect(paper.questions.length).toBeLessThanOrEqual(20);
      expect(JSON.stringify(paper)).not.toContain("explanation");
      expect(JSON.stringify(paper)).not.toContain('"answer"');
      // The same grade's paper is the same for another reader, and resumes for this one.
      const other = await signedInReader(t.app);
      const otherPaper = (
        await other.browser.post("/api/studyrecord/y/mock", { grade: "junior" })
      ).json().data;
      expect(otherPaper.questions.map((q: { id: string }) => q.id)).toEqual(
        paper.questions.map((q: { id: string }) => q.id),
      );
      expect(
        (await browser.post("/api/studyrecord/y/mock", { grade: "junior" })).json().data.id,
      ).toBe(paper.id);

      const bank = await t.deps.services.questionBank.byIds(
        paper.questions.map((q: { id: string }) => q.id),
      );
      const answers = bank.map((q, i) => ({ questionId: q.id, chosen: i === 0 ? [] : q.answer }));
      // Another reader cannot submit this paper, a forged id is unknown, a foreign question refused.
      const foreign = await other.browser.post(`/api/studyrecord/y/mock/${paper.id}/submit`, {
        answers,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe("试卷不存在");
      expect(
        (await browser.post(`/api/studyrecord/y/mock/${"0".repeat(24)}/submit`, { answers }))
          .statusCode,
      ).toBe(404);
      expect(
        (await browser.post("/api/studyrecord/y/mock/nope/submit", { answers })).statusCode,
      ).toBe(400);
      const outside = await browser.post(`/api/studyrecord/y/mock/${otherPaper.id}/submit`, {
        answers,
      });
      expect(outside.statusCode).toBe(404);

      const result = (
        await browser.post(`/api/studyrecord/y/mock/${paper.id}/submit`, { answers })
      ).json().data;
      expect(result.total).toBe(bank.length);
      expect(result.correct).toBe(bank.length - 1);
      expect(result.questions[0]).toMatchObject({ correct: false });
      expect(result.questions[0].explanation.length).toBeGreaterThan(0);
      const twice = await browser.post(`/api/studyrecord/y/mock/${paper.id}/submit`, { answers });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toContain("已经交过");

      const mocks = (await browser.get("/api/studyrecord/y/mocks")).json().data;
      expect(mocks[0]).toMatchObject({ id: paper.id, grade: "junior", score: result.score });
      const view = (await browser.get(`/api/studyrecord/y/mock/${paper.id}`)).json().data;
      expect(view.result.score).toBe(result.score);
      const stats = (await browser.get("/api/studyrecord/y/statistics")).json().data;
      expect(stats.byKind).toEqual([
        expect.objectContaining({
          key: "practice",
          // The first question was left blank: marked wrong, not counted as answered.
          answered: bank.length - 1,
          correct: bank.length - 1,
          stretches: 1,
        }),
      ]);
      expect(stats.questionLevelAnswered).toBe(bank.length - 1);
      expect(stats.byEra.reduce((s: number, e: { answered: number }) => s + e.answered, 0)).toBe(
        bank.length - 1,
      );
      expect(stats.byEra.reduce((s: number, e: { correct: number }) => s + e.correct, 0)).toBe(
        bank.length - 1,
      );
    });

    it("refuses an empty or late submission, and shows an open paper without answers", async () => {
      const { browser } = await signedInReader(t.app);
      const paper = (await browser.post("/api/studyrecord/y/mock", { grade: "senior" })).json()
        .data;
      const open = (await browser.get(`/api/studyrecord/y/mock/${paper.id}`)).json().data;
      expect(open.result).toBeNull();
      expect(open.paper.submitted).toBe(false);
      expect(JSON.stringify(open)).not.toContain("explanation");
      const empty = await browser.post(`/api/studyrecord/y/mock/${paper.id}/submit`, {
        answers: [],
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain("至少回答一道题");
      await t.deps.handle.db
        .updateTable("study_mock")
        .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
        .where("id", "=", paper.id)
        .execute();
      const late = await browser.post(`/api/studyrecord/y/mock/${paper.id}/submit`, {
        answers: [{ questionId: paper.questions[0].id, chosen: [0] }],
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toContain("超过 60 分钟");
      // A late paper is closed: starting again gives a new one, and nothing was recorded.
      const fresh = (await browser.post("/api/studyrecord/y/mock", { grade: "senior" })).json()
        .data;
      expect(fresh.id).not.toBe(paper.id);
      expect((await browser.get("/api/studyrecord/y/statistics")).json().data.byKind).toEqual([]);
    });

    it("keeps reminders with a cap and refuses bad times in Chinese", async () => {
      const { browser, userId } = await signedInReader(t.app);
      const bad = await browser.post("/api/studyrecord/y/reminders", {
        time: "25:00",
        weekdays: [1],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("HH:MM");
      const notBool = await browser.post("/api/studyrecord/y/reminders", {
        time: "08:00",
        weekdays: [1],
        enabled: "yes",
      });
      expect(notBool.statusCode).toBe(400);
      expect(notBool.json().message).toContain("开关应为 true 或 false");
      expect(
        (await browser.post("/api/studyrecord/y/reminders", { time: "08:00", weekdays: [] })).json()
          .message,
      ).toContain("至少选一天");
      const made = (
        await browser.post("/api/studyrecord/y/reminders", {
          time: "00:00",
          weekdays: [1, 2, 3, 4, 5, 6, 7],
        })
      ).json().data;
      expect(made).toMatchObject({ time: "00:00", enabled: true });
      // Due now (every day from midnight) and nothing studied today.
      expect(await t.deps.services.studyRecords.dueReminder(viewerOf(userId))).toMatchObject({
        id: made.id,
      });
      const due = (await browser.get("/api/studyrecord/y/reminders/due")).json().data;
      expect(due).toMatchObject({ id: made.id, time: "00:00" });
      // Once something is studied today, no reminder is due.
      const studied = await signedInReader(t.app);
      await studied.browser.post("/api/studyrecord/y/reminders", {
        time: "00:00",
        weekdays: [1, 2, 3, 4, 5, 6, 7],
      });
      await t.deps.services.studyActivity.record(studied.userId, {
        kind: "review",
        ref: "r",
        answered: 1,
        correct: 1,
        seconds: 30,
      });
      expect(
        (await studied.browser.get("/api/studyrecord/y/reminders/due")).json().data,
      ).toBeNull();
      const off = (
        await browser.post(`/api/studyrecord/y/reminders/${made.id}`, {
          time: "00:00",
          weekdays: [7, 1],
          enabled: false,
        })
      ).json().data;
      expect(off).toMatchObject({ enabled: false, weekdays: [1, 7] });
      expect(await t.deps.services.studyRecords.dueReminder(viewerOf(userId))).toBeNull();
      for (let i = 0; i < 4; i++)
        expect(
          (await browser.post("/api/studyrecord/y/reminders", { time: "20:00", weekdays: [1] }))
            .statusCode,
        ).toBe(200);
      const sixth = await browser.post("/api/studyrecord/y/reminders", {
        time: "21:00",
        weekdays: [1],
      });
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json().message).toContain("最多设置 5 个");
      const other = await signedInReader(t.app);
      expect(
        (await other.browser.post(`/api/studyrecord/y/reminders/${made.id}/remove`)).statusCode,
      ).toBe(404);
      expect(
        (await browser.post(`/api/studyrecord/y/reminders/${made.id}/remove`)).json().data,
      ).toEqual({ removed: true });
      expect((await browser.get("/api/studyrecord/y/reminders")).json().data).toHaveLength(4);
    });

    const viewerOf = (userId: string) => ({
      kind: "user" as const,
      userId,
      role: "user" as const,
      phone: null,
      name: "",
      appUserId: null,
      visitorId: null,
      via: "browser" as const,
      sessionId: null,
    });

    it("sets a weekly plan and follows the ladder records", async () => {
      const { browser, userId } = await signedInReader(t.app);
      const none = (await browser.get("/api/studyrecord/y/plan")).json().data;
      expect(none.plan).toBeNull();
      expect(none.levelsTotal).toBe(9);
      expect(none.next[0].key).toBeTruthy();
      const bad = await browser.post("/api/studyrecord/y/plan", {
        levelsPerWeek: 0,
        minutesPerDay: 20,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("每周至少 1 关");
      await t.deps.services.studyActivity.record(userId, {
        kind: "ladder",
        ref: "ws-1",
        answered: 5,
        correct: 4,
        seconds: 900,
      });
      const plan = (
        await browser.post("/api/studyrecord/y/plan", { levelsPerWeek: 3, minutesPerDay: 20 })
      ).json().data;
      expect(plan.plan).toEqual({ levelsPerWeek: 3, minutesPerDay: 20 });
      expect(plan.levelsThisWeek.map((l: { key: string }) => l.key)).toEqual(["ws-1"]);
      expect(plan.minutesToday).toBe(15);
      expect(plan.next).toHaveLength(2);
      expect(plan.next.map((l: { key: string }) => l.key)).not.toContain("ws-1");
    });

    it("binds a learner to a parent by code, shows the summary read-only, and unbinds", async () => {
      const parent = await signedInReader(t.app);
      const child = await signedInReader(t.app);
      const stranger = await signedInReader(t.app);
      const info = (
        await parent.browser.post("/api/bindstudy/y/code", { relation: "parent" })
      ).json().data;
      const code = info.code.code as string;
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      const self = await parent.browser.post("/api/bindstudy/y/bind", { code });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe("不能绑定自己");
      expect(
        (await child.browser.post("/api/bindstudy/y/bind", { code: "AAAAAAAA" })).json().message,
      ).toContain("绑定码不存在");
      expect((await child.browser.post("/api/bindstudy/y/bind", { code: "短" })).statusCode).toBe(
        400,
      );
      const bound = (
        await child.browser.post("/api/bindstudy/y/bind", { code: code.toLowerCase() })
      ).json().data;
      expect(bound.guardians).toHaveLength(1);
      const twice = await child.browser.post("/api/bindstudy/y/bind", { code });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toContain("已经绑定过");

      await t.deps.services.studyActivity.record(child.userId, {
        kind: "practice",
        ref: "x",
        answered: 3,
        correct: 2,
        seconds: 60,
      });
      const summary = (await parent.browser.get(`/api/bindstudy/y/learner/${child.userId}`)).json()
        .data;
      expect(summary.overview.todaySums).toMatchObject({ answered: 3, correct: 2 });
      expect(
        (await stranger.browser.get(`/api/bindstudy/y/learner/${child.userId}`)).statusCode,
      ).toBe(404);

      const parentInfo = (await parent.browser.get("/api/bindstudy/y/info")).json().data;
      const bindingId = parentInfo.learners[0].bindingId;
      expect((await stranger.browser.post(`/api/bindstudy/y/${bindingId}/remove`)).statusCode).toBe(
        404,
      );
      expect(
        (await child.browser.post(`/api/bindstudy/y/${bindingId}/remove`)).json().data.guardians,
      ).toEqual([]);
      expect(
        (await parent.browser.get(`/api/bindstudy/y/learner/${child.userId}`)).statusCode,
      ).toBe(404);

      // An expired code is refused.
      await t.deps.handle.db
        .updateTable("study_bind_code")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("code", "=", code)
        .execute();
      const expired = await stranger.browser.post("/api/bindstudy/y/bind", { code });
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toContain("已过期");
    });

    it("stores one survey answer per reader, lets them edit it, and summarises", async () => {
      const a = await signedInReader(t.app);
      const b = await signedInReader(t.app);
      const view = (await t.app.inject({ url: "/api/survey/n/ladder" })).json().data;
      expect(view.survey.title).toBe("天梯反馈问卷");
      expect(view.mine).toBeNull();
      expect((await t.app.inject({ url: "/api/survey/n/nosuch" })).statusCode).toBe(400);
      const answers = {
        ladder: 0,
        difficulty: 1,
        helpful: [0, 2],
        lessons: 4,
        recommend: 5,
        comment: "很好",
      };
      const missing = await a.browser.post("/api/survey/y/ladder", { answers: { ladder: 0 } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain("请回答");
      const outOfRange = await a.browser.post("/api/survey/y/ladder", {
        answers: { ...answers, lessons: 9 },
      });
      expect(outOfRange.json().message).toContain("1–5");
      expect((await a.browser.post("/api/survey/y/ladder", { answers })).json().data).toEqual({
        saved: true,
        edited: false,
      });
      expect(
        (
          await a.browser.post("/api/survey/y/ladder", { answers: { ...answers, lessons: 2 } })
        ).json().data,
      ).toEqual({
        saved: true,
        edited: true,
      });
      await b.browser.post("/api/survey/y/ladder", {
        answers: { ...answers, helpful: [2], lessons: 5, comment: "" },
      });
      const summary = (await a.browser.get("/api/survey/n/ladder")).json().data;
      expect(summary.mine.lessons).toBe(2);
      expect(summary.summary.responses).toBe(2);
      const q = (key: string) =>
        summary.summary.questions.find((x: { key: string }) => x.key === key);
      expect(q("helpful").counts).toEqual([1, 0, 2, 0, 0]);
      expect(q("lessons").average).toBe(3.5);
      expect(q("comment")).toMatchObject({ texts: 1, textSamples: null });

      await t.deps.handle.db
        .updateTable("account")
        .set({ role: "admin" })
        .where("id", "=", b.userId)
        .execute();
      const admin = await signInAgain(t.app, b.browser);
      const adminView = (await admin.get("/api/survey/n/ladder")).json().data;
      expect(
        adminView.summary.questions.find((x: { key: string }) => x.key === "comment").textSamples,
      ).toEqual(["很好"]);
    });
  },
);
