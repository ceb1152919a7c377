import { TEST_TAGS } from "@tongjian/domain/depth-test";
import { z } from "zod";
import { id } from "./common.ts";
import { answerItem, era, grade, markedQuestion, publicQuestion, theme } from "./learning.ts";

// The depth test (深度测评) and the AI test (AI 测评), spec §3 exam state and §7 deep-exam calls
// under /api/m/special/deepexam/test/ (issue 20, decision 28). `tag` is the kind of test:
// depth (深度测评) or ai (AI 测评, with picture and audio questions).

export const testTag = z.enum(TEST_TAGS, {
  error: "测评类型只能是 depth（深度测评）或 ai（AI 测评）",
});

export const gradeQuery = z.object({ grade });
export const gradeTagBody = z.object({ grade, tag: testTag });
export const testIdQuery = z.object({ testId: z.string({ error: "缺少测评编号" }).pipe(id) });

export const tagInfo = z.object({
  tag: testTag,
  label: z.string(),
  /** Questions per test (fewer when the grade's bank is smaller). */
  length: z.number().int(),
  minutes: z.number().int(),
  intro: z.string(),
});
export type TagInfo = z.infer<typeof tagInfo>;

export const gradeInfo = z.object({
  grade,
  label: z.string(),
  /** Questions of the grade in the bank. */
  questionCount: z.number().int(),
});
export type GradeInfo = z.infer<typeof gradeInfo>;

export const gradeList = z.object({ grades: z.array(gradeInfo), tags: z.array(tagInfo) });
export type GradeList = z.infer<typeof gradeList>;

export const testStatus = z.enum(["open", "finished", "expired"]);

/** A test in a list: the reader's unfinished and finished tests. */
export const testSummary = z.object({
  testId: id,
  grade,
  gradeLabel: z.string(),
  tag: testTag,
  tagLabel: z.string(),
  status: testStatus,
  startedAt: z.string(),
  deadlineAt: z.string(),
  finishedAt: z.string().nullable(),
  answered: z.number().int(),
  length: z.number().int(),
  score: z.number().int().nullable(),
  level: z.string().nullable(),
  /** Where to continue it (open) or read its report (finished). */
  path: z.string(),
});
export type TestSummary = z.infer<typeof testSummary>;

export const gradeHome = z.object({
  grade,
  gradeLabel: z.string(),
  questionCount: z.number().int(),
  tags: z.array(tagInfo),
  signedIn: z.boolean(),
  /** The reader's unfinished tests of this grade. */
  unfinished: z.array(testSummary),
  /** The reader's latest finished tests of this grade. */
  recent: z.array(testSummary),
});
export type GradeHome = z.infer<typeof gradeHome>;

export const pretest = z.object({
  grade,
  gradeLabel: z.string(),
  tag: testTag,
  tagLabel: z.string(),
  intro: z.string(),
  length: z.number().int(),
  minutes: z.number().int(),
  questionCount: z.number().int(),
  /** Whether a test can be started: the grade has questions. */
  available: z.boolean(),
  signedIn: z.boolean(),
  /** The reader's unfinished test of this grade and kind, to resume rather than restart. */
  unfinished: testSummary.nullable(),
});
export type Pretest = z.infer<typeof pretest>;

/**
 * Spec §3 exam state: the exam id (testId) and its current question with its id, the selected
 * option and the single-choice flag; with where the test stands and its server-time deadline.
 */
export const examState = z.object({
  testId: id,
  grade,
  gradeLabel: z.string(),
  tag: testTag,
  tagLabel: z.string(),
  status: testStatus,
  /** 1-based number of the current question. */
  position: z.number().int(),
  length: z.number().int(),
  answered: z.number().int(),
  startedAt: z.string(),
  deadlineAt: z.string(),
  /** Seconds left by the server's clock when this state was made. */
  remainingSeconds: z.number().int(),
  /** The question to answer now; null when every question is answered (ready to submit). */
  question: publicQuestion.extend({ selectedOption: z.array(z.number().int()) }).nullable(),
  /** Media of the questions that may come next, for the page to load ahead. */
  preload: z.array(z.string()),
});
export type ExamState = z.infer<typeof examState>;

export const answerBody = z.object({ testId: id }).extend(answerItem.shape);
export const submitBody = z.object({
  testId: id,
  /** Answers not yet saved with `answer` (the current question's); may be empty. */
  qaList: z.array(answerItem).max(60, "答案过多").default([]),
});

export const reportAxis = z.object({
  key: z.string(),
  label: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** 0–100: the expected share of the grade's bank at this axis's own ability estimate. */
  mastery: z.number().int(),
});
export type ReportAxis = z.infer<typeof reportAxis>;

export const studyNextPoint = z.object({
  id,
  key: z.string(),
  title: z.string(),
  era,
  eraLabel: z.string(),
  theme,
  themeLabel: z.string(),
  reason: z.string(),
});

export const testReport = z.object({
  testId: id,
  grade,
  gradeLabel: z.string(),
  tag: testTag,
  tagLabel: z.string(),
  status: testStatus,
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Measured on the server: start to submit, at most the time limit. */
  seconds: z.number().int(),
  timedOut: z.boolean(),
  length: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  score: z.number().int(),
  level: z.string(),
  theta: z.number(),
  se: z.number(),
  /** Among other readers' latest finished test of the same grade and kind; null with none. */
  percentile: z.number().int().nullable(),
  compared: z.number().int(),
  eras: z.array(reportAxis),
  themes: z.array(reportAxis),
  strengths: z.array(z.string()),
  gaps: z.array(z.string()),
  studyNext: z.array(studyNextPoint),
  questions: z.array(markedQuestion),
  /** The share card, a PNG drawn on the server. */
  cardUrl: z.string(),
});
export type TestReport = z.infer<typeof testReport>;

export const cardParams = z.object({
  file: z.string().regex(/^[0-9a-f]{24}\.png$/, "卡片文件名应为测评编号加 .png"),
});
