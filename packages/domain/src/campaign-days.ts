import { chinaDay } from "./china-time.ts";
import { formatHistoricalDate, type HistoricalDate } from "./year-format.ts";

/**
 * The day pages of issue 22 (decision 47): themed reading lists and check-in routes run by the
 * campaign engine, share-to-unlock, and the content pages around them (历史日历, 往事列表, 简读史,
 * 中国风). Only pure rules live here: the progress of a list, the days of the calendar, paging.
 */

/** What an item of a day page points at: an entry, an article, a book or a piece of music. */
export const DAY_REF_KINDS = ["entry", "article", "book", "music"] as const;
export type DayRefKind = (typeof DAY_REF_KINDS)[number];

/** "entry:wu-zetian" → { kind: "entry", key: "wu-zetian" }; null when it is not a ref. */
export function parseDayRef(ref: string): { kind: DayRefKind; key: string } | null {
  const m = /^(entry|article|book|music):([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(ref);
  if (!m) return null;
  return { kind: m[1] as DayRefKind, key: m[2] as string };
}

export interface ListProgress {
  done: number;
  total: number;
  /** 0…100, rounded down: a list is 100 only when every item is done. */
  percent: number;
  /** The first item not done yet, in the list's order; null when all are. */
  next: string | null;
  complete: boolean;
}

/** How far a reader is in a list: only items of the list count, each once. */
export function listProgress(items: readonly string[], done: Iterable<string>): ListProgress {
  const doneSet = new Set(done);
  const count = items.filter((key) => doneSet.has(key)).length;
  const total = items.length;
  return {
    done: count,
    total,
    percent: total === 0 ? 0 : Math.floor((count * 100) / total),
    next: items.find((key) => !doneSet.has(key)) ?? null,
    complete: total > 0 && count === total,
  };
}

// ─── The history calendar ─────────────────────────────────────────────────────────────────

/** A calendar day without a year: "03-08". */
export type MonthDay = `${string}-${string}`;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days of a month in a leap year: the calendar has a 2月29日 page. */
export function daysInMonth(month: number): number {
  const n = DAYS_IN_MONTH[month - 1];
  if (n === undefined) throw new RangeError(`Invalid month ${month}`);
  return n;
}

/** "3-8", "03-08", "0308" → "03-08"; null for anything that is not a real calendar day. */
export function parseMonthDay(text: string): MonthDay | null {
  const m = /^(\d{1,2})-?(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month)) return null;
  return monthDay(month, day);
}

export function monthDay(month: number, day: number): MonthDay {
  return `${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function splitMonthDay(md: MonthDay): { month: number; day: number } {
  const [m, d] = md.split("-");
  return { month: Number(m), day: Number(d) };
}

/** Today's calendar day in China (UTC+8), from the server's clock. */
export function chinaMonthDay(at: Date): MonthDay {
  const day = chinaDay(at);
  return monthDay(Number(day.slice(5, 7)), Number(day.slice(8, 10)));
}

/**
 * The day `delta` days away in a leap year's round of 366 days, wrapping at the year's end: the
 * day after 12月31日 is 1月1日, and 2月29日 sits between 2月28日 and 3月1日.
 */
export function shiftMonthDay(md: MonthDay, delta: number): MonthDay {
  const { month, day } = splitMonthDay(md);
  let index = day - 1;
  for (let m = 1; m < month; m++) index += daysInMonth(m);
  const wrapped = (((index + delta) % 366) + 366) % 366;
  let rest = wrapped;
  for (let m = 1; m <= 12; m++) {
    const n = daysInMonth(m);
    if (rest < n) return monthDay(m, rest + 1);
    rest -= n;
  }
  throw new RangeError("unreachable");
}

/** "3月8日". */
export function formatMonthDay(md: MonthDay): string {
  const { month, day } = splitMonthDay(md);
  return `${month}月${day}日`;
}

export interface DatedHappening {
  /** Stable id: the entry's id and what happened (start, end, born, died) or the file's key. */
  id: string;
  date: HistoricalDate;
  title: string;
}

/**
 * What happened on a calendar day, oldest first; a happening needs its month and day to be
 * placed (year-only dates never show up on a day).
 */
export function onThisDay<T extends DatedHappening>(items: readonly T[], md: MonthDay): T[] {
  const { month, day } = splitMonthDay(md);
  return items
    .filter((i) => i.date.month === month && i.date.day === day)
    .sort((a, b) => a.date.year - b.date.year || a.title.localeCompare(b.title, "zh-CN"));
}

/** How long ago a year was, in the words of a calendar page: "1,115 年前", "今年". */
export function yearsAgo(year: number, now: Date): string {
  const current = Number(chinaDay(now).slice(0, 4));
  const diff = current - year - (year < 0 ? 1 : 0);
  if (diff <= 0) return "今年";
  return `${diff.toLocaleString("en-US")} 年前`;
}

/** The days of the year that have something on them, for the browse list ("03-08" → count). */
export function daysWithHappenings(items: readonly DatedHappening[]): Map<MonthDay, number> {
  const counts = new Map<MonthDay, number>();
  for (const i of items) {
    if (i.date.month === undefined || i.date.day === undefined) continue;
    const md = monthDay(i.date.month, i.date.day);
    counts.set(md, (counts.get(md) ?? 0) + 1);
  }
  return counts;
}

export const describeDate = (date: HistoricalDate) => formatHistoricalDate(date);

// ─── Paging ───────────────────────────────────────────────────────────────────────────────

export interface Paged<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

/** Page `page` (1-based, clamped into range) of `size` items. */
export function pageOf<T>(items: readonly T[], page: number, size: number): Paged<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return {
    items: items.slice((at - 1) * size, at * size),
    page: at,
    pages,
    total: items.length,
  };
}

/** The first sentence of a summary (up to 。！？), kept under `limit` characters. */
export function firstSentence(text: string, limit = 80): string {
  const m = /^[^。！？]*[。！？]/.exec(text.trim());
  const sentence = m ? m[0] : text.trim();
  return sentence.length <= limit ? sentence : `${sentence.slice(0, limit - 1)}…`;
}

// ─── The files behind the pages (content/campaigns/<key>/list.yaml, content/days/*.yaml) ──

/** One item of a reading list or check-in route. */
export interface DayListItem {
  /** Unique within the list: what a reader's progress records. */
  key: string;
  /** "entry:wu-zetian", "article:…", "book:…", "music:…". */
  ref: string;
  /** Why it is on the list, written for the page. */
  note: string;
}

/** A campaign's list: a reading list (读完) or a route of places (打卡). */
export interface DayList {
  title: string;
  intro: string;
  /** The verb of one step: 读完, 打卡, 认领. */
  verb: string;
  /** A note shown above the list (心理健康日: not medical advice). */
  notice?: string | undefined;
  items: DayListItem[];
}

/** The piece a share unlocks (分享活动). */
export interface DayUnlock {
  title: string;
  teaser: string;
  /** The corpus entry or article the piece belongs to. */
  ref: string;
  paragraphs: string[];
}

/** A dated event written for the calendar or the 往事 list (not a corpus entry itself). */
export interface DayEvent {
  key: string;
  title: string;
  start: HistoricalDate;
  end?: HistoricalDate | undefined;
  /** Where, in words (古今地名). */
  places: string[];
  /** What was done against it (往事列表). */
  measures: string[];
  summary: string;
  /** Corpus entries and articles it links to. */
  refs: string[];
  /** A note on the date: 农历、公历换算或推定. */
  dateNote?: string | undefined;
}

export interface DayGallerySection {
  key: string;
  title: string;
  intro: string;
  items: { ref: string; note: string }[];
}

export interface DayContent {
  /** Campaign key → its list. */
  lists: Record<string, DayList>;
  /** Campaign key → the piece its share unlocks. */
  unlocks: Record<string, DayUnlock>;
  /** content/days/calendar.yaml: dated happenings added to the corpus's. */
  calendar: DayEvent[];
  /** content/days/epidemics.yaml: 往事列表. */
  epidemics: DayEvent[];
  /** content/days/gallery.yaml: 中国风. */
  gallery: DayGallerySection[];
}

export const EMPTY_DAY_CONTENT: DayContent = {
  lists: {},
  unlocks: {},
  calendar: [],
  epidemics: [],
  gallery: [],
};
