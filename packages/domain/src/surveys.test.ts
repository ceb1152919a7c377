import { describe, expect, it } from "vitest";
import { SURVEYS, surveyAnswerProblem, surveyOf } from "./surveys.ts";

describe("surveys", () => {
  const learning = surveyOf("learning");
  it("defines two questionnaires with every kind of question", () => {
    expect(SURVEYS.map((s) => s.key)).toEqual(["learning", "ladder"]);
    for (const s of SURVEYS)
      expect(new Set(s.questions.map((q) => q.kind))).toEqual(
        new Set(["single", "multiple", "rating", "text"]),
      );
  });

  it("accepts a full answer and refuses each kind of mistake in Chinese", () => {
    if (!learning) throw new Error("missing");
    const ok = { role: 1, time: 0, parts: [0, 3], overall: 4, advice: "" };
    expect(surveyAnswerProblem(learning, ok)).toBeNull();
    expect(surveyAnswerProblem(learning, { ...ok, role: 9 })).toContain("选项不正确");
    expect(surveyAnswerProblem(learning, { ...ok, parts: [] })).toContain("至少选一项");
    expect(surveyAnswerProblem(learning, { ...ok, parts: [1, 1] })).toContain("重复");
    expect(surveyAnswerProblem(learning, { ...ok, overall: 0 })).toContain("1–5");
    expect(surveyAnswerProblem(learning, { ...ok, advice: "字".repeat(501) })).toContain("500");
    expect(surveyAnswerProblem(learning, { ...ok, extra: 1 })).toContain("没有这道题");
    const { time: _, ...missing } = ok;
    expect(surveyAnswerProblem(learning, missing)).toContain("请回答");
  });
});
