import type { ReadPage } from "@tongjian/contracts/my";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { AttemptLimit, AttemptLimiter } from "../accounts/attempt-limiter.ts";
import { requireSignedIn } from "../accounts/require-login.ts";
import { itemOf, pageOf } from "./my-items.ts";
import type {
  ReadingHistoryRepository,
  ReadKind,
  ReadsToAdd,
} from "./reading-history-repository.ts";
import type { ReadingRecorder } from "./reading-recorder.ts";

/** Device histories handed over per reader and hour: one per sign-in is the usual need. */
export const HISTORY_MERGE_LIMIT: AttemptLimit = {
  name: "history-merge",
  max: 30,
  windowSeconds: 3600,
};

/**
 * A signed-in reader's reading history (issue 16): the entries and articles they read, newest
 * first (/my, /my/list) or most read first (/my/top). Reads are recorded by the content
 * services as they count views (`reader` in ViewOptions); a device's history joins on sign-in.
 */
export function createReadingHistoryService(deps: {
  history: ReadingHistoryRepository;
  recorder: ReadingRecorder;
  limiter: AttemptLimiter;
}) {
  async function list(
    order: "recent" | "top",
    request: { viewer: Viewer; type?: ReadKind | undefined; page: number; size: number },
  ): Promise<ReadPage> {
    const owner = ownerIdOf(requireSignedIn(request.viewer)) as string;
    // This process's reads not yet written belong on the list already.
    await deps.recorder.flush();
    const { total, rows } = await deps.history.page(owner, {
      kind: request.type,
      order,
      page: request.page,
      size: request.size,
    });
    return pageOf(
      request,
      total,
      rows.map((r) => ({
        ...itemOf(r.kind, r.item_id, r),
        firstReadAt: r.first_read_at,
        readAt: r.last_read_at,
        readCount: r.read_count,
      })),
    );
  }

  return {
    recent: (request: Parameters<typeof list>[1]) => list("recent", request),
    top: (request: Parameters<typeof list>[1]) => list("top", request),

    /**
     * The device's history, sent once the reader has signed in: items that exist join the
     * account's history (counts add up, the earliest and latest times are kept). Times in the
     * future are taken as now.
     */
    async merge(request: {
      viewer: Viewer;
      items: { type: ReadKind; id: string; readAt: string; count: number }[];
    }): Promise<{ merged: number }> {
      const owner = ownerIdOf(requireSignedIn(request.viewer)) as string;
      await deps.limiter.spend(HISTORY_MERGE_LIMIT, owner, "同步过于频繁，请稍后再试");
      const now = Date.now();
      const reads = new Map<string, ReadsToAdd>();
      for (const item of request.items) {
        const when = new Date(Math.min(Date.parse(item.readAt), now)).toISOString();
        const key = `${item.type}|${item.id}`;
        const before = reads.get(key);
        if (before) {
          before.count += item.count;
          if (when < before.firstAt) before.firstAt = when;
          if (when > before.lastAt) before.lastAt = when;
        } else
          reads.set(key, {
            ownerId: owner,
            kind: item.type,
            itemId: item.id,
            firstAt: when,
            lastAt: when,
            count: item.count,
          });
      }
      const all = [...reads.values()];
      const [entries, articles] = await Promise.all([
        deps.history.existing(
          "entry",
          all.filter((r) => r.kind === "entry").map((r) => r.itemId),
        ),
        deps.history.existing(
          "article",
          all.filter((r) => r.kind === "article").map((r) => r.itemId),
        ),
      ]);
      const known = all.filter((r) => (r.kind === "entry" ? entries : articles).has(r.itemId));
      await deps.history.add(known);
      return { merged: known.length };
    },

    async clear(viewer: Viewer): Promise<{ cleared: number }> {
      const owner = ownerIdOf(requireSignedIn(viewer)) as string;
      await deps.recorder.flush();
      return { cleared: await deps.history.clear(owner) };
    },
  };
}

export type ReadingHistoryService = ReturnType<typeof createReadingHistoryService>;
