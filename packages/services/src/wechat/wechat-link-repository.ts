import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

export interface WecomContactRow {
  external_user_id: string;
  owner_id: string;
  name: string | null;
  staff_user_id: string | null;
  bound_at: string;
}

/** The WeChat identities of readers beyond the visitor row: their 企业微信 contacts. */
export function createWechatLinkRepository(db: Kysely<Database>) {
  return {
    /** The WeChat unionid of a reader: their visitor's, or that of a visitor bound to the account. */
    async unionIdOf(owner: { accountId: string | null; visitorId: string | null }) {
      if (owner.visitorId) {
        const row = await db
          .selectFrom("visitor")
          .select("wx_union_id")
          .where("id", "=", owner.visitorId)
          .executeTakeFirst();
        if (row?.wx_union_id) return row.wx_union_id;
      }
      if (!owner.accountId) return null;
      const row = await db
        .selectFrom("visitor")
        .select("wx_union_id")
        .where("account_id", "=", owner.accountId)
        .where("wx_union_id", "is not", null)
        .orderBy("updated_at", "desc")
        .executeTakeFirst();
      return row?.wx_union_id ?? null;
    },

    /** The WeChat openid of a reader (for the official account's follow state). */
    async openIdOf(owner: { accountId: string | null; visitorId: string | null }) {
      if (owner.visitorId) {
        const row = await db
          .selectFrom("visitor")
          .select("wx_open_id")
          .where("id", "=", owner.visitorId)
          .executeTakeFirst();
        if (row) return row.wx_open_id;
      }
      if (!owner.accountId) return null;
      const row = await db
        .selectFrom("visitor")
        .select("wx_open_id")
        .where("account_id", "=", owner.accountId)
        .orderBy("updated_at", "desc")
        .executeTakeFirst();
      return row?.wx_open_id ?? null;
    },

    findContact(externalUserId: string): Promise<WecomContactRow | undefined> {
      return db
        .selectFrom("wecom_contact")
        .selectAll()
        .where("external_user_id", "=", externalUserId)
        .executeTakeFirst();
    },

    /** Binds the contact to the owner unless another owner has it; answers the row that stands. */
    async bindContact(row: WecomContactRow): Promise<WecomContactRow> {
      await db
        .insertInto("wecom_contact")
        .values(row)
        .onConflict((oc) =>
          oc
            .column("external_user_id")
            .doUpdateSet({ name: row.name, staff_user_id: row.staff_user_id })
            .where("wecom_contact.owner_id", "=", row.owner_id),
        )
        .execute();
      const stands = await db
        .selectFrom("wecom_contact")
        .selectAll()
        .where("external_user_id", "=", row.external_user_id)
        .executeTakeFirstOrThrow();
      return stands;
    },
  };
}

export type WechatLinkRepository = ReturnType<typeof createWechatLinkRepository>;
