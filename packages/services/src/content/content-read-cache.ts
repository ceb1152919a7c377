import { LRUCache } from "lru-cache";
import { watchContentVersion } from "./watch-content-version.ts";

export interface ContentReadCacheOptions {
  /** Returns a value that changes whenever content changes (`db:seed`, here or elsewhere). */
  contentVersion: () => Promise<string>;
  /** How often the version is read (`CONTENT_POLL_MS`). */
  pollMs: number;
  /** Longest time a result is reused; it also bounds how stale counters shown in it can be. */
  ttlMs: number;
  max: number;
}

/** Freezes a value and everything it holds, so that no reader can change what others share. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Keeps results that depend on content only (recommendations, lists), shared by every visitor,
 * for a short time. They are dropped as soon as the content version changes, so a reloaded
 * corpus never shows removed or renamed articles. Concurrent misses for one key share one load.
 * Values are frozen: page loaders get service results by reference, shared with every reader.
 * Once closed (the server's shutdown) nothing is kept: what it would hold could no longer be
 * told stale.
 */
export function createContentReadCache<V extends object>(options: ContentReadCacheOptions) {
  const cache = new LRUCache<string, V>({ max: options.max, ttl: options.ttlMs });
  const loading = new Map<string, Promise<V>>();
  let generation = 0;
  let closed = false;
  const clear = () => {
    cache.clear();
    generation += 1;
  };
  const watch = watchContentVersion({
    contentVersion: options.contentVersion,
    pollMs: options.pollMs,
    onChange: clear,
  });

  return {
    /** The value kept under the key, or the one `load` gives (kept for the others). */
    async get<T extends V>(key: string, load: () => Promise<T>): Promise<T> {
      if (closed) return deepFreeze(await load());
      // One cache may hold values of several shapes, each under its own key prefix.
      const hit = cache.get(key) as T | undefined;
      if (hit) return hit;
      const startedIn = generation;
      const loadKey = `${startedIn}\0${key}`;
      const pending = loading.get(loadKey) as Promise<T> | undefined;
      if (pending) return pending;
      const promise = load()
        .then(deepFreeze)
        .then((value) => {
          // A load that straddled a content change may hold the old content: not kept.
          if (startedIn === generation) cache.set(key, value);
          return value;
        })
        .finally(() => loading.delete(loadKey));
      loading.set(loadKey, promise);
      return promise;
    },
    clear,
    /** Checks the content version now instead of at the next poll. */
    poll: watch.poll,
    /** Stops watching the content version and keeps nothing from now on. */
    close() {
      closed = true;
      watch.close();
      clear();
    },
    get size() {
      return cache.size;
    },
  };
}

export type ContentReadCache<V extends object> = ReturnType<typeof createContentReadCache<V>>;

/** Makes the services' read caches over one content version, and closes them together. */
export interface ContentReadCaches {
  create<V extends object>(
    options: Pick<ContentReadCacheOptions, "ttlMs" | "max">,
  ): ContentReadCache<V>;
  close(): void;
}

export function createContentReadCaches(
  source: Pick<ContentReadCacheOptions, "contentVersion" | "pollMs">,
): ContentReadCaches {
  const made: { close(): void }[] = [];
  return {
    create<V extends object>(options: Pick<ContentReadCacheOptions, "ttlMs" | "max">) {
      const cache = createContentReadCache<V>({ ...source, ...options });
      made.push(cache);
      return cache;
    },
    close() {
      for (const cache of made) cache.close();
    },
  };
}
