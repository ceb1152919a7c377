import { CHALLENGE_KINDS, RANKING_PERIODS } from "@tongjian/domain/challenges";
import { z } from "zod";
import { id } from "./common.ts";
import { answerItem, grade, markedQuestion, publicQuestion } from "./learning.ts";

// The challenges (issue 20, decision 0031): 天梯挑战, 文史挑战 and 文史答题 on one engine, their
// rankings and the rewards a round earns; and the weekly study ranking (/study/ranking).

export const challengeKind = z.enum(CHALLENGE_KINDS, {
  error: "挑战类型只能是 ladderchallenge、wenshichallenge 或 wenshianswer",
});
export const rankingPeriod = z.enum(RANKING_PERIODS, {
  error: "排行周期只能是 day、week 或 all",
});

export const kindParams = z.object({ kind: challengeKind });
export const roundParams = z.object({
  roundId: z.string().regex(/^[0-9a-f]{24}$/, "挑战编号无效"),
});
export const rewardParams = z.object({
  rewardId: z.string().regex(/^[0-9a-f]{24}$/, "奖励编号无效"),
});

export const startBody = z.object({ grade: grade.optional() });
export const answerBody = answerItem;
export const rankingQuery = z.object({ period: rankingPeriod.default("day") });

export const challengeRules = z.object({
  kind: challengeKind,
  title: z.string(),
  tagline: z.string(),
  questionCount: z.number().int(),
  perQuestionSeconds: z.number().int().nullable(),
  totalSeconds: z.number().int(),
  picksGrade: z.boolean(),
  oncePerDay: z.boolean(),
  rewardThreshold: z.number().int(),
  rewardLabel: z.string(),
  rewardItem: z.enum(["vip-days", "reissue-card"]),
  rewardPeriod: z.enum(["day", "week"]),
  rules: z.array(z.string()),
});
export type ChallengeRulesView = z.infer<typeof challengeRules>;

/** A round as the play screen sees it: the clock in server milliseconds, the question shown. */
export const roundView = z.object({
  id,
  kind: challengeKind,
  grade: grade.nullable(),
  status: z.enum(["open", "finished"]),
  /** The server's clock when this was answered; the page counts down from the remainders. */
  serverNow: z.number().int(),
  startedAt: z.number().int(),
  deadlineAt: z.number().int(),
  remainingMs: z.number().int(),
  /** Time left on the question shown (the round's for a round timed as a whole). */
  questionRemainingMs: z.number().int(),
  /** Zero-based index of the question shown. */
  index: z.number().int(),
  total: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  score: z.number().int(),
  question: publicQuestion.nullable(),
});
export type RoundView = z.infer<typeof roundView>;

export const answerResult = z.object({
  questionId: id,
  correct: z.boolean(),
  /** The right options, now that the question was answered. */
  answer: z.array(z.number().int()),
  round: roundView,
});
export type AnswerResult = z.infer<typeof answerResult>;

export const rewardView = z.object({
  id,
  kind: challengeKind,
  title: z.string(),
  periodKey: z.string(),
  item: z.enum(["vip-days", "reissue-card"]),
  amount: z.number().int(),
  label: z.string(),
  score: z.number().int(),
  roundId: id,
  status: z.enum(["pending", "claimed"]),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type RewardView = z.infer<typeof rewardView>;

export const placeView = z.object({
  period: rankingPeriod,
  rank: z.number().int(),
  score: z.number().int(),
  seconds: z.number(),
});

export const resultQuestion = markedQuestion.extend({ timedOut: z.boolean() });

export const roundResult = z.object({
  id,
  kind: challengeKind,
  title: z.string(),
  score: z.number().int(),
  correct: z.number().int(),
  answered: z.number().int(),
  durationMs: z.number().int(),
  startedAt: z.number().int(),
  questions: z.array(resultQuestion),
  /** The reader's places (by their best in each period). */
  places: z.array(placeView),
  reward: rewardView.nullable(),
  rewardThreshold: z.number().int(),
});
export type RoundResult = z.infer<typeof roundResult>;

export const rankingEntry = z.object({
  rank: z.number().int(),
  userId: id,
  name: z.string(),
  avatar: z.string().nullable(),
  score: z.number().int(),
  seconds: z.number(),
});
export type RankingEntry = z.infer<typeof rankingEntry>;

export const challengeRanking = z.object({
  kind: challengeKind,
  period: rankingPeriod,
  periodKey: z.string(),
  /** sorted sets in Redis, or the database's. */
  storage: z.enum(["redis", "database"]),
  total: z.number().int(),
  entries: z.array(rankingEntry),
  me: rankingEntry.nullable(),
});
export type ChallengeRanking = z.infer<typeof challengeRanking>;

export const challengeOverview = z.object({
  rules: challengeRules,
  signedIn: z.boolean(),
  best: z.array(placeView),
  todayRounds: z.number().int(),
  /** The daily quiz was played today (it cannot be played again until tomorrow). */
  playedToday: z.boolean(),
  openRoundId: id.nullable(),
  lastRoundId: id.nullable(),
  pendingRewards: z.number().int(),
});
export type ChallengeOverview = z.infer<typeof challengeOverview>;

export const studyRankingQuery = z.object({
  by: z
    .enum(["seconds", "answered"], { error: "排行依据只能是 seconds 或 answered" })
    .default("seconds"),
});
export const studyRankingEntry = z.object({
  rank: z.number().int(),
  userId: id,
  name: z.string(),
  avatar: z.string().nullable(),
  seconds: z.number().int(),
  answered: z.number().int(),
});
export type StudyRankingEntry = z.infer<typeof studyRankingEntry>;
export const studyRanking = z.object({
  by: z.enum(["seconds", "answered"]),
  weekStart: z.string(),
  weekEnd: z.string(),
  entries: z.array(studyRankingEntry),
  me: studyRankingEntry.nullable(),
});
export type StudyRanking = z.infer<typeof studyRanking>;

export { answerItem };
