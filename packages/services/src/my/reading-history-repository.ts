import type { Database } from "@tongjian/db/database-schema";
import { type Kysely, sql, type Transaction } from "kysely";

export type ReadKind = "entry" | "article";

/** Reads to add to a reader's history: `count` more reads, the latest at `at`. */
export interface ReadsToAdd {
  ownerId: string;
  kind: ReadKind;
  itemId: string;
  /** ISO time of the earliest and the latest of these reads. */
  firstAt: string;
  lastAt: string;
  count: number;
}

/** A history row with what lists show of its entry or article. */
export interface HistoryRow {
  kind: string;
  item_id: string;
  first_read_at: string;
  last_read_at: string;
  read_count: number;
  entry_name: string | null;
  entry_kind: string | null;
  entry_summary: string | null;
  article_title: string | null;
  article_section: string | null;
  article_abstract: string | null;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 100;

/** Entries and articles each reader read (migration 0011). */
export function createReadingHistoryRepository(db: Kysely<Database>) {
  /** Adds reads; an item read before keeps its first time, takes the later last time. */
  async function addWith(trx: Kysely<Database> | Transaction<Database>, reads: ReadsToAdd[]) {
    for (let i = 0; i < reads.length; i += CHUNK) {
      await trx
        .insertInto("reading_history")
        .values(
          reads.slice(i, i + CHUNK).map((r) => ({
            owner_id: r.ownerId,
            kind: r.kind,
            item_id: r.itemId,
            first_read_at: r.firstAt,
            last_read_at: r.lastAt,
            read_count: r.count,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["owner_id", "kind", "item_id"]).doUpdateSet({
            // ISO-8601 times in UTC compare as text in both dialects.
            read_count: sql`reading_history.read_count + excluded.read_count`,
            first_read_at: sql`CASE WHEN excluded.first_read_at < reading_history.first_read_at
              THEN excluded.first_read_at ELSE reading_history.first_read_at END`,
            last_read_at: sql`CASE WHEN excluded.last_read_at > reading_history.last_read_at
              THEN excluded.last_read_at ELSE reading_history.last_read_at END`,
          }),
        )
        .execute();
    }
  }

  /** A reader's rows whose entry or article still exists, joined with it. */
  function joined(ownerId: string, kind: ReadKind | undefined) {
    let query = db
      .selectFrom("reading_history as h")
      .leftJoin("entry as e", (join) =>
        join.onRef("e.id", "=", "h.item_id").on("h.kind", "=", "entry"),
      )
      .leftJoin("article as a", (join) =>
        join.onRef("a.id", "=", "h.item_id").on("h.kind", "=", "article"),
      )
      .where("h.owner_id", "=", ownerId)
      .where((eb) => eb.or([eb("e.id", "is not", null), eb("a.id", "is not", null)]));
    if (kind) query = query.where("h.kind", "=", kind);
    return query;
  }

  return {
    add: (reads: ReadsToAdd[]) => addWith(db, reads),

    async page(
      ownerId: string,
      options: { kind?: ReadKind | undefined; order: "recent" | "top"; page: number; size: number },
    ): Promise<{ total: number; rows: HistoryRow[] }> {
      let list = joined(ownerId, options.kind).select([
        "h.kind",
        "h.item_id",
        "h.first_read_at",
        "h.last_read_at",
        "h.read_count",
        "e.name as entry_name",
        "e.kind as entry_kind",
        "e.summary as entry_summary",
        "a.title as article_title",
        "a.section as article_section",
        "a.abstract as article_abstract",
      ]);
      list =
        options.order === "top"
          ? list.orderBy("h.read_count", "desc").orderBy("h.last_read_at", "desc")
          : list.orderBy("h.last_read_at", "desc");
      const [rows, count] = await Promise.all([
        list
          .orderBy("h.item_id")
          .limit(options.size)
          .offset((options.page - 1) * options.size)
          .execute(),
        joined(ownerId, options.kind)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirst(),
      ]);
      return { total: Number(count?.n ?? 0), rows };
    },

    /** Of these ids, the ones that name an entry (or an article) that exists. */
    async existing(kind: ReadKind, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom(kind === "entry" ? "entry" : "article")
        .select("id")
        .where("id", "in", [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async clear(ownerId: string): Promise<number> {
      const result = await db
        .deleteFrom("reading_history")
        .where("owner_id", "=", ownerId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A WeChat visitor bound an account: the visitor's history joins the account's. */
    async moveOwner(fromId: string, toId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom("reading_history")
          .selectAll()
          .where("owner_id", "=", fromId)
          .execute();
        await addWith(
          trx,
          rows.map((r) => ({
            ownerId: toId,
            kind: r.kind as ReadKind,
            itemId: r.item_id,
            firstAt: r.first_read_at,
            lastAt: r.last_read_at,
            count: r.read_count,
          })),
        );
        await trx.deleteFrom("reading_history").where("owner_id", "=", fromId).execute();
      });
    },
  };
}

export type ReadingHistoryRepository = ReturnType<typeof createReadingHistoryRepository>;
