import { chinaDay } from "./china-time.ts";
/**
 * Rules of the learning area (issue 20) that the content checker, the server, the pages and the
 * tests share: grades, eras, themes, question shapes and how an answer is marked.
 */

/** Keys of knowledge points, questions, ladders and levels: lower-case letters and digits. */
export const LEARNING_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isLearningKey = (value: string) => value.length <= 60 && LEARNING_KEY.test(value);

/** The grades a test is taken at (spec §3 exam `grade`), in teaching order. */
export const GRADES = ["primary", "junior", "senior", "general"] as const;
export type Grade = (typeof GRADES)[number];
export const GRADE_LABEL: Record<Grade, string> = {
  primary: "小学",
  junior: "初中",
  senior: "高中",
  general: "大众",
};
export const isGrade = (value: unknown): value is Grade =>
  typeof value === "string" && (GRADES as readonly string[]).includes(value);

/** Eras of Chinese history and world history, matching the corpus's content files. */
export const ERAS = [
  "pre-qin",
  "qin-han",
  "three-kingdoms-jin",
  "southern-northern",
  "sui-tang-five",
  "song-liao-jin-yuan",
  "ming-qing",
  "modern",
  "world",
] as const;
export type Era = (typeof ERAS)[number];
export const ERA_LABEL: Record<Era, string> = {
  "pre-qin": "先秦",
  "qin-han": "秦汉",
  "three-kingdoms-jin": "三国两晋",
  "southern-northern": "南北朝",
  "sui-tang-five": "隋唐五代",
  "song-liao-jin-yuan": "宋辽金元",
  "ming-qing": "明清",
  modern: "近代",
  world: "世界史",
};
export const isEra = (value: unknown): value is Era =>
  typeof value === "string" && (ERAS as readonly string[]).includes(value);

/** Themes a knowledge point belongs to; with eras they are the axes of a test report. */
export const THEMES = [
  "politics",
  "war",
  "economy",
  "thought",
  "literature",
  "science",
  "people",
  "exchange",
] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABEL: Record<Theme, string> = {
  politics: "政治制度",
  war: "战争军事",
  economy: "经济社会",
  thought: "思想文化",
  literature: "文学艺术",
  science: "科技发明",
  people: "历史人物",
  exchange: "民族与交流",
};
export const isTheme = (value: unknown): value is Theme =>
  typeof value === "string" && (THEMES as readonly string[]).includes(value);

export const QUESTION_TYPES = ["single", "multiple"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABEL: Record<QuestionType, string> = {
  single: "单选题",
  multiple: "多选题",
};

/** Difficulty 1 (easiest) to 5. */
export const DIFFICULTY_MIN = 1;
export const DIFFICULTY_MAX = 5;
/** Options a question offers, lettered A, B, C … */
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 6;
export const OPTION_LETTERS = ["A", "B", "C", "D", "E", "F"] as const;
export const optionLetter = (index: number) => OPTION_LETTERS[index] ?? String(index + 1);

/**
 * Whether a set of chosen options is right: exactly the answer's options, no more, no fewer
 * (a multiple-choice question gets no part marks). Indexes are zero-based; order and repeats
 * do not matter.
 */
export function isCorrectAnswer(answer: readonly number[], chosen: readonly number[]): boolean {
  const want = new Set(answer);
  const got = new Set(chosen);
  if (want.size !== got.size) return false;
  for (const index of got) if (!want.has(index)) return false;
  return true;
}

/** What a day of study is called in records: the reader's calendar day in China (UTC+8). */
export function studyDay(at: Date): string {
  return chinaDay(at);
}
