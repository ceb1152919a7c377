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
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
