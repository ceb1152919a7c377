import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import type { TestBrowser } from "../../test-browser.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

type Question = { id: string; options: string[]; type: string };

describe.each(databaseTargets())(
  "ladders, practice, 积分 and the review list on $name",
  (target) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    });
    afterAll(async () => {
      await t?.close();
    });

    const grant = async (userId: string, on = true) => {
      await t.deps.handle.db
        .updateTable("account")
        .set({ learning_access: on ? 1 : 0 })
        .where("id", "=", userId)
        .execute();
    };

    /** The answers a reader gives: right ones, except the questions listed, which get wrong ones. */
    async function answersFor(questions: Question[], wrong: number[] = []) {
      const bank = await t.deps.services.questionBank.byIds(questions.map((q) => q.id));
      const byId = new Map(bank.map((q) => [q.id, q]));
      return questions.map((q, i) => {
        const answer = byId.get(q.id)?.answer ?? [];
        if (!wrong.includes(i)) return { questionId: q.id, chosen: answer };
        const other = q.options.findIndex((_, j) => !answer.includes(j));
        return { questionId: q.id, chosen: [other] };
      });
    }

    async function start(browser: TestBrowser, level: string) {
      const res = await browser.post(`/api/ladder/n/level/${level}/start`);
      return { status: res.statusCode, body: res.json() };
    }

    it("lists the ladders and shows a ladder's levels with gate and lock", async () => {
      const visitor = testBrowser(t.app, { address: newAddress() });
      const list = (await visitor.get("/api/ladder/n/ladders")).json();
      expect(list.data.map((l: { key: string }) => l.key)).toEqual([
        "wenshi-test",
        "young-test",
        "news-test",
      ]);
      const ladder = (await visitor.get("/api/ladder/n/ladder/wenshi-test")).json().data;
      expect(ladder.signedIn).toBe(false);
      expect(ladder.levels.map((l: { key: string }) => l.key)).toEqual(["ws-1", "ws-2", "ws-3"]);
      expect(ladder.levels.map((l: { access: boolean }) => l.access)).toEqual([true, false, false]);
      expect(ladder.levels.map((l: { unlocked: boolean }) => l.unlocked)).toEqual([
        true,
        false,
        false,
      ]);
      expect(ladder.levels[0].questionCount).toBe(9);
      const byId = (await visitor.get(`/api/ladder/n/ladder/${ladder.id}`)).json().data;
      expect(byId.key).toBe("wenshi-test");
      const samples = (await visitor.get("/api/ladder/n/samples")).json().data;
      expect(
        samples.flatMap((s: { levels: { key: string }[] }) => s.levels.map((l) => l.key)),
      ).toEqual(["ws-1", "yg-1", "nw-1"]);
    });

    it("shows a level's lessons and reading list, gated or not, and 404s a forged level", async () => {
      const visitor = testBrowser(t.app, { address: newAddress() });
      const level = (await visitor.get("/api/ladder/n/level/ws-2")).json().data;
      expect(level.level.access).toBe(false);
      expect(level.points.map((p: { key: string }) => p.key)).toEqual([
        "tang-jianli",
        "changan-city",
      ]);
      expect(level.points[0].lesson.length).toBeGreaterThan(0);
      const sample = (await visitor.get("/api/ladder/n/level/ws-1")).json().data;
      expect(sample.articles.map((a: { key: string }) => a.key)).toEqual(["test-article"]);
      expect(sample.next.key).toBe("ws-2");
      const forged = await visitor.get("/api/ladder/n/level/no-such-level");
      expect(forged.statusCode).toBe(404);
      expect(forged.json().message).toBe("这一关不存在");
      const forgedId = await visitor.get("/api/ladder/n/level/0123456789abcdef01234567");
      expect(forgedId.statusCode).toBe(404);
      const badKey = await visitor.get("/api/ladder/n/level/NOT%20A%20KEY");
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().message).toMatch(/编号/);
      expect((await visitor.get("/api/ladder/n/ladder/nope")).statusCode).toBe(404);
    });

    it("lets a visitor practise a sample level, marked on the server, with a receipt", async () => {
      const visitor = testBrowser(t.app, { address: newAddress() });
      const started = await start(visitor, "ws-1");
      expect(started.status).toBe(200);
      expect(started.body.data.practiceId).toBeNull();
      const questions: Question[] = started.body.data.questions;
      expect(questions.length).toBe(9);
      // No answer before answering.
      expect(JSON.stringify(started.body.data)).not.toMatch(/"answer"|"explanation"/);
      // The ladder's grade (junior) first.
      const bank = await t.deps.services.questionBank.byIds(questions.map((q) => q.id));
      expect(bank[0]?.grade).toBe("junior");
      const gated = await start(visitor, "ws-2");
      expect(gated.status).toBe(403);
      expect(gated.body.message).toMatch(/开通/);
      const answers = await answersFor(questions, [0, 1]);
      const res = await visitor.post("/api/ladder/n/level/ws-1/submit", { answers });
      expect(res.statusCode).toBe(200);
      const result = res.json().data;
      expect(result.correct).toBe(7);
      expect(result.total).toBe(9);
      expect(result.passed).toBe(true);
      expect(result.progress).toBeNull();
      expect(result.receipt.levelKey).toBe("ws-1");
      expect(result.receipt.wrong).toEqual([questions[0]?.id, questions[1]?.id]);
      expect(result.marked[0].correct).toBe(false);
      expect(result.marked[0].explanation.length).toBeGreaterThan(0);
      // Half a practice is not handed in.
      const half = await visitor.post("/api/ladder/n/level/ws-1/submit", {
        answers: answers.slice(0, 3),
      });
      expect(half.statusCode).toBe(400);
      expect(half.json().message).toMatch(/全部 9 道题/);
      // A question of another level.
      const other = (
        await t.deps.services.questionBank.questions({ pointKeys: ["li-bai-shi"] })
      )[0];
      const outside = await visitor.post("/api/ladder/n/level/ws-1/submit", {
        answers: [...answers.slice(1), { questionId: other?.id, chosen: [0] }],
      });
      expect(outside.statusCode).toBe(400);
      expect(outside.json().message).toBe("这道题不在本次练习中");
    });

    it("keeps a signed-in reader's progress and 积分, unlocks the next level, refuses twice", async () => {
      const { browser, userId } = await signedInReader(t.app);
      const gated = await start(browser, "ws-2");
      expect(gated.status).toBe(403);
      expect(gated.body.message).toBe("本关需开通天梯课程后才能学习，试学关卡可免费体验");
      await grant(userId);
      const locked = await start(browser, "ws-2");
      expect(locked.status).toBe(403);
      expect(locked.body.message).toMatch(/请先通过上一关「秦的统一」/);

      // A failed try: 4 of 9.
      const first = await start(browser, "ws-1");
      const qs: Question[] = first.body.data.questions;
      const failed = await browser.post("/api/ladder/n/level/ws-1/submit", {
        practiceId: first.body.data.practiceId,
        answers: await answersFor(qs, [0, 1, 2, 3, 4]),
      });
      expect(failed.statusCode).toBe(200);
      expect(failed.json().data.passed).toBe(false);
      expect(failed.json().data.pointsEarned).toBe(40);
      expect(failed.json().data.next.unlocked).toBe(false);
      expect(failed.json().data.reviewAdded).toBe(5);
      const again = await browser.post("/api/ladder/n/level/ws-1/submit", {
        practiceId: first.body.data.practiceId,
        answers: await answersFor(qs),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("这次练习已经交卷，不能重复提交");
      const noSession = await browser.post("/api/ladder/n/level/ws-1/submit", {
        answers: await answersFor(qs),
      });
      expect(noSession.statusCode).toBe(400);

      // Pass with two wrong: 7 of 9 → 70 more 积分 for the better score less the 40, and the bonus.
      const second = await start(browser, "ws-1");
      const passed = await browser.post("/api/ladder/n/level/ws-1/submit", {
        practiceId: second.body.data.practiceId,
        answers: await answersFor(second.body.data.questions, [0, 1]),
      });
      const r = passed.json().data;
      expect(r.passed).toBe(true);
      expect(r.stars).toBe(1);
      expect(r.pointsEarned).toBe(30 + 20);
      expect(r.progress.points).toBe(90);
      expect(r.progress.attempts).toBe(2);
      expect(r.next.key).toBe("ws-2");
      expect(r.next.unlocked).toBe(true);
      // A practice of one level handed in to another.
      const ws2 = await start(browser, "ws-2");
      expect(ws2.status).toBe(200);
      const cross = await browser.post("/api/ladder/n/level/ws-1/submit", {
        practiceId: ws2.body.data.practiceId,
        answers: await answersFor(ws2.body.data.questions),
      });
      expect(cross.statusCode).toBe(400);
      // Another reader cannot hand in this reader's practice.
      const other = await signedInReader(t.app);
      const stolen = await other.browser.post("/api/ladder/n/level/ws-1/submit", {
        practiceId: second.body.data.practiceId,
        answers: await answersFor(second.body.data.questions),
      });
      expect(stolen.statusCode).toBe(404);

      const ladder = (await browser.get("/api/ladder/n/ladder/wenshi-test")).json().data;
      expect(ladder.signedIn).toBe(true);
      expect(ladder.learningAccess).toBe(true);
      expect(ladder.passedCount).toBe(1);
      expect(ladder.points).toBe(90);
      expect(ladder.levels[1].unlocked).toBe(true);
      expect(ladder.levels[2].unlocked).toBe(false);

      const points = (await browser.get("/api/ladder/y/points")).json().data;
      expect(points.total).toBe(90);
      expect(points.today).toBe(90);
      expect(points.week).toBe(90);
      expect(points.entries.map((e: { points: number }) => e.points).sort()).toEqual([20, 30, 40]);
      expect(points.levels[0]).toMatchObject({ levelKey: "ws-1", points: 90, passed: true });

      const history = (await browser.get("/api/ladder/y/history")).json().data;
      expect(history.filter((h: { submittedAt: string | null }) => h.submittedAt).length).toBe(2);

      const activity = await t.deps.handle.db
        .selectFrom("learning_activity")
        .select(["kind", "ref", "answered", "correct"])
        .where("owner_id", "=", userId)
        .orderBy("created_at")
        .execute();
      expect(activity).toEqual([
        { kind: "ladder", ref: "ws-1", answered: 9, correct: 4 },
        { kind: "ladder", ref: "ws-1", answered: 9, correct: 7 },
      ]);
    });

    it("puts wrong answers on the review list and reviews them with FSRS", async () => {
      const { browser, userId } = await signedInReader(t.app);
      const started = await start(browser, "ws-1");
      const qs: Question[] = started.body.data.questions;
      await browser.post("/api/ladder/n/level/ws-1/submit", {
        practiceId: started.body.data.practiceId,
        answers: await answersFor(qs, [2, 5]),
      });
      const home = (await browser.get("/api/review/y/home")).json().data;
      expect(home.cardCount).toBe(2);
      expect(home.due.map((c: { questionId: string }) => c.questionId).sort()).toEqual(
        [qs[2]?.id, qs[5]?.id].sort(),
      );
      const round = (await browser.post("/api/review/y/start")).json().data;
      expect(round.questions.length).toBe(2);
      expect(JSON.stringify(round)).not.toMatch(/"answer"/);
      const answers = await answersFor(round.questions, [1]);
      const res = await browser.post(`/api/review/y/practice/${round.practiceId}/submit`, {
        answers,
      });
      expect(res.statusCode).toBe(200);
      const result = res.json().data;
      expect(result.correct).toBe(1);
      const right = result.cards.find(
        (c: { questionId: string }) => c.questionId === answers[0]?.questionId,
      );
      const wrong = result.cards.find(
        (c: { questionId: string }) => c.questionId === answers[1]?.questionId,
      );
      expect(right.rightCount).toBe(1);
      expect(wrong.wrongCount).toBe(2);
      // Again comes back sooner than Good.
      expect(Date.parse(wrong.due)).toBeLessThan(Date.parse(right.due));
      expect(right.isDue).toBe(false);
      const twice = await browser.post(`/api/review/y/practice/${round.practiceId}/submit`, {
        answers,
      });
      expect(twice.statusCode).toBe(409);
      // Nothing due right now: a clear refusal.
      const none = await browser.post("/api/review/y/start");
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe("现在没有要复习的题");

      const detail = (await browser.get(`/api/review/y/practice/${round.practiceId}`)).json().data;
      expect(detail.kind).toBe("review");
      expect(detail.marked.length).toBe(2);
      const cards = (await browser.get("/api/review/y/cards")).json().data;
      expect(cards.length).toBe(2);
      const question = (await browser.get(`/api/review/y/question/${qs[2]?.id}`)).json().data;
      expect(question.card.questionId).toBe(qs[2]?.id);
      expect(question.answers.length).toBe(2);
      expect(question.question.explanation.length).toBeGreaterThan(0);
      const never = await browser.get(`/api/review/y/question/${qs[0]?.id}`);
      expect(never.statusCode).toBe(200);
      const other = (await t.deps.services.questionBank.questions({ pointKeys: ["du-fu-shi"] }))[0];
      const unseen = await browser.get(`/api/review/y/question/${other?.id}`);
      expect(unseen.statusCode).toBe(404);
      expect(unseen.json().message).toBe("你还没有做过这道题");

      const kinds = await t.deps.handle.db
        .selectFrom("learning_activity")
        .select("kind")
        .where("owner_id", "=", userId)
        .execute();
      expect(kinds.map((k) => k.kind).sort()).toEqual(["ladder", "review"]);
      // The service others call.
      const added = await t.deps.services.reviews.addWrong(userId, [other?.id ?? ""], "depthtest");
      expect(added).toBe(1);
      expect((await t.deps.services.reviews.due(userId)).map((c) => c.source)).toContain(
        "depthtest",
      );
    });

    it("asks visitors to sign in for the records and merges a visitor's receipts once", async () => {
      const visitor = testBrowser(t.app, { address: newAddress() });
      for (const url of ["/api/review/y/home", "/api/review/y/cards", "/api/ladder/y/points"]) {
        const res = await visitor.get(url);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(600);
      }
      const started = await start(visitor, "yg-1");
      const res = await visitor.post("/api/ladder/n/level/yg-1/submit", {
        answers: await answersFor(started.body.data.questions, [0]),
      });
      const receipt = res.json().data.receipt;
      const { browser } = await signedInReader(t.app);
      const forged = { ...receipt, correct: receipt.total, wrong: [] };
      const merged = await browser.post("/api/ladder/y/merge", { receipts: [receipt, forged] });
      expect(merged.json().data).toEqual({ merged: 1, refused: 1 });
      const replay = await browser.post("/api/ladder/y/merge", { receipts: [receipt] });
      expect(replay.json().data).toEqual({ merged: 0, refused: 1 });
      const ladder = (await browser.get("/api/ladder/n/ladder/young-test")).json().data;
      expect(ladder.levels[0].progress.bestCorrect).toBe(receipt.correct);
      expect(ladder.levels[0].progress.passed).toBe(true);
      expect((await browser.get("/api/review/y/cards")).json().data.length).toBe(1);
      const bad = await browser.post("/api/ladder/y/merge", { receipts: [{ levelKey: "x" }] });
      expect(bad.statusCode).toBe(400);
    });

    it("hands a WeChat visitor's ladder practice to the account it binds, counting nothing twice", async () => {
      const { ladders, reviews, questionBank } = t.deps.services;
      const visitor = {
        kind: "visitor" as const,
        visitorId: "0a0a0a0a0a0a0a0a0a0a0a0a",
        sessionId: "s",
      };
      const { browser, userId } = await signedInReader(t.app);
      const wrongOption = (q: { options: string[]; answer: number[] }) =>
        q.options.findIndex((_, j) => !q.answer.includes(j));
      // Both practise ws-1: the visitor gets 8 right, the account 5; only the visitor does yg-1.
      const practise = async (level: string, wrong: number[]) => {
        const started = await ladders.start(visitor, level);
        const bank = await questionBank.byIds(started.questions.map((q) => q.id));
        return ladders.submit(visitor, level, {
          practiceId: started.practiceId,
          answers: bank.map((q, i) => ({
            questionId: q.id,
            chosen: wrong.includes(i) ? [wrongOption(q)] : q.answer,
          })),
        });
      };
      await practise("ws-1", [0]);
      await practise("yg-1", [1]);
      const start = await browser.post("/api/ladder/n/level/ws-1/start");
      const bank = await questionBank.byIds(
        start.json().data.questions.map((q: { id: string }) => q.id),
      );
      await browser.post("/api/ladder/n/level/ws-1/submit", {
        practiceId: start.json().data.practiceId,
        answers: bank.map((q, i) => ({
          questionId: q.id,
          chosen: i < 4 ? [wrongOption(q)] : q.answer,
        })),
      });
      await ladders.moveOwner(visitor.visitorId, userId);
      const points = (await browser.get("/api/ladder/y/points")).json().data;
      const levelPoints = (key: string) =>
        points.levels.find((l: { levelKey: string }) => l.levelKey === key)?.points;
      // ws-1: best 8 right and the pass bonus; yg-1: 4 right and the pass bonus.
      expect(levelPoints("ws-1")).toBe(100);
      expect(levelPoints("yg-1")).toBe(60);
      expect(points.total).toBe(160);
      expect(points.entries.reduce((n: number, e: { points: number }) => n + e.points, 0)).toBe(
        160,
      );
      const cards = (await browser.get("/api/review/y/cards")).json().data;
      // The account's four wrong on ws-1 (the visitor's one wrong there is the first of them) and
      // the visitor's one on yg-1.
      expect(cards.length).toBe(5);
      expect((await reviews.due(visitor.visitorId)).length).toBe(0);
      const history = (await browser.get("/api/ladder/y/history")).json().data;
      expect(history.length).toBe(3);
      expect((await ladders.points(visitor)).total).toBe(0);
    });
  },
);
