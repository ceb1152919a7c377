import type { FastifyInstance } from "fastify";
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
 * Values are frozen: page loaders get API replies by reference (page-data-routes.ts).
 */
export function createContentReadCache<V extends object>(
  app: FastifyInstance,
  options: ContentReadCacheOptions,
) {
  const cache = new LRUCache<string, V>({ max: options.max, ttl: options.ttlMs });
  const loading = new Map<string, Promise<V>>();
  let generation = 0;
  const clear = () => {
    cache.clear();
    generation += 1;
  };
  const poll = watchContentVersion(app, {
    contentVersion: options.contentVersion,
    pollMs: options.pollMs,
    onChange: clear,
  });

  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = cache.get(key);
      if (hit) return hit;
      const startedIn = generation;
      const loadKey = `${startedIn}\0${key}`;
      const pending = loading.get(loadKey);
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
    poll,
    get size() {
      return cache.size;
    },
  };
}
