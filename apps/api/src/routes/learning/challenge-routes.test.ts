import { CHALLENGE_RULES } from "@tongjian/domain/challenges";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";
import { signedInReader } from "../test-readers.ts";

type Reader = Awaited<ReturnType<typeof signedInReader>>;
interface Round {
  id: string;
  status: "open" | "finished";
  index: number;
  total: number;
  remainingMs: number;
  questionRemainingMs: number;
  serverNow: number;
  deadlineAt: number;
  question: { id: string; options: string[]; isSingleChoice: boolean } & Record<string, unknown>;
}

describe.each(databaseTargets())("the challenges and the rankings on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    // Redis keeps sorted sets between runs; a suite starts from empty rankings.
    await t.deps.store.deletePrefix("challenge:rank:");
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const base = "/api/learning";
  const bank = () => t.deps.services.questionBank;
  /** The right options of a question, read on the server side as the test's own knowledge. */
  const rightOf = async (questionId: string) => (await bank().question(questionId)).answer;
  const wrongOf = async (questionId: string) => {
    const q = await bank().question(questionId);
    const wrong = q.options.map((_, i) => i).find((i) => !q.answer.includes(i));
    return [wrong ?? 0];
  };

  async function start(b: TestBrowser, kind: string, body: unknown = {}) {
    const res = await b.post(`${base}/challenges/${kind}/rounds`, body);
    return { status: res.statusCode, body: res.json() };
  }
  async function answer(b: TestBrowser, roundId: string, questionId: string, chosen: number[]) {
    const res = await b.post(`${base}/challenge-rounds/${roundId}/answers`, { questionId, chosen });
    return { status: res.statusCode, body: res.json() };
  }
  /** Answers the questions of a round in order: the first `right` right, the rest wrong. */
  async function play(b: TestBrowser, round: Round, right: number, count: number) {
    let current = round;
    for (let i = 0; i < count && current.status === "open" && current.question; i++) {
      const qid = current.question.id;
      const res = await answer(
        b,
        round.id,
        qid,
        i < right ? await rightOf(qid) : await wrongOf(qid),
      );
      if (res.status !== 200) throw new Error(`answer ${res.status} ${JSON.stringify(res.body)}`);
      current = res.body.data.round;
    }
    return current;
  }
  const activityRows = (ref: string) =>
    t.deps.handle.db
      .selectFrom("learning_activity")
      .selectAll()
      .where("ref", "=", ref)
      .where("kind", "=", "challenge")
      .execute();

  it("shows visitors the rules and the rankings, and asks them to log in to play", async () => {
    for (const kind of ["ladderchallenge", "wenshichallenge", "wenshianswer"]) {
      const res = await t.app.inject({ url: `${base}/challenges/${kind}` });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.signedIn).toBe(false);
      expect(data.rules.title).toBe(CHALLENGE_RULES[kind as "wenshianswer"].title);
      expect(data.rules.rules.length).toBeGreaterThanOrEqual(3);
      const ranking = await t.app.inject({ url: `${base}/challenges/${kind}/ranking?period=week` });
      expect(ranking.statusCode).toBe(200);
      expect(ranking.json().data).toMatchObject({ period: "week", me: null });
      expect(ranking.json().data.storage).toBe(target.redisUrl ? "redis" : "database");
    }
    const visitor = testBrowser(t.app);
    const play = await visitor.post(`${base}/challenges/wenshichallenge/rounds`, {});
    expect(play.statusCode).toBe(401);
    expect(play.json()).toMatchObject({ code: 600, message: "请先登录再参加挑战" });
    const rewards = await visitor.get(`${base}/challenges/wenshichallenge/rewards`);
    expect(rewards.statusCode).toBe(401);
  });

  it("refuses bad input in Chinese", async () => {
    const { browser } = await signedInReader(t.app);
    const kind = await browser.get(`${base}/challenges/nosuch`);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toMatch(/挑战类型/);
    const period = await browser.get(`${base}/challenges/wenshianswer/ranking?period=year`);
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toMatch(/排行周期/);
    const noGrade = await start(browser, "ladderchallenge");
    expect(noGrade.status).toBe(400);
    expect(noGrade.body.message).toBe("请先选择学段");
    const badGrade = await start(browser, "ladderchallenge", { grade: "college" });
    expect(badGrade.status).toBe(400);
    expect(badGrade.body.message).toMatch(/年级/);
    const badId = await browser.get(`${base}/challenge-rounds/not-a-round`);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/挑战编号无效/);
    const by = await browser.get(`${base}/study-ranking?by=likes`);
    expect(by.statusCode).toBe(400);
    expect(by.json().message).toMatch(/排行依据/);
  });

  it("plays a 文史挑战 round on the server's clock: answers marked one by one, never before", async () => {
    const { browser, userId } = await signedInReader(t.app);
    const started = await start(browser, "wenshichallenge");
    expect(started.status).toBe(200);
    const round: Round = started.body.data;
    expect(round.status).toBe("open");
    expect(round.deadlineAt - round.serverNow).toBe(90_000);
    expect(round.remainingMs).toBe(90_000);
    expect(round.question).not.toHaveProperty("answer");
    expect(round.question).not.toHaveProperty("explanation");
    expect(JSON.stringify(started.body)).not.toMatch(/explanation/);

    const first = round.question.id;
    const right = await answer(browser, round.id, first, await rightOf(first));
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ questionId: first, correct: true });
    expect(right.body.data.answer).toEqual(await rightOf(first));
    const second: Round = right.body.data.round;
    expect(second.index).toBe(1);
    expect(second.question.id).not.toBe(first);

    // Twice, a question of a later place, a question from outside the round: each refused.
    const twice = await answer(browser, round.id, first, await rightOf(first));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("这道题已经答过了，不能重复提交");
    const ids = await Promise.all(
      Array.from({ length: round.total }, (_, i) => currentQuestion(round.id, i)),
    );
    const later = ids[5] as string;
    const ahead = await answer(browser, round.id, later, [0]);
    expect(ahead.status).toBe(409);
    expect(ahead.body.message).toBe("请先回答当前显示的题目");
    const all = await bank().questions();
    const outside = all.find((q) => !ids.includes(q.id));
    if (outside) {
      const res = await answer(browser, round.id, outside.id, [0]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("这道题不在本轮挑战中");
    }
    const badOption = await answer(browser, round.id, second.question.id, [5]);
    expect(badOption.status).toBe(400);

    const wrong = await answer(
      browser,
      round.id,
      second.question.id,
      await wrongOf(second.question.id),
    );
    expect(wrong.body.data.correct).toBe(false);

    // Another reader, a forged id.
    const other = await signedInReader(t.app);
    const theirs = await answer(other.browser, round.id, wrong.body.data.round.question.id, [0]);
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe("这不是你的挑战，不能查看或作答");
    expect(
      (await other.browser.get(`${base}/challenge-rounds/${round.id}/result`)).statusCode,
    ).toBe(403);
    const forged = await answer(browser, "0123456789abcdef01234567", first, [0]);
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe("挑战不存在或已失效");

    // The result cannot be read before the round is over; finishing twice counts once.
    const early = await browser.get(`${base}/challenge-rounds/${round.id}/result`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("本轮挑战还没有结束");
    const [f1, f2] = await Promise.all([
      browser.post(`${base}/challenge-rounds/${round.id}/finish`),
      browser.post(`${base}/challenge-rounds/${round.id}/finish`),
    ]);
    expect(f1.statusCode).toBe(200);
    expect(f2.statusCode).toBe(200);
    // Both answers carry the round's places, the one that lost the race to finish it too.
    expect(f2.json().data.places.map((p: { period: string }) => p.period)).toEqual([
      "day",
      "week",
      "all",
    ]);
    const result = f1.json().data;
    expect(result).toMatchObject({ score: 10, correct: 1, answered: 2, kind: "wenshichallenge" });
    expect(result.questions).toHaveLength(2);
    expect(result.questions[0]).toMatchObject({ id: first, correct: true, timedOut: false });
    expect(result.questions[0].explanation.length).toBeGreaterThan(0);
    expect(result.questions[0].pointTitle.length).toBeGreaterThan(0);
    expect(result.questions[1].correct).toBe(false);
    expect(result.places.map((p: { period: string }) => p.period)).toEqual(["day", "week", "all"]);
    expect(result.places[0]).toMatchObject({ rank: expect.any(Number), score: 10 });
    const rows = await activityRows(round.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ owner_id: userId, answered: 2, correct: 1 });

    const afterEnd = await answer(browser, round.id, wrong.body.data.round.question.id, [0]);
    expect(afterEnd.status).toBe(409);
    expect(afterEnd.body.message).toBe("本轮挑战已经结束");
    expect(await activityRows(round.id)).toHaveLength(1);
  });

  it("refuses an answer after the round's deadline and finishes the round on its own", async () => {
    const { browser } = await signedInReader(t.app);
    const round: Round = (await start(browser, "wenshichallenge")).body.data;
    await play(browser, round, 2, 2);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(round.deadlineAt + 5_000);
    const state = await browser.get(`${base}/challenge-rounds/${round.id}`);
    expect(state.json().data).toMatchObject({ status: "finished", remainingMs: 0, question: null });
    const late = await answer(browser, round.id, await currentQuestion(round.id, 2), [0]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("本轮挑战时间已到，这次作答没有计入");
    vi.useRealTimers();
    const result = (await browser.get(`${base}/challenge-rounds/${round.id}/result`)).json().data;
    expect(result).toMatchObject({ score: 20, correct: 2, answered: 2, durationMs: 90_000 });
    expect(await activityRows(round.id)).toHaveLength(1);
  });

  async function currentQuestion(roundId: string, index: number): Promise<string> {
    const row = await t.deps.handle.db
      .selectFrom("challenge_round")
      .select("question_ids")
      .where("id", "=", roundId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.question_ids)[index];
  }

  it("times out a 天梯挑战 question after 15 s, rising in difficulty for the chosen grade", async () => {
    const { browser } = await signedInReader(t.app);
    const started = await start(browser, "ladderchallenge", { grade: "junior" });
    expect(started.status).toBe(200);
    const round: Round = started.body.data;
    expect(round.questionRemainingMs).toBe(15_000);
    const ids = await Promise.all(
      Array.from({ length: round.total }, (_, i) => currentQuestion(round.id, i)),
    );
    const questions = await bank().byIds(ids);
    expect(questions.every((q) => q.grade === "junior")).toBe(true);
    const levels = questions.map((q) => q.difficulty);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(round.serverNow + 16_500);
    const late = await answer(
      browser,
      round.id,
      round.question.id,
      await rightOf(round.question.id),
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("本题已超时，记为答错，不能再作答");
    const now = (await browser.get(`${base}/challenge-rounds/${round.id}`)).json().data;
    expect(now).toMatchObject({ status: "open", index: 1, answered: 1, correct: 0 });
    expect(now.questionRemainingMs).toBe(15_000 - 1_500);
    vi.useRealTimers();
    const result = (await browser.post(`${base}/challenge-rounds/${round.id}/finish`)).json().data;
    expect(result.questions[0]).toMatchObject({ timedOut: true, correct: false, chosen: [] });
    expect(result.score).toBe(0);

    // Left alone, a round times out question by question on the server's clock: the next look
    // finds it finished, every question timed out at its own deadline.
    const left: Round = (await start(browser, "ladderchallenge", { grade: "senior" })).body.data;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(left.serverNow + 3_600_000);
    const later = (await browser.get(`${base}/challenge-rounds/${left.id}/result`)).json().data;
    expect(later.questions).toHaveLength(left.total);
    expect(later.questions.every((q: { timedOut: boolean }) => q.timedOut)).toBe(true);
    expect(later.durationMs).toBe(left.total * 15_000);
    expect(await activityRows(left.id)).toHaveLength(1);
  });

  it("gives the daily 文史答题 the same five questions to everyone, once a day, and its reward once", async () => {
    const a = await signedInReader(t.app);
    const b = await signedInReader(t.app);
    const [ra, rb] = await Promise.all([
      start(a.browser, "wenshianswer"),
      start(b.browser, "wenshianswer"),
    ]);
    expect(ra.status).toBe(200);
    const roundA: Round = ra.body.data;
    const roundB: Round = rb.body.data;
    expect(roundA.total).toBe(5);
    const idsA = await Promise.all([0, 1, 2, 3, 4].map((i) => currentQuestion(roundA.id, i)));
    const idsB = await Promise.all([0, 1, 2, 3, 4].map((i) => currentQuestion(roundB.id, i)));
    expect(idsA).toEqual(idsB);

    // Starting again while it is under way resumes it; two starts at once make one round.
    const [again1, again2] = await Promise.all([
      start(a.browser, "wenshianswer"),
      start(a.browser, "wenshianswer"),
    ]);
    expect(again1.body.data.id).toBe(roundA.id);
    expect(again2.body.data.id).toBe(roundA.id);

    const done = await play(a.browser, roundA, 5, 5);
    expect(done.status).toBe("finished");
    const result = (await a.browser.get(`${base}/challenge-rounds/${roundA.id}/result`)).json()
      .data;
    expect(result.score).toBe(50);
    expect(result.reward).toMatchObject({ status: "pending", item: "vip-days", amount: 1 });

    const second = await start(a.browser, "wenshianswer");
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("今天的文史答题已经答过了，明天再来吧");
    const overview = (await a.browser.get(`${base}/challenges/wenshianswer`)).json().data;
    expect(overview).toMatchObject({ signedIn: true, playedToday: true, pendingRewards: 1 });
    expect(overview.best[0]).toMatchObject({ period: "day", score: 50 });

    const rewards = (await a.browser.get(`${base}/challenges/wenshianswer/rewards`)).json().data;
    expect(rewards).toHaveLength(1);
    const rewardId = rewards[0].id;
    const stolen = await b.browser.post(`${base}/challenge-rewards/${rewardId}/claim`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe("奖励不存在");
    const [c1, c2] = await Promise.all([
      a.browser.post(`${base}/challenge-rewards/${rewardId}/claim`),
      a.browser.post(`${base}/challenge-rewards/${rewardId}/claim`),
    ]);
    expect([c1.statusCode, c2.statusCode].sort()).toEqual([200, 409]);
    const claimed = (await a.browser.get(`${base}/challenges/wenshianswer/rewards`)).json().data;
    expect(claimed[0].status).toBe("claimed");
    expect(await activityRows(roundA.id)).toHaveLength(1);
  });

  it("puts a claimed reissue-card reward among the reader's cards, once", async () => {
    const reader = await signedInReader(t.app);
    const id = "c".repeat(23) + "1";
    await t.deps.handle.db
      .insertInto("challenge_reward")
      .values({
        id,
        owner_id: reader.userId,
        kind: "wenshichallenge",
        period_key: "2026-W48",
        item: "reissue-card",
        amount: 1,
        label: "文史挑战奖励：补签卡 1 张",
        score: 100,
        round_id: "d".repeat(24),
        created_at: new Date().toISOString(),
        claimed_at: null,
      })
      .execute();
    const [c1, c2] = await Promise.all([
      reader.browser.post(`${base}/challenge-rewards/${id}/claim`),
      reader.browser.post(`${base}/challenge-rewards/${id}/claim`),
    ]);
    expect([c1.statusCode, c2.statusCode].sort()).toEqual([200, 409]);
    const cards = (await reader.browser.get("/api/clockin/y/cards")).json().data;
    // The card of the reward, beside the one a new reader gets on opening the check-in.
    expect(cards).toMatchObject({ balance: 2, granted: 2, used: 0 });
    expect(JSON.stringify(cards.entries)).toContain("文史挑战奖励");
  });

  it("ranks by each reader's best of the period, not the sum, with names or masked phones", async () => {
    const reader = await signedInReader(t.app);
    const first: Round = (await start(reader.browser, "ladderchallenge", { grade: "primary" })).body
      .data;
    await play(reader.browser, first, 3, 3);
    await reader.browser.post(`${base}/challenge-rounds/${first.id}/finish`);
    const secondRound: Round = (
      await start(reader.browser, "ladderchallenge", { grade: "primary" })
    ).body.data;
    await play(reader.browser, secondRound, 1, 1);
    await reader.browser.post(`${base}/challenge-rounds/${secondRound.id}/finish`);
    const named = await signedInReader(t.app);
    const namedRound: Round = (await start(named.browser, "ladderchallenge", { grade: "primary" }))
      .body.data;
    await play(named.browser, namedRound, 1, 1);
    await named.browser.post(`${base}/challenge-rounds/${namedRound.id}/finish`);
    // An account without a name shows its masked phone.
    await t.deps.handle.db
      .updateTable("account")
      .set({ name: "" })
      .where("id", "=", reader.userId)
      .execute();
    for (const period of ["day", "week", "all"]) {
      const ranking = (
        await reader.browser.get(`${base}/challenges/ladderchallenge/ranking?period=${period}`)
      ).json().data;
      expect(ranking.me).toMatchObject({ userId: reader.userId, score: 30 });
      const row = ranking.entries.find((e: { userId: string }) => e.userId === reader.userId);
      expect(row.name).toBe(`${reader.phone.slice(0, 3)}****${reader.phone.slice(7)}`);
      const other = ranking.entries.find((e: { userId: string }) => e.userId === named.userId);
      expect(other).toMatchObject({ name: `读者${named.phone.slice(-4)}`, score: 10 });
      expect(ranking.entries.indexOf(row)).toBeLessThan(ranking.entries.indexOf(other));
    }
  });

  it("keeps the rankings right under 200 readers finishing at once", {
    timeout: 240_000,
  }, async () => {
    const kind = "wenshichallenge";
    const readers: Reader[] = [];
    for (let i = 0; i < 200; i += 25)
      readers.push(...(await Promise.all(Array.from({ length: 25 }, () => signedInReader(t.app)))));
    const rightCount = (i: number) => i % 8;
    const before = await t.deps.services.challenges.ranking({ kind: "anonymous" }, kind, "day");
    const rounds = await Promise.all(
      readers.map(async (r, i) => {
        const round: Round = (await start(r.browser, kind)).body.data;
        const qid = round.question.id;
        const right = rightCount(i);
        // The first answer is sent twice at once: one is taken, one refused.
        const chosen = right > 0 ? await rightOf(qid) : await wrongOf(qid);
        const [x, y] = await Promise.all([
          answer(r.browser, round.id, qid, chosen),
          answer(r.browser, round.id, qid, chosen),
        ]);
        expect([x.status, y.status].sort()).toEqual([200, 409]);
        const next: Round = (x.status === 200 ? x : y).body.data.round;
        await play(r.browser, next, Math.max(0, right - 1), right);
        const [f1, f2] = await Promise.all([
          r.browser.post(`${base}/challenge-rounds/${round.id}/finish`),
          r.browser.post(`${base}/challenge-rounds/${round.id}/finish`),
        ]);
        expect(f1.statusCode).toBe(200);
        expect(f2.statusCode).toBe(200);
        return { reader: r, round, score: right * 10, result: f1.json().data };
      }),
    );
    for (const r of rounds) expect(r.result.score).toBe(r.score);

    const ranking = (
      await readers[0]!.browser.get(`${base}/challenges/${kind}/ranking?period=day`)
    ).json().data;
    expect(ranking.total).toBe(before.total + 200);
    expect(ranking.entries).toHaveLength(50);
    // The listed order is the order of score, then time, and places follow it.
    type Row = { score: number; seconds: number; rank: number };
    ranking.entries.forEach((e: Row, i: number) => {
      const previous: Row | undefined = ranking.entries[i - 1];
      if (!previous) {
        expect(e.rank).toBe(1);
        return;
      }
      expect(e.score <= previous.score).toBe(true);
      if (e.score === previous.score) expect(e.seconds).toBeGreaterThanOrEqual(previous.seconds);
      // A place is shared only by an equal score and time; otherwise it is the position.
      if (e.rank === previous.rank)
        expect([e.score, e.seconds]).toEqual([previous.score, previous.seconds]);
      else expect(e.rank).toBe(i + 1);
    });
    const ours = new Set(readers.map((r) => r.userId));
    // 200 readers over 8 scores: 25 scored 70, 25 scored 60 — the top 50 are exactly them.
    const top = ranking.entries.filter((e: { userId: string }) => ours.has(e.userId));
    expect(top.filter((e: { score: number }) => e.score === 70)).toHaveLength(25);
    expect(top.filter((e: { score: number }) => e.score === 60)).toHaveLength(25);
    expect(ranking.entries.slice(0, 25).every((e: { score: number }) => e.score === 70)).toBe(true);

    // Every reader's own place: after all who scored more, among those who scored the same.
    await Promise.all(
      rounds.map(async (r) => {
        const mine = (
          await r.reader.browser.get(`${base}/challenges/${kind}/ranking?period=week`)
        ).json().data.me;
        expect(mine.score).toBe(r.score);
        // Rounds of the earlier tests of this suite are in today's ranking too.
        const scores = [...before.entries.map((e) => e.score), ...rounds.map((o) => o.score)];
        const higher = scores.filter((score) => score > r.score).length;
        const same = scores.filter((score) => score === r.score).length;
        expect(mine.rank).toBeGreaterThan(higher);
        expect(mine.rank).toBeLessThanOrEqual(higher + same);
      }),
    );
    // One study row per round, no more.
    const rows = await t.deps.handle.db
      .selectFrom("learning_activity")
      .select(["ref", "correct"])
      .where("kind", "=", "challenge")
      .where(
        "ref",
        "in",
        rounds.map((r) => r.round.id),
      )
      .execute();
    expect(rows).toHaveLength(200);
    expect(rows.reduce((s, r) => s + Number(r.correct), 0)).toBe(
      rounds.reduce((s, r) => s + r.score / 10, 0),
    );
  });

  it("ranks readers by this week's study time and answers on /study/ranking", async () => {
    const reader = await signedInReader(t.app);
    await t.deps.services.studyActivity.record(reader.userId, {
      kind: "practice",
      ref: "test",
      answered: 9_000,
      correct: 10,
      seconds: 7_000,
    });
    const bySeconds = (await reader.browser.get(`${base}/study-ranking?by=seconds`)).json().data;
    expect(bySeconds.me).toMatchObject({ rank: 1, userId: reader.userId, seconds: 7_000 });
    expect(bySeconds.entries[0].userId).toBe(reader.userId);
    const byAnswered = (await reader.browser.get(`${base}/study-ranking?by=answered`)).json().data;
    expect(byAnswered.entries[0]).toMatchObject({ userId: reader.userId, answered: 9_000 });
    const visitor = (await t.app.inject({ url: `${base}/study-ranking` })).json().data;
    expect(visitor.me).toBeNull();
    expect(visitor.entries.length).toBeGreaterThan(0);
  });
});
