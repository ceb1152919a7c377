import { SHARE_DESCRIPTION_LIMIT, truncateText } from "./text-length.ts";

/**
 * The campaign engine (issue 22, decision 39): every seasonal activity (求签, 贺卡, the spring
 * festival invitation, the quizzes, the votes, the work collections, the year in review and the
 * day pages) is a campaign with one schedule, one set of rules and limits, one way of giving
 * rewards exactly once, one ranking, one share payload and one record of who brought whom.
 */

/** What kind of flow a campaign's pages run; the engine treats them alike. */
export const CAMPAIGN_KINDS = [
  "draw",
  "greeting",
  "invite",
  "quiz",
  "vote",
  "submission",
  "review",
  "day",
] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** 预热 before it starts, 进行中 while it runs, 已结束 after its end or once closed. */
export type CampaignPhase = "upcoming" | "running" | "ended";

export const CAMPAIGN_PHASE_LABELS: Readonly<Record<CampaignPhase, string>> = {
  upcoming: "预热中",
  running: "进行中",
  ended: "已结束",
};

export interface CampaignSchedule {
  /** ISO instant: the campaign is announced (预热) from here; null: from its start. */
  previewAt: string | null;
  startsAt: string;
  endsAt: string;
  /** Set when an admin closed it early. */
  closedAt: string | null;
}

/**
 * The phase at `now` (server time only: the client shows what the server said). Before the
 * preview a campaign is not shown at all (null); a closed campaign has ended whatever its dates.
 */
export function campaignPhase(schedule: CampaignSchedule, now: Date): CampaignPhase | null {
  const at = now.getTime();
  if (schedule.closedAt && Date.parse(schedule.closedAt) <= at) return "ended";
  if (at >= Date.parse(schedule.endsAt)) return "ended";
  if (at >= Date.parse(schedule.startsAt)) return "running";
  const preview = schedule.previewAt ?? schedule.startsAt;
  return at >= Date.parse(preview) ? "upcoming" : null;
}

/**
 * Participation limits: how many times a reader may act per China day and in all, and how many
 * times one device may (several accounts on one phone count together). null: no limit.
 */
export interface CampaignLimits {
  perDay: number | null;
  perReader: number | null;
  perDevice: number | null;
}

export const NO_LIMITS: CampaignLimits = { perDay: null, perReader: null, perDevice: null };

/** What a campaign can give; each is granted through the area that owns it. */
export const REWARD_ITEMS = ["vip-days", "coupon", "reissue-card", "badge"] as const;
export type RewardItem = (typeof REWARD_ITEMS)[number];

export interface CampaignReward {
  key: string;
  /** Shown to the reader: "7 天会员", "补签卡 1 张", "徽章 · 求签达人". */
  label: string;
  item: RewardItem;
  /** Days for vip-days, cards for reissue-card; 1 otherwise. */
  amount: number;
  /** The coupon campaign's key (content/commerce/promotions.yaml) for item coupon. */
  coupon?: string | undefined;
  /**
   * When the reward is due, in the campaign's own measure: valid friends for an invitation,
   * correct answers for a quiz, participations otherwise. 0: on first participation.
   */
  threshold: number;
  /**
   * A prize by final place (places from..to of the campaign's standing), given once when the
   * campaign ends (a work collection's `npm run campaign:award`), never by progress.
   */
  rank?: { from: number; to: number } | undefined;
}

export interface CampaignShare {
  title: string;
  desc: string;
  imgUrl: string;
}

/** Spec §3 share payload: title, desc (cut to 100), link, imgUrl. */
export interface CampaignSharePayload extends CampaignShare {
  link: string;
}

/**
 * The payload a reader shares: the campaign's text, its description cut to the spec's 100, and
 * the page's link carrying who shared it (`from`), so the engine knows who brought whom.
 */
export function campaignSharePayload(
  share: CampaignShare,
  link: string,
  sharerId: string | null,
): CampaignSharePayload {
  const url = new URL(link, "http://site.invalid");
  if (sharerId) url.searchParams.set("from", sharerId);
  else url.searchParams.delete("from");
  const path = `${url.pathname}${url.search}`;
  return {
    title: share.title,
    desc: truncateText(share.desc, SHARE_DESCRIPTION_LIMIT),
    link: link.startsWith("http") ? `${url.origin}${path}` : path,
    imgUrl: share.imgUrl,
  };
}

/** Rewards due at `progress` that were not granted yet, lowest threshold first. */
export function dueRewards(
  rewards: readonly CampaignReward[],
  progress: number,
  granted: ReadonlySet<string>,
): CampaignReward[] {
  return rewards
    .filter((r) => !r.rank && progress >= r.threshold && !granted.has(r.key))
    .sort((a, b) => a.threshold - b.threshold);
}

/** Why a reader may not take part now, in Chinese; null when they may. */
export function participationProblem(
  phase: CampaignPhase | null,
  used: { today: number; total: number; device: number },
  limits: CampaignLimits,
): string | null {
  if (phase === null) return "活动不存在";
  if (phase === "upcoming") return "活动尚未开始，敬请期待";
  if (phase === "ended") return "活动已结束，感谢参与";
  if (limits.perReader !== null && used.total >= limits.perReader)
    return `每人最多参与 ${limits.perReader} 次，你已参与过了`;
  if (limits.perDay !== null && used.today >= limits.perDay)
    return limits.perDay === 1
      ? "今天已经参与过了，明天再来吧"
      : `每天最多参与 ${limits.perDay} 次，明天再来吧`;
  if (limits.perDevice !== null && used.device >= limits.perDevice)
    return "这台设备的参与次数已用完";
  return null;
}

/** How the limits read on a rules page. */
export function describeLimits(limits: CampaignLimits): string[] {
  const lines: string[] = [];
  if (limits.perDay !== null) lines.push(`每人每天可参与 ${limits.perDay} 次`);
  if (limits.perReader !== null) lines.push(`每人共可参与 ${limits.perReader} 次`);
  if (limits.perDevice !== null) lines.push(`每台设备共可参与 ${limits.perDevice} 次`);
  if (lines.length === 0) lines.push("参与次数不限");
  return lines;
}

/** A campaign's key: lowercase letters, digits and dashes. */
export const CAMPAIGN_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
