/**
 * Rules of the ladders (天梯, issue 20) that the server, the pages and the device's copy of a
 * visitor's progress share: how a practice is scored, when a level is passed, how many stars
 * and 积分 it earns, which levels are open, and how two records of one level are merged.
 */

export const LADDER_KINDS = ["wenshi", "young", "news"] as const;
export type LadderKind = (typeof LADDER_KINDS)[number];
export const LADDER_KIND_LABEL: Record<LadderKind, string> = {
  wenshi: "文史天梯",
  young: "少儿天梯",
  news: "新闻天梯",
};

/** The page of each kind's ladder: /wenshiladder, /youngladder, /newsladder. */
export const LADDER_KIND_PATH: Record<LadderKind, string> = {
  wenshi: "/wenshiladder",
  young: "/youngladder",
  news: "/newsladder",
};

/** Questions one practice of a level asks at most. */
export const PRACTICE_SIZE = 10;
/** A level is passed from this share of right answers (percent). */
export const PASS_PERCENT = 60;
/** 积分 per right answer of a level's best practice. */
export const POINTS_PER_CORRECT = 10;
/** 积分 the first time a level is passed. */
export const PASS_BONUS = 20;

/** Where a product gate's notice sends the reader (commerce sells the ladders' paid levels). */
export const LADDER_PRODUCT_PATH = "/productDetail/ladder";

export const percentOf = (correct: number, total: number) =>
  total <= 0 ? 0 : Math.round((100 * Math.min(correct, total)) / total);

export const isPassed = (correct: number, total: number) =>
  total > 0 && percentOf(correct, total) >= PASS_PERCENT;

/** 0 stars below the pass mark, 1 from 60 %, 2 from 80 %, 3 for every answer right. */
export function starsOf(correct: number, total: number): 0 | 1 | 2 | 3 {
  const p = percentOf(correct, total);
  if (total > 0 && correct >= total) return 3;
  if (p >= 80) return 2;
  if (p >= PASS_PERCENT) return 1;
  return 0;
}

/** The 积分 a level's record is worth: its best right answers, and the pass bonus once passed. */
export const levelPointsOf = (bestCorrect: number, passed: boolean) =>
  bestCorrect * POINTS_PER_CORRECT + (passed ? PASS_BONUS : 0);

/** A reader's record of one level: the best practice so far. */
export interface LevelRecord {
  bestCorrect: number;
  bestTotal: number;
  passed: boolean;
  attempts: number;
  /** When the best practice was finished (ISO). */
  at: string;
}

/** Whether practice `a` beats `b`: a higher share right, then more right answers. */
export function betterThan(
  a: { correct: number; total: number },
  b: { correct: number; total: number },
) {
  const pa = percentOf(a.correct, a.total);
  const pb = percentOf(b.correct, b.total);
  return pa !== pb ? pa > pb : a.correct > b.correct;
}

/**
 * One level's record after a practice (or a record from elsewhere, such as the device's): the
 * better of the two, passed once either passed, attempts added up.
 */
export function mergeRecord(
  current: LevelRecord | null,
  next: { correct: number; total: number; at: string; attempts?: number },
): LevelRecord {
  const passedNow = isPassed(next.correct, next.total);
  if (!current)
    return {
      bestCorrect: next.correct,
      bestTotal: next.total,
      passed: passedNow,
      attempts: next.attempts ?? 1,
      at: next.at,
    };
  const better = betterThan(next, { correct: current.bestCorrect, total: current.bestTotal });
  return {
    bestCorrect: better ? next.correct : current.bestCorrect,
    bestTotal: better ? next.total : current.bestTotal,
    passed: current.passed || passedNow,
    attempts: current.attempts + (next.attempts ?? 1),
    at: better ? next.at : current.at,
  };
}

/** Merges two sets of records by level (the device's into the account's). */
export function mergeRecords(
  into: Record<string, LevelRecord>,
  from: Record<string, LevelRecord>,
): Record<string, LevelRecord> {
  const out: Record<string, LevelRecord> = { ...into };
  for (const [key, r] of Object.entries(from)) {
    const merged = mergeRecord(out[key] ?? null, {
      correct: r.bestCorrect,
      total: r.bestTotal,
      at: r.at,
      attempts: r.attempts,
    });
    out[key] = { ...merged, passed: merged.passed || r.passed };
  }
  return out;
}

/**
 * Which levels of a ladder are open to try, in order: the first, every sample level, and each
 * level whose previous level is passed.
 */
export function unlockedLevels(
  levels: readonly { key: string; sample: boolean }[],
  passed: (key: string) => boolean,
): boolean[] {
  return levels.map((level, i) => {
    if (i === 0 || level.sample) return true;
    const previous = levels[i - 1];
    return previous ? passed(previous.key) : false;
  });
}
