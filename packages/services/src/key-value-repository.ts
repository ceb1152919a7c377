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
    },
    async ping() {
      return true;
    },
    async close() {},
  };
}
