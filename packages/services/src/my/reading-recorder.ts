import type {
  ReadingHistoryRepository,
  ReadKind,
  ReadsToAdd,
} from "./reading-history-repository.ts";

/**
 * Signed-in readers' reads, recorded by the services that count views (an entry's or article's
 * detail) and written like the view counts: added up in memory and written once per reader and
 * item each flush interval, so a signed-in page costs no write of its own while it renders.
 * Anonymous pages never reach this (their history stays on the device, see
 * docs/my-pages.md). At most one interval of reads is lost if the process dies; another
 * worker's reads show on the reader's lists within that interval.
 */
export function createReadingRecorder(history: ReadingHistoryRepository, flushMs = 1_000) {
  let pending = new Map<string, ReadsToAdd>();
  let flushing: Promise<void> | null = null;

  async function flushNow() {
    while (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await history.add(batch);
      } catch (error) {
        console.warn(`阅读记录写入失败（${batch.length} 条）`, error);
      }
    }
  }

  function flush(): Promise<void> {
    flushing ??= flushNow().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    add(ownerId: string, kind: ReadKind, itemId: string, at = new Date()) {
      const key = `${ownerId}|${kind}|${itemId}`;
      const iso = at.toISOString();
      const before = pending.get(key);
      if (before) {
        before.count += 1;
        before.lastAt = iso;
      } else pending.set(key, { ownerId, kind, itemId, firstAt: iso, lastAt: iso, count: 1 });
    },
    /** Writes what was recorded so far; a reader's lists call it before they read. */
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ReadingRecorder = ReturnType<typeof createReadingRecorder>;
