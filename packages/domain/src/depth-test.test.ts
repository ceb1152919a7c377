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
