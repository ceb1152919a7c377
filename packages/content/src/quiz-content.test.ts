import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_QUIZ_SETTINGS } from "@tongjian/domain/quiz";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { parseQuizSettings, readQuizSettings } from "./quiz-content.ts";

const bankKeys = () => {
  const keys = new Set<string>();
  for (const era of ["modern", "qin-han", "pre-qin", "ming-qing"]) {
    const file = parseYaml(readFileSync(join("content/learning", `${era}.yaml`), "utf8")) as {
      questions: { key: string }[];
    };
    for (const q of file.questions) keys.add(q.key);
  }
  return keys;
};

describe("a quiz campaign's quiz.yaml", () => {
  it("reads the editions of content/campaigns, whose own questions are in the bank", async () => {
    const q2021 = await readQuizSettings("content", "quiz-2021");
    expect(q2021.questions).toHaveLength(10);
    const keys = bankKeys();
    for (const k of q2021.questions ?? []) expect(keys.has(k), k).toBe(true);
    const q2024 = await readQuizSettings("content", "quiz-2024");
    expect(q2024).toMatchObject({ questionCount: 10, perQuestionSeconds: 20, questions: null });
    expect(await readQuizSettings("content", "no-such-quiz")).toEqual(DEFAULT_QUIZ_SETTINGS);
  });

  it("refuses what a quiz cannot be", () => {
    expect(() => parseQuizSettings("questionCount: 0")).toThrow();
    expect(() => parseQuizSettings("perQuestionSeconds: 1")).toThrow();
    expect(() => parseQuizSettings("questions: [a, a]")).toThrow("题目键重复");
    expect(() => parseQuizSettings("colour: red")).toThrow();
    // A fixed list shorter than the count makes a shorter round.
    expect(parseQuizSettings("questionCount: 10\nquestions: [a-1, b-2]").questionCount).toBe(2);
  });
});
