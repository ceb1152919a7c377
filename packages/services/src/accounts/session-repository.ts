import type { AuthSessionTable, Database } from "@tongjian/db/database-schema";
import type { Kysely, Selectable } from "kysely";

export type SessionRow = Selectable<AuthSessionTable>;

/** A session with what the viewer needs of its account, read in one query. */
export interface SessionWithAccount extends SessionRow {
  role: string | null;
  phone: string | null;
  name: string | null;
  app_user_id: string | null;
}

export function createSessionRepository(db: Kysely<Database>) {
  return {
    async insert(row: SessionRow): Promise<void> {
      await db.insertInto("auth_session").values(row).execute();
    },

    findByTokenHash(tokenHash: string): Promise<SessionWithAccount | undefined> {
      return db
        .selectFrom("auth_session as s")
        .leftJoin("account as a", "a.id", "s.account_id")
        .selectAll("s")
        .select(["a.role", "a.phone", "a.name", "a.app_user_id"])
        .where("s.token_hash", "=", tokenHash)
        .executeTakeFirst();
    },

    async touch(id: string, at: string): Promise<void> {
      await db.updateTable("auth_session").set({ last_seen_at: at }).where("id", "=", id).execute();
    },

    /** Deletes the sessions and answers the token hashes they had (to drop them from caches). */
    async deleteWhere(filter: {
      id?: string;
      tokenHash?: string;
      accountId?: string;
      visitorId?: string;
      exceptId?: string;
    }): Promise<string[]> {
      let query = db.deleteFrom("auth_session");
      if (filter.id) query = query.where("id", "=", filter.id);
      if (filter.tokenHash) query = query.where("token_hash", "=", filter.tokenHash);
      if (filter.accountId) query = query.where("account_id", "=", filter.accountId);
      if (filter.visitorId) query = query.where("visitor_id", "=", filter.visitorId);
      if (filter.exceptId) query = query.where("id", "!=", filter.exceptId);
      const rows = await query.returning("token_hash").execute();
      return rows.map((r) => r.token_hash);
    },

    /** The account's (or the bare visitor's) sessions that have not expired, latest first. */
    list(owner: { accountId: string } | { visitorId: string }, now: string): Promise<SessionRow[]> {
      let query = db.selectFrom("auth_session").selectAll().where("expires_at", ">", now);
      query =
        "accountId" in owner
          ? query.where("account_id", "=", owner.accountId)
          : query.where("visitor_id", "=", owner.visitorId).where("account_id", "is", null);
      return query.orderBy("last_seen_at", "desc").limit(50).execute();
    },

    /** Expired sessions go; called now and then rather than on every read. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom("auth_session")
        .where("expires_at", "<=", now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
