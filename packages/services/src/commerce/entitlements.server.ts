import type { Database } from "@tongjian/db/database-schema";
import { addChinaMonths, addDays } from "@tongjian/domain/china-time";
import {
  COURSE_SCOPES,
  type CourseScope,
  VIP_RIGHTS,
  type VipRight,
} from "@tongjian/domain/commerce";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { type Kysely, sql, type Transaction } from "kysely";
import { newId } from "../accounts/account-repository.ts";

const RIGHTS = new Set<string>(VIP_RIGHTS.map((r) => r.key));
const SCOPES = new Set<string>(COURSE_SCOPES);

/** What a gate asks about: a VIP right (domain VIP_RIGHTS) or a course's scope. */
export type Entitlement = VipRight | CourseScope;

export interface VipStatus {
  active: boolean;
  expiresAt: string | null;
  autoRenew: boolean;
}

/**
 * What a reader holds (decision 33): VIP periods stacked end to end, exact to the second;
 * courses by scope; the cards an order gave. One rule everywhere: VIP grants every VIP right
 * and every ladder's paid levels; a course grants its scope; the old admin flag
 * (`account.learning_access`) still opens the learning gates.
 */
export function createEntitlements(deps: {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  now?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  async function vipEnd(trx: Kysely<Database>, accountId: string): Promise<string | null> {
    const row = await trx
      .selectFrom("entitlement")
      .select(sql<string | null>`max(ends_at)`.as("end"))
      .where("account_id", "=", accountId)
      .where("kind", "=", "vip")
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return row?.end ?? null;
  }

  async function vipActive(accountId: string, at: Date): Promise<boolean> {
    const row = await db
      .selectFrom("entitlement")
      .select("id")
      .where("account_id", "=", accountId)
      .where("kind", "=", "vip")
      .where("revoked_at", "is", null)
      .where("starts_at", "<=", at.toISOString())
      .where("ends_at", ">", at.toISOString())
      .executeTakeFirst();
    return row !== undefined;
  }

  async function hasCourse(accountId: string, scope: CourseScope): Promise<boolean> {
    const row = await db
      .selectFrom("entitlement")
      .select("id")
      .where("account_id", "=", accountId)
      .where("kind", "=", "course")
      .where("scope", "=", scope)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (row) return true;
    const account = await db
      .selectFrom("account")
      .select("learning_access")
      .where("id", "=", accountId)
      .executeTakeFirst();
    return account?.learning_access === 1;
  }

  /** Serialises the VIP grants of one reader on PostgreSQL (SQLite writes one at a time). */
  async function lockAccount(trx: Transaction<Database>, accountId: string) {
    if (deps.dialect === "postgres")
      await sql`select pg_advisory_xact_lock(hashtext(${`entitlement:${accountId}`}))`.execute(trx);
  }

  async function hasOwner(accountId: string, what: Entitlement, at = clock()): Promise<boolean> {
    if (RIGHTS.has(what)) return vipActive(accountId, at);
    if (SCOPES.has(what)) {
      if (what.startsWith("ladder:") && (await vipActive(accountId, at))) return true;
      return hasCourse(accountId, what as CourseScope);
    }
    return false;
  }

  return {
    /** Whether the viewer may use a VIP right or a course's scope now. */
    async has(viewer: Viewer, what: Entitlement): Promise<boolean> {
      const owner = ownerIdOf(viewer);
      return owner ? hasOwner(owner, what) : false;
    },
    hasOwner,

    async status(viewer: Viewer): Promise<VipStatus> {
      const owner = ownerIdOf(viewer);
      if (!owner) return { active: false, expiresAt: null, autoRenew: false };
      const now = clock();
      const end = await vipEnd(db, owner);
      const renew = await db
        .selectFrom("orders")
        .select("order_num")
        .where("account_id", "=", owner)
        .where("auto_renew", "=", 1)
        .where("state", "=", "fulfilled")
        .executeTakeFirst();
      return {
        active: await vipActive(owner, now),
        expiresAt: end,
        autoRenew: renew !== undefined && end !== null && end > now.toISOString(),
      };
    },

    /**
     * Adds a VIP period from max(now, the current end), by calendar months (China time) or days,
     * once per grant key. Returns the new end, or null when the key was granted before.
     */
    async grantVip(
      trx: Transaction<Database>,
      input: {
        accountId: string;
        months?: number;
        days?: number;
        grantKey: string;
        orderNum: string | null;
        now: Date;
      },
    ): Promise<string | null> {
      await lockAccount(trx, input.accountId);
      const taken = await trx
        .selectFrom("entitlement")
        .select("id")
        .where("grant_key", "=", input.grantKey)
        .executeTakeFirst();
      if (taken) return null;
      const current = await vipEnd(trx, input.accountId);
      const nowIso = input.now.toISOString();
      const start = current && current > nowIso ? new Date(current) : input.now;
      let end = start;
      if (input.months) end = addChinaMonths(end, input.months);
      if (input.days) end = addDays(end, input.days);
      await trx
        .insertInto("entitlement")
        .values({
          id: newId(),
          account_id: input.accountId,
          kind: "vip",
          scope: "vip",
          starts_at: start.toISOString(),
          ends_at: end.toISOString(),
          order_num: input.orderNum,
          grant_key: input.grantKey,
          quantity: 1,
          revoked_at: null,
          created_at: nowIso,
        })
        .execute();
      return end.toISOString();
    },

    async grantCourse(
      trx: Transaction<Database>,
      input: { accountId: string; scope: string; grantKey: string; orderNum: string; now: Date },
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto("entitlement")
        .values({
          id: newId(),
          account_id: input.accountId,
          kind: "course",
          scope: input.scope,
          starts_at: input.now.toISOString(),
          ends_at: null,
          order_num: input.orderNum,
          grant_key: input.grantKey,
          quantity: 1,
          revoked_at: null,
          created_at: input.now.toISOString(),
        })
        .onConflict((oc) => oc.column("grant_key").doNothing())
        .returning("id")
        .execute();
      return inserted.length > 0;
    },

    /**
     * Takes back `share` (0 < share ≤ 1) of an order's VIP period: its end moves back by that
     * part of its length, and the periods stacked after it move back as much; all of it revokes it.
     */
    async reverseVip(
      trx: Transaction<Database>,
      input: { orderNum: string; share: number; now: Date },
    ): Promise<void> {
      const row = await trx
        .selectFrom("entitlement")
        .selectAll()
        .where("order_num", "=", input.orderNum)
        .where("kind", "=", "vip")
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (!row?.ends_at) return;
      await lockAccount(trx, row.account_id);
      const start = Date.parse(row.starts_at);
      const end = Date.parse(row.ends_at);
      const cut =
        input.share >= 1 ? end - start : Math.round(((end - start) * input.share) / 1000) * 1000;
      if (input.share >= 1)
        await trx
          .updateTable("entitlement")
          .set({ revoked_at: input.now.toISOString() })
          .where("id", "=", row.id)
          .execute();
      else
        await trx
          .updateTable("entitlement")
          .set({ ends_at: new Date(end - cut).toISOString() })
          .where("id", "=", row.id)
          .execute();
      const later = await trx
        .selectFrom("entitlement")
        .selectAll()
        .where("account_id", "=", row.account_id)
        .where("kind", "=", "vip")
        .where("revoked_at", "is", null)
        .where("id", "!=", row.id)
        .where("starts_at", ">=", row.ends_at)
        .execute();
      for (const l of later)
        await trx
          .updateTable("entitlement")
          .set({
            starts_at: new Date(Date.parse(l.starts_at) - cut).toISOString(),
            ends_at: l.ends_at ? new Date(Date.parse(l.ends_at) - cut).toISOString() : null,
          })
          .where("id", "=", l.id)
          .execute();
    },

    async revokeOrder(trx: Transaction<Database>, orderNum: string, now: Date): Promise<void> {
      await trx
        .updateTable("entitlement")
        .set({ revoked_at: now.toISOString() })
        .where("order_num", "=", orderNum)
        .where("revoked_at", "is", null)
        .execute();
    },

    /** VIP's end (ISO) for a reader, or null. */
    vipEnd: (accountId: string, trx: Kysely<Database> = db) => vipEnd(trx, accountId),

    /** A visitor who binds an account hands over what it bought. */
    async moveOwner(fromId: string, toId: string): Promise<void> {
      await db
        .updateTable("entitlement")
        .set({ account_id: toId })
        .where("account_id", "=", fromId)
        .execute();
      await db
        .updateTable("orders")
        .set({ account_id: toId })
        .where("account_id", "=", fromId)
        .execute();
    },
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
