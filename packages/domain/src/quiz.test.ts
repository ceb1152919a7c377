import { describe, expect, it } from "vitest";
import { seededRandom } from "./challenges.ts";
import {
  DEFAULT_QUIZ_SETTINGS,
  formatQuizScore,
  IDLE_QUIZ_EVENT,
  pickQuizQuestions,
  QUIZ_READING_ALLOWANCE_MS,
  quizChallengeLine,
  quizDurationMs,
  quizEvent,
  quizRoundDeadline,
  quizScore,
  quizSeconds,
  quizVerdict,
} from "./quiz.ts";

const pool = ["pre-qin", "qin-han", "sui-tang-five", "modern"].flatMap((era) =>
  Array.from({ length: 6 }, (_, i) => ({ key: `${era}-${i}`, era })),
);

describe("the quiz's rules", () => {
  it("draws a round across the eras, or asks an edition's own questions in its order", () => {
    const drawn = pickQuizQuestions(
      pool,
      { ...DEFAULT_QUIZ_SETTINGS, questionCount: 8 },
      seededRandom("a"),
    );
    expect(drawn).toHaveLength(8);
    expect(new Set(drawn.map((q) => q.key)).size).toBe(8);
    expect(new Set(drawn.map((q) => q.era)).size).toBe(4);
    const fixed = pickQuizQuestions(
      pool,
      {
        ...DEFAULT_QUIZ_SETTINGS,
        questionCount: 3,
        questions: ["modern-2", "nope", "pre-qin-0", "qin-han-1", "qin-han-2"],
      },
      Math.random,
    );
    expect(fixed.map((q) => q.key)).toEqual(["modern-2", "pre-qin-0", "qin-han-1"]);
    expect(pickQuizQuestions([], DEFAULT_QUIZ_SETTINGS, Math.random)).toEqual([]);
  });

  it("scores, times and words a result", () => {
    expect(quizScore({ pointsPerCorrect: 10 }, 7)).toBe(70);
    expect(quizSeconds(63_249)).toBe(63.2);
    expect(quizSeconds(-5)).toBe(0);
    expect(quizRoundDeadline(1000, 10, 20_000)).toBe(
      1000 + 10 * (20_000 + QUIZ_READING_ALLOWANCE_MS),
    );
    // Each question counts at most its own time; reading between questions is not counted.
    expect(
      quizDurationMs(
        [
          { openedAt: 0, answeredAt: 5_000 },
          { openedAt: 60_000, answeredAt: 90_000 },
          { openedAt: 100_000, answeredAt: 99_000 },
        ],
        20_000,
      ),
    ).toBe(25_000);
    expect(formatQuizScore(80, { correct: 8, total: 10, seconds: 63.2 })).toBe(
      "80 分 · 答对 8 题 · 63.2 秒",
    );
    expect(formatQuizScore(80, null)).toBe("80 分");
    expect(formatQuizScore(80, { correct: "8" })).toBe("80 分");
    expect(quizVerdict(10, 10)).toBe("全部答对，博古通今！");
    expect(quizVerdict(0, 10)).toBe("初入史海，来日方长");
    expect(quizVerdict(0, 0)).toBe("还没有作答");
    expect(quizChallengeLine("通鉴答题", { correct: 8, total: 10, seconds: 63.2 }, 80)).toBe(
      "我在「通鉴答题」答对 8/10 题，得 80 分，用时 63.2 秒，你能超过我吗？",
    );
  });

  it("keeps the spec's quizEventData through a round", () => {
    let s = quizEvent(IDLE_QUIZ_EVENT, { type: "question", index: 0, total: 10 });
    expect(s).toEqual({
      type: "question",
      status: "playing",
      position: 1,
      comment: "",
      number: 10,
    });
    s = quizEvent(s, { type: "answer", index: 0, total: 10, correct: false, comment: "因为……" });
    expect(s).toEqual({
      type: "answer",
      status: "wrong",
      position: 1,
      comment: "因为……",
      number: 10,
    });
    s = quizEvent(s, { type: "answer", index: 1, total: 10, correct: true, comment: "对" });
    expect(s.status).toBe("correct");
    s = quizEvent(s, { type: "timeout", index: 2, total: 10, comment: "" });
    expect(s).toMatchObject({ type: "timeout", status: "timeout", position: 3 });
    s = quizEvent(s, { type: "finish", total: 10 });
    expect(s).toEqual({
      type: "finish",
      status: "finished",
      position: 10,
      comment: "",
      number: 10,
    });
    expect(quizEvent(s, { type: "reset" })).toBe(IDLE_QUIZ_EVENT);
  });
});
