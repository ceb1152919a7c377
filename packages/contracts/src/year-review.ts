import { z } from "zod";
import { campaignView } from "./campaigns.ts";

// 天梯周年 (/ladderanniversary, /ladderanniversary1 and their hint, swiper, result and
// resultothers; decision 43).

export const reviewEditionParams = z.object({
  edition: z.enum(["ladderanniversary", "ladderanniversary1"], { message: "没有这个年报" }),
});

const month = z.object({ month: z.string(), minutes: z.number().int(), reads: z.number().int() });

export const yearReview = z.object({
  edition: z.enum(["ladderanniversary", "ladderanniversary1"]),
  from: z.string(),
  to: z.string(),
  enough: z.boolean(),
  studyDays: z.number().int(),
  minutes: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number().int().nullable(),
  checkins: z.number().int(),
  longestStreak: z.number().int(),
  ladder: z.object({
    passed: z.number().int(),
    tried: z.number().int(),
    points: z.number().int(),
    minutes: z.number().int(),
    lastPassed: z.string().nullable(),
  }),
  challenges: z.object({ rounds: z.number().int(), best: z.number(), correct: z.number().int() }),
  reading: z.object({
    entries: z.number().int(),
    articles: z.number().int(),
    reads: z.number().int(),
    top: z.array(z.object({ kind: z.string(), title: z.string(), count: z.number().int() })),
  }),
  months: z.array(month),
  kinds: z.array(z.object({ kind: z.string(), label: z.string(), minutes: z.number().int() })),
  firstDay: z.string().nullable(),
  busiestDay: z.object({ day: z.string(), minutes: z.number().int() }).nullable(),
  title: z.string(),
});

const card = z.object({
  key: z.string(),
  heading: z.string(),
  figure: z.string(),
  lines: z.array(z.string()),
});

export const yearReviewView = z.object({
  campaign: campaignView,
  ladderTitle: z.string(),
  voice: z.enum(["adult", "young"]),
  /** Null when signed out (the pages ask the reader to sign in). */
  review: yearReview.nullable(),
  cards: z.array(card),
  name: z.string().nullable(),
});
export type YearReviewView = z.infer<typeof yearReviewView>;

export const reviewShareBody = z.object({
  parts: z
    .array(z.enum(["study", "reading"]))
    .min(1, "至少选择一项公开内容")
    .max(2),
});

export const sharedReview = z.object({
  edition: z.enum(["ladderanniversary", "ladderanniversary1"]),
  from: z.string(),
  to: z.string(),
  title: z.string(),
  study: z
    .object({
      studyDays: z.number().int(),
      minutes: z.number().int(),
      answered: z.number().int(),
      accuracy: z.number().int().nullable(),
      checkins: z.number().int(),
      longestStreak: z.number().int(),
      ladderPassed: z.number().int(),
      ladderPoints: z.number().int(),
      challengeRounds: z.number().int(),
      challengeBest: z.number(),
      months: z.array(z.object({ month: z.string(), minutes: z.number().int() })),
    })
    .nullable(),
  reading: z
    .object({ entries: z.number().int(), articles: z.number().int(), top: z.array(z.string()) })
    .nullable(),
});

export const reviewShareResult = z.object({
  token: z.string(),
  /** Spec §3 share payload; the link opens resultothers with the snapshot's token. */
  share: z.object({ title: z.string(), desc: z.string(), link: z.string(), imgUrl: z.string() }),
});
export type ReviewShareResult = z.infer<typeof reviewShareResult>;

export const reviewOthersQuery = z
  .object({
    share: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "分享链接不正确")
      .optional(),
    user: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "分享链接不正确")
      .optional(),
  })
  .refine((q) => q.share !== undefined || q.user !== undefined, { message: "分享链接不完整" });

export const reviewOthersView = z.object({
  campaign: campaignView,
  ladderTitle: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  sharedAt: z.string(),
  snapshot: sharedReview,
});
export type ReviewOthersView = z.infer<typeof reviewOthersView>;
