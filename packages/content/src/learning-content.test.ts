import { describe, expect, it } from "vitest";
import type { KeyedFileIssue } from "./keyed-file.ts";
import { type LearningRefs, readLearning } from "./learning-content.ts";

const refs: LearningRefs = {
  entries: new Map([
    ["ying-zheng", { id: "a".repeat(24), key: "ying-zheng", kind: "person", name: "嬴政" }],
  ]),
  articles: new Map([["qin-art", { id: "b".repeat(24), key: "qin-art", title: "秦制" }]]),
  paintings: new Map([["you-chun-tu", { id: "c".repeat(24), title: "游春图" }]]),
  music: new Map([["mo-li-hua", { id: "d".repeat(24), title: "茉莉花" }]]),
};

const point = `
points:
  - key: qin
    title: 秦统一
    era: qin-han
    theme: politics
    grades: [junior]
    lesson: [秦王嬴政自前230年起先后灭韩、赵、魏、楚、燕、齐，前221年完成统一。]
    entries: [ying-zheng]
    articles: [qin-art]
`;

function question(fields: string): string {
  return `
  - key: q-${Math.random().toString(36).slice(2, 8)}
    point: qin
    grade: junior
    difficulty: 2
    explanation: 前221年秦灭齐，完成统一。
${fields}`;
}

function load(questions: string[]) {
  const issues: KeyedFileIssue[] = [];
  const learning = readLearning(
    [{ file: "learning/qin-han.yaml", text: `${point}\nquestions:${questions.join("")}` }],
    null,
    refs,
    issues,
  );
  return { learning, messages: issues.map((i) => `${i.field}: ${i.message}`) };
}

const good = (stem: string) =>
  question(
    `    type: single\n    stem: ${stem}\n    options: [前230年, 前221年, 前206年]\n    answer: B`,
  );

describe("learning content", () => {
  it("loads points and questions with their references resolved and answers as indexes", () => {
    const { learning, messages } = load([
      good("秦统一六国在哪一年？"),
      question(
        "    type: multiple\n    stem: 秦统一后推行了哪些措施？\n    options: [统一文字, 开科取士, 统一货币]\n    answer: [A, C]\n    entries: [ying-zheng]\n    media: { painting: you-chun-tu }",
      ),
    ]);
    expect(messages).toEqual([]);
    expect(learning.points[0]?.questionKeys).toHaveLength(2);
    expect(learning.points[0]?.articles[0]?.title).toBe("秦制");
    expect(learning.questions[0]?.answer).toEqual([1]);
    expect(learning.questions[1]?.answer).toEqual([0, 2]);
    expect(learning.questions[1]?.media).toMatchObject({ kind: "painting", title: "游春图" });
    expect(learning.questions[1]?.era).toBe("qin-han");
  });

  it("refuses a single-choice question with two answers, repeated options and a missing entry", () => {
    const { messages } = load([
      good("秦统一六国在哪一年？"),
      question(
        "    type: single\n    stem: 秦朝的都城在哪里？\n    options: [咸阳, 咸阳, 洛阳]\n    answer: [A, B]\n    entries: [nobody]",
      ),
    ]);
    expect(messages).toContain("answer: 单选题须有且只有一个正确答案");
    expect(messages).toContain("options: 选项不能重复");
    expect(messages).toContain("entries.0: 引用的词条 nobody 不存在");
  });

  it("refuses an answer beyond the options, a twin stem and a point with too few questions", () => {
    const { messages } = load([
      good("秦统一六国在哪一年？"),
      question(
        `    type: single\n    stem: 秦统一六国在哪一年？\n    options: [甲, 乙]\n    answer: D`,
      ),
    ]);
    expect(messages).toContain("answer: 答案指向不存在的选项");
    expect(messages.some((m) => m.startsWith("stem: 与题目"))).toBe(true);
    const lonely = load([good("秦统一六国在哪一年？")]).messages;
    expect(lonely).toContain("-: 每个知识点至少要有 2 道题，现有 1 道");
  });

  it("refuses a multiple-choice question whose every option is right, and an unknown music part", () => {
    const { messages } = load([
      good("秦统一六国在哪一年？"),
      question(
        "    type: multiple\n    stem: 哪些是秦的制度？\n    options: [郡县制, 统一文字, 统一货币]\n    answer: [A, B, C]\n    media: { music: nothing }",
      ),
    ]);
    expect(messages).toContain("answer: 多选题须有至少两个正确答案，且至少一个错误选项");
    expect(messages).toContain("media.music: 曲目 nothing 不存在");
  });
});
