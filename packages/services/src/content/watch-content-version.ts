export interface ContentVersionWatchOptions {
  /** Returns a value that changes whenever content changes (`db:seed`, here or elsewhere). */
  contentVersion: () => Promise<string>;
  pollMs: number;
  /** Called when a poll sees a version other than the last one seen. */
  onChange: () => void;
}

export interface ContentVersionWatch {
  /** Checks the version now instead of at the next poll. */
  poll(): Promise<void>;
  /** Stops polling (the server's shutdown). */
  close(): void;
}

/**
 * Polls the content version until closed and reports changes. A failed poll changes nothing;
 * the next one tries again.
 */
export function watchContentVersion(options: ContentVersionWatchOptions): ContentVersionWatch {
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
  return { poll, close: () => clearInterval(timer) };
}
