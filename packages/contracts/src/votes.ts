import { CANDIDATE_ID, CANDIDATE_ID_MAX } from "@tongjian/domain/votes";
import { z } from "zod";
import { campaignView } from "./campaigns.ts";
import { musicTrack } from "./music.ts";

// The vote campaigns (decision 45): 投票活动 (/love) and 文史歌曲 (/wenshisong), on the campaign
// engine (decision 39). One call per screen: the board, a candidate, the live counts, a vote.

const candidateId = z
  .string()
  .trim()
  .max(CANDIDATE_ID_MAX, "候选编号不正确")
  .regex(CANDIDATE_ID, "候选编号不正确");

export const voteKeyParams = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "投票活动不存在")
    .max(40, "投票活动不存在"),
});

export const voteCandidateQuery = z.object({ id: candidateId });

export const voteBody = z.object({ candidate: candidateId });

const personLink = z.object({
  /** The corpus entry (/detail/:id). */
  id: z.string(),
  name: z.string(),
  /** Their years as the corpus gives them: "约前179年—前118年". */
  years: z.string().nullable(),
});

export const voteCandidate = z.object({
  id: z.string(),
  title: z.string(),
  /** An era, a form (琴曲 · 汉魏), or the pair's names. */
  subtitle: z.string(),
  summary: z.string(),
  /** The story's or the song's years: "745年—756年", "约前143年". */
  years: z.string().nullable(),
  votes: z.number().int(),
  /** Equal counts share a place. */
  rank: z.number().int(),
  /** The reader gave this candidate a vote today. */
  votedToday: z.boolean(),
  people: z.array(personLink),
  /** The music piece (/music/landing?id=…), playable; null when the candidate has none. */
  piece: musicTrack.nullable(),
});
export type VoteCandidate = z.infer<typeof voteCandidate>;

const voteMe = z.object({
  signedIn: z.boolean(),
  /** Votes left today; null: no daily limit. */
  leftToday: z.number().int().nullable(),
  usedToday: z.number().int(),
  /** Days the reader has voted on (the badge's progress). */
  voteDays: z.number().int(),
  /** Why the reader cannot vote now at all (not signed in, ended, spent); null when they can. */
  reason: z.string().nullable(),
});

export const voteBoard = z.object({
  campaign: campaignView,
  /** Ranked, most votes first. */
  candidates: z.array(voteCandidate),
  totalVotes: z.number().int(),
  perDay: z.number().int().nullable(),
  /** The vote rules in words (per day, per candidate, counting). */
  voteRules: z.array(z.string()),
  me: voteMe,
  /** Server time of the counts. */
  updatedAt: z.string(),
});
export type VoteBoard = z.infer<typeof voteBoard>;

export const voteCandidateDetail = z.object({
  campaign: campaignView,
  candidate: voteCandidate,
  /** The candidate's story or the song's history, a paragraph each. */
  story: z.array(z.string()),
  /** Dated moments: "约前143年 · 临邛琴挑". */
  moments: z.array(z.object({ label: z.string(), text: z.string() })),
  /** A classical line, public domain, with its source. */
  quote: z.object({ text: z.string(), source: z.string() }).nullable(),
  total: z.number().int(),
  me: voteMe,
  /** Why the reader cannot vote for this candidate now; null when they can. */
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type VoteCandidateDetail = z.infer<typeof voteCandidateDetail>;

export const voteCounts = z.object({
  counts: z.array(
    z.object({
      id: z.string(),
      votes: z.number().int(),
      rank: z.number().int(),
      votedToday: z.boolean(),
    }),
  ),
  totalVotes: z.number().int(),
  me: voteMe,
  updatedAt: z.string(),
});
export type VoteCounts = z.infer<typeof voteCounts>;

export const voteResult = z.object({
  candidate: z.string(),
  /** The candidate's count after this vote. */
  votes: z.number().int(),
  leftToday: z.number().int().nullable(),
  message: z.string(),
  /** Rewards given by this vote (their labels). */
  granted: z.array(z.string()),
});
export type VoteResult = z.infer<typeof voteResult>;
