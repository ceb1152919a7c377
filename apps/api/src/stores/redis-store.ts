import type { KeyValueStore } from "@tongjian/services/key-value-store";
import { Redis } from "ioredis";

const INCREMENT_SCRIPT =
  "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n";

export function createRedisStore(
  url: string,
  namespace = "tj:",
): KeyValueStore & { client: Redis } {
  const client = new Redis(url, {
    keyPrefix: namespace,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  // Connection errors surface through failed commands and /healthz, not as crashes.
  client.on("error", () => {});
  return {
    kind: "redis",
    client,
    get: (key) => client.get(key),
    async set(key, value, ttlSeconds) {
      if (ttlSeconds && ttlSeconds > 0) await client.set(key, value, "EX", Math.ceil(ttlSeconds));
      else await client.set(key, value);
    },
    async delete(key) {
      await client.del(key);
    },
    async deletePrefix(prefix) {
      let cursor = "0";
      do {
        // SCAN does not apply keyPrefix, so the namespace is added by hand here.
        const [next, keys] = await client.scan(
          cursor,
          "MATCH",
          `${namespace}${prefix}*`,
          "COUNT",
          500,
        );
        cursor = next;
        if (keys.length > 0) await client.del(...keys.map((k) => k.slice(namespace.length)));
      } while (cursor !== "0");
    },
    async increment(key, ttlSeconds) {
      // INCR and the first EXPIRE in one script, so a counter never outlives its window.
      const count = await client.eval(INCREMENT_SCRIPT, 1, key, Math.ceil(ttlSeconds));
      return Number(count);
    },
    take: (key) => client.getdel(key),
    async sortedSetMax(key, member, score, ttlSeconds) {
      // GT keeps the higher of the old and the new score in one command (Redis 6.2+).
      const batch = client.multi().zadd(key, "GT", score, member);
      if (ttlSeconds && ttlSeconds > 0) batch.expire(key, Math.ceil(ttlSeconds));
      await batch.exec();
    },
    async sortedSetTop(key, count) {
      if (count <= 0) return [];
      const flat = await client.zrevrange(key, 0, count - 1, "WITHSCORES");
      const out: { member: string; score: number }[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2)
        out.push({ member: flat[i] as string, score: Number(flat[i + 1]) });
      return out;
    },
    async sortedSetRank(key, member) {
      const raw = await client.zscore(key, member);
      if (raw === null) return null;
      const score = Number(raw);
      const higher = await client.zcount(key, `(${score}`, "+inf");
      return { rank: higher + 1, score };
    },
    sortedSetSize: (key) => client.zcard(key),
    async ping() {
      try {
        return (await client.ping()) === "PONG";
      } catch {
        return false;
      }
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
