import { randomInt } from "node:crypto";
import type { AnswerItem } from "@tongjian/contracts/learning";
import type {
  QuizAnswerResult,
  QuizMyBest,
  QuizOverview,
  QuizResultView,
  QuizRoundView,
} from "@tongjian/contracts/quiz";
import type { Database, QuizRoundTable } from "@tongjian/db/database-schema";
import {
  expireQuestions,
  questionDeadline,
  type RoundClock,
  roundOver,
} from "@tongjian/domain/challenges";
import { chinaDay } from "@tongjian/domain/china-time";
import {
  isQuizScoreDetail,
  pickQuizQuestions,
  type QuizScoreDetail,
  type QuizSettings,
  quizDurationMs,
  quizRoundDeadline,
  quizScore,
  quizSeconds,
  quizVerdict,
} from "@tongjian/domain/quiz";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { type Kysely, type Selectable, sql } from "kysely";
import { ForbiddenError, requireSignedIn } from "../accounts/require-login.ts";
import { parseJson } from "../content/content-views.ts";
import type { QuestionBank } from "../learning/question-bank.server.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import type { Campaigns } from "./campaigns.server.ts";

/**
 * The quiz campaigns (issue 22, decision 44): /quiz/2021 and /quiz/2024. A round is one
 * participation of the campaign engine (its per-day limit holds under concurrent starts); its
 * questions come from the learning question bank and are marked there (`questionBank.mark`), the
 * clock rules are the challenges' (`expireQuestions`, `roundOver`: server time, a second of
 * grace), and a finished round's score goes to the campaign's ranking (`setScore`, detail
 * {correct, total, seconds}); rewards at thresholds of correct answers through `grantDue`.
 */

type RoundRow = Selectable<QuizRoundTable>;

export const QUIZ_ROUND_NOT_FOUND = "这轮答题不存在或已失效";
export const QUIZ_NOT_YOURS = "这不是你的答题，不能查看或作答";
export const QUIZ_NOT_IN_ROUND = "这道题不在本轮答题中";
export const QUIZ_NOT_CURRENT = "请先回答当前显示的题目";
export const QUIZ_ANSWERED_TWICE = "这道题已经答过了，不能重复提交";
export const QUIZ_TIMED_OUT = "本题已超时，记为答错，不能再作答";
export const QUIZ_ROUND_TIMED_OUT = "本轮答题时间已到，这次作答没有计入";
export const QUIZ_ROUND_FINISHED = "本轮答题已经结束";
export const QUIZ_NOT_OVER = "本轮答题还没有结束";
export const QUIZ_NO_QUESTIONS = "题库里暂时没有可用的题目";
export const QUIZ_NOT_A_QUIZ = "答题活动不存在";
export const QUIZ_NOT_SHOWN = "这道题还没有显示，请先进入下一题";

const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;
const REVIEW_SIZE = 20;

function clockOf(row: RoundRow): RoundClock {
  return {
    startedAt: Number(row.started_at),
    deadlineAt: Number(row.deadline_at),
    perQuestionMs: Number(row.per_question_ms),
    currentIndex: Number(row.current_index),
    currentOpenedAt: Number(row.current_opened_at),
    total: parseJson<string[]>(row.question_ids, []).length,
  };
}

export function createQuiz(deps: {
  db: Kysely<Database>;
  campaigns: Campaigns;
  questionBank: QuestionBank;
  /** Reads a quiz campaign's settings (content/campaigns/<key>/quiz.yaml). */
  settings: (key: string) => Promise<QuizSettings>;
  now?: () => number;
}) {
  const { db, campaigns, questionBank } = deps;
  const clockNow = deps.now ?? (() => Date.now());
  const settingsCache = new Map<string, Promise<QuizSettings>>();
  const settingsOf = (key: string) => {
    let found = settingsCache.get(key);
    if (!found) {
      found = deps.settings(key);
      found.catch(() => settingsCache.delete(key));
      settingsCache.set(key, found);
    }
    return found;
  };

  async function loadRound(id: string): Promise<RoundRow> {
    const row = await db
      .selectFrom("quiz_round")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(QUIZ_ROUND_NOT_FOUND);
    return row;
  }

  async function ownRound(viewer: Viewer, id: string): Promise<RoundRow> {
    const reader = requireSignedIn(viewer, "请先登录再答题");
    const row = await loadRound(id);
    if (row.owner_id !== ownerIdOf(reader)) throw new ForbiddenError(QUIZ_NOT_YOURS);
    return row;
  }

  /**
   * Brings a round up to the server's clock: questions whose time ran out are kept as timed out
   * and a round that is over is finished. Safe under concurrent requests: each step is keyed.
   */
  async function settle(row: RoundRow, now: number): Promise<RoundRow> {
    if (row.status !== "open") return row;
    const ids = parseJson<string[]>(row.question_ids, []);
    const clock = clockOf(row);
    // A question waiting for the reader (after an answer) has no clock running.
    const waiting = Number(row.current_opened_at) === 0;
    const {
      timedOut,
      timedOutAt,
      clock: next,
    } = waiting ? { timedOut: [], timedOutAt: [], clock } : expireQuestions(clock, now);
    let current = row;
    if (timedOut.length > 0) {
      for (const [n, index] of timedOut.entries()) {
        const questionId = ids[index];
        if (!questionId) continue;
        await db
          .insertInto("quiz_answer")
          .values({
            round_id: row.id,
            question_id: questionId,
            position: index,
            chosen: null,
            correct: 0,
            timed_out: 1,
            // A timed-out question was shown for its whole time, ending when it ran out.
            opened_at: (timedOutAt[n] ?? now) - Number(row.per_question_ms),
            answered_at: timedOutAt[n] ?? now,
          })
          .onConflict((oc) => oc.columns(["round_id", "question_id"]).doNothing())
          .execute();
      }
      await db
        .updateTable("quiz_round")
        .set({
          current_index: next.currentIndex,
          current_opened_at: next.currentOpenedAt,
          answered: sql<number>`answered + ${timedOut.length}`,
        })
        .where("id", "=", row.id)
        .where("current_index", "=", clock.currentIndex)
        .execute();
      current = await loadRound(row.id);
    }
    if (current.status === "open" && roundOver(clockOf(current), now)) {
      await finishRound(current, now);
      return loadRound(row.id);
    }
    return current;
  }

  /** Finishes a round once (the update that wins) and puts its score in the ranking. */
  async function finishRound(row: RoundRow, now: number): Promise<void> {
    const settings = await settingsOf(row.campaign_key);
    const answers = await db
      .selectFrom("quiz_answer")
      .select(["correct", "opened_at", "answered_at"])
      .where("round_id", "=", row.id)
      .execute();
    const correct = answers.filter((a) => Number(a.correct) === 1).length;
    const total = parseJson<string[]>(row.question_ids, []).length;
    const perQuestionMs = Number(row.per_question_ms);
    const spent = answers.map((a) => ({
      openedAt: Number(a.opened_at),
      answeredAt: Number(a.answered_at),
    }));
    // A question left on screen when the round ended counts until its time or the end.
    const openedAt = Number(row.current_opened_at);
    if (openedAt > 0 && Number(row.current_index) < total && answers.length < total)
      spent.push({ openedAt, answeredAt: Math.min(now, Number(row.deadline_at)) });
    const durationMs = quizDurationMs(spent, perQuestionMs);
    const score = quizScore(settings, correct);
    const updated = await db
      .updateTable("quiz_round")
      .set({
        status: "finished",
        answered: answers.length,
        correct,
        score,
        duration_ms: durationMs,
        finished_at: now,
      })
      .where("id", "=", row.id)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return;
    const detail: QuizScoreDetail = { correct, total, seconds: quizSeconds(durationMs) };
    await campaigns.setScore(row.campaign_key, row.owner_id, score, detail);
  }

  async function view(row: RoundRow, now: number): Promise<QuizRoundView> {
    const ids = parseJson<string[]>(row.question_ids, []);
    const clock = clockOf(row);
    const open = row.status === "open";
    const waiting = open && Number(row.current_opened_at) === 0 && clock.currentIndex < ids.length;
    const currentId = open && !waiting ? ids[clock.currentIndex] : undefined;
    const question = currentId
      ? await questionBank.toPublic(await questionBank.question(currentId))
      : null;
    const settings = await settingsOf(row.campaign_key);
    return {
      id: row.id,
      campaignKey: row.campaign_key,
      status: open ? "open" : "finished",
      serverNow: now,
      remainingMs: open ? Math.max(0, clock.deadlineAt - now) : 0,
      questionRemainingMs: open && !waiting ? Math.max(0, questionDeadline(clock) - now) : 0,
      waiting,
      index: Math.min(clock.currentIndex, ids.length),
      total: ids.length,
      answered: Number(row.answered),
      correct: Number(row.correct),
      score: quizScore(settings, Number(row.correct)),
      question,
    };
  }

  /** The campaign, checked to be a quiz the reader may see. */
  async function quizCampaign(key: string, viewer: Viewer, deviceId: string | null = null) {
    const campaign = await campaigns.view(key, viewer, deviceId);
    if (campaign.kind !== "quiz") throw new NotFoundError(QUIZ_NOT_A_QUIZ);
    return campaign;
  }

  /** Ids of a round's questions: the edition's own, or a draw across the eras of the bank. */
  async function pickQuestionIds(settings: QuizSettings): Promise<string[]> {
    let q = db.selectFrom("learning_question").select(["id", "key", "era"]);
    if (settings.questions) q = q.where("key", "in", settings.questions);
    const pool = await q.execute();
    return pickQuizQuestions(pool, settings, secureRandom).map((p) => p.id);
  }

  /** An ended edition's questions with their answers, comments and how often they were right. */
  async function review(key: string, settings: QuizSettings) {
    let ids: string[];
    if (settings.questions) {
      const rows = await db
        .selectFrom("learning_question")
        .select(["id", "key"])
        .where("key", "in", settings.questions)
        .execute();
      const byKey = new Map(rows.map((r) => [r.key, r.id]));
      ids = settings.questions.flatMap((k) => byKey.get(k) ?? []);
    } else {
      const asked = await db
        .selectFrom("quiz_answer as a")
        .innerJoin("quiz_round as r", "r.id", "a.round_id")
        .select(["a.question_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("r.campaign_key", "=", key)
        .groupBy("a.question_id")
        .orderBy("n", "desc")
        .orderBy("a.question_id")
        .limit(REVIEW_SIZE)
        .execute();
      ids = asked.map((a) => a.question_id);
    }
    if (ids.length === 0) return [];
    const stats = await db
      .selectFrom("quiz_answer as a")
      .innerJoin("quiz_round as r", "r.id", "a.round_id")
      .select([
        "a.question_id",
        (eb) => eb.fn.countAll<number>().as("n"),
        (eb) => eb.fn.sum<number>("a.correct").as("right"),
      ])
      .where("r.campaign_key", "=", key)
      .where("a.question_id", "in", ids)
      .groupBy("a.question_id")
      .execute();
    const statOf = new Map(stats.map((s) => [s.question_id, s]));
    const questions = await questionBank.byIds(ids);
    const points = new Map(
      (await questionBank.pointsByKeys(questions.map((q) => q.pointKey))).map((p) => [
        p.key,
        p.title,
      ]),
    );
    const out: QuizOverview["review"] = [];
    for (const q of questions) {
      const {
        chosen: _c,
        correct: _r,
        ...marked
      } = await questionBank.mark(q, [], points.get(q.pointKey) ?? "");
      const s = statOf.get(q.id);
      const n = Number(s?.n ?? 0);
      out.push({
        ...marked,
        rightPercent: n > 0 ? Math.round((Number(s?.right ?? 0) / n) * 100) : null,
      });
    }
    return out;
  }

  const service = {
    settings: settingsOf,

    /** A quiz's page: the campaign, its settings, how many took part, the reader's rounds. */
    async overview(key: string, viewer: Viewer, deviceId: string | null): Promise<QuizOverview> {
      const campaign = await quizCampaign(key, viewer, deviceId);
      const settings = await settingsOf(key);
      const now = clockNow();
      const counts = await db
        .selectFrom("quiz_round")
        .select([
          (eb) => eb.fn.count<number>("owner_id").distinct().as("people"),
          (eb) => eb.fn.countAll<number>().as("rounds"),
        ])
        .where("campaign_key", "=", key)
        .where("status", "=", "finished")
        .executeTakeFirst();
      let openRoundId: string | null = null;
      let lastRoundId: string | null = null;
      const owner = ownerIdOf(viewer);
      if (owner) {
        const mine = await db
          .selectFrom("quiz_round")
          .selectAll()
          .where("campaign_key", "=", key)
          .where("owner_id", "=", owner)
          .orderBy("started_at", "desc")
          .limit(5)
          .execute();
        for (const r of mine) {
          const settled = await settle(r, now);
          if (settled.status === "open" && !openRoundId) openRoundId = settled.id;
          if (settled.status === "finished" && !lastRoundId) lastRoundId = settled.id;
        }
      }
      return {
        campaign,
        settings: {
          questionCount: settings.questionCount,
          perQuestionSeconds: settings.perQuestionSeconds,
          pointsPerCorrect: settings.pointsPerCorrect,
          fixedQuestions: settings.questions !== null,
        },
        participants: Number(counts?.people ?? 0),
        rounds: Number(counts?.rounds ?? 0),
        openRoundId,
        lastRoundId,
        review: campaign.phase === "ended" ? await review(key, settings) : [],
      };
    },

    /**
     * Starts a round: one participation of the engine (schedule, per-day limit) whose own write
     * is the round, in one transaction — a refused start leaves no round, a failed round no
     * participation.
     */
    async start(key: string, viewer: Viewer, deviceId: string | null): Promise<QuizRoundView> {
      await quizCampaign(key, viewer, deviceId);
      const settings = await settingsOf(key);
      const ids = await pickQuestionIds(settings);
      if (ids.length === 0) throw new ServiceError(409, QUIZ_NO_QUESTIONS);
      const now = clockNow();
      const perQuestionMs = settings.perQuestionSeconds * 1000;
      const { result } = await campaigns.participate(
        key,
        viewer,
        { deviceId, kind: "round", payload: { questions: ids.length } },
        async (trx, action) => {
          const id = action.id;
          await trx
            .insertInto("quiz_round")
            .values({
              id,
              campaign_key: key,
              owner_id: action.ownerId,
              action_id: action.id,
              day: chinaDay(new Date(now)),
              question_ids: JSON.stringify(ids),
              started_at: now,
              deadline_at: quizRoundDeadline(now, ids.length, perQuestionMs),
              per_question_ms: perQuestionMs,
              current_index: 0,
              current_opened_at: now,
              status: "open",
              finished_at: null,
            })
            .execute();
          return id;
        },
      );
      return view(await loadRound(result as string), now);
    },

    async round(viewer: Viewer, id: string): Promise<QuizRoundView> {
      const now = clockNow();
      return view(await settle(await ownRound(viewer, id), now), now);
    },

    /**
     * Marks one answer on the server: only the question now shown, only in its time (plus a
     * second of grace for the network), only once.
     */
    async answer(viewer: Viewer, id: string, item: AnswerItem): Promise<QuizAnswerResult> {
      const now = clockNow();
      const row = await settle(await ownRound(viewer, id), now);
      const ids = parseJson<string[]>(row.question_ids, []);
      const position = ids.indexOf(item.questionId);
      if (position < 0) throw new BadRequestError(QUIZ_NOT_IN_ROUND);
      const given = await db
        .selectFrom("quiz_answer")
        .select("timed_out")
        .where("round_id", "=", row.id)
        .where("question_id", "=", item.questionId)
        .executeTakeFirst();
      if (given)
        throw new ServiceError(409, Number(given.timed_out) ? QUIZ_TIMED_OUT : QUIZ_ANSWERED_TWICE);
      if (row.status !== "open")
        throw new ServiceError(
          409,
          now > Number(row.deadline_at) ? QUIZ_ROUND_TIMED_OUT : QUIZ_ROUND_FINISHED,
        );
      if (position !== Number(row.current_index)) throw new ServiceError(409, QUIZ_NOT_CURRENT);
      const openedAt = Number(row.current_opened_at);
      if (openedAt === 0) throw new ServiceError(409, QUIZ_NOT_SHOWN);
      const question = await questionBank.question(item.questionId);
      const marked = await questionBank.mark(question, item.chosen, "");
      const inserted = await db
        .insertInto("quiz_answer")
        .values({
          round_id: row.id,
          question_id: item.questionId,
          position,
          chosen: JSON.stringify(marked.chosen),
          correct: marked.correct ? 1 : 0,
          timed_out: 0,
          opened_at: openedAt,
          answered_at: now,
        })
        .onConflict((oc) => oc.columns(["round_id", "question_id"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1)
        throw new ServiceError(409, QUIZ_ANSWERED_TWICE);
      await db
        .updateTable("quiz_round")
        .set({
          current_index: position + 1,
          // The next question waits until the reader asks for it (`next`).
          current_opened_at: 0,
          answered: sql<number>`answered + 1`,
          correct: sql<number>`correct + ${marked.correct ? 1 : 0}`,
        })
        .where("id", "=", row.id)
        .where("current_index", "=", position)
        .execute();
      const after = await settle(await loadRound(row.id), now);
      return {
        questionId: item.questionId,
        correct: marked.correct,
        answer: marked.answer,
        comment: marked.explanation,
        round: await view(after, now),
      };
    },

    /**
     * Shows the next question once the reader has read the last one's comment: its clock
     * starts now (one conditional UPDATE, so two taps start it once).
     */
    async next(viewer: Viewer, id: string): Promise<QuizRoundView> {
      const now = clockNow();
      const row = await settle(await ownRound(viewer, id), now);
      if (row.status === "open" && Number(row.current_opened_at) === 0)
        await db
          .updateTable("quiz_round")
          .set({ current_opened_at: now })
          .where("id", "=", row.id)
          .where("status", "=", "open")
          .where("current_index", "=", Number(row.current_index))
          .where("current_opened_at", "=", 0)
          .execute();
      return view(await loadRound(row.id), now);
    },

    /** Ends a round before its time; the questions not reached count as not answered. */
    async finish(viewer: Viewer, id: string): Promise<QuizResultView> {
      const now = clockNow();
      const row = await settle(await ownRound(viewer, id), now);
      if (row.status === "open") await finishRound(row, now);
      return service.result(viewer, id);
    },

    /**
     * A finished round: every question with the reader's answer, the right one and its comment,
     * the reader's place in the ranking, and the rewards its right answers reached (given once).
     */
    async result(viewer: Viewer, id: string): Promise<QuizResultView> {
      const now = clockNow();
      const row = await settle(await ownRound(viewer, id), now);
      if (row.status !== "finished") throw new ServiceError(409, QUIZ_NOT_OVER);
      const answers = await db
        .selectFrom("quiz_answer")
        .selectAll()
        .where("round_id", "=", row.id)
        .orderBy("position")
        .execute();
      const questions = await questionBank.byIds(answers.map((a) => a.question_id));
      const byId = new Map(questions.map((q) => [q.id, q]));
      const points = new Map(
        (await questionBank.pointsByKeys(questions.map((q) => q.pointKey))).map((p) => [
          p.key,
          p.title,
        ]),
      );
      const marked: QuizResultView["questions"] = [];
      for (const a of answers) {
        const q = byId.get(a.question_id);
        if (!q) continue;
        const chosen = a.chosen === null ? [] : parseJson<number[]>(a.chosen, []);
        const m = await questionBank.mark(q, chosen, points.get(q.pointKey) ?? "");
        marked.push({
          ...m,
          correct: Number(a.correct) === 1,
          timedOut: Number(a.timed_out) === 1,
        });
      }
      const correct = Number(row.correct);
      const total = parseJson<string[]>(row.question_ids, []).length;
      const granted = await campaigns.grantDue(row.campaign_key, viewer, correct);
      const ranking = await campaigns.ranking(row.campaign_key, viewer);
      return {
        id: row.id,
        campaignKey: row.campaign_key,
        score: Number(row.score),
        correct,
        answered: Number(row.answered),
        total,
        seconds: quizSeconds(Number(row.duration_ms)),
        verdict: quizVerdict(correct, total),
        questions: marked,
        place: ranking.me ? { rank: ranking.me.rank, total: ranking.total } : null,
        granted: granted.map((g) => g.label),
      };
    },

    /** The reader's best in a quiz (their ranking entry), for the share page. */
    async myBest(key: string, viewer: Viewer): Promise<QuizMyBest> {
      await quizCampaign(key, viewer);
      if (!ownerIdOf(viewer)) return { signedIn: false, best: null };
      const ranking = await campaigns.ranking(key, viewer);
      const me = ranking.me;
      if (!me) return { signedIn: true, best: null };
      const detail = isQuizScoreDetail(me.detail) ? me.detail : null;
      return {
        signedIn: true,
        best: {
          score: me.score,
          correct: detail?.correct ?? 0,
          total: detail && "total" in detail ? Number(detail.total) : 0,
          seconds: detail?.seconds ?? 0,
          rank: me.rank,
        },
      };
    },
  };
  return service;
}

export type Quiz = ReturnType<typeof createQuiz>;
