import { randomBytes } from "node:crypto";
import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

const KEY = "secret:auth";

/**
 * The key CSRF tokens are signed with: `AUTH_SECRET` when set, else one generated on the first
 * start and kept in the database (the key-value table, never expiring), so that every worker and
 * every copy on one database signs alike without any setup. Of two processes starting at once,
 * the first insert wins and both read it back.
 */
export async function loadAuthSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto("key_value")
    .values({ key: KEY, value: randomBytes(32).toString("base64url"), expires_at: null })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("key_value")
    .select("value")
    .where("key", "=", KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}
