import type { Database } from "@tongjian/db/database-schema";
import {
  PERSONAL_DATA,
  PERSONAL_DATA_CHILDREN,
  type PersonalDataChild,
  type PersonalDataSet,
  personalDataByCategory,
} from "@tongjian/domain/personal-data";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import type { UserViewer, Viewer, VisitorViewer } from "@tongjian/domain/viewer";
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { requireSignedIn } from "../accounts/require-login.ts";
import type { SessionService } from "../accounts/sessions.server.ts";

/** The tables by name: the list in domain/personal-data names them as strings. */
type Loose = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

export const EXPORT_FORMAT = "tongjian-personal-data/1";

/** Who a signed-in reader is, across the ids their rows may be under. */
export interface ReaderIds {
  kind: "user" | "visitor";
  /** The account's id, or the visitor's when there is no account. */
  id: string;
  accountId: string | null;
  /** Every id the reader's rows can be keyed by: the account's and its WeChat visitors'. */
  ids: string[];
}

export interface PersonalDataExport {
  format: typeof EXPORT_FORMAT;
  product: string;
  exportedAt: string;
  reader: { kind: "user" | "visitor"; id: string };
  account: Row | null;
  sets: {
    table: string;
    category: string;
    what: string;
    purpose: string;
    retention: string;
    rows: Row[];
  }[];
  related: { table: string; of: string; rows: Row[] }[];
}

/**
 * A reader's own data (decision 40, PIPL 第四十五、四十七条): what the product keeps of them,
 * counted, exported as one JSON document, and deleted with the account. All three read the one
 * list in domain/personal-data, so a table added there is exported and deleted with no other
 * change; a database test keeps that list true to the schema.
 */
export function createPersonalDataService(deps: {
  db: Kysely<Database>;
  sessions: SessionService;
  list?: readonly PersonalDataSet[];
  children?: readonly PersonalDataChild[];
  clock?: () => Date;
}) {
  const db = deps.db as unknown as Loose;
  const list = deps.list ?? PERSONAL_DATA;
  const children = deps.children ?? PERSONAL_DATA_CHILDREN;
  const clock = deps.clock ?? (() => new Date());

  async function readerIds(viewer: UserViewer | VisitorViewer): Promise<ReaderIds> {
    if (viewer.kind === "visitor")
      return { kind: "visitor", id: viewer.visitorId, accountId: null, ids: [viewer.visitorId] };
    const visitors = await deps.db
      .selectFrom("visitor")
      .select("id")
      .where("account_id", "=", viewer.userId)
      .execute();
    return {
      kind: "user",
      id: viewer.userId,
      accountId: viewer.userId,
      ids: [viewer.userId, ...visitors.map((v) => v.id)],
    };
  }

  const ownedBy = (set: PersonalDataSet, ids: string[]) => (qb: Loose | Transaction<never>) =>
    (qb as Loose)
      .selectFrom(set.table)
      .where((eb) => eb.or(set.ownerColumns.map((column) => eb(column, "in", ids))));

  const parentOf = (child: PersonalDataChild) => {
    const parent = list.find((set) => set.table === child.parent);
    if (!parent) throw new Error(`${child.table}: parent ${child.parent} is not listed`);
    return parent;
  };

  const withoutSecrets = (set: PersonalDataSet, rows: Row[]) =>
    rows.map((row) => {
      const copy: Row = { ...row };
      for (const column of set.secretColumns ?? []) delete copy[column];
      return copy;
    });

  async function countOf(set: PersonalDataSet, ids: string[]): Promise<number> {
    const row = await ownedBy(
      set,
      ids,
    )(db)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  const service = {
    readerIds,

    /** How many rows of each kind the reader has (the own-data page). */
    async overview(viewer: Viewer) {
      const ids = await readerIds(requireSignedIn(viewer));
      const counts = new Map<string, number>();
      for (const set of list) counts.set(set.table, await countOf(set, ids.ids));
      return {
        ids,
        groups: personalDataByCategory(list).map((group) => ({
          category: group.category,
          sets: group.sets.map((set) => ({
            table: set.table,
            what: set.what,
            rows: counts.get(set.table) ?? 0,
          })),
        })),
      };
    },

    /** Everything the product keeps of the reader, as one JSON-ready document. */
    async export(viewer: Viewer): Promise<PersonalDataExport> {
      const ids = await readerIds(requireSignedIn(viewer));
      const sets: PersonalDataExport["sets"] = [];
      for (const set of list) {
        const rows = await ownedBy(set, ids.ids)(db).selectAll().execute();
        sets.push({
          table: set.table,
          category: set.category,
          what: set.what,
          purpose: set.purpose,
          retention: set.retention,
          rows: withoutSecrets(set, rows),
        });
      }
      const related: PersonalDataExport["related"] = [];
      for (const child of children.filter((c) => c.exported)) {
        const parent = parentOf(child);
        const rows = await db
          .selectFrom(child.table)
          .selectAll()
          .where(child.column, "in", ownedBy(parent, ids.ids)(db).select(child.parentKey))
          .execute();
        related.push({ table: child.table, of: child.parent, rows });
      }
      const account = sets.find((s) => s.table === "account")?.rows[0] ?? null;
      return {
        format: EXPORT_FORMAT,
        product: PRODUCT_NAME,
        exportedAt: clock().toISOString(),
        reader: { kind: ids.kind, id: ids.id },
        account,
        sets,
        related,
      };
    },

    /**
     * Deletes the reader's account at once: every session ends first (so no cached sign-in
     * outlives the account), then in one transaction the rows that hang off theirs, their own
     * rows, and the counts their likes, comments and memberships made on others' posts and
     * circles. Orders and what they need for the law's three years stay, naming no one.
     */
    async deleteAccount(viewer: Viewer) {
      const reader = requireSignedIn(viewer);
      const ids = await readerIds(reader);
      if (ids.accountId) await deps.sessions.endAllOfAccount(ids.accountId);
      for (const visitorId of ids.ids.filter((id) => id !== ids.accountId)) {
        for (const session of await deps.sessions.list({ accountId: null, visitorId }))
          await deps.sessions.endById({ accountId: null, visitorId }, session.id);
      }
      const standIn = newId();
      const removed: Record<string, number> = {};
      const anonymised: Record<string, number> = {};
      await deps.db.transaction().execute(async (typedTrx) => {
        const trx = typedTrx as unknown as Loose;
        const postIdsOf = async (table: string, column: string) =>
          (
            await trx.selectFrom(table).select("post_id").where(column, "in", ids.ids).execute()
          ).map((r) => String(r.post_id));
        const touchedPosts = [
          ...(await postIdsOf("post_like", "account_id")),
          ...(await postIdsOf("post_comment", "author_id")),
        ];
        const touchedNotes = (
          await trx
            .selectFrom("entry_note_like")
            .select("note_id")
            .where("owner_id", "in", ids.ids)
            .execute()
        ).map((r) => String(r.note_id));
        const touchedCircles = (
          await trx
            .selectFrom("circle_member")
            .select("circle_id")
            .where("account_id", "in", ids.ids)
            .unionAll(trx.selectFrom("post").select("circle_id").where("author_id", "in", ids.ids))
            .execute()
        ).map((r) => String(r.circle_id));

        for (const child of children) {
          const parent = parentOf(child);
          const result = await trx
            .deleteFrom(child.table)
            .where(child.column, "in", ownedBy(parent, ids.ids)(trx).select(child.parentKey))
            .executeTakeFirst();
          removed[child.table] = (removed[child.table] ?? 0) + Number(result.numDeletedRows);
        }
        for (const set of list) {
          const mine = (eb: ExpressionBuilder<Record<string, Record<string, unknown>>, string>) =>
            eb.or(set.ownerColumns.map((column) => eb(column, "in", ids.ids)));
          if (set.onDeletion === "delete") {
            const result = await trx.deleteFrom(set.table).where(mine).executeTakeFirst();
            removed[set.table] = (removed[set.table] ?? 0) + Number(result.numDeletedRows);
            continue;
          }
          const changes: Row = {};
          for (const column of set.ownerColumns) changes[column] = set.nullOwner ? null : standIn;
          for (const column of set.clearColumns ?? []) changes[column] = null;
          const result = await trx
            .updateTable(set.table)
            .set(changes)
            .where(mine)
            .executeTakeFirst();
          anonymised[set.table] = Number(result.numUpdatedRows);
        }

        const unique = (values: string[]) => [...new Set(values)];
        if (touchedPosts.length > 0)
          await trx
            .updateTable("post")
            .set({
              like_count: sql`(select count(*) from post_like where post_like.post_id = post.id)`,
              comment_count: sql`(select count(*) from post_comment where post_comment.post_id = post.id)`,
            })
            .where("id", "in", unique(touchedPosts))
            .execute();
        if (touchedNotes.length > 0)
          await trx
            .updateTable("entry_note")
            .set({
              like_count: sql`(select count(*) from entry_note_like where entry_note_like.note_id = entry_note.id)`,
            })
            .where("id", "in", unique(touchedNotes))
            .execute();
        if (touchedCircles.length > 0)
          await trx
            .updateTable("circle")
            .set({
              member_count: sql`(select count(*) from circle_member where circle_member.circle_id = circle.id)`,
              post_count: sql`(select count(*) from post where post.circle_id = circle.id)`,
            })
            .where("id", "in", unique(touchedCircles))
            .execute();
      });
      deps.sessions.clearCache();
      return { deleted: true, removed, anonymised };
    },
  };
  return service;
}

export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
