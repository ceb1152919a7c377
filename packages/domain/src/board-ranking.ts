/**
 * The boards (/board, tracked as hostList, and /hotbillboard; issue 16 Social §3): posts and
 * entries ranked by recent activity. One rule for both, shown on the pages as BOARD_RULE:
 *
 * - the window is the last BOARD_WINDOW_DAYS UTC days, today included;
 * - a view counts 1, a like 3, a comment (a post's comment, an entry's short note) 5;
 * - a day's points weigh half as much every BOARD_HALF_LIFE_DAYS days back (today 1, yesterday
 *   0.71, the day before 0.5 …), so what is busy now rises above what was busy last week.
 */

export const BOARD_WINDOW_DAYS = 7;
export const BOARD_HALF_LIFE_DAYS = 2;
export const BOARD_WEIGHTS = { views: 1, likes: 3, comments: 5 } as const;
/** How many items a board holds at most (Top 100). */
export const BOARD_MAX_ITEMS = 100;
/** Spec §9 "Page sizes: … hot board 10". */
export const HOT_BOARD_PAGE_SIZE = 10;
/** /board's tabs load this many at a time. */
export const BOARD_PAGE_SIZE = 20;
/** How long a computed board is reused before it is ranked again. */
export const BOARD_REFRESH_MS = 60_000;

export const BOARD_RULE = `按最近 ${BOARD_WINDOW_DAYS} 天的热度排序：每次浏览记 ${BOARD_WEIGHTS.views} 分，点赞记 ${BOARD_WEIGHTS.likes} 分，评论或短评记 ${BOARD_WEIGHTS.comments} 分；越早的分数越轻，每过 ${BOARD_HALF_LIFE_DAYS} 天减半。榜单每分钟更新。`;

export type BoardTab = "post" | "entry";
export const BOARD_TABS: readonly BoardTab[] = ["post", "entry"];
export const BOARD_TAB_LABELS: Record<BoardTab, string> = { post: "帖子", entry: "词条" };

/** `?tab=` of /board: 帖子 unless it names 词条. */
export function readBoardTab(value: string | null): BoardTab {
  return value === "entry" ? "entry" : "post";
}

/** YYYY-MM-DD of a moment, in UTC (the boards' days). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The weight of a day's points that many days back (0 = today). */
export function dayWeight(ageDays: number): number {
  if (ageDays < 0 || ageDays >= BOARD_WINDOW_DAYS) return 0;
  return 0.5 ** (ageDays / BOARD_HALF_LIFE_DAYS);
}

/** The days of the window, today first, each with its weight. */
export function boardDays(now: Date): { day: string; weight: number }[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: BOARD_WINDOW_DAYS }, (_, age) => ({
    day: utcDay(new Date(today - age * 86_400_000)),
    weight: dayWeight(age),
  }));
}

/** The first moment of the window (the start of its oldest day), as an ISO string. */
export function boardWindowStart(now: Date): string {
  const days = boardDays(now);
  return `${days[days.length - 1]?.day ?? utcDay(now)}T00:00:00.000Z`;
}

/** One item's activity on one day. */
export interface ActivityDay {
  day: string;
  views: number;
  likes: number;
  comments: number;
}

export interface ActivityTotals {
  /** The decayed points. */
  score: number;
  views: number;
  likes: number;
  comments: number;
}

/** An item's points over the window: each day's points times the day's weight. */
export function activityScore(days: readonly ActivityDay[], now: Date): ActivityTotals {
  const weights = new Map(boardDays(now).map((d) => [d.day, d.weight]));
  const totals: ActivityTotals = { score: 0, views: 0, likes: 0, comments: 0 };
  for (const d of days) {
    const weight = weights.get(d.day);
    if (weight === undefined) continue;
    totals.views += d.views;
    totals.likes += d.likes;
    totals.comments += d.comments;
    totals.score +=
      weight *
      (d.views * BOARD_WEIGHTS.views +
        d.likes * BOARD_WEIGHTS.likes +
        d.comments * BOARD_WEIGHTS.comments);
  }
  return totals;
}

/**
 * Items ranked by their points, most first; equal points go to the newer activity's side by
 * id order, so a board is the same on every worker. Items without points are left out.
 */
export function rankByActivity<T extends { id: string }>(
  items: readonly (T & { days: readonly ActivityDay[] })[],
  now: Date,
  limit = BOARD_MAX_ITEMS,
): (T & ActivityTotals)[] {
  return items
    .map((item) => ({ ...item, ...activityScore(item.days, now) }))
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || compareIds(a.id, b.id))
    .slice(0, limit);
}

/** Heat as the boards show it: whole points, at least 1 for anything on the board. */
export function heatOf(score: number): number {
  return Math.max(1, Math.round(score));
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders two ranked lists into one by points (the hot board mixes posts and entries). */
export function mergeRanked<T extends { score: number; id: string }>(
  lists: readonly (readonly T[])[],
  limit = BOARD_MAX_ITEMS,
): T[] {
  return lists
    .flat()
    .sort((a, b) => b.score - a.score || compareIds(a.id, b.id))
    .slice(0, limit);
}
