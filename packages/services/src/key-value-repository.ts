import type { Database } from "@tongjian/db/database-schema";
import { type Kysely, sql } from "kysely";
import type { KeyValueStore } from "./key-value-store.ts";

export function createDatabaseStore(db: Kysely<Database>): KeyValueStore {
  const now = () => Date.now();
  return {
    kind: "database",
    async get(key) {
      const row = await db
        .selectFrom("key_value")
        .select(["value", "expires_at"])
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row) return null;
      if (row.expires_at !== null && Number(row.expires_at) <= now()) {
        await db.deleteFrom("key_value").where("key", "=", key).execute();
        return null;
      }
      return row.value;
    },
    async set(key, value, ttlSeconds) {
      const expires_at = ttlSeconds && ttlSeconds > 0 ? now() + Math.ceil(ttlSeconds * 1000) : null;
      await db
        .insertInto("key_value")
        .values({ key, value, expires_at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, expires_at }))
        .execute();
    },
    async delete(key) {
      await db.deleteFrom("key_value").where("key", "=", key).execute();
    },
    async deletePrefix(prefix) {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // SQLite has no default LIKE escape character; naming one keeps both dialects alike.
      await db
        .deleteFrom("key_value")
        .where(sql<boolean>`key like ${pattern} escape '\\'`)
        .execute();
      await db
        .deleteFrom("sorted_set_member")
        .where(sql<boolean>`key like ${pattern} escape '\\'`)
        .execute();
    },
    async increment(key, ttlSeconds) {
      const at = now();
      const expires = at + Math.ceil(ttlSeconds * 1000);
      // One statement, so two processes counting at once never lose a count; an expired counter
      // starts again at 1 with a new window.
      const row = await db
        .insertInto("key_value")
        .values({ key, value: "1", expires_at: expires })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            value: sql<string>`case when key_value.expires_at is not null and key_value.expires_at <= ${at} then '1' else cast(cast(key_value.value as integer) + 1 as text) end`,
            expires_at: sql<number>`case when key_value.expires_at is not null and key_value.expires_at <= ${at} then ${expires} else key_value.expires_at end`,
          }),
        )
        .returning("value")
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },
    async take(key) {
      const row = await db
        .deleteFrom("key_value")
        .where("key", "=", key)
        .returning(["value", "expires_at"])
        .executeTakeFirst();
      if (!row) return null;
      if (row.expires_at !== null && Number(row.expires_at) <= now()) return null;
      return row.value;
    },
    async sortedSetMax(key, member, score, ttlSeconds) {
      const expires_at = ttlSeconds && ttlSeconds > 0 ? now() + Math.ceil(ttlSeconds * 1000) : null;
      const at = now();
      // One statement: of two concurrent writes the higher score stays, whatever their order.
      // A member left from an expired period starts again from this score.
      await db
        .insertInto("sorted_set_member")
        .values({ key, member, score, expires_at })
        .onConflict((oc) =>
          oc.columns(["key", "member"]).doUpdateSet({
            score: sql<number>`case when (sorted_set_member.expires_at is not null and sorted_set_member.expires_at <= ${at}) or excluded.score > sorted_set_member.score then excluded.score else sorted_set_member.score end`,
            expires_at,
          }),
        )
        .execute();
    },
    async sortedSetTop(key, count) {
      const rows = await db
        .selectFrom("sorted_set_member")
        .select(["member", "score"])
        .where("key", "=", key)
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now())]))
        .orderBy("score", "desc")
        .orderBy("member", "desc")
        .limit(Math.max(0, count))
        .execute();
      return rows.map((r) => ({ member: r.member, score: Number(r.score) }));
    },
    async sortedSetRank(key, member) {
      const at = now();
      const row = await db
        .selectFrom("sorted_set_member")
        .select("score")
        .where("key", "=", key)
        .where("member", "=", member)
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", at)]))
        .executeTakeFirst();
      if (!row) return null;
      const score = Number(row.score);
      const higher = await db
        .selectFrom("sorted_set_member")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("key", "=", key)
        .where("score", ">", score)
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", at)]))
        .executeTakeFirstOrThrow();
      return { rank: Number(higher.n) + 1, score };
    },
    async sortedSetSize(key) {
      const row = await db
        .selectFrom("sorted_set_member")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("key", "=", key)
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now())]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async ping() {
      return true;
    },
    async close() {},
  };
}
