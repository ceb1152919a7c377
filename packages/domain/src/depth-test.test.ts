import { describe, expect, it } from "vitest";
import {
  type Candidate,
  estimateAbility,
  expectedScore,
  itemDifficulty,
  levelOf,
  pCorrect,
  percentileOf,
  pickNext,
} from "./depth-test.ts";

const item = (id: string, difficulty: number, over: Partial<Candidate> = {}): Candidate => ({
  id,
  difficulty,
  era: "qin-han",
  theme: "politics",
  pointKey: `p-${id}`,
  hasMedia: false,
  ...over,
});

describe("the Rasch model", () => {
  it("maps difficulty 1–5 to b = -2 … 2 and gives one half where θ = b", () => {
    expect([1, 2, 3, 4, 5].map(itemDifficulty)).toEqual([-2, -1, 0, 1, 2]);
    expect(pCorrect(1, 1)).toBeCloseTo(0.5, 10);
    expect(pCorrect(2, 0)).toBeGreaterThan(pCorrect(0, 0));
  });

  it("is the prior (0, 1) before any answer", () => {
    const { theta, se } = estimateAbility([]);
    expect(theta).toBeCloseTo(0, 2);
    expect(se).toBeCloseTo(1, 1);
  });

  it("moves θ up after right answers and down after wrong ones, and narrows it", () => {
    const right = estimateAbility([{ b: 0, correct: true }]);
    const wrong = estimateAbility([{ b: 0, correct: false }]);
    expect(right.theta).toBeGreaterThan(0.2);
    expect(wrong.theta).toBeLessThan(-0.2);
    expect(right.theta).toBeCloseTo(-wrong.theta, 3);
    expect(right.se).toBeLessThan(1);
    const allRight = estimateAbility([-2, -1, 0, 1, 2, 2].map((b) => ({ b, correct: true })));
    expect(allRight.theta).toBeGreaterThan(right.theta);
    expect(allRight.theta).toBeLessThan(4);
  });

  it("matches a hand-computed EAP for one right answer at b = 0", () => {
    // ∫ θ φ(θ) σ(θ) dθ / ∫ φ(θ) σ(θ) dθ with σ the logistic: about 0.41.
    expect(estimateAbility([{ b: 0, correct: true }]).theta).toBeCloseTo(0.41, 1);
  });
});

describe("choosing the next item", () => {
  const bank = [item("a", 1), item("b", 2), item("c", 3), item("d", 4), item("e", 5)];

  it("takes the item whose b is closest to θ", () => {
    expect(pickNext(bank, [], 0, { tag: "depth", random: () => 0 })?.id).toBe("c");
    expect(pickNext(bank, [], 1.9, { tag: "depth", random: () => 0 })?.id).toBe("e");
    expect(pickNext(bank, [], -1.2, { tag: "depth", random: () => 0 })?.id).toBe("b");
  });

  it("never gives an item twice and ends when none is left", () => {
    const given = [bank[2] as Candidate];
    expect(pickNext(bank, given, 0, { tag: "depth", random: () => 0 })?.id).not.toBe("c");
    expect(pickNext(bank, bank, 0, { tag: "depth" })).toBeNull();
  });

  it("spreads a test over eras, themes and points", () => {
    const spread = [
      item("same", 3, { era: "qin-han", theme: "politics", pointKey: "p1" }),
      item("other", 3, { era: "sui-tang-five", theme: "literature", pointKey: "p2" }),
    ];
    const given = [item("x", 3, { era: "qin-han", theme: "politics", pointKey: "p1" })];
    expect(pickNext(spread, given, 0, { tag: "depth", random: () => 0 })?.id).toBe("other");
    // Far enough from θ, the balance gives way to the difficulty.
    const far = [
      item("near", 3, { era: "qin-han", theme: "politics", pointKey: "p3" }),
      item("far", 5, { era: "world", theme: "war", pointKey: "p4" }),
    ];
    expect(pickNext(far, given, 0, { tag: "depth", random: () => 0 })?.id).toBe("near");
  });

  it("draws among near ties with the random source", () => {
    const ties = [item("t1", 3, { pointKey: "q1" }), item("t2", 3, { pointKey: "q2" })];
    expect(pickNext(ties, [], 0, { tag: "depth", random: () => 0 })?.id).toBe("t1");
    expect(pickNext(ties, [], 0, { tag: "depth", random: () => 0.99 })?.id).toBe("t2");
  });

  it("gives the AI test a picture or audio question every other item while there are any", () => {
    const withMedia = [...bank, item("m", 5, { hasMedia: true })];
    expect(pickNext(withMedia, [], 0, { tag: "ai", random: () => 0 })?.id).toBe("m");
    expect(pickNext(withMedia, [], 0, { tag: "depth", random: () => 0 })?.id).toBe("c");
    const second = pickNext(withMedia, [withMedia[5] as Candidate], 0, {
      tag: "ai",
      random: () => 0,
    });
    expect(second?.hasMedia).toBe(false);
  });
});

describe("an adaptive test of simulated readers", () => {
  /** A small seeded generator (mulberry32), so the simulation is the same every run. */
  function seeded(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const eras = ["qin-han", "sui-tang-five", "ming-qing", "modern"] as const;
  const bank = Array.from({ length: 200 }, (_, i) =>
    item(`q${i}`, 1 + (i % 5), { era: eras[i % 4], pointKey: `p${i % 40}` }),
  );

  /** Twelve questions chosen and answered as the model says a reader of `truth` would. */
  function run(truth: number, random: () => number) {
    const given: Candidate[] = [];
    const responses: { b: number; correct: boolean }[] = [];
    let theta = 0;
    for (let i = 0; i < 12; i++) {
      const next = pickNext(bank, given, theta, { tag: "depth", random });
      if (!next) break;
      given.push(next);
      const b = itemDifficulty(next.difficulty);
      responses.push({ b, correct: random() < pCorrect(truth, b) });
      theta = estimateAbility(responses).theta;
    }
    return { theta, given };
  }

  it("estimates stronger readers higher, close to their true ability", () => {
    const random = seeded(20);
    const mean = (truth: number) => {
      const runs = Array.from({ length: 60 }, () => run(truth, random).theta);
      return runs.reduce((s, t) => s + t, 0) / runs.length;
    };
    const weak = mean(-1.5);
    const middle = mean(0);
    const strong = mean(1.5);
    expect(weak).toBeLessThan(middle);
    expect(middle).toBeLessThan(strong);
    // Twelve items and a normal prior pull the estimate toward 0 a little, not more.
    expect(Math.abs(weak + 1.5)).toBeLessThan(0.6);
    expect(Math.abs(middle)).toBeLessThan(0.3);
    expect(Math.abs(strong - 1.5)).toBeLessThan(0.6);
  });

  it("serves a strong reader harder questions, over every era", () => {
    const random = seeded(7);
    const strong = run(2, random).given;
    const weak = run(-2, random).given;
    const avg = (list: Candidate[]) => list.reduce((s, c) => s + c.difficulty, 0) / list.length;
    expect(avg(strong)).toBeGreaterThan(avg(weak) + 1);
    expect(new Set(strong.map((c) => c.era)).size).toBe(4);
    expect(new Set(strong.map((c) => c.id)).size).toBe(strong.length);
  });
});

describe("naming a result", () => {
  it("names four levels by θ", () => {
    expect(levelOf(-2)).toBe("入门");
    expect(levelOf(0)).toBe("进阶");
    expect(levelOf(1)).toBe("熟练");
    expect(levelOf(2)).toBe("精通");
  });

  it("scores the expected share of the bank, higher for a higher θ", () => {
    expect(expectedScore(0, [3, 3])).toBe(50);
    expect(expectedScore(1, [1, 2, 3, 4, 5])).toBeGreaterThan(expectedScore(0, [1, 2, 3, 4, 5]));
    expect(expectedScore(0, [])).toBe(0);
  });

  it("gives the percentile among others with half the ties, null with none", () => {
    expect(percentileOf(0, [])).toBeNull();
    expect(percentileOf(1, [0, 0, 2, 3])).toBe(50);
    expect(percentileOf(0, [0, 1])).toBe(25);
    expect(percentileOf(5, [0, 1])).toBe(100);
  });
});
