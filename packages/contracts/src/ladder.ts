import { LADDER_KINDS } from "@tongjian/domain/ladder";
import { z } from "zod";
import { id } from "./common.ts";
import {
  answerItem,
  grade,
  learningArticleRef,
  markedQuestion,
  pointDetail,
  publicQuestion,
} from "./learning.ts";

// The ladders (天梯), their levels' lessons and practice, the 积分 lists, the review list and
// the practice records (issue 20).

const key = z
  .string({ error: "缺少编号" })
  .trim()
  .min(1, "缺少编号")
  .max(60, "编号过长")
  .regex(/^[a-z0-9-]+$/, "编号格式不对");

export const ladderKind = z.enum(LADDER_KINDS, { error: "没有这种天梯" });

/** A reader's record of one level (null before the first practice). */
export const levelProgress = z.object({
  bestCorrect: z.number().int(),
  bestTotal: z.number().int(),
  percent: z.number().int(),
  stars: z.number().int().min(0).max(3),
  passed: z.boolean(),
  attempts: z.number().int(),
  points: z.number().int(),
  at: z.string(),
});
export type LevelProgress = z.infer<typeof levelProgress>;

export const levelCard = z.object({
  id,
  key: z.string(),
  ladderKey: z.string(),
  ladderKind: ladderKind,
  position: z.number().int(),
  title: z.string(),
  intro: z.string(),
  sample: z.boolean(),
  pointCount: z.number().int(),
  questionCount: z.number().int(),
  /** The product gate: a sample level, or the reader has learning access. */
  access: z.boolean(),
  /** The previous level is passed (or it is the first or a sample level). */
  unlocked: z.boolean(),
  progress: levelProgress.nullable(),
});
export type LevelCard = z.infer<typeof levelCard>;

export const ladderSummary = z.object({
  id,
  key: z.string(),
  kind: ladderKind,
  title: z.string(),
  intro: z.string(),
  grade,
  levelCount: z.number().int(),
  passedCount: z.number().int(),
  stars: z.number().int(),
  points: z.number().int(),
});
export type LadderSummary = z.infer<typeof ladderSummary>;

export const ladderView = ladderSummary.extend({
  levels: z.array(levelCard),
  /** Where the reader's progress is kept: the account, or this device (visitors). */
  signedIn: z.boolean(),
  learningAccess: z.boolean(),
});
export type LadderView = z.infer<typeof ladderView>;

export const levelView = z.object({
  level: levelCard,
  ladder: ladderSummary,
  points: z.array(pointDetail),
  articles: z.array(learningArticleRef),
  next: levelCard.nullable(),
  previous: levelCard.nullable(),
  signedIn: z.boolean(),
});
export type LevelView = z.infer<typeof levelView>;

export const levelParams = z.object({ level: key });
export const ladderParams = z.object({ ladder: key });

export const practiceStart = z.object({
  /** Null for a visitor: their practice is marked but kept on their device. */
  practiceId: id.nullable(),
  levelKey: z.string(),
  questions: z.array(publicQuestion),
});
export type PracticeStart = z.infer<typeof practiceStart>;

export const submitBody = z.object({
  practiceId: id.nullable().optional(),
  answers: z.array(answerItem).min(1, "请先作答").max(20, "一次最多交 20 道题"),
});

/** A signed note of a visitor's practice, which the account takes over on login. */
export const deviceReceipt = z.object({
  levelKey: key,
  correct: z.number().int().min(0).max(20),
  total: z.number().int().min(1).max(20),
  at: z.string().max(40),
  wrong: z.array(id).max(20),
  sig: z.string().max(100),
});
export type DeviceReceipt = z.infer<typeof deviceReceipt>;

export const practiceResult = z.object({
  practiceId: id.nullable(),
  levelKey: z.string(),
  marked: z.array(markedQuestion),
  correct: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  stars: z.number().int(),
  passed: z.boolean(),
  pointsEarned: z.number().int(),
  progress: levelProgress.nullable(),
  /** The next level, now open when this one is passed. */
  next: levelCard.nullable(),
  /** Questions put on the review list. */
  reviewAdded: z.number().int(),
  receipt: deviceReceipt.nullable(),
});
export type PracticeResult = z.infer<typeof practiceResult>;

export const mergeBody = z.object({ receipts: z.array(deviceReceipt).max(100) });
export const mergeResult = z.object({ merged: z.number().int(), refused: z.number().int() });

export const pointsEntry = z.object({
  id,
  levelKey: z.string(),
  levelTitle: z.string(),
  ladderTitle: z.string(),
  points: z.number().int(),
  reason: z.enum(["score", "pass"]),
  day: z.string(),
  at: z.string(),
});
export const pointsLevel = z.object({
  ladderKey: z.string(),
  levelKey: z.string(),
  levelId: id,
  levelTitle: z.string(),
  ladderTitle: z.string(),
  points: z.number().int(),
  stars: z.number().int(),
  passed: z.boolean(),
});
export const pointsView = z.object({
  total: z.number().int(),
  week: z.number().int(),
  today: z.number().int(),
  levels: z.array(pointsLevel),
  entries: z.array(pointsEntry),
});
export type PointsView = z.infer<typeof pointsView>;

export const reviewCard = z.object({
  questionId: id,
  stem: z.string(),
  pointTitle: z.string(),
  source: z.string(),
  due: z.string(),
  isDue: z.boolean(),
  wrongCount: z.number().int(),
  rightCount: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
});
export type ReviewCard = z.infer<typeof reviewCard>;

export const practiceSummary = z.object({
  id,
  kind: z.enum(["ladder", "review"]),
  ref: z.string(),
  title: z.string(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  answered: z.number().int(),
  correct: z.number().int(),
  total: z.number().int(),
});
export type PracticeSummary = z.infer<typeof practiceSummary>;

export const reviewHome = z.object({
  due: z.array(reviewCard),
  cardCount: z.number().int(),
  sessions: z.array(practiceSummary),
});
export type ReviewHome = z.infer<typeof reviewHome>;

export const reviewStart = z.object({ practiceId: id, questions: z.array(publicQuestion) });
export const reviewSubmitBody = z.object({
  answers: z.array(answerItem).min(1, "请先作答").max(20, "一次最多交 20 道题"),
});
export const reviewResult = z.object({
  practiceId: id,
  marked: z.array(markedQuestion),
  correct: z.number().int(),
  total: z.number().int(),
  cards: z.array(reviewCard),
});
export type ReviewResult = z.infer<typeof reviewResult>;

export const practiceDetail = practiceSummary.extend({
  marked: z.array(markedQuestion),
  /** Questions of the session not answered (it was never handed in). */
  pending: z.number().int(),
});
export type PracticeDetail = z.infer<typeof practiceDetail>;

export const questionHistory = z.object({
  question: markedQuestion.omit({ chosen: true, correct: true }),
  card: reviewCard.nullable(),
  answers: z.array(
    z.object({
      practiceId: id,
      kind: z.string(),
      title: z.string(),
      chosen: z.array(z.number().int()),
      correct: z.boolean(),
      at: z.string(),
    }),
  ),
});
export type QuestionHistory = z.infer<typeof questionHistory>;

export const practiceParams = z.object({ id });
export const questionParams = z.object({ id });
