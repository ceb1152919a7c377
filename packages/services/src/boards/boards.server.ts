import type {
  BoardEntryItem,
  BoardItem,
  BoardPage,
  BoardPostItem,
} from "@tongjian/contracts/boards";
import {
  BOARD_MAX_ITEMS,
  BOARD_REFRESH_MS,
  BOARD_RULE,
  type BoardTab,
  boardWindowStart,
  HOT_BOARD_PAGE_SIZE,
  heatOf,
  mergeRanked,
  rankByActivity,
  utcDay,
} from "@tongjian/domain/board-ranking";
import type { BoardRepository } from "./board-repository.ts";
import type { PostActivityFeed } from "./post-activity-feed.ts";

/** Day rows are kept this long (the boards read 7 days; the rest is history for later use). */
const VIEW_DAYS_KEPT = 90;
const PRUNE_EVERY_MS = 60 * 60_000;

type Scored<T> = Omit<T, "rank"> & { score: number };
type RankedItem = Scored<BoardEntryItem> | Scored<BoardPostItem>;

interface Ranked {
  at: number;
  rankedAt: string;
  entries: Scored<BoardEntryItem>[];
  posts: Scored<BoardPostItem>[];
}

/**
 * The boards (/board, /hotbillboard): entries and posts ranked by recent activity, recomputed
 * at most once a minute per process (the ranking is a few grouped scans; a board a minute old is
 * fresh enough) and paged from memory.
 */
export function createBoardService(deps: {
  boards: BoardRepository;
  /** The community's posts with their recent activity (post-activity-feed.ts). */
  posts: PostActivityFeed;
  now?: () => Date;
  refreshMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const refreshMs = deps.refreshMs ?? BOARD_REFRESH_MS;
  let cached: Ranked | null = null;
  let pending: Promise<Ranked> | null = null;
  let prunedAt = 0;

  async function compute(): Promise<Ranked> {
    const at = now();
    const [entryRows, postRows] = await Promise.all([
      deps.boards.rankEntries(at, BOARD_MAX_ITEMS),
      deps.posts(boardWindowStart(at)),
    ]);
    if (at.getTime() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await deps.boards.pruneViewDays(utcDay(new Date(at.getTime() - VIEW_DAYS_KEPT * 86_400_000)));
    }
    const posts = rankByActivity(
      postRows.map((p) => ({ ...p.post, days: p.days })),
      at,
    ).map(({ days: _days, ...p }) => ({
      kind: "post" as const,
      id: p.id,
      title: p.title,
      author: p.author,
      circle: p.circle,
      score: p.score,
      heat: heatOf(p.score),
      views: p.views,
      likes: p.likes,
      comments: p.comments,
    }));
    const entries = entryRows.map((e) => ({
      kind: "entry" as const,
      id: e.id,
      name: e.name,
      entryKind: e.kind,
      summary: e.summary,
      timeDesc: e.time_desc,
      score: e.score,
      heat: heatOf(e.score),
      views: e.views,
      likes: e.likes,
      comments: e.comments,
    }));
    return { at: at.getTime(), rankedAt: at.toISOString(), entries, posts };
  }

  async function ranked(): Promise<Ranked> {
    if (cached && now().getTime() - cached.at < refreshMs) return cached;
    pending ??= compute()
      .then((r) => {
        cached = r;
        return r;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  function page(
    list: readonly RankedItem[],
    r: Ranked,
    request: { page: number; size: number },
  ): BoardPage {
    const start = (request.page - 1) * request.size;
    return {
      page: request.page,
      size: request.size,
      total: list.length,
      hasMore: start + request.size < list.length,
      list: list
        .slice(start, start + request.size)
        .map(({ score: _score, ...item }, i) => ({ ...item, rank: start + i + 1 }) as BoardItem),
      rule: BOARD_RULE,
      rankedAt: r.rankedAt,
    };
  }

  return {
    /** One tab of /board. */
    async list(request: { tab: BoardTab; page: number; size: number }): Promise<BoardPage> {
      const r = await ranked();
      return page(request.tab === "entry" ? r.entries : r.posts, r, request);
    },

    /** /hotbillboard: posts and entries on one board by the same points, 10 a page. */
    async hot(request: { page: number }): Promise<BoardPage> {
      const r = await ranked();
      return page(mergeRanked<RankedItem>([r.posts, r.entries]), r, {
        page: request.page,
        size: HOT_BOARD_PAGE_SIZE,
      });
    },

    /** Drops the cached ranking (tests, and after a bulk change). */
    invalidate() {
      cached = null;
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
