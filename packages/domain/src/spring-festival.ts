import type { AppEnv } from "./app-env.ts";
import type { CampaignPhase } from "./campaigns.ts";

/**
 * 春节邀请 (/springfestival; decision 43): a reader invites friends with their share link; a
 * friend who signs in and reads an entry or an article is a valid friend; rewards come at
 * thresholds of valid friends, through the campaign engine.
 */

/** The running edition and the 2023 one, each a campaign of the engine. */
export const SPRING_FESTIVAL_KEY = "springfestival";
export const SPRING_FESTIVAL_2023_KEY = "springfestival-2023";

/** Spec §3 springFestivalData.browerType: where the page is open. */
export type BrowserType = "app" | "weixin" | "browser";

export function browserTypeOf(env: Pick<AppEnv, "isNativeApp" | "isWeixin">): BrowserType {
  return env.isNativeApp ? "app" : env.isWeixin ? "weixin" : "browser";
}

/** Spec §3 springFestivalData.activityStatus: 0 预热中, 1 进行中, 2 已结束. */
export function activityStatusOf(phase: CampaignPhase): 0 | 1 | 2 {
  return phase === "upcoming" ? 0 : phase === "running" ? 1 : 2;
}

export interface RewardStep {
  key: string;
  label: string;
  threshold: number;
  granted: boolean;
}

/**
 * How far the reader is along the reward ladder: the next reward not yet reached and how many
 * more valid friends it needs (null once every reward is reached).
 */
export function nextReward(
  steps: readonly RewardStep[],
  valid: number,
): { label: string; threshold: number; more: number } | null {
  const next = [...steps]
    .sort((a, b) => a.threshold - b.threshold)
    .find((s) => s.threshold > valid && !s.granted);
  return next
    ? { label: next.label, threshold: next.threshold, more: next.threshold - valid }
    : null;
}

/** The share page's link for a reader: the friend lands there, `from` names who brought them. */
export function invitationPath(userId: string | null): string {
  return userId
    ? `/springfestival/share?from=${encodeURIComponent(userId)}`
    : "/springfestival/share";
}
