import type { Database } from "@tongjian/db/database-schema";
import { type Kysely, sql } from "kysely";

/** An entry that repeats another (the same poem imported twice), and the entry it repeats. */
export interface DuplicateEntry {
  id: string;
  keptId: string;
}

const LOOKUP_BATCH = 500;

/**
 * Folds entries that repeat a kept entry into it: its views, likes and article links move to
 * the kept entry (a reader who liked both counts once), then it and its relations go. Readers
 * lose nothing, and a link to the kept entry is the only one left. Entries that do not exist
 * are skipped, so this costs one lookup per batch when there is nothing to fold (a new
 * database). Returns how many entries were folded.
 */
export async function mergeDuplicateEntries(
  db: Kysely<Database>,
  duplicates: readonly DuplicateEntry[],
): Promise<number> {
  const pairs = duplicates.filter((d) => d.id !== d.keptId);
  let merged = 0;
  for (let i = 0; i < pairs.length; i += LOOKUP_BATCH) {
    const batch = pairs.slice(i, i + LOOKUP_BATCH);
    const rows = await db
      .selectFrom("entry")
      .select(["id", "view_count"])
      .where(
        "id",
        "in",
        batch.map((d) => d.id),
      )
      .execute();
    if (rows.length === 0) continue;
    const views = new Map(rows.map((r) => [r.id, r.view_count]));
    await db.transaction().execute(async (trx) => {
      for (const { id, keptId } of batch) {
        const viewCount = views.get(id);
        if (viewCount === undefined) continue;
        await foldInto(trx, id, keptId, viewCount);
        merged++;
      }
    });
  }
  return merged;
}

async function foldInto(db: Kysely<Database>, id: string, keptId: string, viewCount: number) {
  const kept = sql<string>`cast(${keptId} as varchar(24))`;
  const moved = await db
    .insertInto("like_record")
    .columns(["item_id", "type", "user_id", "created_at"])
    .expression((eb) =>
      eb
        .selectFrom("like_record")
        .select([kept.as("item_id"), "type", "user_id", "created_at"])
        .where("item_id", "=", id)
        .where("type", "=", "entry"),
    )
    .onConflict((oc) => oc.columns(["item_id", "type", "user_id"]).doNothing())
    .executeTakeFirst();
  const likes = Number(moved.numInsertedOrUpdatedRows ?? 0);
  await db
    .updateTable("entry")
    .set((eb) => ({
      view_count: eb("view_count", "+", viewCount),
      like_count: eb("like_count", "+", likes),
    }))
    .where("id", "=", keptId)
    .execute();
  await db
    .deleteFrom("like_record")
    .where("item_id", "=", id)
    .where("type", "=", "entry")
    .execute();

  await db
    .insertInto("article_link")
    .columns(["article_id", "item_id", "word", "position"])
    .expression((eb) =>
      eb
        .selectFrom("article_link")
        .select(["article_id", kept.as("item_id"), "word", "position"])
        .where("item_id", "=", id),
    )
    .onConflict((oc) => oc.columns(["article_id", "item_id"]).doNothing())
    .execute();
  await db.deleteFrom("article_link").where("item_id", "=", id).execute();

  await db
    .deleteFrom("relation")
    .where((eb) => eb.or([eb("from_id", "=", id), eb("to_id", "=", id)]))
    .execute();
  await db.deleteFrom("entry").where("id", "=", id).execute();
}
