import { z } from "zod";

// The campaign engine (issue 22, decision 39): one view of a campaign for every activity, its
// ranking, invitations, shares and the rewards a reader was given.

export const campaignKeyParams = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "活动不存在")
    .max(40, "活动不存在"),
});

const rewardItem = z.enum(["vip-days", "coupon", "reissue-card", "badge"]);
const phase = z.enum(["upcoming", "running", "ended"]);

export const campaignView = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(["draw", "greeting", "invite", "quiz", "vote", "submission", "review", "day"]),
  path: z.string(),
  summary: z.string(),
  rules: z.array(z.string()),
  limits: z.object({
    perDay: z.number().int().nullable(),
    perReader: z.number().int().nullable(),
    perDevice: z.number().int().nullable(),
  }),
  /** The limits in words, for the rules page. */
  limitsText: z.array(z.string()),
  rewards: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      item: rewardItem,
      amount: z.number().int(),
      threshold: z.number().int(),
      /** A prize by final place (places from..to), given when the campaign ends. */
      rank: z.object({ from: z.number().int(), to: z.number().int() }).nullable().optional(),
      /** Given to this reader already. */
      granted: z.boolean(),
    }),
  ),
  /** Server time decides: 预热中, 进行中, 已结束. */
  phase,
  phaseLabel: z.string(),
  previewAt: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  closedAt: z.string().nullable(),
  /** The server's clock when this was made (countdowns run from it). */
  now: z.string(),
  /** What sharing the page shares; the link carries the reader's id as `from`. */
  share: z.object({ title: z.string(), desc: z.string(), link: z.string(), imgUrl: z.string() }),
  me: z.object({
    signedIn: z.boolean(),
    /** Signed in to an account (rewards go to accounts). */
    account: z.boolean(),
    usedToday: z.number().int(),
    usedTotal: z.number().int(),
    /** Why the reader cannot take part now, in Chinese; null when they can. */
    reason: z.string().nullable(),
  }),
});
export type CampaignView = z.infer<typeof campaignView>;

export const campaignShareBody = z.object({
  /** The page being shared, a path on this site. */
  link: z.string().min(1).max(500),
});

/** Spec §3 share payload. */
export const campaignSharePayload = z.object({
  title: z.string(),
  desc: z.string(),
  link: z.string(),
  imgUrl: z.string(),
});

export const campaignInviteBody = z.object({
  /** The `from` of the shared link: who brought the reader. */
  from: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "邀请人不正确"),
});

export const campaignInviteResult = z.object({ recorded: z.boolean() });

export const campaignInvitesView = z.object({
  signedIn: z.boolean(),
  friendsNum: z.number().int(),
  validFriendsNum: z.number().int(),
  friends: z.array(
    z.object({
      name: z.string(),
      avatar: z.string().nullable(),
      joinedAt: z.string(),
      valid: z.boolean(),
    }),
  ),
  /** Rewards given just now (the count reached their threshold). */
  granted: z.array(z.string()),
});
export type CampaignInvitesView = z.infer<typeof campaignInvitesView>;

const rankingEntry = z.object({
  rank: z.number().int(),
  ownerId: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  score: z.number(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  isMe: z.boolean(),
});

export const campaignRankingQuery = z.object({
  /** "friends": only the reader and the friends they brought. */
  scope: z.enum(["all", "friends"]).default("all"),
});

export const campaignRankingView = z.object({
  key: z.string(),
  total: z.number().int(),
  entries: z.array(rankingEntry),
  me: rankingEntry.nullable(),
});
export type CampaignRankingView = z.infer<typeof campaignRankingView>;

export const myCampaignRewardsView = z.object({
  signedIn: z.boolean(),
  rewards: z.array(
    z.object({
      campaignKey: z.string(),
      campaignTitle: z.string(),
      path: z.string(),
      rewardKey: z.string(),
      item: rewardItem,
      amount: z.number().int(),
      label: z.string(),
      grantedAt: z.string(),
    }),
  ),
});
export type MyCampaignRewardsView = z.infer<typeof myCampaignRewardsView>;
