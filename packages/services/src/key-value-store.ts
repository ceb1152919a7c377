/**
 * Shared short-lived state: sessions, caches and counters. One process keeps it in its own
 * database (SQLite or PostgreSQL); several processes behind a load balancer point REDIS_URL at
 * one Redis so that they share it.
 */
export interface KeyValueStore {
  readonly kind: "redis" | "database";
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every key that starts with the prefix (cache invalidation). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Adds one to a counter and answers the new count, atomically across processes. A counter that
   * does not exist (or has expired) starts at 1 and lives `ttlSeconds` from then: a fixed window,
   * which is what failed-login and send limits count in.
   */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /**
   * Reads and deletes a value in one step, so that of two concurrent takers only one gets it:
   * one-time codes and tickets are consumed with this.
   */
  take(key: string): Promise<string | null>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
