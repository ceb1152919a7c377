import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { CampaignView } from "@tongjian/contracts/campaigns";
import type {
  VoteBoard,
  VoteCandidate,
  VoteCandidateDetail,
  VoteCounts,
  VoteResult,
} from "@tongjian/contracts/votes";
import type { Database } from "@tongjian/db/database-schema";
import { NO_LIMITS, participationProblem } from "@tongjian/domain/campaigns";
import { chinaDay } from "@tongjian/domain/china-time";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import {
  alreadyVotedMessage,
  CANDIDATE_ID,
  CANDIDATE_ID_MAX,
  dayLimitMessage,
  isCandidateId,
  isVoteCampaign,
  momentLabel,
  momentsSpan,
  rankCandidates,
  type VoteMoment,
  voteProblem,
  voteRuleLines,
  votesLeft,
} from "@tongjian/domain/votes";
import { isValidYear } from "@tongjian/domain/year-format";
import type { Kysely } from "kysely";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { MusicService } from "../music/music.server.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import { CampaignConflictError, type Campaigns } from "./campaigns.server.ts";

/** A campaign folder's candidates (content/campaigns/<key>/candidates.yaml). */
const year = z.number().int().refine(isValidYear, "没有公元 0 年");
const candidateSchema = z.strictObject({
  id: z.string().max(CANDIDATE_ID_MAX).regex(CANDIDATE_ID, "编号只能含小写字母、数字与短横线"),
  title: z.string().trim().min(2).max(30),
  subtitle: z.string().trim().min(2).max(40),
  summary: z.string().trim().min(10).max(120),
  /** Person entries of the corpus (their keys). */
  people: z.array(z.string()).default([]),
  /** A piece of content/music.yaml (its key). */
  piece: z.string().optional(),
  moments: z
    .array(
      z.strictObject({
        when: z.strictObject({
          year,
          approx: z.boolean().optional(),
          alt: year.optional(),
        }),
        text: z.string().trim().min(2).max(80),
      }),
    )
    .min(1),
  story: z.string().trim().min(40),
  quote: z.strictObject({ text: z.string().min(2), source: z.string().min(2) }).optional(),
});
export const voteCandidatesSchema = z.strictObject({
  candidates: z
    .array(candidateSchema)
    .min(2)
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, "候选编号重复"),
});
type CandidateContent = z.infer<typeof candidateSchema>;

const CANDIDATE_NOT_FOUND = "候选不存在";

/**
 * The vote campaigns (decision 45): 投票活动 (/love) and 文史歌曲 (/wenshisong). The candidates
 * are content (the campaign's folder), linked to the corpus's people and to the music pieces;
 * a vote is one participation of the campaign engine (its per-day limit) whose own write is the
 * reader's ballot for the candidate that day (one a day each, by the ballot's key) and the
 * candidate's live count (the engine's tally, one atomic `count + 1`). Voting on enough
 * different days gives the campaign's rewards through `grantDue`.
 */
export function createVotes(deps: {
  db: Kysely<Database>;
  campaigns: Campaigns;
  music: MusicService;
  contentDir: string;
  now?: () => Date;
}) {
  const { db, campaigns } = deps;
  const clock = deps.now ?? (() => new Date());
  const files = new Map<string, Promise<CandidateContent[]>>();

  function candidatesOf(key: string): Promise<CandidateContent[]> {
    if (!isVoteCampaign(key)) return Promise.reject(new NotFoundError("投票活动不存在"));
    let loaded = files.get(key);
    if (!loaded) {
      loaded = readFile(join(deps.contentDir, "campaigns", key, "candidates.yaml"), "utf8")
        .then((text) => voteCandidatesSchema.parse(parseYaml(text)).candidates)
        .catch((error: NodeJS.ErrnoException) => {
          // A content folder without this campaign's candidates shows none.
          if (error.code === "ENOENT") return [];
          throw error;
        });
      files.set(key, loaded);
    }
    return loaded;
  }

  function candidateId(id: string): string {
    if (!isCandidateId(id)) throw new BadRequestError("候选编号不正确");
    return id;
  }

  /** The people and pieces the candidates link to, as the corpus has them now. */
  async function links(list: readonly CandidateContent[]) {
    const keys = [...new Set(list.flatMap((c) => c.people))];
    const people = keys.length
      ? await db
          .selectFrom("entry")
          .select(["id", "key", "name", "time_desc"])
          .where("key", "in", keys)
          .execute()
      : [];
    const byKey = new Map(people.map((p) => [p.key, p]));
    const pieceKeys = new Set(list.flatMap((c) => (c.piece ? [c.piece] : [])));
    const tracks = pieceKeys.size
      ? (await deps.music.pieces({ page: 1, size: 1000 })).list.filter((t) => pieceKeys.has(t.key))
      : [];
    const trackByKey = new Map(tracks.map((t) => [t.key, t]));
    return {
      people: (c: CandidateContent) =>
        c.people.flatMap((k) => {
          const p = byKey.get(k);
          return p ? [{ id: p.id, name: p.name, years: p.time_desc }] : [];
        }),
      piece: (c: CandidateContent) => (c.piece ? (trackByKey.get(c.piece) ?? null) : null),
    };
  }

  /** The reader's standing: the day's votes (the engine's), whom they voted for, on how many days. */
  async function standing(key: string, campaign: CampaignView, viewer: Viewer) {
    const owner = ownerIdOf(viewer);
    const perDay = campaign.limits.perDay;
    const today = chinaDay(clock());
    const ballots = owner
      ? await db
          .selectFrom("vote_ballot")
          .select(["candidate", "day"])
          .where("campaign_key", "=", key)
          .where("owner_id", "=", owner)
          .execute()
      : [];
    const votedToday = new Set(ballots.filter((b) => b.day === today).map((b) => b.candidate));
    const usedToday = campaign.me.usedToday;
    const phaseReason =
      campaign.phase === "running"
        ? null
        : participationProblem(campaign.phase, { today: 0, total: 0, device: 0 }, NO_LIMITS);
    return {
      votedToday,
      phaseReason,
      me: {
        signedIn: campaign.me.signedIn,
        leftToday: votesLeft(perDay, usedToday),
        usedToday,
        voteDays: new Set(ballots.map((b) => b.day)).size,
        reason: voteProblem({
          signedIn: campaign.me.signedIn,
          phaseReason,
          perDay,
          usedToday,
          votedForToday: false,
          title: "",
        }),
      },
    };
  }

  async function ranked(key: string, list: readonly CandidateContent[]) {
    const counts = await campaigns.tallies(key);
    const ranking = rankCandidates(list, counts);
    const totalVotes = ranking.reduce((sum, r) => sum + r.votes, 0);
    return { ranking, totalVotes };
  }

  const votes = {
    /** The candidates, ranked by their live counts, with the reader's votes of the day. */
    async board(key: string, viewer: Viewer, deviceId: string | null = null): Promise<VoteBoard> {
      const list = await candidatesOf(key);
      const campaign = await campaigns.view(key, viewer, deviceId);
      const [link, { ranking, totalVotes }, mine] = await Promise.all([
        links(list),
        ranked(key, list),
        standing(key, campaign, viewer),
      ]);
      return {
        campaign,
        candidates: ranking.map(
          (r): VoteCandidate => ({
            id: r.candidate.id,
            title: r.candidate.title,
            subtitle: r.candidate.subtitle,
            summary: r.candidate.summary,
            years: momentsSpan(r.candidate.moments as VoteMoment[]),
            votes: r.votes,
            rank: r.rank,
            votedToday: mine.votedToday.has(r.candidate.id),
            people: link.people(r.candidate),
            piece: link.piece(r.candidate),
          }),
        ),
        totalVotes,
        perDay: campaign.limits.perDay,
        voteRules: voteRuleLines(campaign.limits.perDay),
        me: mine.me,
        updatedAt: clock().toISOString(),
      };
    },

    /** One candidate's page: its story, dated moments, people, piece, count and place. */
    async candidate(
      key: string,
      id: string,
      viewer: Viewer,
      deviceId: string | null = null,
    ): Promise<VoteCandidateDetail> {
      candidateId(id);
      const list = await candidatesOf(key);
      const found = list.find((c) => c.id === id);
      const campaign = await campaigns.view(key, viewer, deviceId);
      if (!found) throw new NotFoundError(CANDIDATE_NOT_FOUND);
      const [link, { ranking, totalVotes }, mine] = await Promise.all([
        links([found]),
        ranked(key, list),
        standing(key, campaign, viewer),
      ]);
      const place = ranking.find((r) => r.candidate.id === id);
      const votedToday = mine.votedToday.has(id);
      return {
        campaign,
        candidate: {
          id: found.id,
          title: found.title,
          subtitle: found.subtitle,
          summary: found.summary,
          years: momentsSpan(found.moments as VoteMoment[]),
          votes: place?.votes ?? 0,
          rank: place?.rank ?? ranking.length,
          votedToday,
          people: link.people(found),
          piece: link.piece(found),
        },
        story: found.story
          .split(/\n+/)
          .map((p) => p.trim())
          .filter(Boolean),
        moments: found.moments.map((m) => ({ label: momentLabel(m as VoteMoment), text: m.text })),
        quote: found.quote ?? null,
        total: totalVotes,
        me: mine.me,
        reason: voteProblem({
          signedIn: campaign.me.signedIn,
          phaseReason: mine.phaseReason,
          perDay: campaign.limits.perDay,
          usedToday: mine.me.usedToday,
          votedForToday: votedToday,
          title: found.title,
        }),
        updatedAt: clock().toISOString(),
      };
    },

    /** The live counts only, for a page that refreshes them every few seconds. */
    async counts(key: string, viewer: Viewer, deviceId: string | null = null): Promise<VoteCounts> {
      const list = await candidatesOf(key);
      const campaign = await campaigns.view(key, viewer, deviceId);
      const [{ ranking, totalVotes }, mine] = await Promise.all([
        ranked(key, list),
        standing(key, campaign, viewer),
      ]);
      return {
        counts: ranking.map((r) => ({
          id: r.candidate.id,
          votes: r.votes,
          rank: r.rank,
          votedToday: mine.votedToday.has(r.candidate.id),
        })),
        totalVotes,
        me: mine.me,
        updatedAt: clock().toISOString(),
      };
    },

    /**
     * One vote. The engine takes one of the day's slots and, in the same transaction, the ballot
     * (its key allows one per reader, candidate and day) and the count are written; a refused
     * vote writes nothing. Rewards follow the number of days the reader has voted on.
     */
    async vote(
      key: string,
      viewer: Viewer,
      id: string,
      deviceId: string | null = null,
    ): Promise<VoteResult> {
      candidateId(id);
      const list = await candidatesOf(key);
      const found = list.find((c) => c.id === id);
      if (!found) throw new NotFoundError(CANDIDATE_NOT_FOUND);
      const { limits } = await campaigns.definition(key);
      try {
        await campaigns.participate(
          key,
          viewer,
          { deviceId, kind: "vote", subject: id },
          async (trx, action) => {
            const ballot = await trx
              .insertInto("vote_ballot")
              .values({
                campaign_key: key,
                owner_id: action.ownerId,
                candidate: id,
                day: action.day,
                action_id: action.id,
                created_at: action.createdAt,
              })
              .onConflict((oc) =>
                oc.columns(["campaign_key", "owner_id", "day", "candidate"]).doNothing(),
              )
              .returning("action_id")
              .execute();
            if (ballot.length === 0)
              throw new CampaignConflictError(alreadyVotedMessage(found.title));
            await campaigns.tally(trx, key, id);
          },
        );
      } catch (error) {
        // The engine's per-day refusal, in the words of a vote.
        if (
          error instanceof CampaignConflictError &&
          limits.perDay !== null &&
          /^(每天最多参与|今天已经参与过了)/.test(error.message)
        )
          throw new CampaignConflictError(dayLimitMessage(limits.perDay));
        throw error;
      }
      const owner = ownerIdOf(viewer) as string;
      const [count, days, used] = await Promise.all([
        db
          .selectFrom("campaign_tally")
          .select("count")
          .where("campaign_key", "=", key)
          .where("subject", "=", id)
          .executeTakeFirst(),
        db
          .selectFrom("vote_ballot")
          .select((eb) => eb.fn.count<number>("day").distinct().as("n"))
          .where("campaign_key", "=", key)
          .where("owner_id", "=", owner)
          .executeTakeFirst(),
        db
          .selectFrom("campaign_quota")
          .select("used")
          .where("campaign_key", "=", key)
          .where("scope", "=", "day")
          .where("who", "=", owner)
          .where("period", "=", chinaDay(clock()))
          .executeTakeFirst(),
      ]);
      const granted = await campaigns.grantDue(key, viewer, Number(days?.n ?? 0));
      const leftToday = votesLeft(limits.perDay, Number(used?.used ?? 0));
      return {
        candidate: id,
        votes: Number(count?.count ?? 0),
        leftToday,
        message:
          leftToday === null
            ? `已为「${found.title}」投票`
            : leftToday > 0
              ? `已为「${found.title}」投票，今天还有 ${leftToday} 票`
              : `已为「${found.title}」投票，今天的票已经投完了`,
        granted: granted.map((g) => g.label),
      };
    },
  };
  return votes;
}

export type Votes = ReturnType<typeof createVotes>;
