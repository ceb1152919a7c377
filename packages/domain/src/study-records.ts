/**
 * Rules of the study records, the daily check-in and its reissue cards, reminders, binding and
 * surveys (issue 20, decision 32). Days are calendar days in China (`studyDay`), written
 * YYYY-MM-DD; all arithmetic on them is done on the date alone, so a month end, a year end or
 * a leap day is no special case.
 */

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MONTH_PATTERN = /^\d{4}-\d{2}$/;

const toUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const fromUtc = (d: Date) => d.toISOString().slice(0, 10);

/** Whether a string is a real calendar day (2026-02-30 is not). */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const d = toUtc(value);
  return !Number.isNaN(d.getTime()) && fromUtc(d) === value;
}

export function addDays(day: string, n: number): string {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** 1 Monday … 7 Sunday, as Chinese calendars and the reminders count them. */
export function weekdayOf(day: string): number {
  const w = toUtc(day).getUTCDay();
  return w === 0 ? 7 : w;
}

/** The Monday of the day's week. */
export function weekStart(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

export const monthOf = (day: string) => day.slice(0, 7);

/** Every day of a month (YYYY-MM), in order. */
export function monthDays(month: string): string[] {
  const first = `${month}-01`;
  const days: string[] = [];
  for (let d = first; monthOf(d) === month; d = addDays(d, 1)) days.push(d);
  return days;
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The time of day in China, HH:MM. */
export function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(11, 16);
}

export interface Streaks {
  /** Days in a row up to today, or up to yesterday while today is still open. */
  current: number;
  longest: number;
}

/**
 * Streaks over a set of days (a study day: any study recorded or a clock-in, made-up days
 * included). Today not yet counted does not break the current streak: it runs to yesterday.
 */
export function streaksOf(days: Iterable<string>, today: string): Streaks {
  const set = new Set([...days].filter((d) => d <= today));
  const sorted = [...set].sort();
  let longest = 0;
  let run = 0;
  let prev: string | null = null;
  for (const d of sorted) {
    run = prev !== null && daysBetween(prev, d) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    prev = d;
  }
  let current = 0;
  let cursor = set.has(today) ? today : addDays(today, -1);
  while (set.has(cursor)) {
    current++;
    cursor = addDays(cursor, -1);
  }
  return { current, longest };
}

// ─── Check-in and reissue cards ────────────────────────────────────────────────────────────

/** A missed day may be made up within this many days before today. */
export const REISSUE_WINDOW_DAYS = 7;
/** Cards a reader gets on first opening the check-in. */
export const WELCOME_CARDS = 1;
/** A check-in that brings the clock-in streak to a multiple of this earns a card. */
export const CARD_STREAK = 7;

export const REISSUE_RULE = [
  `新读者第一次打开打卡页时获得 ${WELCOME_CARDS} 张补签卡（新人礼）。`,
  `连续打卡（含补签）每满 ${CARD_STREAK} 天，当天打卡时获得 1 张补签卡。`,
  `补签卡可补签今天之前 ${REISSUE_WINDOW_DAYS} 天内漏打的一天，每张用一次；已打卡的日子不能补签。`,
  "挑战赛奖励、活动等也可能发放补签卡，每项奖励只发一次。补签的日子计入连续打卡与连续学习。",
];

/** Whether a check-in on `today` earns a streak card, given the clock-in days so far. */
export function earnsStreakCard(clockDays: Iterable<string>, today: string): boolean {
  const { current } = streaksOf([...clockDays, today], today);
  return current > 0 && current % CARD_STREAK === 0;
}

/** Why a day cannot be made up, or null when it can (cards are counted elsewhere). */
export function reissueProblem(
  day: string,
  today: string,
  checked: ReadonlySet<string>,
): string | null {
  if (!isDay(day)) return "日期格式不正确";
  if (day === today) return "今天还没过完，请直接打卡";
  if (day > today) return "不能补签未来的日子";
  if (daysBetween(day, today) > REISSUE_WINDOW_DAYS)
    return `只能补签最近 ${REISSUE_WINDOW_DAYS} 天内的日子`;
  if (checked.has(day)) return "这一天已经打过卡了，不需要补签";
  return null;
}

export type CalendarMark = "checked" | "reissued" | "missed" | "today" | "future";

/** A month's calendar: each day checked, made up, missed (past, neither) or still to come. */
export function calendarMarks(
  month: string,
  today: string,
  checked: ReadonlySet<string>,
  reissued: ReadonlySet<string>,
): { day: string; mark: CalendarMark }[] {
  return monthDays(month).map((day) => ({
    day,
    mark: checked.has(day)
      ? "checked"
      : reissued.has(day)
        ? "reissued"
        : day === today
          ? "today"
          : day > today
            ? "future"
            : "missed",
  }));
}

// ─── Reminders ─────────────────────────────────────────────────────────────────────────────

export const REMINDERS_MAX = 5;
export const REMINDER_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const WEEKDAY_LABEL = ["", "周一", "周二", "周三", "周四", "周五", "周六", "周日"];

export interface ReminderSchedule {
  time: string;
  weekdays: number[];
  enabled: boolean;
}

/** Whether a reminder is due at `now` on `today`: its day, at or after its time. */
export function reminderDue(r: ReminderSchedule, today: string, now: string): boolean {
  return r.enabled && r.weekdays.includes(weekdayOf(today)) && now >= r.time;
}

// ─── Plans ─────────────────────────────────────────────────────────────────────────────────

export const PLAN_LEVELS_MAX = 21;
export const PLAN_MINUTES_MAX = 240;

// ─── Binding ───────────────────────────────────────────────────────────────────────────────

export const BIND_CODE = /^[A-Z2-9]{8}$/;
export const BIND_CODE_HOURS = 24;
export const BIND_LEARNERS_MAX = 20;
export const BIND_GUARDIANS_MAX = 3;

// ─── Mock test ─────────────────────────────────────────────────────────────────────────────

export const MOCK_QUESTIONS = 20;
/** A paper left unsubmitted this long is closed; a new one may be taken. */
export const MOCK_MINUTES = 60;

/**
 * The fixed paper of a grade: up to `size` questions spread evenly over the grade's questions
 * in their bank order, so every reader of the grade gets the same paper.
 */
export function fixedPaper<T>(questions: readonly T[], size = MOCK_QUESTIONS): T[] {
  if (questions.length <= size) return [...questions];
  const step = questions.length / size;
  return Array.from({ length: size }, (_, i) => questions[Math.floor(i * step)] as T);
}
