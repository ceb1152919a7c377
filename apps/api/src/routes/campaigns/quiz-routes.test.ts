import type { UserViewer } from "@tongjian/domain/viewer";
import type { CampaignDefinition } from "@tongjian/services/campaigns/campaigns.server";
import {
  createQuiz,
  QUIZ_ANSWERED_TWICE,
  QUIZ_NOT_CURRENT,
  QUIZ_NOT_IN_ROUND,
  QUIZ_NOT_SHOWN,
  QUIZ_ROUND_TIMED_OUT,
  QUIZ_TIMED_OUT,
} from "@tongjian/services/campaigns/quiz.server";
import { createQuestionBank } from "@tongjian/services/learning/question-bank.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { signedInReader } from "../test-readers.ts";

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

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

function definition(key: string, over: Partial<CampaignDefinition> = {}): CampaignDefinition {
  return {
    key,
    title: "历史知识答题",
    kind: "quiz",
    path: `/quiz/${key.slice(5)}`,
    summary: "一个用于检验答题活动的活动。",
    rules: ["每轮十道题。"],
    previewAt: null,
    startsAt: iso(-DAY),
    endsAt: iso(DAY),
    limits: { perDay: 3, perReader: null, perDevice: null },
    rewards: [{ key: "first", label: "徽章 · 初试答题", item: "badge", amount: 1, threshold: 0 }],
    share: { title: "来答题", desc: "十道历史题。", imgUrl: "/icons/icon-192.png" },
    ...over,
  };
}

describe.each(databaseTargets())("the quiz campaigns on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const services = () => t.deps.services;
  const bank = () => createQuestionBank({ db: t.deps.handle.db });
  /** The right options of a question, read on the server's side. */
  const answerOf = async (questionId: string) => (await bank().question(questionId)).answer;

  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("plays a round: the server marks each answer with its comment, refuses the ones it must, and ranks the finished round", async () => {
    await services().campaigns.create(definition("quiz-2024"));
    const anonymous = await t.app.inject({ method: "GET", url: "/api/m/quiz/quiz-2024" });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toMatchObject({
      participants: 0,
      settings: { questionCount: 10, perQuestionSeconds: 20, fixedQuestions: false },
      review: [],
    });
    expect(anonymous.json().data.campaign.me.reason).toBe("登录后参与");

    const { browser, userId } = await signedInReader(t.app);
    const started = await browser.post("/api/m/quiz/quiz-2024/rounds");
    expect(started.statusCode).toBe(200);
    const round = started.json().data;
    expect(round).toMatchObject({ status: "open", index: 0, total: 10, score: 0 });
    expect(round.question.stem).toBeTruthy();
    // The page never gets the answer before it was given.
    expect(round.question).not.toHaveProperty("answer");
    expect(round.question).not.toHaveProperty("explanation");
    expect(round.questionRemainingMs).toBeGreaterThan(15_000);

    const first = round.question.id as string;
    const row = await t.deps.handle.db
      .selectFrom("quiz_round")
      .select("question_ids")
      .where("id", "=", round.id)
      .executeTakeFirstOrThrow();
    const ids = JSON.parse(row.question_ids) as string[];
    expect(new Set(ids).size).toBe(10);
    const second = ids[1] as string;

    // A question of the round that is not shown yet, one from outside it.
    const early = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: second,
      chosen: [0],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(QUIZ_NOT_CURRENT);
    const outside = (await bank().questions()).find((q) => !ids.includes(q.id));
    const foreign = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: outside?.id,
      chosen: [0],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(QUIZ_NOT_IN_ROUND);
    const bad = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: first,
      chosen: [0, 0],
    });
    expect(bad.statusCode).toBe(400);

    const right = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: first,
      chosen: await answerOf(first),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({
      correct: true,
      round: { index: 1, correct: 1, waiting: true, question: null },
    });
    expect(right.json().data.comment.length).toBeGreaterThan(4);
    const twice = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: first,
      chosen: await answerOf(first),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(QUIZ_ANSWERED_TWICE);

    // The next question is not shown (nor answerable) until the reader asks for it.
    const unshown = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: second,
      chosen: [0],
    });
    expect(unshown.statusCode).toBe(409);
    expect(unshown.json().message).toBe(QUIZ_NOT_SHOWN);
    const shown = await browser.post(`/api/m/quiz/rounds/${round.id}/next`);
    expect(shown.json().data).toMatchObject({ waiting: false, index: 1 });
    expect(shown.json().data.question.id).toBe(second);
    const rightOfSecond = await answerOf(second);
    const q2 = await bank().question(second);
    const wrongChoice = q2.options.findIndex((_, i) => !rightOfSecond.includes(i));
    const wrong = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: second,
      chosen: [wrongChoice],
    });
    expect(wrong.json().data).toMatchObject({ correct: false, answer: rightOfSecond });

    // Another reader can neither see nor answer this round.
    const other = await signedInReader(t.app);
    expect((await other.browser.get(`/api/m/quiz/rounds/${round.id}`)).statusCode).toBe(403);

    const finished = await browser.post(`/api/m/quiz/rounds/${round.id}/finish`);
    expect(finished.statusCode).toBe(200);
    const result = finished.json().data;
    expect(result).toMatchObject({ score: 10, correct: 1, answered: 2, total: 10 });
    expect(result.questions).toHaveLength(2);
    expect(result.questions[0]).toMatchObject({ id: first, correct: true, timedOut: false });
    expect(result.questions[1].explanation).toBe(q2.explanation);
    expect(result.place).toEqual({ rank: 1, total: 1 });
    expect(result.granted).toEqual(["徽章 · 初试答题"]);
    // Asked again, the result gives nothing twice.
    const again = await browser.get(`/api/m/quiz/rounds/${round.id}/result`);
    expect(again.json().data.granted).toEqual([]);
    const late = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: ids[2],
      chosen: [0],
    });
    expect(late.statusCode).toBe(409);

    const ranking = await browser.get("/api/m/campaign/quiz-2024/ranking");
    const me = ranking.json().data.me;
    expect(me).toMatchObject({ rank: 1, score: 10, isMe: true });
    expect(me.detail).toMatchObject({ correct: 1, total: 10 });
    expect(typeof me.detail.seconds).toBe("number");
    const best = await browser.get("/api/m/quiz/quiz-2024/best");
    expect(best.json().data.best).toMatchObject({ score: 10, correct: 1, total: 10, rank: 1 });
    const overview = await browser.get("/api/m/quiz/quiz-2024");
    expect(overview.json().data).toMatchObject({
      participants: 1,
      rounds: 1,
      lastRoundId: round.id,
      openRoundId: null,
    });
    expect(overview.json().data.campaign.me.usedToday).toBe(1);
    expect(userId).toBeTruthy();

    // A friend brought by the reader's link shows in the friends' ranking once they played.
    const friend = await signedInReader(t.app);
    const invited = await friend.browser.post("/api/m/campaign/quiz-2024/invite", { from: userId });
    expect(invited.json().data.recorded).toBe(true);
    const friendRound = (await friend.browser.post("/api/m/quiz/quiz-2024/rounds")).json().data;
    await friend.browser.post(`/api/m/quiz/rounds/${friendRound.id}/finish`);
    const friends = (await browser.get("/api/m/campaign/quiz-2024/ranking?scope=friends")).json()
      .data;
    expect(friends.entries.map((e: { ownerId: string }) => e.ownerId)).toEqual([
      userId,
      friend.userId,
    ]);
    const invites = (await browser.get("/api/m/campaign/quiz-2024/invites")).json().data;
    expect(invites.friendsNum).toBe(1);

    // Bad input is a 400, not a crash; unknown quizzes and rounds are refused.
    expect((await t.app.inject({ url: "/api/m/quiz/quiz-1999" })).statusCode).toBe(400);
    expect((await browser.get("/api/m/quiz/rounds/not-an-id")).statusCode).toBe(400);
    expect((await browser.get(`/api/m/quiz/rounds/${"0".repeat(24)}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/m/quiz/quiz-2024/rounds" })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });

  it("times every question on the server: a late answer is refused and counted wrong, the round ends at its deadline", async () => {
    await services()
      .campaigns.create(definition("quiz-2024"))
      .catch(() => undefined);
    let now = Date.now();
    const quiz = createQuiz({
      db: t.deps.handle.db,
      campaigns: services().campaigns,
      questionBank: bank(),
      settings: async () => ({
        questionCount: 3,
        perQuestionSeconds: 20,
        pointsPerCorrect: 10,
        questions: null,
      }),
      now: () => now,
    });
    const reader = viewerOf(`quiz-clock-${target.name}`);
    const round = await quiz.start("quiz-2024", reader, null);
    expect(round.total).toBe(3);
    const first = round.question?.id as string;
    // Inside the second of grace the answer still counts.
    now += 20_500;
    const inGrace = await quiz.answer(reader, round.id, {
      questionId: first,
      chosen: await answerOf(first),
    });
    expect(inGrace.correct).toBe(true);
    expect(inGrace.round.waiting).toBe(true);
    // Reading the comment costs nothing: the next question's clock starts when it is shown.
    now += 45_000;
    const shown = await quiz.next(reader, round.id);
    const second = shown.question?.id as string;
    expect(shown.questionRemainingMs).toBe(20_000);
    // Past its time and the grace: the question is kept as timed out, and the next one shows.
    now += 21_500;
    await expect(
      quiz.answer(reader, round.id, { questionId: second, chosen: [0] }),
    ).rejects.toMatchObject({ status: 409, message: QUIZ_TIMED_OUT });
    const moved = await quiz.round(reader, round.id);
    expect(moved).toMatchObject({ index: 2, answered: 2, correct: 1 });
    const third = moved.question?.id as string;
    // After its time nothing more is taken and the round is finished.
    now += 22_000;
    await expect(
      quiz.answer(reader, round.id, { questionId: third, chosen: [0] }),
    ).rejects.toMatchObject({ status: 409, message: QUIZ_TIMED_OUT });
    const over = await quiz.round(reader, round.id);
    expect(over.status).toBe("finished");
    const result = await quiz.result(reader, round.id);
    expect(result).toMatchObject({ correct: 1, answered: 3, score: 10 });
    expect(result.questions.filter((q) => q.timedOut)).toHaveLength(2);
    // Its time is each question's time on screen (at most its 20 seconds), not the reading.
    expect(result.seconds).toBe(60);
    const ranked = await services().campaigns.ranking("quiz-2024", reader);
    expect(ranked.me?.score).toBe(10);

    // A round left waiting past its deadline is finished and refuses any answer.
    const next = await quiz.start("quiz-2024", reader, null);
    now += 10 * 60_000;
    await expect(
      quiz.answer(reader, next.id, { questionId: next.question?.id as string, chosen: [0] }),
    ).rejects.toMatchObject({ status: 409 });
    expect([QUIZ_TIMED_OUT, QUIZ_ROUND_TIMED_OUT, QUIZ_ANSWERED_TWICE]).toContain(
      await quiz
        .answer(reader, next.id, { questionId: next.question?.id as string, chosen: [0] })
        .catch((e: Error) => e.message),
    );
  });

  it("keeps the per-day limit when one reader starts many rounds at once", async () => {
    await services()
      .campaigns.create(definition("quiz-2024"))
      .catch(() => undefined);
    const reader = viewerOf(`quiz-burst-${target.name}`);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => services().quiz.start("quiz-2024", reader, null)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: "每天最多参与 3 次，明天再来吧" });
    const rounds = await t.deps.handle.db
      .selectFrom("quiz_round")
      .select("id")
      .where("owner_id", "=", reader.userId)
      .execute();
    expect(rounds).toHaveLength(3);
    // Many readers at once each get their round.
    const crowd = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        services().quiz.start("quiz-2024", viewerOf(`quiz-crowd-${target.name}-${i}`), null),
      ),
    );
    expect(crowd.filter((r) => r.status === "fulfilled")).toHaveLength(40);
  });

  it("lets a reader play two whole rounds in a minute: answers are not campaign writes", async () => {
    await services()
      .campaigns.create(definition("quiz-2024"))
      .catch(() => undefined);
    const { browser } = await signedInReader(t.app);
    for (let r = 0; r < 2; r++) {
      let round = (await browser.post("/api/m/quiz/quiz-2024/rounds")).json().data;
      for (let i = 0; i < round.total; i++) {
        if (round.waiting)
          round = (await browser.post(`/api/m/quiz/rounds/${round.id}/next`)).json().data;
        const res = await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
          questionId: round.question.id,
          chosen: await answerOf(round.question.id),
        });
        expect(res.statusCode).toBe(200);
        round = res.json().data.round;
      }
      expect(round.status).toBe("finished");
      const result = (await browser.get(`/api/m/quiz/rounds/${round.id}/result`)).json().data;
      expect(result).toMatchObject({ correct: 10, score: 100 });
    }
  });

  it("keeps the ended 2021 edition readable: its final ranking, its participants and a review of its questions, and no play (409)", async () => {
    await services().campaigns.create(definition("quiz-2021"));
    const { browser, userId } = await signedInReader(t.app);
    const round = (await browser.post("/api/m/quiz/quiz-2021/rounds")).json().data;
    // The edition's own questions, in its order (tests/fixtures/content/campaigns/quiz-2021).
    expect(round.total).toBe(3);
    expect(round.question.key).toBe("qin-tongyi-1");
    await browser.post(`/api/m/quiz/rounds/${round.id}/answer`, {
      questionId: round.question.id,
      chosen: await answerOf(round.question.id),
    });
    await browser.post(`/api/m/quiz/rounds/${round.id}/finish`);
    await services().campaigns.schedule("quiz-2021", {
      previewAt: null,
      startsAt: "2021-10-01T00:00:00+08:00",
      endsAt: "2021-10-31T23:59:59+08:00",
    });

    const page = await t.app.inject({ url: "/api/m/quiz/quiz-2021" });
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data.campaign).toMatchObject({ phase: "ended", phaseLabel: "已结束" });
    expect(data.participants).toBe(1);
    expect(data.review.map((q: { key: string }) => q.key)).toEqual([
      "qin-tongyi-1",
      "tang-jianli-2",
      "li-bai-shi-3",
    ]);
    expect(data.review[0]).toMatchObject({ rightPercent: 100 });
    expect(data.review[0].explanation.length).toBeGreaterThan(4);
    expect(data.review[0].answer.length).toBeGreaterThan(0);
    // Nobody reached the last one (the round was finished early).
    expect(data.review[2].rightPercent).toBeNull();

    const refused = await browser.post("/api/m/quiz/quiz-2021/rounds");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("活动已结束，感谢参与");
    const ranking = (await t.app.inject({ url: "/api/m/campaign/quiz-2021/ranking" })).json().data;
    expect(ranking.entries.map((e: { ownerId: string }) => e.ownerId)).toEqual([userId]);
  });
});
