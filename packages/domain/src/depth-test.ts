/**
 * The depth test (深度测评) and the AI test (AI 测评) of issue 20 (decision 28): which tests
 * exist, how long they are, the item-response model that estimates a reader's ability after
 * every answer, how the next question is chosen, and how the result is named.
 *
 * The model is Rasch (one-parameter logistic): a reader of ability θ answers an item of
 * difficulty b correctly with probability 1 / (1 + e^-(θ - b)). A question's difficulty 1–5 of
 * the content files maps to b = difficulty - 3 (so -2 … 2). θ is estimated by EAP (the mean of
 * the posterior) over a grid from -4 to 4 with a standard normal prior, after every answer.
 */

import type { Era, Grade, Theme } from "./learning.ts";

/** What `tag` means in the deep-exam calls: the kind of test. */
export const TEST_TAGS = ["depth", "ai"] as const;
export type TestTag = (typeof TEST_TAGS)[number];
export const TEST_TAG_LABEL: Record<TestTag, string> = { depth: "深度测评", ai: "AI 测评" };
export const isTestTag = (value: unknown): value is TestTag =>
  typeof value === "string" && (TEST_TAGS as readonly string[]).includes(value);

/** Questions per test (fewer when a grade's bank is smaller). */
export const TEST_LENGTH: Record<TestTag, number> = { depth: 12, ai: 8 };
/** Time limit from the start, server time. */
export const TEST_MINUTES: Record<TestTag, number> = { depth: 30, ai: 15 };
/** The study kind a finished test is recorded under. */
export const TEST_STUDY_KIND: Record<TestTag, "depthtest" | "aitest"> = {
  depth: "depthtest",
  ai: "aitest",
};

/** An item's Rasch difficulty b from the content's difficulty 1–5. */
export const itemDifficulty = (difficulty: number) => difficulty - 3;

/** Probability that a reader of ability θ answers an item of difficulty b correctly. */
export const pCorrect = (theta: number, b: number) => 1 / (1 + Math.exp(-(theta - b)));

const GRID_MIN = -4;
const GRID_MAX = 4;
const GRID_STEP = 0.05;
export const THETA_GRID: readonly number[] = Array.from(
  { length: Math.round((GRID_MAX - GRID_MIN) / GRID_STEP) + 1 },
  (_, i) => GRID_MIN + i * GRID_STEP,
);

export interface Response {
  b: number;
  correct: boolean;
}

/**
 * EAP estimate of θ and its posterior standard deviation (the standard error) from the
 * responses so far; with none it is the prior: 0 and 1.
 */
export function estimateAbility(responses: readonly Response[]): { theta: number; se: number } {
  let total = 0;
  let mean = 0;
  const weights = THETA_GRID.map((t) => {
    let logL = -(t * t) / 2;
    for (const r of responses) {
      const p = pCorrect(t, r.b);
      logL += Math.log(r.correct ? p : 1 - p);
    }
    return logL;
  });
  const top = Math.max(...weights);
  const post = weights.map((w) => Math.exp(w - top));
  post.forEach((w, i) => {
    total += w;
    mean += w * (THETA_GRID[i] as number);
  });
  mean /= total;
  let variance = 0;
  post.forEach((w, i) => {
    variance += w * ((THETA_GRID[i] as number) - mean) ** 2;
  });
  return { theta: round3(mean), se: round3(Math.sqrt(variance / total)) };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface Candidate {
  id: string;
  difficulty: number;
  era: Era;
  theme: Theme;
  pointKey: string;
  hasMedia: boolean;
}

/** How much one earlier question of the same era, theme or point weighs against an item. */
export const BALANCE_WEIGHT = { era: 0.35, theme: 0.35, point: 0.75 } as const;
/** Items whose cost is within this of the best are drawn from at random. */
export const PICK_TOLERANCE = 0.15;

/**
 * The next item: among the unanswered candidates, the one whose b is closest to θ, with a cost
 * for every question already given of the same era, theme or knowledge point (so a test spreads
 * over the report's axes). In the AI test, the 1st, 3rd, 5th and 7th items are taken from the
 * questions with a picture or audio part while there are any. Near-ties are broken by `random`.
 */
export function pickNext(
  candidates: readonly Candidate[],
  given: readonly Candidate[],
  theta: number,
  options: { tag: TestTag; random?: () => number } = { tag: "depth" },
): Candidate | null {
  const used = new Set(given.map((g) => g.id));
  let pool = candidates.filter((c) => !used.has(c.id));
  if (pool.length === 0) return null;
  if (options.tag === "ai" && given.length % 2 === 0) {
    const media = pool.filter((c) => c.hasMedia);
    if (media.length > 0) pool = media;
  }
  const count = (pick: (c: Candidate) => string) => {
    const m = new Map<string, number>();
    for (const g of given) m.set(pick(g), (m.get(pick(g)) ?? 0) + 1);
    return m;
  };
  const eras = count((c) => c.era);
  const themes = count((c) => c.theme);
  const points = count((c) => c.pointKey);
  const cost = (c: Candidate) =>
    Math.abs(itemDifficulty(c.difficulty) - theta) +
    BALANCE_WEIGHT.era * (eras.get(c.era) ?? 0) +
    BALANCE_WEIGHT.theme * (themes.get(c.theme) ?? 0) +
    BALANCE_WEIGHT.point * (points.get(c.pointKey) ?? 0);
  const costs = pool.map((c) => ({ c, cost: cost(c) }));
  const best = Math.min(...costs.map((x) => x.cost));
  const near = costs.filter((x) => x.cost <= best + PICK_TOLERANCE).map((x) => x.c);
  const random = options.random ?? Math.random;
  return near[Math.min(near.length - 1, Math.floor(random() * near.length))] ?? null;
}

/** The levels a result is named by, from θ. */
export const LEVELS = [
  { name: "入门", below: -0.75 },
  { name: "进阶", below: 0.25 },
  { name: "熟练", below: 1.25 },
  { name: "精通", below: Number.POSITIVE_INFINITY },
] as const;
export type LevelName = (typeof LEVELS)[number]["name"];

export function levelOf(theta: number): LevelName {
  return LEVELS.find((l) => theta < l.below)?.name ?? "精通";
}

/**
 * The score 0–100: the share of the grade's whole question bank a reader of ability θ would be
 * expected to answer correctly (the test's "true score"), so that an adaptive test, where every
 * reader gets about half right, still scores a stronger reader higher.
 */
export function expectedScore(theta: number, difficulties: readonly number[]): number {
  if (difficulties.length === 0) return 0;
  const sum = difficulties.reduce((s, d) => s + pCorrect(theta, itemDifficulty(d)), 0);
  return Math.round((100 * sum) / difficulties.length);
}

/**
 * The percentile of θ among others' results: the share below it plus half of the ties, 0–100;
 * null with no one to compare with.
 */
export function percentileOf(theta: number, others: readonly number[]): number | null {
  if (others.length === 0) return null;
  const below = others.filter((t) => t < theta - 1e-9).length;
  const ties = others.filter((t) => Math.abs(t - theta) <= 1e-9).length;
  return Math.round((100 * (below + ties / 2)) / others.length);
}

/** Grades next to a grade in teaching order: where a small bank borrows questions from. */
export function neighbourGrades(grade: Grade): Grade[] {
  switch (grade) {
    case "primary":
      return ["junior"];
    case "junior":
      return ["primary", "senior"];
    case "senior":
      return ["junior", "general"];
    case "general":
      return ["senior", "junior"];
  }
}

/** Paths of the pages. */
export const examPath = (tag: TestTag, testId: string) =>
  tag === "ai"
    ? `/aitest/home?testId=${encodeURIComponent(testId)}`
    : `/depthtest/exam?testId=${encodeURIComponent(testId)}`;
export const reportPath = (tag: TestTag, testId: string) =>
  tag === "ai"
    ? `/aitest/result?testId=${encodeURIComponent(testId)}`
    : `/depthtest/report?testId=${encodeURIComponent(testId)}`;
