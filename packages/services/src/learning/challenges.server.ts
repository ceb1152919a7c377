import { randomInt } from "node:crypto";
import type {
  AnswerResult,
  ChallengeOverview,
  ChallengeRanking,
  ChallengeRulesView,
  RankingEntry,
  RewardView,
  RoundResult,
  RoundView,
  StudyRanking,
  StudyRankingEntry,
} from "@tongjian/contracts/challenges";
import type { AnswerItem } from "@tongjian/contracts/learning";
import type { ChallengeRoundTable, Database } from "@tongjian/db/database-schema";
import {
  CHALLENGE_RULES,
  type ChallengeKind,
  expireQuestions,
  fromRankingValue,
  mixedEras,
  periodEnd,
  periodKey,
  questionDeadline,
  RANKING_PERIODS,
  RANKING_SIZE,
  type RankingPeriod,
  type RoundClock,
  rankingValue,
  risingDifficulty,
  roundDeadline,
  roundOver,
  roundScore,
  seededRandom,
  studyWeek,
} from "@tongjian/domain/challenges";
import { type Grade, studyDay } from "@tongjian/domain/learning";
import { maskPhone } from "@tongjian/domain/phone-number";
import type { Viewer } from "@tongjian/domain/viewer";
import { type Kysely, type Selectable, sql } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { ForbiddenError, requireUser } from "../accounts/require-login.ts";
import { parseJson } from "../content/content-views.ts";
import type { KeyValueStore } from "../key-value-store.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import type { QuestionBank } from "./question-bank.server.ts";
import type { StudyActivity } from "./study-activity.server.ts";

/**
 * The challenges (issue 20, decision 0031): one engine for three kinds of timed round. A round
 * is created on the server with its questions and its clock; every answer is checked against
 * the server's time and the question now shown; a round finishes once — then it is recorded
 * in the study log, entered in the rankings (the reader's best per period) and, past the
 * kind's threshold, earns its reward once per period.
 */

type RoundRow = Selectable<ChallengeRoundTable>;

export const ROUND_NOT_FOUND = "挑战不存在或已失效";
export const NOT_YOUR_ROUND = "这不是你的挑战，不能查看或作答";
export const NOT_IN_ROUND = "这道题不在本轮挑战中";
export const ANSWERED_TWICE = "这道题已经答过了，不能重复提交";
export const TIMED_OUT = "本题已超时，记为答错，不能再作答";
export const ROUND_TIMED_OUT = "本轮挑战时间已到，这次作答没有计入";
export const ROUND_FINISHED = "本轮挑战已经结束";
export const NOT_CURRENT = "请先回答当前显示的题目";
export const DAILY_DONE = "今天的文史答题已经答过了，明天再来吧";
export const ROUND_NOT_OVER = "本轮挑战还没有结束";
export const NO_QUESTIONS = "题库里暂时没有可用的题目";
export const CHOOSE_GRADE = "请先选择学段";
export const REWARD_NOT_FOUND = "奖励不存在";
export const REWARD_CLAIMED = "这份奖励已经领取过了";

const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

export function rulesView(kind: ChallengeKind): ChallengeRulesView {
  const r = CHALLENGE_RULES[kind];
  return {
    kind,
    title: r.title,
    tagline: r.tagline,
    questionCount: r.questionCount,
    perQuestionSeconds: r.perQuestionMs === null ? null : r.perQuestionMs / 1000,
    totalSeconds: r.totalMs / 1000,
    picksGrade: r.picksGrade,
    oncePerDay: r.oncePerDay,
    rewardThreshold: r.reward.threshold,
    rewardLabel: r.reward.label,
    rewardItem: r.reward.item,
    rewardPeriod: r.reward.period,
    rules: r.rules,
  };
}

export const rankingKey = (kind: ChallengeKind, period: RankingPeriod, key: string) =>
  `challenge:rank:${kind}:${period}:${key}`;

function clockOf(row: RoundRow): RoundClock {
  return {
    startedAt: Number(row.started_at),
    deadlineAt: Number(row.deadline_at),
    perQuestionMs: row.per_question_ms === null ? null : Number(row.per_question_ms),
    currentIndex: Number(row.current_index),
    currentOpenedAt: Number(row.current_opened_at),
    total: parseJson<string[]>(row.question_ids, []).length,
  };
}

interface NameRow {
  id: string;
  name: string;
  avatar: string | null;
  phone: string | null;
}
const displayName = (a: NameRow | undefined) =>
  a?.name?.trim() || (a?.phone ? maskPhone(a.phone) : "") || "文史读者";

export function createChallenges(deps: {
  db: Kysely<Database>;
  store: KeyValueStore;
  questionBank: QuestionBank;
  studyActivity: StudyActivity;
  /** The review list: questions answered wrong are scheduled again (services/learning/reviews). */
  reviews?: {
    addWrong(ownerId: string, questionIds: readonly string[], source: string): Promise<number>;
  };
  /**
   * Gives the reader a reissue card (study records' ledger), once per unique key: a claimed
   * reissue-card reward is redeemed here.
   */
  grantReissueCard?: (userId: string, cause: string, uniqueKey: string) => Promise<boolean>;
  /** Adds days to the reader's VIP (the store's entitlements), once per unique key. */
  grantVipDays?: (userId: string, days: number, uniqueKey: string) => Promise<boolean>;
  now?: () => number;
}) {
  const { db, store, questionBank } = deps;
  const clockNow = deps.now ?? (() => Date.now());

  async function loadRound(roundId: string): Promise<RoundRow> {
    const row = await db
      .selectFrom("challenge_round")
      .selectAll()
      .where("id", "=", roundId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(ROUND_NOT_FOUND);
    return row;
  }

  async function ownRound(viewer: Viewer, roundId: string): Promise<RoundRow> {
    const user = requireUser(viewer, "请先登录再参加挑战");
    const row = await loadRound(roundId);
    if (row.owner_id !== user.userId) throw new ForbiddenError(NOT_YOUR_ROUND);
    return row;
  }

  async function names(ids: readonly string[]): Promise<Map<string, NameRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom("account")
      .select(["id", "name", "avatar", "phone"])
      .where("id", "in", [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  /**
   * Brings a round up to the server's clock: questions whose time ran out are recorded as timed
   * out, and a round that is over is finished. Safe to run by several requests at once: each
   * step is keyed (the answer by round and question, the move by the index it moves from).
   */
  async function settle(row: RoundRow, now: number): Promise<RoundRow> {
    if (row.status !== "open") return row;
    const ids = parseJson<string[]>(row.question_ids, []);
    const clock = clockOf(row);
    const { timedOut, timedOutAt, clock: next } = expireQuestions(clock, now);
    let current = row;
    if (timedOut.length > 0) {
      for (const [n, index] of timedOut.entries()) {
        const questionId = ids[index];
        if (!questionId) continue;
        await db
          .insertInto("challenge_answer")
          .values({
            round_id: row.id,
            question_id: questionId,
            position: index,
            chosen: null,
            correct: 0,
            timed_out: 1,
            // When its time ran out, so a round's time is not stretched by a late look.
            answered_at: timedOutAt[n] ?? now,
          })
          .onConflict((oc) => oc.columns(["round_id", "question_id"]).doNothing())
          .execute();
      }
      await db
        .updateTable("challenge_round")
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
      await finish(current, now);
      return loadRound(row.id);
    }
    return current;
  }

  /** Puts a finished round in its kind's day, week and all-time rankings (a best is kept). */
  async function rank(row: RoundRow, score: number, durationMs: number, now: number) {
    const at = new Date(Number(row.started_at));
    const value = rankingValue(score, durationMs);
    for (const period of RANKING_PERIODS) {
      const end = periodEnd(period, at);
      // A period's ranking is kept a week past its end, then it expires.
      const ttl = end === null ? undefined : Math.max(60, (end - now) / 1000 + 7 * 86_400);
      await store.sortedSetMax(
        rankingKey(row.kind as ChallengeKind, period, periodKey(period, at)),
        row.owner_id,
        value,
        ttl,
      );
    }
  }

  /**
   * Finishes a round once: the one request whose update wins records, ranks and rewards it; a
   * request that lost the race still sees it ranked before it answers.
   */
  async function finish(row: RoundRow, now: number): Promise<void> {
    const rules = CHALLENGE_RULES[row.kind as ChallengeKind];
    const answers = await db
      .selectFrom("challenge_answer")
      .select(["question_id", "chosen", "correct", "answered_at"])
      .where("round_id", "=", row.id)
      .execute();
    const correct = answers.filter((a) => Number(a.correct) === 1).length;
    const startedAt = Number(row.started_at);
    const deadlineAt = Number(row.deadline_at);
    const total = parseJson<string[]>(row.question_ids, []).length;
    const lastAnswer = answers.reduce((m, a) => Math.max(m, Number(a.answered_at)), startedAt);
    const endedAt =
      answers.length >= total ? Math.min(lastAnswer, deadlineAt) : Math.min(now, deadlineAt);
    const durationMs = Math.max(0, endedAt - startedAt);
    const score = roundScore(rules, correct);
    const updated = await db
      .updateTable("challenge_round")
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
    if (Number(updated.numUpdatedRows) !== 1) {
      // Another request finished it: rank it with what that one stored (the same values, so
      // writing them again changes nothing), so that this answer's places are there too.
      const won = await loadRound(row.id);
      if (won.status === "finished")
        await rank(won, Number(won.score), Number(won.duration_ms), now);
      return;
    }
    // Answered wrong (not timed out): those go to the review list.
    const wrong = answers
      .filter((a) => Number(a.correct) !== 1 && a.chosen !== null)
      .map((a) => a.question_id);
    if (wrong.length > 0) await deps.reviews?.addWrong(row.owner_id, wrong, "challenge");

    await deps.studyActivity.record(row.owner_id, {
      kind: "challenge",
      ref: row.id,
      answered: answers.length,
      correct,
      seconds: Math.round(durationMs / 1000),
      at: new Date(now),
    });
    const at = new Date(startedAt);
    await rank(row, score, durationMs, now);
    if (score >= rules.reward.threshold) {
      await db
        .insertInto("challenge_reward")
        .values({
          id: newId(),
          owner_id: row.owner_id,
          kind: row.kind,
          period_key: periodKey(rules.reward.period, at),
          item: rules.reward.item,
          amount: rules.reward.amount,
          label: rules.reward.label,
          score,
          round_id: row.id,
          status: "pending",
          created_at: new Date(now).toISOString(),
          claimed_at: null,
        })
        .onConflict((oc) => oc.columns(["owner_id", "kind", "period_key"]).doNothing())
        .execute();
    }
  }

  async function view(row: RoundRow, now: number): Promise<RoundView> {
    const ids = parseJson<string[]>(row.question_ids, []);
    const clock = clockOf(row);
    const open = row.status === "open";
    const currentId = open ? ids[clock.currentIndex] : undefined;
    const question = currentId
      ? await questionBank.toPublic(await questionBank.question(currentId))
      : null;
    return {
      id: row.id,
      kind: row.kind as ChallengeKind,
      grade: (row.grade as Grade | null) ?? null,
      status: open ? "open" : "finished",
      serverNow: now,
      startedAt: clock.startedAt,
      deadlineAt: clock.deadlineAt,
      remainingMs: open ? Math.max(0, clock.deadlineAt - now) : 0,
      questionRemainingMs: open ? Math.max(0, questionDeadline(clock) - now) : 0,
      index: Math.min(clock.currentIndex, ids.length),
      total: ids.length,
      answered: Number(row.answered),
      correct: Number(row.correct),
      score: roundScore(CHALLENGE_RULES[row.kind as ChallengeKind], Number(row.correct)),
      question,
    };
  }

  async function pickQuestions(kind: ChallengeKind, grade: Grade | undefined, at: Date) {
    const rules = CHALLENGE_RULES[kind];
    if (kind === "ladderchallenge") {
      const pool = await questionBank.questions({ grade });
      return risingDifficulty(pool, rules.questionCount, secureRandom);
    }
    const pool = (await questionBank.questions()).sort((a, b) => a.key.localeCompare(b.key));
    if (kind === "wenshianswer")
      return mixedEras(pool, rules.questionCount, seededRandom(`wenshianswer:${studyDay(at)}`));
    return mixedEras(pool, rules.questionCount, secureRandom);
  }

  function rewardView(r: Selectable<Database["challenge_reward"]>): RewardView {
    return {
      id: r.id,
      kind: r.kind as ChallengeKind,
      title: CHALLENGE_RULES[r.kind as ChallengeKind]?.title ?? r.kind,
      periodKey: r.period_key,
      item: r.item as RewardView["item"],
      amount: Number(r.amount),
      label: r.label,
      score: Number(r.score),
      roundId: r.round_id,
      status: r.status === "claimed" ? "claimed" : "pending",
      createdAt: r.created_at,
      claimedAt: r.claimed_at,
    };
  }

  async function places(kind: ChallengeKind, userId: string, at: Date) {
    const out: RoundResult["places"] = [];
    for (const period of RANKING_PERIODS) {
      const found = await store.sortedSetRank(
        rankingKey(kind, period, periodKey(period, at)),
        userId,
      );
      if (!found) continue;
      const { score, durationMs } = fromRankingValue(found.score);
      out.push({ period, rank: found.rank, score, seconds: Math.round(durationMs / 100) / 10 });
    }
    return out;
  }

  const service = {
    rules: rulesView,

    /** The landing page: the rules, and for a reader their bests, today's rounds, an open round. */
    async overview(viewer: Viewer, kind: ChallengeKind): Promise<ChallengeOverview> {
      const rules = rulesView(kind);
      if (viewer.kind !== "user")
        return {
          rules,
          signedIn: false,
          best: [],
          todayRounds: 0,
          playedToday: false,
          openRoundId: null,
          lastRoundId: null,
          pendingRewards: 0,
        };
      const now = clockNow();
      const today = studyDay(new Date(now));
      const rounds = await db
        .selectFrom("challenge_round")
        .selectAll()
        .where("owner_id", "=", viewer.userId)
        .where("kind", "=", kind)
        .orderBy("started_at", "desc")
        .limit(20)
        .execute();
      let openRoundId: string | null = null;
      for (const r of rounds.filter((x) => x.status === "open")) {
        const settled = await settle(r, now);
        if (settled.status === "open") openRoundId = settled.id;
      }
      const finished = await db
        .selectFrom("challenge_round")
        .select("id")
        .where("owner_id", "=", viewer.userId)
        .where("kind", "=", kind)
        .where("status", "=", "finished")
        .orderBy("finished_at", "desc")
        .limit(1)
        .executeTakeFirst();
      const pending = await db
        .selectFrom("challenge_reward")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("owner_id", "=", viewer.userId)
        .where("kind", "=", kind)
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      return {
        rules,
        signedIn: true,
        best: await places(kind, viewer.userId, new Date(now)),
        todayRounds: rounds.filter((r) => r.day === today).length,
        playedToday: rounds.some((r) => r.day === today),
        openRoundId,
        lastRoundId: finished?.id ?? null,
        pendingRewards: Number(pending.n),
      };
    },

    /** Starts a round (or, for the daily quiz still under way, returns the one started). */
    async start(viewer: Viewer, kind: ChallengeKind, grade?: Grade): Promise<RoundView> {
      const user = requireUser(viewer, "请先登录再参加挑战");
      const rules = CHALLENGE_RULES[kind];
      if (rules.picksGrade && !grade) throw new BadRequestError(CHOOSE_GRADE);
      const now = clockNow();
      const at = new Date(now);
      const onceKey = rules.oncePerDay ? `${kind}:${studyDay(at)}:${user.userId}` : null;
      if (onceKey) {
        const existing = await db
          .selectFrom("challenge_round")
          .selectAll()
          .where("once_key", "=", onceKey)
          .executeTakeFirst();
        if (existing) {
          const settled = await settle(existing, now);
          if (settled.status === "open") return view(settled, now);
          throw new ServiceError(409, DAILY_DONE);
        }
      }
      // A round of the same kind left open is given up: one round at a time.
      const open = await db
        .selectFrom("challenge_round")
        .selectAll()
        .where("owner_id", "=", user.userId)
        .where("kind", "=", kind)
        .where("status", "=", "open")
        .execute();
      for (const r of open) await finish(await settle(r, now), now);

      const questions = await pickQuestions(kind, rules.picksGrade ? grade : undefined, at);
      if (questions.length === 0) throw new ServiceError(409, NO_QUESTIONS);
      const id = newId();
      const inserted = await db
        .insertInto("challenge_round")
        .values({
          id,
          owner_id: user.userId,
          kind,
          grade: rules.picksGrade ? (grade ?? null) : null,
          day: studyDay(at),
          question_ids: JSON.stringify(questions.map((q) => q.id)),
          started_at: now,
          deadline_at: roundDeadline(rules, now),
          per_question_ms: rules.perQuestionMs,
          current_index: 0,
          current_opened_at: now,
          status: "open",
          finished_at: null,
          once_key: onceKey,
        })
        .onConflict((oc) => oc.column("once_key").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1)
        throw new ServiceError(409, DAILY_DONE);
      return view(await loadRound(id), now);
    },

    async round(viewer: Viewer, roundId: string): Promise<RoundView> {
      const now = clockNow();
      return view(await settle(await ownRound(viewer, roundId), now), now);
    },

    async answer(viewer: Viewer, roundId: string, item: AnswerItem): Promise<AnswerResult> {
      const now = clockNow();
      const row = await settle(await ownRound(viewer, roundId), now);
      const ids = parseJson<string[]>(row.question_ids, []);
      const position = ids.indexOf(item.questionId);
      if (position < 0) throw new BadRequestError(NOT_IN_ROUND);
      const given = await db
        .selectFrom("challenge_answer")
        .select("timed_out")
        .where("round_id", "=", row.id)
        .where("question_id", "=", item.questionId)
        .executeTakeFirst();
      if (given) throw new ServiceError(409, Number(given.timed_out) ? TIMED_OUT : ANSWERED_TWICE);
      if (row.status !== "open")
        throw new ServiceError(
          409,
          now > Number(row.deadline_at) ? ROUND_TIMED_OUT : ROUND_FINISHED,
        );
      if (position !== Number(row.current_index)) throw new ServiceError(409, NOT_CURRENT);
      const question = await questionBank.question(item.questionId);
      const marked = await questionBank.mark(question, item.chosen, "");
      const inserted = await db
        .insertInto("challenge_answer")
        .values({
          round_id: row.id,
          question_id: item.questionId,
          position,
          chosen: JSON.stringify(marked.chosen),
          correct: marked.correct ? 1 : 0,
          timed_out: 0,
          answered_at: now,
        })
        .onConflict((oc) => oc.columns(["round_id", "question_id"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1)
        throw new ServiceError(409, ANSWERED_TWICE);
      await db
        .updateTable("challenge_round")
        .set({
          current_index: position + 1,
          current_opened_at: now,
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
        round: await view(after, now),
      };
    },

    /** Ends a round before its time (the reader stops); the questions not reached do not count. */
    async finish(viewer: Viewer, roundId: string): Promise<RoundResult> {
      const now = clockNow();
      const row = await settle(await ownRound(viewer, roundId), now);
      if (row.status === "open") await finish(row, now);
      return service.result(viewer, roundId);
    },

    async result(viewer: Viewer, roundId: string): Promise<RoundResult> {
      const now = clockNow();
      const row = await settle(await ownRound(viewer, roundId), now);
      if (row.status !== "finished") throw new ServiceError(409, ROUND_NOT_OVER);
      const kind = row.kind as ChallengeKind;
      const rules = CHALLENGE_RULES[kind];
      const answers = await db
        .selectFrom("challenge_answer")
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
      const marked: RoundResult["questions"] = [];
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
      const reward = await db
        .selectFrom("challenge_reward")
        .selectAll()
        .where("round_id", "=", row.id)
        .executeTakeFirst();
      return {
        id: row.id,
        kind,
        title: rules.title,
        score: Number(row.score),
        correct: Number(row.correct),
        answered: Number(row.answered),
        durationMs: Number(row.duration_ms),
        startedAt: Number(row.started_at),
        questions: marked,
        places: await places(kind, row.owner_id, new Date(Number(row.started_at))),
        reward: reward ? rewardView(reward) : null,
        rewardThreshold: rules.reward.threshold,
      };
    },

    /** The reader's latest finished round of a kind, for /…/result without a round id. */
    async lastRoundId(viewer: Viewer, kind: ChallengeKind): Promise<string | null> {
      const user = requireUser(viewer, "请先登录再查看挑战结果");
      const row = await db
        .selectFrom("challenge_round")
        .select("id")
        .where("owner_id", "=", user.userId)
        .where("kind", "=", kind)
        .where("status", "=", "finished")
        .orderBy("finished_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async ranking(
      viewer: Viewer,
      kind: ChallengeKind,
      period: RankingPeriod,
    ): Promise<ChallengeRanking> {
      const at = new Date(clockNow());
      const key = rankingKey(kind, period, periodKey(period, at));
      const top = await store.sortedSetTop(key, RANKING_SIZE);
      const userId = viewer.kind === "user" ? viewer.userId : null;
      const mine = userId ? await store.sortedSetRank(key, userId) : null;
      const who = await names([...top.map((t) => t.member), ...(userId ? [userId] : [])]);
      const entry = (member: string, value: number, rank: number): RankingEntry => {
        const { score, durationMs } = fromRankingValue(value);
        const account = who.get(member);
        return {
          rank,
          userId: member,
          name: displayName(account),
          avatar: account?.avatar ?? null,
          score,
          seconds: Math.round(durationMs / 100) / 10,
        };
      };
      // Places as the sorted set counts them: equal values share the place of the first.
      const entries: RankingEntry[] = [];
      top.forEach((t, i) => {
        const previous = entries[i - 1];
        const rank = previous && top[i - 1]?.score === t.score ? previous.rank : i + 1;
        entries.push(entry(t.member, t.score, rank));
      });
      return {
        kind,
        period,
        periodKey: periodKey(period, at),
        storage: store.kind,
        total: await store.sortedSetSize(key),
        entries,
        me: userId && mine ? entry(userId, mine.score, mine.rank) : null,
      };
    },

    async rewards(viewer: Viewer, kind?: ChallengeKind): Promise<RewardView[]> {
      const user = requireUser(viewer, "请先登录再查看奖励");
      let q = db.selectFrom("challenge_reward").selectAll().where("owner_id", "=", user.userId);
      if (kind) q = q.where("kind", "=", kind);
      return (await q.orderBy("created_at", "desc").execute()).map(rewardView);
    },

    /**
     * Marks a reward claimed, once. A reissue card goes to the reader's cards at once, VIP days
     * to the reader's membership (the store's entitlements, decision 33).
     */
    async claim(viewer: Viewer, rewardId: string): Promise<RewardView> {
      const user = requireUser(viewer, "请先登录再领取奖励");
      const updated = await db
        .updateTable("challenge_reward")
        .set({ status: "claimed", claimed_at: new Date(clockNow()).toISOString() })
        .where("id", "=", rewardId)
        .where("owner_id", "=", user.userId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      const row = await db
        .selectFrom("challenge_reward")
        .selectAll()
        .where("id", "=", rewardId)
        .executeTakeFirst();
      if (!row || row.owner_id !== user.userId) throw new NotFoundError(REWARD_NOT_FOUND);
      if (Number(updated.numUpdatedRows) !== 1) throw new ServiceError(409, REWARD_CLAIMED);
      if (row.item === "reissue-card" && deps.grantReissueCard)
        for (let i = 0; i < Number(row.amount); i++)
          await deps.grantReissueCard(user.userId, row.label, `challenge-reward:${row.id}:${i}`);
      if (row.item === "vip-days" && deps.grantVipDays)
        await deps.grantVipDays(user.userId, Number(row.amount), `challenge-reward:${row.id}`);
      return rewardView(row);
    },

    /** /study/ranking: readers by study time or questions answered this week (China time). */
    async studyRanking(viewer: Viewer, by: "seconds" | "answered"): Promise<StudyRanking> {
      const at = new Date(clockNow());
      const weekStart = studyWeek(at);
      const weekEnd = new Date(Date.parse(`${weekStart}T00:00:00Z`) + 6 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const metric =
        by === "seconds"
          ? sql<number>`sum(learning_activity.seconds)`
          : sql<number>`sum(learning_activity.answered)`;
      const base = db
        .selectFrom("learning_activity")
        .innerJoin("account", "account.id", "learning_activity.owner_id")
        .where("learning_activity.day", ">=", weekStart)
        .where("learning_activity.day", "<=", weekEnd);
      const rows = await base
        .select([
          "learning_activity.owner_id as owner_id",
          sql<number>`sum(learning_activity.seconds)`.as("seconds"),
          sql<number>`sum(learning_activity.answered)`.as("answered"),
        ])
        .groupBy("learning_activity.owner_id")
        .having(metric, ">", 0)
        .orderBy(metric, "desc")
        .orderBy("learning_activity.owner_id", "desc")
        .limit(RANKING_SIZE)
        .execute();
      const userId = viewer.kind === "user" ? viewer.userId : null;
      const who = await names([...rows.map((r) => r.owner_id), ...(userId ? [userId] : [])]);
      const toEntry = (
        owner: string,
        seconds: number,
        answered: number,
        rank: number,
      ): StudyRankingEntry => {
        const account = who.get(owner);
        return {
          rank,
          userId: owner,
          name: displayName(account),
          avatar: account?.avatar ?? null,
          seconds: Number(seconds),
          answered: Number(answered),
        };
      };
      const entries: StudyRankingEntry[] = [];
      rows.forEach((r, i) => {
        const previous = entries[i - 1];
        const value = Number(by === "seconds" ? r.seconds : r.answered);
        const prevValue = previous
          ? by === "seconds"
            ? previous.seconds
            : previous.answered
          : null;
        const rank = previous && prevValue === value ? previous.rank : i + 1;
        entries.push(toEntry(r.owner_id, Number(r.seconds), Number(r.answered), rank));
      });
      let me: StudyRankingEntry | null = null;
      if (userId) {
        const mine = await base
          .select([
            sql<number>`coalesce(sum(learning_activity.seconds), 0)`.as("seconds"),
            sql<number>`coalesce(sum(learning_activity.answered), 0)`.as("answered"),
          ])
          .where("learning_activity.owner_id", "=", userId)
          .executeTakeFirst();
        const seconds = Number(mine?.seconds ?? 0);
        const answered = Number(mine?.answered ?? 0);
        const value = by === "seconds" ? seconds : answered;
        if (value > 0) {
          const higher = await db
            .selectFrom(
              base
                .select("learning_activity.owner_id")
                .groupBy("learning_activity.owner_id")
                .having(metric, ">", value)
                .as("above"),
            )
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow();
          me = toEntry(userId, seconds, answered, Number(higher.n) + 1);
        }
      }
      return { by, weekStart, weekEnd, entries, me };
    },
  };
  return service;
}

export type Challenges = ReturnType<typeof createChallenges>;
