import type { CommunityRepository } from "./community-repository.ts";

/**
 * Views of posts, added up in memory and written once per post every flush interval (as the
 * article and entry views are, content/view-counter.ts), into the post's total and its UTC
 * day's count, which rankings of recent activity read.
 */
export function createPostViewCounter(
  repo: Pick<CommunityRepository, "addViews">,
  options: { flushMs?: number; now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  // Day → post → views.
  let pending = new Map<string, Map<string, number>>();
  let flushing: Promise<void> | null = null;

  async function flushNow() {
    const batch = pending;
    pending = new Map();
    for (const [day, counts] of batch) await repo.addViews(day, counts);
  }

  function flush(): Promise<void> {
    flushing ??= flushNow().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  const timer = setInterval(() => void flush().catch(() => {}), options.flushMs ?? 1_000);
  timer.unref();

  return {
    add(postId: string) {
      const day = now().toISOString().slice(0, 10);
      let counts = pending.get(day);
      if (!counts) {
        counts = new Map();
        pending.set(day, counts);
      }
      counts.set(postId, (counts.get(postId) ?? 0) + 1);
    },
    pendingFor(postId: string): number {
      let n = 0;
      for (const counts of pending.values()) n += counts.get(postId) ?? 0;
      return n;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type PostViewCounter = ReturnType<typeof createPostViewCounter>;
