import { z } from "zod";
import { campaignSharePayload, campaignView } from "./campaigns.ts";

// The day pages (issue 22, decision 47): reading lists and check-in routes of the campaign
// engine, share-to-unlock, and the content pages 历史日历, 往事列表, 简读史 and 中国风.

const itemKey = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "书单里没有这一项")
  .max(60);

/** What an item points at: an entry, an article, a book or a piece of music. */
export const dayRefView = z.object({
  ref: z.string(),
  kind: z.enum(["entry", "article", "book", "music"]),
  title: z.string(),
  /** 年代、栏目或作者. */
  meta: z.string(),
  summary: z.string(),
  href: z.string(),
});
export type DayRefView = z.infer<typeof dayRefView>;

const listProgressView = z.object({
  done: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  next: z.string().nullable(),
  complete: z.boolean(),
});

export const dayKeyParams = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "活动不存在")
    .max(40, "活动不存在"),
});

export const readingListView = z.object({
  campaign: campaignView,
  title: z.string(),
  intro: z.string(),
  /** 读完, 打卡, 认领. */
  verb: z.string(),
  notice: z.string().nullable(),
  items: z.array(
    z.object({
      key: z.string(),
      note: z.string(),
      done: z.boolean(),
      target: dayRefView.nullable(),
    }),
  ),
  progress: listProgressView,
});
export type ReadingListView = z.infer<typeof readingListView>;

export const readBody = z.object({ item: itemKey });

export const readResultView = z.object({
  /** false: the item was done before (nothing new recorded). */
  recorded: z.boolean(),
  progress: listProgressView,
  /** Rewards given just now. */
  granted: z.array(z.string()),
});
export type ReadResultView = z.infer<typeof readResultView>;

export const unlockView = z.object({
  campaign: campaignView,
  title: z.string(),
  teaser: z.string(),
  unlocked: z.boolean(),
  /** The piece's text: empty until the reader has shared. */
  paragraphs: z.array(z.string()),
  source: dayRefView.nullable(),
});
export type UnlockView = z.infer<typeof unlockView>;

export const shareUnlockResult = z.object({
  share: campaignSharePayload,
  view: unlockView,
  granted: z.array(z.string()),
});

export const calendarQuery = z.object({
  /** MM-DD; today in China when absent. */
  day: z
    .string()
    .regex(/^\d{1,2}-?\d{1,2}$/, "日期须形如 03-08")
    .optional(),
});

export const calendarDayView = z.object({
  day: z.string(),
  label: z.string(),
  prev: z.string(),
  next: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["event", "person", "note"]),
      /** 事件, 出生, 逝世, 结束. */
      label: z.string(),
      title: z.string(),
      date: z.string(),
      ago: z.string(),
      summary: z.string(),
      href: z.string().nullable(),
    }),
  ),
  /** How many days of the year have something. */
  daysWithItems: z.number().int(),
  nearby: z.array(z.object({ day: z.string(), label: z.string(), count: z.number().int() })),
});
export type CalendarDayView = z.infer<typeof calendarDayView>;

export const pastEventsView = z.object({
  events: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      when: z.string(),
      startYear: z.number().int(),
      endYear: z.number().int(),
      places: z.array(z.string()),
      measures: z.array(z.string()),
      summary: z.string(),
      dateNote: z.string().nullable(),
      links: z.array(dayRefView),
    }),
  ),
});
export type PastEventsView = z.infer<typeof pastEventsView>;

export const shortReadsQuery = z.object({
  page: z.coerce.number().int().min(1, "页码须为正整数").max(1000).default(1),
});

export const shortReadsView = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  items: z.array(
    z.object({
      title: z.string(),
      when: z.string(),
      summary: z.string(),
      href: z.string(),
      article: z.object({ title: z.string(), href: z.string() }).nullable(),
    }),
  ),
});
export type ShortReadsView = z.infer<typeof shortReadsView>;

export const dayGalleryView = z.object({
  sections: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      intro: z.string(),
      items: z.array(z.object({ note: z.string(), target: dayRefView })),
    }),
  ),
});
export type DayGalleryView = z.infer<typeof dayGalleryView>;

export const changAnEventsView = z.object({
  events: z.array(
    z.object({ title: z.string(), when: z.string(), summary: z.string(), href: z.string() }),
  ),
});
