import {
  CHALLENGE_KINDS,
  type ChallengeKind,
  isChallengeKind,
  RANKING_PERIODS,
  type RankingPeriod,
} from "@tongjian/domain/challenges";

export type ChallengePage = "" | "question" | "result" | "ranking" | "gift";

/** The challenge a URL belongs to: its first path segment (/wenshichallenge/…). */
export function kindOfPath(pathname: string): ChallengeKind {
  const first = pathname.split("/").filter(Boolean)[0];
  return isChallengeKind(first) ? first : CHALLENGE_KINDS[1];
}

export function challengePath(kind: ChallengeKind, page: ChallengePage = "", query = ""): string {
  return `/${kind}${page ? `/${page}` : ""}${query ? `?${query}` : ""}`;
}

export function periodOf(value: string | null): RankingPeriod {
  return (RANKING_PERIODS as readonly string[]).includes(value ?? "")
    ? (value as RankingPeriod)
    : "day";
}

/** 1 分 05 秒, 48.2 秒. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} 秒`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} 分 ${String(whole % 60).padStart(2, "0")} 秒`;
}

/** A round id as the API accepts it (24 hex), or null. */
export function roundIdOf(value: string | null): string | null {
  return value && /^[0-9a-f]{24}$/.test(value) ? value : null;
}
