import { randomBytes } from "node:crypto";
import type { Database, VisitorTable } from "@tongjian/db/database-schema";
import type { Kysely, Selectable } from "kysely";

export type VisitorRow = Selectable<VisitorTable>;

export interface WeChatIdentity {
  openId: string;
  unionId: string | null;
  name: string | null;
  avatar: string | null;
}

export function createVisitorRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<VisitorRow | undefined> {
      return db.selectFrom("visitor").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async bindAccount(visitorId: string, accountId: string): Promise<void> {
      await db
        .updateTable("visitor")
        .set({ account_id: accountId, updated_at: new Date().toISOString() })
        .where("id", "=", visitorId)
        .where("account_id", "is", null)
        .execute();
    },

    /**
     * One visitor per openid. A later login refreshes name, avatar and unionid, but a
     * snsapi_base login (openid only) keeps what an earlier snsapi_userinfo login stored.
     */
    async upsertByOpenId(identity: WeChatIdentity, now = new Date()): Promise<VisitorRow> {
      const at = now.toISOString();
      await db
        .insertInto("visitor")
        .values({
          id: randomBytes(12).toString("hex"),
          wx_open_id: identity.openId,
          wx_union_id: identity.unionId,
          wx_name: identity.name,
          wx_avatar: identity.avatar,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.column("wx_open_id").doUpdateSet((eb) => ({
            wx_union_id: eb.fn.coalesce("excluded.wx_union_id", "visitor.wx_union_id"),
            wx_name: eb.fn.coalesce("excluded.wx_name", "visitor.wx_name"),
            wx_avatar: eb.fn.coalesce("excluded.wx_avatar", "visitor.wx_avatar"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
      return db
        .selectFrom("visitor")
        .selectAll()
        .where("wx_open_id", "=", identity.openId)
        .executeTakeFirstOrThrow();
    },
  };
}

export type VisitorRepository = ReturnType<typeof createVisitorRepository>;
