import { randomBytes } from "node:crypto";
import type { AccountTable, Database } from "@tongjian/db/database-schema";
import type { Kysely, Selectable } from "kysely";

export type AccountRow = Selectable<AccountTable>;

export const newId = () => randomBytes(12).toString("hex");

/** Unique-constraint violation on either dialect (a concurrent insert won the race). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || /UNIQUE constraint failed/.test(e?.message ?? "");
}

export function createAccountRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<AccountRow | undefined> {
      return db.selectFrom("account").selectAll().where("id", "=", id).executeTakeFirst();
    },

    findByPhone(phone: string): Promise<AccountRow | undefined> {
      return db.selectFrom("account").selectAll().where("phone", "=", phone).executeTakeFirst();
    },

    findByAppUserId(appUserId: string): Promise<AccountRow | undefined> {
      return db
        .selectFrom("account")
        .selectAll()
        .where("app_user_id", "=", appUserId)
        .executeTakeFirst();
    },

    async create(input: {
      phone?: string | null;
      passwordHash?: string | null;
      name: string;
      avatar?: string | null;
      appUserId?: string | null;
    }): Promise<AccountRow> {
      const at = new Date().toISOString();
      const row = {
        id: newId(),
        phone: input.phone ?? null,
        password_hash: input.passwordHash ?? null,
        name: input.name,
        avatar: input.avatar ?? null,
        app_user_id: input.appUserId ?? null,
        role: "user",
        learning_access: 0,
        created_at: at,
        updated_at: at,
      };
      await db.insertInto("account").values(row).execute();
      return row;
    },

    async update(
      id: string,
      changes: Partial<
        Pick<AccountRow, "phone" | "password_hash" | "name" | "avatar" | "app_user_id" | "role">
      >,
    ): Promise<void> {
      await db
        .updateTable("account")
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
