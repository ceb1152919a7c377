/**
 * The quiz campaigns (issue 22, decision 44): /quiz/2021 and /quiz/2024 are campaigns of the
 * engine (decision 39) whose rounds draw questions from the learning question bank and are
 * timed and marked on the server. Pure rules only: the settings an edition's quiz.yaml may set,
 * which questions a round takes, its score, the spec's quizEventData (§3) a page keeps while a
 * round runs, and how a result reads.
 */
import { mixedEras } from "./challenges.ts";

export interface QuizSettings {
  /** Questions in a round. */
  questionCount: number;
  /** Time for each question; the round's time is this times the count. */
  perQuestionSeconds: number;
  pointsPerCorrect: number;
  /**
   * The edition's own questions (question bank keys), every round in this order; null: each
   * round draws `questionCount` questions across the eras of the whole bank.
   */
  questions: string[] | null;
}

export const DEFAULT_QUIZ_SETTINGS: QuizSettings = {
  questionCount: 10,
  perQuestionSeconds: 20,
  pointsPerCorrect: 10,
  questions: null,
};

export const QUIZ_LIMITS = {
  questionCount: { min: 1, max: 30 },
  perQuestionSeconds: { min: 5, max: 120 },
  pointsPerCorrect: { min: 1, max: 100 },
} as const;

/**
 * The questions of one round: an edition's fixed list (unknown keys left out, at most the
 * count), or a draw from the pool that mixes the eras.
 */
export function pickQuizQuestions<T extends { key: string; era: string }>(
  pool: readonly T[],
  settings: QuizSettings,
  random: () => number,
): T[] {
  if (settings.questions) {
    const byKey = new Map(pool.map((q) => [q.key, q]));
    return settings.questions.flatMap((k) => byKey.get(k) ?? []).slice(0, settings.questionCount);
  }
  const ordered = [...pool].sort((a, b) => a.key.localeCompare(b.key));
  return mixedEras(ordered, settings.questionCount, random);
}

export function quizScore(settings: Pick<QuizSettings, "pointsPerCorrect">, correct: number) {
  return correct * settings.pointsPerCorrect;
}

/** What a ranking entry's detail holds (the engine's `setScore` detail). */
export interface QuizScoreDetail {
  correct: number;
  total: number;
  seconds: number;
}

/** Seconds to one decimal, as results and rankings show them. */
export const quizSeconds = (durationMs: number) => Math.round(Math.max(0, durationMs) / 100) / 10;

export function isQuizScoreDetail(value: unknown): value is QuizScoreDetail {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.correct === "number" && typeof v.seconds === "number";
}

/** "80 分 · 答对 8 题 · 63.2 秒" (the detail's parts when the entry has them). */
export function formatQuizScore(score: number, detail: unknown): string {
  if (!isQuizScoreDetail(detail)) return `${score} 分`;
  return `${score} 分 · 答对 ${detail.correct} 题 · ${detail.seconds} 秒`;
}

/** The line a share carries: the reader's result and the challenge to beat it. */
export function quizChallengeLine(title: string, detail: QuizScoreDetail, score: number): string {
  return `我在「${title}」答对 ${detail.correct}/${detail.total} 题，得 ${score} 分，用时 ${detail.seconds} 秒，你能超过我吗？`;
}

/** A short judgement of a result, by the share of questions answered right. */
export function quizVerdict(correct: number, total: number): string {
  if (total <= 0) return "还没有作答";
  const ratio = correct / total;
  if (ratio === 1) return "全部答对，博古通今！";
  if (ratio >= 0.8) return "成绩优异，熟读青史";
  if (ratio >= 0.6) return "功底扎实，再接再厉";
  if (ratio >= 0.3) return "略知一二，多读多练";
  return "初入史海，来日方长";
}

/**
 * Spec §3 quizEventData: what the quiz page shows at each moment of a round.
 * - type: what happened last (start of a question, an answer, a timeout, the round's end);
 * - status: idle before a round, playing while a question waits, correct / wrong / timeout
 *   once it was marked, finished at the end;
 * - position: the question's place in the round, from 1 (0 before the first);
 * - comment: the explanation the server gave with the mark ("" before);
 * - number: how many questions the round has.
 */
export type QuizEventType = "ready" | "question" | "answer" | "timeout" | "finish";
export type QuizStatus = "idle" | "playing" | "correct" | "wrong" | "timeout" | "finished";

export interface QuizEventData {
  type: QuizEventType;
  status: QuizStatus;
  position: number;
  comment: string;
  number: number;
}

export const IDLE_QUIZ_EVENT: QuizEventData = {
  type: "ready",
  status: "idle",
  position: 0,
  comment: "",
  number: 0,
};

export type QuizEventAction =
  | { type: "question"; index: number; total: number }
  | { type: "answer"; index: number; total: number; correct: boolean; comment: string }
  | { type: "timeout"; index: number; total: number; comment: string }
  | { type: "finish"; total: number }
  | { type: "reset" };

/** The next quizEventData: each action states the question it is about (0-based index). */
export function quizEvent(_state: QuizEventData, action: QuizEventAction): QuizEventData {
  switch (action.type) {
    case "question":
      return {
        type: "question",
        status: "playing",
        position: action.index + 1,
        comment: "",
        number: action.total,
      };
    case "answer":
      return {
        type: "answer",
        status: action.correct ? "correct" : "wrong",
        position: action.index + 1,
        comment: action.comment,
        number: action.total,
      };
    case "timeout":
      return {
        type: "timeout",
        status: "timeout",
        position: action.index + 1,
        comment: action.comment,
        number: action.total,
      };
    case "finish":
      return {
        type: "finish",
        status: "finished",
        position: action.total,
        comment: "",
        number: action.total,
      };
    case "reset":
      return IDLE_QUIZ_EVENT;
  }
}

/** How the status reads out (the page announces it politely). */
export const QUIZ_STATUS_LABELS: Readonly<Record<QuizStatus, string>> = {
  idle: "准备开始",
  playing: "请作答",
  correct: "回答正确",
  wrong: "回答错误",
  timeout: "本题超时",
  finished: "本轮结束",
};

/**
 * After an answer the next question waits until the reader has read the comment and asks for
 * it; its clock starts then. The round as a whole still ends: its questions' time plus this
 * much reading time for each.
 */
export const QUIZ_READING_ALLOWANCE_MS = 60_000;

export function quizRoundDeadline(startedAt: number, count: number, perQuestionMs: number) {
  return startedAt + count * (perQuestionMs + QUIZ_READING_ALLOWANCE_MS);
}

/**
 * A round's time: the time each question was on screen until it was answered (or its time ran
 * out), summed; reading the comments does not count.
 */
export function quizDurationMs(
  answers: readonly { openedAt: number; answeredAt: number }[],
  perQuestionMs: number,
): number {
  return answers.reduce(
    (sum, a) => sum + Math.min(perQuestionMs, Math.max(0, a.answeredAt - a.openedAt)),
    0,
  );
}
