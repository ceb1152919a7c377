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
  /**
   * Sorted sets, for rankings: keeps `score` for `member` under `key` unless the member already
   * has a higher one (a reader's best counts, not the last), atomically. `ttlSeconds` sets when
   * the whole set expires (a day's or a week's ranking).
   */
  sortedSetMax(key: string, member: string, score: number, ttlSeconds?: number): Promise<void>;
  /** The `count` highest members, highest first; equal scores by member, descending. */
  sortedSetTop(key: string, count: number): Promise<SortedSetEntry[]>;
  /**
   * A member's score and place: 1 + how many members score higher (equal scores share a
   * place), or null when the member is not in the set.
   */
  sortedSetRank(key: string, member: string): Promise<{ rank: number; score: number } | null>;
  sortedSetSize(key: string): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface SortedSetEntry {
  member: string;
  score: number;
}
