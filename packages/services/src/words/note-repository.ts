import type { Database } from "@tongjian/db/database-schema";
import type { NoteSort } from "@tongjian/domain/entry-notes";
import type { Kysely } from "kysely";

export interface NoteRow {
  id: string;
  entry_id: string;
  entry_name: string;
  owner_id: string;
  body: string;
  html: string;
  like_count: number;
  hidden: number;
  sample: number;
  created_at: string;
  account_name: string | null;
  account_avatar: string | null;
  visitor_name: string | null;
  visitor_avatar: string | null;
  liked: number;
}

export interface NewNote {
  id: string;
  entryId: string;
  ownerId: string;
  body: string;
  html: string;
  createdAt: string;
  sample?: boolean;
}

/** Readers' notes on entries (/words): the only place with their SQL. */
export function createNoteRepository(db: Kysely<Database>) {
  /** Notes with their entry, author and whether `viewerId` likes them. */
  function selectNotes(viewerId: string | null) {
    return db
      .selectFrom("entry_note as n")
      .innerJoin("entry as e", "e.id", "n.entry_id")
      .leftJoin("account as a", "a.id", "n.owner_id")
      .leftJoin("visitor as v", "v.id", "n.owner_id")
      .leftJoin("entry_note_like as l", (join) =>
        join.onRef("l.note_id", "=", "n.id").on("l.owner_id", "=", viewerId ?? ""),
      )
      .select((eb) => [
        "n.id",
        "n.entry_id",
        "e.name as entry_name",
        "n.owner_id",
        "n.body",
        "n.html",
        "n.like_count",
        "n.hidden",
        "n.sample",
        "n.created_at",
        "a.name as account_name",
        "a.avatar as account_avatar",
        "v.wx_name as visitor_name",
        "v.wx_avatar as visitor_avatar",
        eb.case().when("l.note_id", "is not", null).then(1).else(0).end().as("liked"),
      ]);
  }

  return {
    async entryExists(entryId: string): Promise<boolean> {
      const row = await db
        .selectFrom("entry")
        .select("id")
        .where("id", "=", entryId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(note: NewNote): Promise<void> {
      await db
        .insertInto("entry_note")
        .values({
          id: note.id,
          entry_id: note.entryId,
          owner_id: note.ownerId,
          body: note.body,
          html: note.html,
          sample: note.sample ? 1 : 0,
          created_at: note.createdAt,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    },

    async find(id: string, viewerId: string | null): Promise<NoteRow | undefined> {
      return selectNotes(viewerId).where("n.id", "=", id).executeTakeFirst();
    },

    /** A page of visible notes, of one entry or of all, with how many there are. */
    async list(request: {
      sort: NoteSort;
      page: number;
      size: number;
      entryId?: string;
      viewerId: string | null;
    }): Promise<{ rows: NoteRow[]; total: number }> {
      let query = selectNotes(request.viewerId).where("n.hidden", "=", 0);
      let count = db
        .selectFrom("entry_note as n")
        .innerJoin("entry as e", "e.id", "n.entry_id")
        .select((eb) => eb.fn.countAll<number | string>().as("total"))
        .where("n.hidden", "=", 0);
      if (request.entryId) {
        query = query.where("n.entry_id", "=", request.entryId);
        count = count.where("n.entry_id", "=", request.entryId);
      }
      if (request.sort === "liked") query = query.orderBy("n.like_count", "desc");
      const [rows, total] = await Promise.all([
        query
          .orderBy("n.created_at", "desc")
          .orderBy("n.id", "desc")
          .limit(request.size)
          .offset((request.page - 1) * request.size)
          .execute(),
        count.executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.total ?? 0) };
    },

    /** Idempotent like or unlike; answers the note's count after it. */
    async setLike(noteId: string, ownerId: string, like: boolean): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if (like) {
          const inserted = await trx
            .insertInto("entry_note_like")
            .values({ note_id: noteId, owner_id: ownerId, created_at: new Date().toISOString() })
            .onConflict((oc) => oc.columns(["note_id", "owner_id"]).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
            await trx
              .updateTable("entry_note")
              .set((eb) => ({ like_count: eb("like_count", "+", 1) }))
              .where("id", "=", noteId)
              .execute();
        } else {
          const deleted = await trx
            .deleteFrom("entry_note_like")
            .where("note_id", "=", noteId)
            .where("owner_id", "=", ownerId)
            .executeTakeFirst();
          if (Number(deleted.numDeletedRows) > 0)
            await trx
              .updateTable("entry_note")
              .set((eb) => ({ like_count: eb("like_count", "-", 1) }))
              .where("id", "=", noteId)
              .where("like_count", ">", 0)
              .execute();
        }
        const row = await trx
          .selectFrom("entry_note")
          .select("like_count")
          .where("id", "=", noteId)
          .executeTakeFirst();
        return row?.like_count ?? 0;
      });
    },

    /**
     * One report per reader and note. Answers whether this reader's report is new and whether
     * the note is hidden now (reports from `hideAt` readers hide it).
     */
    async report(
      noteId: string,
      ownerId: string,
      reason: string,
      hideAt: number,
    ): Promise<{ added: boolean; hidden: boolean }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("entry_note_report")
          .values({
            note_id: noteId,
            owner_id: ownerId,
            reason,
            created_at: new Date().toISOString(),
          })
          .onConflict((oc) => oc.columns(["note_id", "owner_id"]).doNothing())
          .executeTakeFirst();
        const added = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
        if (added) {
          await trx
            .updateTable("entry_note")
            .set((eb) => ({ report_count: eb("report_count", "+", 1) }))
            .where("id", "=", noteId)
            .execute();
          await trx
            .updateTable("entry_note")
            .set({ hidden: 1 })
            .where("id", "=", noteId)
            .where("report_count", ">=", hideAt)
            .execute();
        }
        const row = await trx
          .selectFrom("entry_note")
          .select("hidden")
          .where("id", "=", noteId)
          .executeTakeFirst();
        return { added, hidden: row?.hidden === 1 };
      });
    },

    /** An admin's decision. A note restored starts counting reports afresh. */
    async setHidden(noteId: string, hidden: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("entry_note")
          .set(hidden ? { hidden: 1 } : { hidden: 0, report_count: 0 })
          .where("id", "=", noteId)
          .execute();
        if (!hidden)
          await trx.deleteFrom("entry_note_report").where("note_id", "=", noteId).execute();
      });
    },
  };
}

export type NoteRepository = ReturnType<typeof createNoteRepository>;
