/**
 * The questionnaires of /survey and /survey/ladder (issue 20). Each reader answers a survey once
 * and may edit the answer later; the summary (counts per option, average rating) is shown to
 * everyone as an aggregate, and the free-text answers to admins only (decision 32).
 */

export type SurveyQuestion =
  | { key: string; kind: "single"; title: string; options: string[] }
  | { key: string; kind: "multiple"; title: string; options: string[]; max: number }
  | { key: string; kind: "rating"; title: string; max: number }
  | { key: string; kind: "text"; title: string; maxLength: number; optional: true };

export interface Survey {
  key: string;
  title: string;
  intro: string;
  questions: SurveyQuestion[];
}

export const SURVEYS: Survey[] = [
  {
    key: "learning",
    title: "学习情况问卷",
    intro: "花一分钟告诉我们你怎样学历史，我们据此安排题库、天梯与提醒。",
    questions: [
      {
        key: "role",
        kind: "single",
        title: "你是",
        options: ["小学生", "初中生", "高中生", "大学生", "家长", "老师", "历史爱好者"],
      },
      {
        key: "time",
        kind: "single",
        title: "你每天大约花多少时间学历史",
        options: ["不到 10 分钟", "10–30 分钟", "30–60 分钟", "一小时以上"],
      },
      {
        key: "parts",
        kind: "multiple",
        title: "你常用哪些学习功能（可多选）",
        options: ["深度测评", "学习天梯", "知识点", "挑战赛", "错题复习", "每日打卡"],
        max: 6,
      },
      { key: "overall", kind: "rating", title: "整体满意度", max: 5 },
      {
        key: "advice",
        kind: "text",
        title: "你最希望我们改进什么",
        maxLength: 500,
        optional: true,
      },
    ],
  },
  {
    key: "ladder",
    title: "天梯反馈问卷",
    intro: "学完几关天梯后，请告诉我们关卡的难度和讲解是否合适。",
    questions: [
      {
        key: "ladder",
        kind: "single",
        title: "你主要在学哪条天梯",
        options: ["文史天梯", "少年天梯", "时事天梯"],
      },
      {
        key: "difficulty",
        kind: "single",
        title: "关卡难度",
        options: ["太简单", "合适", "偏难", "太难"],
      },
      {
        key: "helpful",
        kind: "multiple",
        title: "哪些部分对你有帮助（可多选）",
        options: ["课文讲解", "练习题", "错题解析", "关联词条", "学习计划"],
        max: 5,
      },
      { key: "lessons", kind: "rating", title: "讲解质量", max: 5 },
      { key: "recommend", kind: "rating", title: "愿意推荐给同学或朋友的程度", max: 5 },
      {
        key: "comment",
        kind: "text",
        title: "其他意见",
        maxLength: 500,
        optional: true,
      },
    ],
  },
];

export const surveyOf = (key: string) => SURVEYS.find((s) => s.key === key) ?? null;

/** An answer as stored: an option index, several, a rating 1…max, or text. */
export type SurveyAnswers = Record<string, number | number[] | string>;

/** The first problem of a set of answers against its survey, in the reader's words, or null. */
export function surveyAnswerProblem(survey: Survey, answers: SurveyAnswers): string | null {
  const known = new Set(survey.questions.map((q) => q.key));
  for (const key of Object.keys(answers)) if (!known.has(key)) return "问卷中没有这道题";
  for (const q of survey.questions) {
    const a = answers[q.key];
    if (q.kind === "text") {
      if (a === undefined || a === "") continue;
      if (typeof a !== "string") return `“${q.title}”应为文字`;
      if (a.length > q.maxLength) return `“${q.title}”最多 ${q.maxLength} 字`;
      continue;
    }
    if (a === undefined) return `请回答“${q.title}”`;
    if (q.kind === "single") {
      if (typeof a !== "number" || !Number.isInteger(a) || a < 0 || a >= q.options.length)
        return `“${q.title}”的选项不正确`;
    } else if (q.kind === "multiple") {
      if (!Array.isArray(a) || a.length === 0) return `请为“${q.title}”至少选一项`;
      if (new Set(a).size !== a.length) return `“${q.title}”的选项重复了`;
      if (a.length > q.max) return `“${q.title}”最多选 ${q.max} 项`;
      if (a.some((i) => !Number.isInteger(i) || i < 0 || i >= q.options.length))
        return `“${q.title}”的选项不正确`;
    } else if (typeof a !== "number" || !Number.isInteger(a) || a < 1 || a > q.max)
      return `“${q.title}”请打 1–${q.max} 分`;
  }
  return null;
}
