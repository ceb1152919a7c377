import { TIME_MAX_YEAR, TIME_MIN_YEAR } from "@tongjian/domain/time-columns";
import { z } from "zod";
import { id, lang } from "./common.ts";
import { timelineEvent } from "./content.ts";

// Time columns and the timebar (/timeColumn, /timebar, /timebar/share):
// GET /api/timecolumn/:lang?from=&to=&kinds=&focus=&year=&limit=
// the chooser of notable timelines (/timeline): GET /api/timeline/notable/:lang, and one
// entry's timeline page: GET /api/timeline/detail/:lang/:id.

const RANGE = `年份应在前${-TIME_MIN_YEAR}年到${TIME_MAX_YEAR}年之间`;

/** A year in a query: an integer, BCE negative, never 0 (there was no year 0). */
export const yearQuery = z.coerce
  .number({ error: "年份应为整数（公元前用负数，如 -221）" })
  .int("年份应为整数（公元前用负数，如 -221）")
  .min(TIME_MIN_YEAR, RANGE)
  .max(TIME_MAX_YEAR, RANGE)
  .refine((year) => year !== 0, "没有公元0年：前1年之后就是1年");

export const TIME_KINDS = ["regime", "person", "event"] as const;
export type TimeKind = (typeof TIME_KINDS)[number];

/** The most people one answer draws (the best known first); the year list counts them all. */
export const TIME_PEOPLE_LIMIT_MAX = 5000;
export const TIME_PEOPLE_LIMIT_DEFAULT = 2000;

export const timeColumnParams = z.object({ lang });
export const timeColumnQuery = z.object({
  from: yearQuery.optional(),
  to: yearQuery.optional(),
  /** Comma-separated: regime, person, event. Regimes and people when left out. */
  kinds: z
    .string()
    .max(40, "kinds 过长")
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return ["regime", "person"] as TimeKind[];
      const kinds = [...new Set(value.split(",").map((k) => k.trim()))];
      const unknown = kinds.filter((k) => !(TIME_KINDS as readonly string[]).includes(k));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `kinds 只能是 regime、person、event，不认识：${unknown.join("、")}`,
        });
        return z.NEVER;
      }
      return kinds as TimeKind[];
    }),
  /** An entry (person, regime or event) whose span is highlighted, with its contemporaries. */
  focus: id.optional(),
  /** The year of the cursor: what stood then is listed. */
  year: yearQuery.optional(),
  limit: z.coerce
    .number({ error: "limit 应为数字" })
    .int("limit 应为整数")
    .min(1, "limit 至少为 1")
    .max(TIME_PEOPLE_LIMIT_MAX, `limit 至多为 ${TIME_PEOPLE_LIMIT_MAX}`)
    .default(TIME_PEOPLE_LIMIT_DEFAULT),
});
export type TimeColumnQuery = z.input<typeof timeColumnQuery>;

/** One bar: a regime's years, a life, an event's course. */
export const timeBar = z.object({
  id: z.string(),
  kind: z.enum(TIME_KINDS),
  name: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  /** The years in words, 约 and 或 included (约前551年—前479年). */
  timeDesc: z.string(),
  /** Its column within its kind's group (0 = leftmost); the main line of regimes is lane 0. */
  lane: z.number().int(),
  /** A person's or event's regime. */
  regimeId: z.string().nullable(),
  /** Place in the order of renown within its kind (0 = best known): lists put these first. */
  rank: z.number().int(),
});
export type TimeBar = z.infer<typeof timeBar>;

/** An entry named in a list (the cursor year's, the contemporaries). */
export const timeListItem = z.object({
  id: z.string(),
  kind: z.enum(TIME_KINDS),
  name: z.string(),
  timeDesc: z.string(),
});
export type TimeListItem = z.infer<typeof timeListItem>;

export const timeColumnData = z.object({
  from: z.number().int(),
  to: z.number().int(),
  kinds: z.array(z.enum(TIME_KINDS)),
  /** Regimes made of others (周, 汉, 宋, 三国 …): drawn as era bands over the columns. */
  eras: z.array(timeBar),
  /** Every bar in the window; people limited to the best known `limit`. */
  bars: z.array(timeBar),
  /** Columns each kind's bars need. */
  lanes: z.object({ regime: z.number().int(), person: z.number().int(), event: z.number().int() }),
  /** People in the window with both years known, and how many of them are drawn. */
  peopleTotal: z.number().int(),
  peopleShown: z.number().int(),
  focus: z
    .object({
      id: z.string(),
      kind: z.enum(TIME_KINDS),
      name: z.string(),
      start: z.number().int(),
      end: z.number().int(),
      timeDesc: z.string(),
      /** People whose lives overlap it, the longest shared span first. */
      contemporaries: z.array(timeListItem.extend({ overlap: z.number().int() })),
      contemporariesTotal: z.number().int(),
      /** The regimes that stood during it. */
      regimes: z.array(timeListItem),
    })
    .nullable(),
  /** What stood in the cursor's year. */
  year: z
    .object({
      year: z.number().int(),
      label: z.string(),
      regimes: z.array(timeListItem),
      people: z.array(timeListItem),
      peopleTotal: z.number().int(),
      events: z.array(timeListItem),
    })
    .nullable(),
});
export type TimeColumnData = z.infer<typeof timeColumnData>;

/** The /timeline chooser: the best-known people, each dynasty, major events. */
export const timelineChooserData = z.object({
  people: z.array(timeListItem),
  regimes: z.array(timeListItem),
  events: z.array(timeListItem),
});
export type TimelineChooserData = z.infer<typeof timelineChooserData>;

export const timelineDetailParams = z.object({ lang, id });

/** One entry's life in dates (/timeline/:id): the entry timeline with its eras and what is undated. */
export const timelineDetailData = z.object({
  entry: z.object({
    id: z.string(),
    kind: z.string(),
    name: z.string(),
    summary: z.string(),
    timeDesc: z.string().nullable(),
  }),
  /** Dated moments, oldest first (birth, offices, events, works, dated relations, death …). */
  list: z.array(timelineEvent),
  /** The main line's regimes over the years of the list: the era markers. */
  eras: z.array(timeListItem.extend({ start: z.number().int(), end: z.number().int() })),
  /** Ties the corpus gives no year for (an office, a capital, a part in an event). */
  undated: z.array(z.object({ title: z.string(), itemId: z.string().nullable() })),
  /** Whether the entry can be shown on the time columns (it has both years). */
  onColumns: z.boolean(),
});
export type TimelineDetailData = z.infer<typeof timelineDetailData>;
