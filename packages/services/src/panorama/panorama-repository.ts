import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

export interface PanoramaCodeRow {
  code_hash: string;
  scope: string;
  expires_at: string;
  redeemed_by: string | null;
  redeemed_at: string | null;
}

/** What spending a code came to: spent now by this account, or why not. */
export type SpendOutcome =
  | { kind: "spent"; scope: string }
  | { kind: "unknown" }
  | { kind: "expired"; expiresAt: string }
  | { kind: "used"; byThisAccount: boolean };

/** The panorama tables (migration 0016): scenes, editions, exchange codes and unlocks. */
export function createPanoramaRepository(db: Kysely<Database>) {
  return {
    editions() {
      return db.selectFrom("panorama_edition").selectAll().orderBy("sort_key").execute();
    },

    scenes(edition?: string) {
      let query = db.selectFrom("panorama_scene").selectAll().orderBy("sort_key");
      if (edition) query = query.where("edition", "=", edition);
      return query.execute();
    },

    scene(key: string) {
      return db.selectFrom("panorama_scene").selectAll().where("key", "=", key).executeTakeFirst();
    },

    /** The scopes an account has unlocked. */
    async unlockedScopes(ownerId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom("panorama_unlock")
        .select("scope")
        .where("owner_id", "=", ownerId)
        .execute();
      return new Set(rows.map((r) => r.scope));
    },

    async insertCodes(
      codes: { hash: string; scope: string; batch: string; expiresAt: string }[],
      now: string,
    ) {
      for (let i = 0; i < codes.length; i += 200) {
        await db
          .insertInto("panorama_exchange_code")
          .values(
            codes.slice(i, i + 200).map((c) => ({
              code_hash: c.hash,
              scope: c.scope,
              batch: c.batch,
              expires_at: c.expiresAt,
              created_at: now,
              redeemed_by: null,
              redeemed_at: null,
            })),
          )
          .execute();
      }
    },

    /**
     * Spends a code for an account, in one transaction: the UPDATE matches the code only while
     * it is unspent and unexpired, so of two readers spending it at once exactly one changes the
     * row (PostgreSQL makes the second wait for the first and then re-checks; SQLite runs one
     * writer at a time). The unlock is written in the same transaction.
     */
    spend(hash: string, ownerId: string, now: string): Promise<SpendOutcome> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("panorama_exchange_code")
          .set({ redeemed_by: ownerId, redeemed_at: now })
          .where("code_hash", "=", hash)
          .where("redeemed_by", "is", null)
          .where("expires_at", ">", now)
          .executeTakeFirst();
        const row = await trx
          .selectFrom("panorama_exchange_code")
          .select(["scope", "expires_at", "redeemed_by"])
          .where("code_hash", "=", hash)
          .executeTakeFirst();
        if (!row) return { kind: "unknown" } as const;
        if (Number(result.numUpdatedRows) !== 1) {
          if (row.redeemed_by !== null)
            return { kind: "used", byThisAccount: row.redeemed_by === ownerId } as const;
          return { kind: "expired", expiresAt: row.expires_at } as const;
        }
        await trx
          .insertInto("panorama_unlock")
          .values({ owner_id: ownerId, scope: row.scope, code_hash: hash, created_at: now })
          .onConflict((oc) => oc.columns(["owner_id", "scope"]).doNothing())
          .execute();
        return { kind: "spent", scope: row.scope } as const;
      });
    },

    /** A batch's codes: how many, and how many are spent (the admin command's report). */
    async batchReport(batch: string) {
      const rows = await db
        .selectFrom("panorama_exchange_code")
        .select(["redeemed_by"])
        .where("batch", "=", batch)
        .execute();
      return { total: rows.length, spent: rows.filter((r) => r.redeemed_by !== null).length };
    },
  };
}

export type PanoramaRepository = ReturnType<typeof createPanoramaRepository>;
