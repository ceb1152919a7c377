import { formatHistoricalDate, type HistoricalDate } from "./year-format.ts";

/**
 * The vote campaigns (decision 45): 投票活动 (/love) and 文史歌曲 (/wenshisong). A signed-in reader
 * has a few votes a China day (the campaign's `limits.perDay`, taken by the campaign engine) and
 * may give each candidate at most one of them a day; the counts are the engine's live tallies.
 */
export const VOTE_CAMPAIGNS = ["love", "wenshisong"] as const;
export type VoteCampaignKey = (typeof VOTE_CAMPAIGNS)[number];

export function isVoteCampaign(key: string): key is VoteCampaignKey {
  return (VOTE_CAMPAIGNS as readonly string[]).includes(key);
}

/** A candidate's id: lowercase letters, digits and dashes (it is the tally's subject). */
export const CANDIDATE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CANDIDATE_ID_MAX = 48;

export function isCandidateId(id: string): boolean {
  return id.length <= CANDIDATE_ID_MAX && CANDIDATE_ID.test(id);
}

/** One vote a day for each candidate, whatever the day's number of votes. */
export const VOTES_PER_CANDIDATE_PER_DAY = 1;

/** How often a visible vote page asks for the counts again. */
export const VOTE_COUNTS_POLL_MS = 5_000;

export interface RankedCandidate<T> {
  candidate: T;
  rank: number;
  votes: number;
}

/**
 * Candidates by votes, most first. Equal counts share a place (1, 1, 3) and keep the content's
 * order, so a ranking with no votes yet reads as the content lists it.
 */
export function rankCandidates<T extends { id: string }>(
  candidates: readonly T[],
  counts: ReadonlyMap<string, number>,
): RankedCandidate<T>[] {
  const sorted = candidates
    .map((candidate, order) => ({ candidate, order, votes: counts.get(candidate.id) ?? 0 }))
    .sort((a, b) => b.votes - a.votes || a.order - b.order);
  let rank = 0;
  let previous = Number.NaN;
  return sorted.map((s, i) => {
    if (s.votes !== previous) rank = i + 1;
    previous = s.votes;
    return { candidate: s.candidate, rank, votes: s.votes };
  });
}

/** Votes left today. */
export function votesLeft(perDay: number | null, usedToday: number): number | null {
  return perDay === null ? null : Math.max(0, perDay - usedToday);
}

/** The refusal for a second vote for one candidate on one day. */
export function alreadyVotedMessage(title: string): string {
  return `今天已经给「${title}」投过票了，每位候选每天只能投 ${VOTES_PER_CANDIDATE_PER_DAY} 票，明天再来吧`;
}

/** The refusal once the day's votes are spent. */
export function dayLimitMessage(perDay: number): string {
  return `每天最多投 ${perDay} 票，今天的票已经投完了，明天再来吧`;
}

/**
 * Why a reader cannot vote (for a candidate) now; null when they can. `phaseReason` is the
 * engine's word when the campaign is not running (预热, 已结束): it comes first.
 */
export function voteProblem(input: {
  signedIn: boolean;
  phaseReason: string | null;
  perDay: number | null;
  usedToday: number;
  votedForToday: boolean;
  title: string;
}): string | null {
  if (input.phaseReason) return input.phaseReason;
  if (!input.signedIn) return "登录后才能投票";
  if (input.perDay !== null && input.usedToday >= input.perDay)
    return dayLimitMessage(input.perDay);
  if (input.votedForToday) return alreadyVotedMessage(input.title);
  return null;
}

/** The vote rules in words, beside the campaign's own rules and limits. */
export function voteRuleLines(perDay: number | null): string[] {
  return [
    "登录后即可投票，游客可以浏览候选与票数。",
    perDay === null
      ? "每天的票数不限。"
      : `每人每天共有 ${perDay} 票，按北京时间零点重置，当天未投的票不累积。`,
    `同一候选每人每天最多投 ${VOTES_PER_CANDIDATE_PER_DAY} 票，可以把票分给不同的候选。`,
    "票数实时统计，页面每隔几秒刷新一次；得票相同的候选名次并列。",
    "活动结束后停止投票，最终票数与排名保留在页面上。",
  ];
}

/** A moment of a story or a song's history: "约前143年", "1075年". */
export interface VoteMoment {
  when: HistoricalDate;
  text: string;
}

export function momentLabel(moment: VoteMoment): string {
  return formatHistoricalDate(moment.when);
}

/** A candidate's years, from its first moment to its last: "745年—756年". */
export function momentsSpan(moments: readonly VoteMoment[]): string | null {
  const first = moments[0];
  const last = moments[moments.length - 1];
  if (!first || !last) return null;
  const from = momentLabel(first);
  const to = momentLabel(last);
  return from === to ? from : `${from}—${to}`;
}
