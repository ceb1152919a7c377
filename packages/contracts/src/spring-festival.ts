import { z } from "zod";
import { campaignInvitesView, campaignRankingView, campaignView } from "./campaigns.ts";

// 春节邀请 (/springfestival, /springfestival/2023, /friendslist, /share; decision 43).

const custom = z.object({
  year: z.number().int(),
  /** 约 (about) or 起 (from): how sure the year is. */
  yearNote: z.string().nullable(),
  title: z.string(),
  text: z.string(),
});

const reading = z.object({
  kind: z.enum(["article", "entry"]),
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  path: z.string(),
});

export const festivalContent = z.object({
  edition: z.number().int(),
  festivalDay: z.string(),
  zodiac: z.string(),
  intro: z.string(),
  customs: z.array(custom),
  readings: z.array(reading),
});
export type FestivalContent = z.infer<typeof festivalContent>;

/** Spec §3 springFestivalData. */
export const springFestivalData = z.object({
  hasLogin: z.boolean(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  /** 0 预热中, 1 进行中, 2 已结束. */
  activityStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  friendsNum: z.number().int(),
  validFriendsNum: z.number().int(),
  /** Spec spelling: where the page is open (app, weixin, browser). */
  browerType: z.enum(["app", "weixin", "browser"]),
  activityId: z.string(),
  userId: z.string().nullable(),
});
export type SpringFestivalData = z.infer<typeof springFestivalData>;

export const springFestivalPage = z.object({
  campaign: campaignView,
  data: springFestivalData,
  festival: festivalContent,
  ranking: campaignRankingView,
  /** The next reward and how many more valid friends it needs; null once all are reached. */
  next: z
    .object({ label: z.string(), threshold: z.number().int(), more: z.number().int() })
    .nullable(),
  /** The reader's own invitation link (the share page with `from`). */
  invitePath: z.string(),
});
export type SpringFestivalPage = z.infer<typeof springFestivalPage>;

export const springFestivalFriends = z.object({
  campaign: campaignView,
  data: springFestivalData,
  invites: campaignInvitesView,
  next: springFestivalPage.shape.next,
  invitePath: z.string(),
});
export type SpringFestivalFriends = z.infer<typeof springFestivalFriends>;

export const springFestivalShareQuery = z.object({
  from: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "邀请人不正确")
    .optional(),
});

export const springFestivalLanding = z.object({
  campaign: campaignView,
  data: springFestivalData,
  festival: festivalContent,
  /** Who shared the link; null when the link carries nobody known. */
  inviter: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  /** The signed-in reader was brought by this inviter (recorded). */
  invitedBy: z.string().nullable(),
  /** The signed-in reader has read something since joining: they count as valid. */
  readSinceJoining: z.boolean(),
  invitePath: z.string(),
});
export type SpringFestivalLanding = z.infer<typeof springFestivalLanding>;

export const springFestivalFinal = z.object({
  campaign: campaignView,
  festival: festivalContent,
  ranking: campaignRankingView,
  totals: z.object({
    inviters: z.number().int(),
    friends: z.number().int(),
    validFriends: z.number().int(),
    rewards: z.number().int(),
  }),
  /** The reader's own result in that edition; null when they took no part or are signed out. */
  mine: z
    .object({
      friendsNum: z.number().int(),
      validFriendsNum: z.number().int(),
      rewards: z.array(z.string()),
    })
    .nullable(),
});
export type SpringFestivalFinal = z.infer<typeof springFestivalFinal>;
