import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisStore } from "../../../apps/api/src/stores/redis-store.ts";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { createAttemptLimiter } from "./accounts/attempt-limiter.ts";
import { createDatabaseStore } from "./key-value-repository.ts";
import type { KeyValueStore } from "./key-value-store.ts";

const stores = databaseTargets().flatMap((target) => [
  { name: `database (${target.name})`, target, redis: false },
  ...(target.redisUrl ? [{ name: "redis", target, redis: true }] : []),
]);

describe.each(stores)("key-value store: $name", ({ target, redis }) => {
  let store: KeyValueStore;
  let close: () => Promise<void>;
  const prefix = `test:${Date.now()}:${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    const handle = createDatabase({ databaseUrl: target.databaseUrl, sqlitePath: ":memory:" });
    await migrateToLatest(handle.db);
    store =
      redis && target.redisUrl ? createRedisStore(target.redisUrl) : createDatabaseStore(handle.db);
    close = async () => {
      await store.close();
      await handle.close();
    };
  });
  afterAll(async () => {
    await close?.();
  });

  it("keeps each member's highest score in a sorted set, atomically, and ranks by it", async () => {
    const key = `${prefix}:rank`;
    await Promise.all([5, 30, 10, 20].map((score) => store.sortedSetMax(key, "a", score, 3600)));
    await store.sortedSetMax(key, "b", 20, 3600);
    await store.sortedSetMax(key, "c", 20, 3600);
    await store.sortedSetMax(key, "d", 1, 3600);
    await store.sortedSetMax(key, "a", 2, 3600);
    expect(await store.sortedSetTop(key, 3)).toEqual([
      { member: "a", score: 30 },
      { member: "c", score: 20 },
      { member: "b", score: 20 },
    ]);
    expect(await store.sortedSetRank(key, "a")).toEqual({ rank: 1, score: 30 });
    expect(await store.sortedSetRank(key, "b")).toEqual({ rank: 2, score: 20 });
    expect(await store.sortedSetRank(key, "c")).toEqual({ rank: 2, score: 20 });
    expect(await store.sortedSetRank(key, "d")).toEqual({ rank: 4, score: 1 });
    expect(await store.sortedSetRank(key, "nobody")).toBeNull();
    expect(await store.sortedSetSize(key)).toBe(4);
    expect(await store.sortedSetSize(`${prefix}:empty`)).toBe(0);
    await store.deletePrefix(`${prefix}:rank`);
    expect(await store.sortedSetSize(key)).toBe(0);
  });

  it("counts atomically: concurrent increments each get their own count", async () => {
    const key = `${prefix}:count`;
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment(key, 60)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await store.get(key)).toBe("20");
  });

  it("starts a counter again once its window is over", async () => {
    const key = `${prefix}:window`;
    expect(await store.increment(key, 1)).toBe(1);
    expect(await store.increment(key, 1)).toBe(2);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await store.increment(key, 1)).toBe(1);
  });

  it("gives a value to one taker only", async () => {
    const key = `${prefix}:take`;
    await store.set(key, "ticket", 60);
    const taken = await Promise.all(Array.from({ length: 10 }, () => store.take(key)));
    expect(taken.filter((v) => v === "ticket")).toHaveLength(1);
    expect(await store.take(key)).toBeNull();
  });

  it("limits attempts per subject and window (请稍后再试)", async () => {
    const limiter = createAttemptLimiter(store);
    const limit = { name: `${prefix}:limit`, max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) {
      await limiter.check(limit, "13800138000");
      await limiter.fail(limit, "13800138000");
    }
    await expect(limiter.check(limit, "13800138000")).rejects.toThrow("尝试次数过多，请稍后再试");
    await limiter.check(limit, "13900139000");
    await limiter.reset(limit, "13800138000");
    await limiter.check(limit, "13800138000");
  });
});
