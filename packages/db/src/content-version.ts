import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./database-schema.ts";

// Caches of rendered pages and content reads are dropped when the content changes. Every writer
// of content (seeding, the poetry import) bumps one row, so that a check reads one row by its key
// instead of scanning tables that may hold hundreds of thousands of entries.
const KEY = "content:version";

/** Records that content changed; call after the writes are committed. */
export async function bumpContentVersion(db: Kysely<Database>, now = new Date()): Promise<string> {
  const value = `${now.toISOString()}|${randomUUID()}`;
  await db
    .insertInto("key_value")
    .values({ key: KEY, value, expires_at: null })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, expires_at: null }))
    .execute();
  return value;
}

/** The current content version; "" before content was ever written. */
export async function readContentVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom("key_value")
    .select("value")
    .where("key", "=", KEY)
    .executeTakeFirst();
  return row?.value ?? "";
}
