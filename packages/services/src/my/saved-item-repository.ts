import { randomBytes } from "node:crypto";
import type { Database, SavedItemTable } from "@tongjian/db/database-schema";
import type { Kysely, Selectable } from "kysely";

export type SavedItemRow = Selectable<SavedItemTable>;

/** What readers saved, by kind (migration 0011): A-to-B paths, custom graphs … */
export function createSavedItemRepository(db: Kysely<Database>) {
  function owned(ownerId: string, kind: string | undefined) {
    let query = db.selectFrom("saved_item").where("owner_id", "=", ownerId);
    if (kind) query = query.where("kind", "=", kind);
    return query;
  }

  return {
    /** Saves, or (same owner, kind and ref id) updates the title and data of what was saved. */
    async save(input: {
      ownerId: string;
      kind: string;
      refId: string;
      title: string;
      data: string;
    }): Promise<SavedItemRow> {
      const at = new Date().toISOString();
      await db
        .insertInto("saved_item")
        .values({
          id: randomBytes(12).toString("hex"),
          owner_id: input.ownerId,
          kind: input.kind,
          ref_id: input.refId,
          title: input.title,
          data: input.data,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc
            .columns(["owner_id", "kind", "ref_id"])
            .doUpdateSet({ title: input.title, data: input.data, updated_at: at }),
        )
        .execute();
      return db
        .selectFrom("saved_item")
        .selectAll()
        .where("owner_id", "=", input.ownerId)
        .where("kind", "=", input.kind)
        .where("ref_id", "=", input.refId)
        .executeTakeFirstOrThrow();
    },

    /** Latest saved (or updated) first. */
    async page(
      ownerId: string,
      options: { kind?: string | undefined; page: number; size: number },
    ): Promise<{ total: number; rows: SavedItemRow[] }> {
      const [rows, count] = await Promise.all([
        owned(ownerId, options.kind)
          .selectAll()
          .orderBy("updated_at", "desc")
          .orderBy("id")
          .limit(options.size)
          .offset((options.page - 1) * options.size)
          .execute(),
        owned(ownerId, options.kind)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirst(),
      ]);
      return { total: Number(count?.n ?? 0), rows };
    },

    async countsByKind(ownerId: string): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom("saved_item")
        .select(["kind", (eb) => eb.fn.countAll<string | number>().as("n")])
        .where("owner_id", "=", ownerId)
        .groupBy("kind")
        .execute();
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    },

    /** Removes one of the owner's items; false when the owner has no such item. */
    async remove(ownerId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("saved_item")
        .where("id", "=", id)
        .where("owner_id", "=", ownerId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * A WeChat visitor bound an account: what the visitor saved becomes the account's. Where
     * both saved the same thing, the account keeps its own.
     */
    async moveOwner(fromId: string, toId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom("saved_item as v")
          .innerJoin("saved_item as a", (join) =>
            join
              .onRef("a.kind", "=", "v.kind")
              .onRef("a.ref_id", "=", "v.ref_id")
              .on("a.owner_id", "=", toId),
          )
          .select("v.id")
          .where("v.owner_id", "=", fromId)
          .execute();
        if (taken.length > 0)
          await trx
            .deleteFrom("saved_item")
            .where(
              "id",
              "in",
              taken.map((t) => t.id),
            )
            .execute();
        await trx
          .updateTable("saved_item")
          .set({ owner_id: toId })
          .where("owner_id", "=", fromId)
          .execute();
      });
    },
  };
}

export type SavedItemRepository = ReturnType<typeof createSavedItemRepository>;
