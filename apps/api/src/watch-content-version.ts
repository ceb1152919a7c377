import type { FastifyInstance } from "fastify";

export interface ContentVersionWatchOptions {
  /** Returns a value that changes whenever content changes (`db:seed`, here or elsewhere). */
  contentVersion: () => Promise<string>;
  pollMs: number;
  /** Called when a poll sees a version other than the last one seen. */
  onChange: () => void;
}

/**
 * Polls the content version until the app closes and reports changes. A failed poll changes
 * nothing; the next one tries again. Returns the poll itself, to check now.
 */
export function watchContentVersion(
  app: FastifyInstance,
  options: ContentVersionWatchOptions,
): () => Promise<void> {
  let version: string | null = null;
  const poll = async () => {
    try {
      const next = await options.contentVersion();
      if (version !== null && next !== version) options.onChange();
      version = next;
    } catch {
      // Keep what is cached until a poll succeeds.
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), options.pollMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
  return poll;
}
