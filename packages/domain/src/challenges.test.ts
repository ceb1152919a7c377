import { describe, expect, it } from "vitest";
import {
  ANSWER_GRACE_MS,
  CHALLENGE_KINDS,
  CHALLENGE_RULES,
  expireQuestions,
  fromRankingValue,
  mixedEras,
  periodEnd,
  periodKey,
  questionDeadline,
  type RoundClock,
  rankingValue,
  risingDifficulty,
  roundDeadline,
  roundOver,
  roundScore,
  seededRandom,
  studyWeek,
} from "./challenges.ts";

const T0 = Date.parse("2026-11-27T02:00:00Z");

function ladderClock(over: Partial<RoundClock> = {}): RoundClock {
  const rules = CHALLENGE_RULES.ladderchallenge;
  return {
    startedAt: T0,
    deadlineAt: roundDeadline(rules, T0),
    perQuestionMs: rules.perQuestionMs,
    currentIndex: 0,
    currentOpenedAt: T0,
    total: rules.questionCount,
    ...over,
  };
}

describe("challenge rules", () => {
  it("gives each kind its own rules, stated in Chinese, with a reward threshold it can reach", () => {
    for (const kind of CHALLENGE_KINDS) {
      const r = CHALLENGE_RULES[kind];
      expect(r.kind).toBe(kind);
      expect(r.rules.length).toBeGreaterThanOrEqual(3);
      expect(r.reward.threshold).toBeLessThanOrEqual(r.questionCount * r.pointsPerCorrect);
    }
    expect(CHALLENGE_RULES.ladderchallenge).toMatchObject({
      questionCount: 10,
      perQuestionMs: 15_000,
      picksGrade: true,
    });
    expect(CHALLENGE_RULES.wenshichallenge).toMatchObject({ perQuestionMs: null, totalMs: 90_000 });
    expect(CHALLENGE_RULES.wenshianswer).toMatchObject({ questionCount: 5, oncePerDay: true });
  });

  it("scores ten points a right answer", () => {
    expect(roundScore(CHALLENGE_RULES.wenshichallenge, 7)).toBe(70);
    expect(roundScore(CHALLENGE_RULES.wenshianswer, 0)).toBe(0);
  });
});

describe("the server's clock of a round", () => {
  it("gives the question shown its own deadline, never past the round's", () => {
    expect(questionDeadline(ladderClock())).toBe(T0 + 15_000);
    const late = ladderClock({ currentIndex: 9, currentOpenedAt: T0 + 149_000 });
    expect(questionDeadline(late)).toBe(T0 + 150_000);
    const whole: RoundClock = { ...ladderClock(), perQuestionMs: null, deadlineAt: T0 + 90_000 };
    expect(questionDeadline(whole)).toBe(T0 + 90_000);
  });

  it("times out nothing before the deadline and its grace, then each question whose time ran out", () => {
    expect(expireQuestions(ladderClock(), T0 + 15_000 + ANSWER_GRACE_MS).timedOut).toEqual([]);
    const one = expireQuestions(ladderClock(), T0 + 15_000 + ANSWER_GRACE_MS + 1);
    expect(one.timedOut).toEqual([0]);
    expect(one.clock).toMatchObject({ currentIndex: 1, currentOpenedAt: T0 + 15_000 });
    const three = expireQuestions(ladderClock(), T0 + 46_500);
    expect(three.timedOut).toEqual([0, 1, 2]);
    expect(three.clock.currentOpenedAt).toBe(T0 + 45_000);
    expect(three.timedOutAt).toEqual([T0 + 15_000, T0 + 30_000, T0 + 45_000]);
    const all = expireQuestions(ladderClock(), T0 + 3_600_000);
    expect(all.timedOut).toHaveLength(10);
    expect(roundOver(all.clock, T0 + 3_600_000)).toBe(true);
  });

  it("never times out a single question of a round timed as a whole; the round ends at its deadline", () => {
    const clock: RoundClock = { ...ladderClock(), perQuestionMs: null, deadlineAt: T0 + 90_000 };
    expect(expireQuestions(clock, T0 + 89_000).timedOut).toEqual([]);
    expect(roundOver(clock, T0 + 90_000 + ANSWER_GRACE_MS)).toBe(false);
    expect(roundOver(clock, T0 + 90_000 + ANSWER_GRACE_MS + 1)).toBe(true);
    expect(roundOver({ ...clock, currentIndex: clock.total }, T0 + 1)).toBe(true);
  });
});

describe("ranking values", () => {
  it("order by score first, then by less time, and read back", () => {
    expect(rankingValue(50, 10_000)).toBeGreaterThan(rankingValue(40, 1_000));
    expect(rankingValue(50, 10_000)).toBeGreaterThan(rankingValue(50, 20_000));
    expect(fromRankingValue(rankingValue(70, 42_345))).toEqual({ score: 70, durationMs: 42_345 });
    expect(fromRankingValue(rankingValue(0, 0))).toEqual({ score: 0, durationMs: 0 });
  });
});

describe("periods in China time", () => {
  it("turns the day at midnight in Beijing, not UTC", () => {
    const beforeMidnight = new Date("2026-11-27T15:59:59Z"); // 23:59:59 in Beijing
    const afterMidnight = new Date("2026-11-27T16:00:00Z"); // 00:00 on the 28th
    expect(periodKey("day", beforeMidnight)).toBe("2026-11-27");
    expect(periodKey("day", afterMidnight)).toBe("2026-11-28");
    expect(periodKey("all", afterMidnight)).toBe("all");
    expect(periodEnd("day", beforeMidnight)).toBe(afterMidnight.getTime());
    expect(periodEnd("all", beforeMidnight)).toBeNull();
  });

  it("starts the week on Monday in Beijing", () => {
    // Sunday 29 November 2026, 23:30 in Beijing, is still the week of Monday the 23rd.
    expect(studyWeek(new Date("2026-11-29T15:30:00Z"))).toBe("2026-11-23");
    // Monday 30 November, 00:10 in Beijing (still Sunday in UTC) starts a new week.
    expect(studyWeek(new Date("2026-11-29T16:10:00Z"))).toBe("2026-11-30");
    expect(periodKey("week", new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23");
    expect(periodEnd("week", new Date("2026-11-25T00:00:00Z"))).toBe(
      Date.parse("2026-11-29T16:00:00Z"),
    );
  });
});

describe("choosing questions", () => {
  const pool = Array.from({ length: 30 }, (_, i) => ({
    id: `q${i}`,
    difficulty: (i % 5) + 1,
    era: ["qin-han", "ming-qing", "modern"][i % 3] as string,
  }));

  it("rises in difficulty and reaches both ends", () => {
    const picked = risingDifficulty(pool, 10, seededRandom("x"));
    expect(picked).toHaveLength(10);
    const levels = picked.map((q) => q.difficulty);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(levels[0]).toBe(1);
    expect(levels.at(-1)).toBe(5);
    expect(new Set(picked.map((q) => q.id)).size).toBe(10);
    expect(risingDifficulty(pool.slice(0, 4), 10, seededRandom("x"))).toHaveLength(4);
  });

  it("mixes the eras and gives the same set for the same seed (the daily quiz)", () => {
    const a = mixedEras(pool, 5, seededRandom("wenshianswer:2026-11-27"));
    const b = mixedEras(pool, 5, seededRandom("wenshianswer:2026-11-27"));
    const c = mixedEras(pool, 5, seededRandom("wenshianswer:2026-11-28"));
    expect(a.map((q) => q.id)).toEqual(b.map((q) => q.id));
    expect(a.map((q) => q.id)).not.toEqual(c.map((q) => q.id));
    expect(new Set(a.slice(0, 3).map((q) => q.era)).size).toBe(3);
  });
});
