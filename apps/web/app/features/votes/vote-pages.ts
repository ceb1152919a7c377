import type { VoteCampaignKey } from "@tongjian/domain/votes";

/** Which vote campaign a page belongs to, from its path: /love… or /wenshisong…. */
export function voteKeyOf(pathname: string): VoteCampaignKey | null {
  const first = pathname.split("/")[1] ?? "";
  return first === "love" || first === "wenshisong" ? first : null;
}

/** The pages of each vote campaign, for its navigation. */
export const VOTE_NAV: Readonly<Record<VoteCampaignKey, [string, string][]>> = {
  love: [
    ["/love", "投票"],
    ["/love/voterule", "投票规则"],
  ],
  wenshisong: [
    ["/wenshisong", "活动首页"],
    ["/wenshisong/vote", "投票"],
    ["/wenshisong/rule", "活动规则"],
    ["/wenshisong/voterule", "投票规则"],
  ],
};

/** Where a campaign's list of candidates with their vote buttons is. */
export const VOTE_LIST: Readonly<Record<VoteCampaignKey, string>> = {
  love: "/love",
  wenshisong: "/wenshisong/vote",
};

export const detailPath = (key: VoteCampaignKey, id: string) =>
  `/${key}/detail?id=${encodeURIComponent(id)}`;

/** What a candidate is called in each campaign. */
export const CANDIDATE_NOUN: Readonly<Record<VoteCampaignKey, string>> = {
  love: "故事",
  wenshisong: "曲目",
};
