import {
  BIND_CODE,
  DAY_PATTERN,
  isDay,
  MONTH_PATTERN,
  PLAN_LEVELS_MAX,
  PLAN_MINUTES_MAX,
  REMINDER_TIME,
} from "@tongjian/domain/study-records";
import { z } from "zod";
import { answerItem, grade, markedQuestion, publicQuestion } from "./learning.ts";

// Study records, plans, reminders, check-in, reissue cards, binding, surveys, mock test (issue 20):
//   GET  /api/studyrecord/y/overview              today, this week, streaks, totals (login)
//   GET  /api/studyrecord/y/series                per day (30), week (12), month (6) (login)
//   GET  /api/studyrecord/y/statistics            by kind; by era and theme (mock tests)
//   GET  /api/studyrecord/y/day?day=YYYY-MM-DD    one day's stretches
//   GET  /api/studyrecord/y/ladder                ladder study by level
//   POST /api/studyrecord/y/mock                  {grade} → a fixed paper (no answers)
//   POST /api/studyrecord/y/mock/{id}/submit      {answers} → marked on the server, once
//   GET  /api/studyrecord/y/mock/{id}             the paper, or its result once submitted
//   GET  /api/studyrecord/y/reminders             the reader's reminders; POST adds one
//   POST /api/studyrecord/y/reminders/{id}        edits one; …/{id}/remove removes it
//   GET  /api/studyrecord/y/reminders/due         the reminder due now (shown on learning pages)
//   GET  /api/studyrecord/y/plan                  the weekly plan and this week's progress
//   POST /api/studyrecord/y/plan                  sets the weekly target
//   GET  /api/clockin/y/month?month=YYYY-MM       the check-in calendar
//   POST /api/clockin/y/checkin                   today's check-in, once
//   POST /api/clockin/y/reissue                   {day} makes up a missed day with a card
//   GET  /api/clockin/y/cards                     the card balance and its ledger
//   GET  /api/bindstudy/y/info                    my code, my learners, my guardians
//   POST /api/bindstudy/y/code                    {relation} a new binding code (24 h)
//   POST /api/bindstudy/y/bind                    {code} a learner binds to the code's owner
//   POST /api/bindstudy/y/{id}/remove             either side unbinds
//   GET  /api/bindstudy/y/learner/{id}            a bound learner's summary (read-only)
//   GET  /api/survey/n/{key}                      a questionnaire, my answer, the summary
//   POST /api/survey/y/{key}                      {answers} stores (or edits) my answer

export const dayQuery = z.object({
  day: z
    .string({ error: "请给出日期" })
    .regex(DAY_PATTERN, "日期格式应为 YYYY-MM-DD")
    .refine(isDay, "没有这一天"),
});
export const monthQuery = z.object({
  month: z.string().regex(MONTH_PATTERN, "月份格式应为 YYYY-MM").optional(),
});
export const recordId = z.string().regex(/^[0-9a-f]{24}$/, "编号应为 24 位十六进制字符");
export const idParams = z.object({ id: recordId });

export const sums = z.object({
  seconds: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  stretches: z.number().int(),
});
export type Sums = z.infer<typeof sums>;

export const streaks = z.object({ current: z.number().int(), longest: z.number().int() });

export const studyOverview = z.object({
  today: z.string(),
  todaySums: sums,
  weekSums: sums,
  totals: sums.extend({ days: z.number().int() }),
  /** Days with any study or a clock-in, made-up days included. */
  streaks,
  checkedToday: z.boolean(),
  recentDays: z.array(sums.extend({ day: z.string() })),
});
export type StudyOverview = z.infer<typeof studyOverview>;

export const seriesPoint = sums.extend({ label: z.string() });
export type SeriesPoint = z.infer<typeof seriesPoint>;
export const studySeries = z.object({
  days: z.array(seriesPoint),
  weeks: z.array(seriesPoint),
  months: z.array(seriesPoint),
});
export type StudySeries = z.infer<typeof studySeries>;

export const breakdownRow = z.object({
  key: z.string(),
  label: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  seconds: z.number().int(),
  stretches: z.number().int(),
});
export type BreakdownRow = z.infer<typeof breakdownRow>;
export const studyStatistics = z.object({
  byKind: z.array(breakdownRow),
  /** From the questions marked one by one (the mock tests); empty when there are none. */
  byEra: z.array(breakdownRow),
  byTheme: z.array(breakdownRow),
  questionLevelAnswered: z.number().int(),
});
export type StudyStatistics = z.infer<typeof studyStatistics>;

export const stretch = z.object({
  id: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  ref: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  seconds: z.number().int(),
  at: z.string(),
});
export const studyDayDetail = z.object({
  day: z.string(),
  sums,
  stretches: z.array(stretch),
  clockin: z.enum(["checkin", "reissue"]).nullable(),
});
export type StudyDayDetail = z.infer<typeof studyDayDetail>;

export const ladderRecord = z.object({
  levelKey: z.string(),
  levelTitle: z.string(),
  ladderKey: z.string(),
  ladderTitle: z.string(),
  position: z.number().int(),
  times: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  seconds: z.number().int(),
  lastDay: z.string(),
});
export type LadderRecord = z.infer<typeof ladderRecord>;

// ─── Mock test ─────────────────────────────────────────────────────────────────────────────
export const mockStartBody = z.object({ grade });
export const mockSubmitBody = z.object({
  answers: z.array(answerItem, { error: "答案应为列表" }).max(50, "答案过多"),
});
export const mockPaper = z.object({
  id: z.string(),
  grade,
  createdAt: z.string(),
  submitted: z.boolean(),
  questions: z.array(publicQuestion),
});
export type MockPaper = z.infer<typeof mockPaper>;
export const mockResult = z.object({
  id: z.string(),
  grade,
  submittedAt: z.string(),
  score: z.number().int(),
  total: z.number().int(),
  correct: z.number().int(),
  seconds: z.number().int(),
  questions: z.array(markedQuestion),
});
export type MockResult = z.infer<typeof mockResult>;
export const mockView = z.object({ paper: mockPaper, result: mockResult.nullable() });
export type MockView = z.infer<typeof mockView>;

// ─── Reminders ─────────────────────────────────────────────────────────────────────────────
const weekdays = z
  .array(
    z
      .number({ error: "星期应为 1–7" })
      .int("星期应为 1–7")
      .min(1, "星期应为 1–7")
      .max(7, "星期应为 1–7"),
    { error: "星期应为列表" },
  )
  .min(1, "请至少选一天")
  .max(7, "星期最多 7 天")
  .refine((w) => new Set(w).size === w.length, "星期重复了");
export const reminderBody = z.object({
  time: z.string({ error: "请给出提醒时间" }).regex(REMINDER_TIME, "时间格式应为 HH:MM"),
  weekdays,
  enabled: z.boolean({ error: "开关应为 true 或 false" }).default(true),
});
export const reminder = z.object({
  id: z.string(),
  time: z.string(),
  weekdays: z.array(z.number().int()),
  enabled: z.boolean(),
});
export type Reminder = z.infer<typeof reminder>;
export const reminderDue = z.object({ id: z.string(), time: z.string(), today: z.string() });
export type ReminderDue = z.infer<typeof reminderDue>;

// ─── Plan ──────────────────────────────────────────────────────────────────────────────────
export const planBody = z.object({
  levelsPerWeek: z
    .number({ error: "每周关数应为数字" })
    .int("每周关数应为整数")
    .min(1, "每周至少 1 关")
    .max(PLAN_LEVELS_MAX, `每周最多 ${PLAN_LEVELS_MAX} 关`),
  minutesPerDay: z
    .number({ error: "每天分钟数应为数字" })
    .int("每天分钟数应为整数")
    .min(5, "每天至少 5 分钟")
    .max(PLAN_MINUTES_MAX, `每天最多 ${PLAN_MINUTES_MAX} 分钟`),
});
export const planLevel = z.object({
  key: z.string(),
  title: z.string(),
  ladderKey: z.string(),
  ladderTitle: z.string(),
  position: z.number().int(),
});
export const studyPlan = z.object({
  plan: z.object({ levelsPerWeek: z.number().int(), minutesPerDay: z.number().int() }).nullable(),
  weekStart: z.string(),
  today: z.string(),
  levelsThisWeek: z.array(planLevel),
  days: z.array(z.object({ day: z.string(), minutes: z.number().int() })),
  minutesToday: z.number().int(),
  next: z.array(planLevel),
  /** Levels in all ladders: 0 while the ladders are still being written. */
  levelsTotal: z.number().int(),
});
export type StudyPlan = z.infer<typeof studyPlan>;

// ─── Check-in and cards ────────────────────────────────────────────────────────────────────
export const reissueBody = z.object({
  day: z
    .string({ error: "请选择补签的日子" })
    .regex(DAY_PATTERN, "日期格式应为 YYYY-MM-DD")
    .refine(isDay, "没有这一天"),
});
export const clockinMonth = z.object({
  month: z.string(),
  today: z.string(),
  checkedToday: z.boolean(),
  marks: z.array(
    z.object({
      day: z.string(),
      mark: z.enum(["checked", "reissued", "missed", "today", "future"]),
    }),
  ),
  streaks,
  cards: z.number().int(),
  /** Missed days of the last week that a card can make up. */
  reissuable: z.array(z.string()),
  prevMonth: z.string(),
  nextMonth: z.string().nullable(),
});
export type ClockinMonth = z.infer<typeof clockinMonth>;
export const checkinResult = z.object({
  day: z.string(),
  streak: z.number().int(),
  cardEarned: z.boolean(),
  cards: z.number().int(),
});
export const reissueResult = z.object({ day: z.string(), cards: z.number().int() });
export const cardLedger = z.object({
  balance: z.number().int(),
  granted: z.number().int(),
  used: z.number().int(),
  entries: z.array(
    z.object({
      delta: z.number().int(),
      cause: z.string(),
      day: z.string().nullable(),
      at: z.string(),
    }),
  ),
  rule: z.array(z.string()),
});
export type CardLedger = z.infer<typeof cardLedger>;

// ─── Binding ───────────────────────────────────────────────────────────────────────────────
export const bindRelation = z.enum(["parent", "teacher"], { error: "身份只能是家长或老师" });
export const bindCodeBody = z.object({ relation: bindRelation });
export const bindBody = z.object({
  code: z
    .string({ error: "请输入绑定码" })
    .trim()
    .toUpperCase()
    .regex(BIND_CODE, "绑定码为 8 位字母或数字"),
});
export const bindPerson = z.object({
  bindingId: z.string(),
  userId: z.string(),
  name: z.string(),
  relation: bindRelation,
  since: z.string(),
});
export const bindInfo = z.object({
  code: z.object({ code: z.string(), relation: bindRelation, expiresAt: z.string() }).nullable(),
  learners: z.array(bindPerson),
  guardians: z.array(bindPerson),
});
export type BindInfo = z.infer<typeof bindInfo>;
export const learnerSummary = z.object({
  name: z.string(),
  overview: studyOverview,
});
export type LearnerSummary = z.infer<typeof learnerSummary>;

// ─── Surveys ───────────────────────────────────────────────────────────────────────────────
export const surveyParams = z.object({
  key: z.enum(["learning", "ladder"], { error: "没有这份问卷" }),
});
export const surveyAnswers = z.record(
  z.string().max(24, "题目键过长"),
  z.union(
    [
      z.number().int("选项应为整数"),
      z.array(z.number().int("选项应为整数")).max(10, "选项过多"),
      z.string().max(2000, "文字过长"),
    ],
    { error: "回答应为选项序号、序号列表或文字" },
  ),
  { error: "回答应为按题目键组织的对象" },
);
export const surveyBody = z.object({ answers: surveyAnswers });
const surveyQuestion = z.object({
  key: z.string(),
  kind: z.enum(["single", "multiple", "rating", "text"]),
  title: z.string(),
  options: z.array(z.string()).optional(),
  max: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  optional: z.boolean().optional(),
});
export const surveySummary = z.object({
  responses: z.number().int(),
  questions: z.array(
    z.object({
      key: z.string(),
      /** Per option, for single and multiple choice. */
      counts: z.array(z.number().int()).nullable(),
      /** Rating questions. */
      average: z.number().nullable(),
      /** Text questions: how many wrote something; the texts themselves only for admins. */
      texts: z.number().int().nullable(),
      textSamples: z.array(z.string()).nullable(),
    }),
  ),
});
export const surveyView = z.object({
  survey: z.object({
    key: z.string(),
    title: z.string(),
    intro: z.string(),
    questions: z.array(surveyQuestion),
  }),
  mine: surveyAnswers.nullable(),
  answeredAt: z.string().nullable(),
  signedIn: z.boolean(),
  summary: surveySummary,
});
export type SurveyView = z.infer<typeof surveyView>;
export const surveySaved = z.object({ saved: z.literal(true), edited: z.boolean() });
export const removed = z.object({ removed: z.literal(true) });
