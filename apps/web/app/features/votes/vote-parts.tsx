import type { CampaignView } from "@tongjian/contracts/campaigns";
import type { VoteCandidate, VoteCounts, VoteResult } from "@tongjian/contracts/votes";
import { VOTE_COUNTS_POLL_MS, type VoteCampaignKey } from "@tongjian/domain/votes";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { ActionError, chinaTime, useApiAction, useSignIn } from "../../shell/api-action.tsx";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { CANDIDATE_NOUN, detailPath } from "./vote-pages.ts";

// The parts of the vote pages (decision 45): the live counts, polled while the page is visible
// and after each vote, the vote button with the server's answer in Chinese, the list of
// candidates and the reader's votes of the day.

type Me = VoteCounts["me"];

type Initial = { candidates: VoteCandidate[]; totalVotes: number; me: Me; updatedAt: string };

const countsOf = (initial: Initial): VoteCounts => ({
  counts: initial.candidates.map((c) => ({
    id: c.id,
    votes: c.votes,
    rank: c.rank,
    votedToday: c.votedToday,
  })),
  totalVotes: initial.totalVotes,
  me: initial.me,
  updatedAt: initial.updatedAt,
});

export interface LiveCounts {
  votes: (id: string) => number;
  rank: (id: string) => number;
  votedToday: (id: string) => boolean;
  totalVotes: number;
  me: Me;
  updatedAt: string;
  /** The last refresh failed: the counts shown may be behind. */
  stale: boolean;
  refresh: () => Promise<void>;
}

/**
 * The counts of a vote campaign, live: from the loader first, then asked again every few
 * seconds while the page is visible (not in a background tab), and at once after a vote.
 */
export function useLiveCounts(key: VoteCampaignKey, initial: Initial): LiveCounts {
  const { api } = usePlatform();
  const [counts, setCounts] = useState<VoteCounts>(() => countsOf(initial));
  const [stale, setStale] = useState(false);
  // New loader data (a revalidation, another page) wins over older polled counts.
  const latest = useRef(initial);
  latest.current = initial;
  const loadedAt = initial.updatedAt;
  useEffect(() => {
    if (latest.current.updatedAt === loadedAt) setCounts(countsOf(latest.current));
  }, [loadedAt]);

  const busy = useRef(false);
  const refresh = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      setCounts(await api.get<VoteCounts>(`/api/m/vote/${key}/counts`));
      setStale(false);
    } catch {
      setStale(true);
    } finally {
      busy.current = false;
    }
  }, [api, key]);

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(() => void refresh(), VOTE_COUNTS_POLL_MS);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        void refresh();
        start();
      } else stop();
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [refresh]);

  const byId = new Map(counts.counts.map((c) => [c.id, c]));
  return {
    votes: (id) => byId.get(id)?.votes ?? 0,
    rank: (id) => byId.get(id)?.rank ?? 0,
    votedToday: (id) => byId.get(id)?.votedToday ?? false,
    totalVotes: counts.totalVotes,
    me: counts.me,
    updatedAt: counts.updatedAt,
    stale,
    refresh,
  };
}

/** 今日剩余 N 票, the days voted on, and why the reader cannot vote when they cannot. */
export function VoteStanding({
  campaign,
  live,
  perDay,
}: {
  campaign: CampaignView;
  live: LiveCounts;
  perDay: number | null;
}) {
  const { me } = live;
  const signIn = useSignIn();
  return (
    <section className="tj-vote__standing" aria-label="我的投票" data-testid="vote-standing">
      {!me.signedIn && campaign.phase === "running" ? (
        <p className="tj-vote__signin">
          <span>登录后即可投票。</span>
          <button type="button" className="tj-button" onClick={() => void signIn()}>
            登录
          </button>
        </p>
      ) : me.signedIn ? (
        <p>
          {me.leftToday === null ? "今天的票数不限" : `今日剩余 ${me.leftToday} 票`}
          {perDay !== null ? `（每天 ${perDay} 票）` : ""}· 已在 {me.voteDays} 天投过票
        </p>
      ) : null}
      {me.reason && me.signedIn ? (
        <p className="tj-vote__reason" data-testid="vote-reason">
          {me.reason}
        </p>
      ) : null}
      <p className="tj-campaign__meta" aria-live="off">
        共 {live.totalVotes} 票 · 票数每 {VOTE_COUNTS_POLL_MS / 1000} 秒刷新 · 更新于{" "}
        {chinaTime(live.updatedAt).slice(11)}
        {live.stale ? "（刷新失败，稍后自动重试）" : ""}
      </p>
    </section>
  );
}

/**
 * The vote button: the server takes the vote or says why not (the day's votes spent, this
 * candidate already voted for today, the campaign over); signing in first when needed.
 */
export function VoteButton({
  campaign,
  candidate,
  live,
  onVoted,
}: {
  campaign: CampaignView;
  candidate: { id: string; title: string };
  live: LiveCounts;
  onVoted?: (result: VoteResult) => void;
}) {
  const { api } = usePlatform();
  const action = useApiAction<VoteResult>();
  const signIn = useSignIn();
  const [done, setDone] = useState<VoteResult | null>(null);
  const key = campaign.key;
  const running = campaign.phase === "running";
  const voted = live.votedToday(candidate.id);
  const vote = async () => {
    setDone(null);
    const result = await action.run(() =>
      api.post<VoteResult>(`/api/m/vote/${key}`, { candidate: candidate.id }),
    );
    await live.refresh();
    if (result) {
      setDone(result);
      onVoted?.(result);
    }
  };
  const label = !running
    ? campaign.phase === "ended"
      ? "投票已结束"
      : "尚未开始"
    : !live.me.signedIn
      ? "登录投票"
      : voted
        ? "今日已投"
        : action.busy
          ? "正在投票…"
          : "投一票";
  return (
    <div className="tj-vote__action">
      <button
        type="button"
        className="tj-button tj-vote__button"
        data-testid="vote-button"
        disabled={!running || voted || action.busy}
        aria-busy={action.busy}
        aria-label={`${label}：${candidate.title}`}
        onClick={() => void (live.me.signedIn ? vote() : signIn())}
      >
        {label}
      </button>
      <ActionError error={action.error} />
      {done ? (
        <p className="tj-vote__done" role="status" data-testid="vote-done">
          {done.message}
          {done.granted.length > 0 ? `。获得奖励：${done.granted.join("、")}` : ""}
        </p>
      ) : null}
    </div>
  );
}

/** The candidates with their live counts and places, each linking to its page. */
export function CandidateList({
  campaign,
  candidates,
  live,
  extra,
}: {
  campaign: CampaignView;
  candidates: readonly VoteCandidate[];
  live: LiveCounts;
  /** Something more on a candidate's card (a play button). */
  extra?: (candidate: VoteCandidate, index: number) => ReactNode;
}) {
  const key = campaign.key as VoteCampaignKey;
  if (candidates.length === 0)
    return (
      <p className="tj-empty" data-testid="vote-empty">
        还没有{CANDIDATE_NOUN[key]}参加投票，请稍后再来。
      </p>
    );
  return (
    <ol className="tj-vote__list" data-testid="vote-list">
      {candidates.map((c, i) => (
        <li key={c.id} className="tj-vote__card" data-candidate={c.id}>
          <div className="tj-vote__head">
            <span className="tj-vote__rank">
              <span className="tj-visually-hidden">第</span>
              {live.rank(c.id)}
              <span className="tj-visually-hidden">名</span>
            </span>
            <div className="tj-vote__name">
              <h3 className="tj-vote__title">
                <AppLink to={detailPath(key, c.id)}>{c.title}</AppLink>
              </h3>
              <p className="tj-campaign__meta">
                {c.subtitle}
                {c.years ? ` · ${c.years}` : ""}
              </p>
            </div>
            <p className="tj-vote__count" data-testid="vote-count">
              <strong>{live.votes(c.id)}</strong> 票
            </p>
          </div>
          <p className="tj-vote__summary">{c.summary}</p>
          <div className="tj-vote__foot">
            {extra?.(c, i)}
            <AppLink className="tj-vote__more" to={detailPath(key, c.id)}>
              详情
            </AppLink>
            <VoteButton campaign={campaign} candidate={c} live={live} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The vote rules: per day, per candidate, how counts and places are kept. */
export function VoteRuleList({ lines, limitsText }: { lines: string[]; limitsText: string[] }) {
  return (
    <ol className="tj-campaign__rule-list" data-testid="vote-rules">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
      {limitsText.map((line) => (
        <li key={line}>{line}（投一票算参与一次）。</li>
      ))}
    </ol>
  );
}
