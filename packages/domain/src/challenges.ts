/**
 * The challenges of the learning area (issue 20, decision 0031): three kinds of timed round on
 * one engine, each with its own rules, and the rankings by China day, week and all time. Pure
 * rules only — the server keeps the clock, the pages show what these say.
 */
import { studyDay } from "./learning.ts";

export const CHALLENGE_KINDS = ["ladderchallenge", "wenshichallenge", "wenshianswer"] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];
export const isChallengeKind = (value: unknown): value is ChallengeKind =>
  typeof value === "string" && (CHALLENGE_KINDS as readonly string[]).includes(value);

export const RANKING_PERIODS = ["day", "week", "all"] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
export const RANKING_PERIOD_LABEL: Record<RankingPeriod, string> = {
  day: "今日",
  week: "本周",
  all: "总榜",
};

export type RewardItem = "vip-days" | "reissue-card";

export interface ChallengeRules {
  kind: ChallengeKind;
  title: string;
  tagline: string;
  /** Questions a round holds (for a round timed as a whole: the most one can reach). */
  questionCount: number;
  /** Time for each question, or null when only the round as a whole is timed. */
  perQuestionMs: number | null;
  /** Time for the whole round. */
  totalMs: number;
  /** The reader picks a grade (ladder), or the questions mix every grade and era. */
  picksGrade: boolean;
  /** One round a day per reader, on the same questions for everyone that day. */
  oncePerDay: boolean;
  pointsPerCorrect: number;
  reward: {
    /** The score a round must reach. */
    threshold: number;
    /** Granted at most once per reader in this period. */
    period: "day" | "week";
    item: RewardItem;
    amount: number;
    label: string;
  };
  /** The rules as the landing page states them. */
  rules: string[];
}

export const POINTS_PER_CORRECT = 10;

export const CHALLENGE_RULES: Record<ChallengeKind, ChallengeRules> = {
  ladderchallenge: {
    kind: "ladderchallenge",
    title: "天梯挑战",
    tagline: "选一个学段，十道题由易到难，一题一题往上爬",
    questionCount: 10,
    perQuestionMs: 15_000,
    totalMs: 10 * 15_000,
    picksGrade: true,
    oncePerDay: false,
    pointsPerCorrect: POINTS_PER_CORRECT,
    reward: { threshold: 80, period: "week", item: "vip-days", amount: 3, label: "3 天会员" },
    rules: [
      "先选学段（小学、初中、高中或大众），每轮 10 道题，难度逐题上升。",
      "每题限时 15 秒，超时记为答错并进入下一题。",
      "每答对一题得 10 分，满分 100 分；同分时用时少者排名在前。",
      "每周首次得到 80 分及以上，可获得 3 天会员（每周一次）。",
    ],
  },
  wenshichallenge: {
    kind: "wenshichallenge",
    title: "文史挑战",
    tagline: "90 秒内答得越多越好，题目横跨各个时代",
    questionCount: 40,
    perQuestionMs: null,
    totalMs: 90_000,
    picksGrade: false,
    oncePerDay: false,
    pointsPerCorrect: POINTS_PER_CORRECT,
    reward: {
      threshold: 100,
      period: "week",
      item: "reissue-card",
      amount: 1,
      label: "补签卡 1 张",
    },
    rules: [
      "一轮限时 90 秒，题目混合各个时代与学段，答完一题出下一题。",
      "每答对一题得 10 分，答错不扣分；时间到即结束本轮。",
      "排行按每人当期最好的一轮计算，同分时用时少者在前。",
      "每周首次得到 100 分及以上，可获得补签卡 1 张（每周一次）。",
    ],
  },
  wenshianswer: {
    kind: "wenshianswer",
    title: "文史答题",
    tagline: "每日 5 题，人人同题，每天只能答一次",
    questionCount: 5,
    perQuestionMs: 20_000,
    totalMs: 5 * 20_000,
    picksGrade: false,
    oncePerDay: true,
    pointsPerCorrect: POINTS_PER_CORRECT,
    reward: { threshold: 50, period: "day", item: "vip-days", amount: 1, label: "1 天会员" },
    rules: [
      "每天 5 道题，当天所有读者的题目相同，以北京时间零点换题。",
      "每人每天只能答一次，开始后不能重来。",
      "每题限时 20 秒，超时记为答错；每答对一题得 10 分。",
      "当天 5 题全对（50 分），可获得 1 天会员（每天一次）。",
    ],
  },
};

/**
 * An answer that reaches the server this long after its deadline still counts: the time it
 * spent on the network, not the reader's. Anything later is refused.
 */
export const ANSWER_GRACE_MS = 1_000;

/** Where a round's clock stands. All times are the server's, in epoch milliseconds. */
export interface RoundClock {
  startedAt: number;
  deadlineAt: number;
  perQuestionMs: number | null;
  /** Zero-based index of the question now shown. */
  currentIndex: number;
  /** When the current question was shown. */
  currentOpenedAt: number;
  /** Questions in the round. */
  total: number;
}

export function roundDeadline(rules: ChallengeRules, startedAt: number): number {
  return startedAt + rules.totalMs;
}

/** When the question now shown stops taking answers (before the grace). */
export function questionDeadline(clock: RoundClock): number {
  return clock.perQuestionMs === null
    ? clock.deadlineAt
    : Math.min(clock.currentOpenedAt + clock.perQuestionMs, clock.deadlineAt);
}

/**
 * Moves the clock past every question whose time ran out by `now`: how many timed out, and the
 * clock after them. A round timed as a whole never times a question out alone.
 */
export function expireQuestions(
  clock: RoundClock,
  now: number,
  grace = ANSWER_GRACE_MS,
): { timedOut: number[]; timedOutAt: number[]; clock: RoundClock } {
  const timedOut: number[] = [];
  const timedOutAt: number[] = [];
  let c = { ...clock };
  if (c.perQuestionMs === null) return { timedOut, timedOutAt, clock: c };
  while (c.currentIndex < c.total && now > questionDeadline(c) + grace) {
    timedOut.push(c.currentIndex);
    timedOutAt.push(questionDeadline(c));
    c = { ...c, currentIndex: c.currentIndex + 1, currentOpenedAt: questionDeadline(c) };
  }
  return { timedOut, timedOutAt, clock: c };
}

/** Whether the round is over at `now`: every question was taken, or its time is up. */
export function roundOver(clock: RoundClock, now: number, grace = ANSWER_GRACE_MS): boolean {
  return clock.currentIndex >= clock.total || now > clock.deadlineAt + grace;
}

export function roundScore(rules: ChallengeRules, correct: number): number {
  return correct * rules.pointsPerCorrect;
}

/** The longest a round may take; ranking values reserve six digits for it. */
const DURATION_SPAN = 1_000_000;

/**
 * One number that orders rounds as the rankings do: higher score first, then less time. It is
 * what a sorted set keeps, so one comparison ranks both ways.
 */
export function rankingValue(score: number, durationMs: number): number {
  const ms = Math.min(Math.max(0, Math.round(durationMs)), DURATION_SPAN - 1);
  return score * DURATION_SPAN + (DURATION_SPAN - 1 - ms);
}

export function fromRankingValue(value: number): { score: number; durationMs: number } {
  const score = Math.floor(value / DURATION_SPAN);
  return { score, durationMs: DURATION_SPAN - 1 - (value - score * DURATION_SPAN) };
}

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The Monday (China time) of the week `at` falls in, YYYY-MM-DD. */
export function studyWeek(at: Date): string {
  const china = new Date(at.getTime() + CHINA_OFFSET_MS);
  const weekday = (china.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(china.getTime() - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** The key of the period `at` falls in: a China day, the Monday of a China week, or "all". */
export function periodKey(period: RankingPeriod, at: Date): string {
  if (period === "day") return studyDay(at);
  if (period === "week") return studyWeek(at);
  return "all";
}

/** When the period `at` falls in ends (epoch ms), or null for all time. */
export function periodEnd(period: RankingPeriod, at: Date): number | null {
  if (period === "all") return null;
  const start = Date.parse(`${periodKey(period, at)}T00:00:00Z`) - CHINA_OFFSET_MS;
  return start + (period === "day" ? DAY_MS : 7 * DAY_MS);
}

/** How many readers a ranking lists; a reader further down still sees their own place. */
export const RANKING_SIZE = 50;

/** A small deterministic generator, so the day's quiz is the same for everyone. */
export function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * `count` questions of rising difficulty from a pool: shuffled, ordered by difficulty, then
 * taken evenly across the order so that the easiest and the hardest are both reached.
 */
export function risingDifficulty<T extends { difficulty: number }>(
  pool: readonly T[],
  count: number,
  random: () => number,
): T[] {
  const ordered = shuffled(pool, random).sort((a, b) => a.difficulty - b.difficulty);
  if (ordered.length <= count) return ordered;
  return Array.from(
    { length: count },
    (_, i) => ordered[Math.floor((i * ordered.length) / count)] as T,
  );
}

/** Questions interleaved era by era after shuffling, so a round mixes the ages. */
export function mixedEras<T extends { era: string }>(
  pool: readonly T[],
  count: number,
  random: () => number,
): T[] {
  const byEra = new Map<string, T[]>();
  for (const q of shuffled(pool, random)) {
    const list = byEra.get(q.era) ?? [];
    list.push(q);
    byEra.set(q.era, list);
  }
  const lists = [...byEra.values()];
  const out: T[] = [];
  while (out.length < count && lists.some((l) => l.length > 0))
    for (const list of lists) {
      const next = list.shift();
      if (next && out.length < count) out.push(next);
    }
  return out;
}
