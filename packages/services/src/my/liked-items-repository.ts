import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";
import type { ReadKind } from "./reading-history-repository.ts";

/** A like with what lists show of its entry or article. */
export interface LikedRow {
  type: string;
  item_id: string;
  created_at: string;
  entry_name: string | null;
  entry_kind: string | null;
  entry_summary: string | null;
  article_title: string | null;
  article_section: string | null;
  article_abstract: string | null;
}

/** A reader's likes (like_record, keyed by `ownerIdOf(viewer)`), for my pages. */
export function createLikedItemsRepository(db: Kysely<Database>) {
  function joined(ownerId: string, type: ReadKind | undefined) {
    let query = db
      .selectFrom("like_record as l")
      .leftJoin("entry as e", (join) =>
        join.onRef("e.id", "=", "l.item_id").on("l.type", "=", "entry"),
      )
      .leftJoin("article as a", (join) =>
        join.onRef("a.id", "=", "l.item_id").on("l.type", "=", "article"),
      )
      .where("l.user_id", "=", ownerId)
      .where((eb) => eb.or([eb("e.id", "is not", null), eb("a.id", "is not", null)]));
    if (type) query = query.where("l.type", "=", type);
    return query;
  }

  return {
    /** Newest like first. */
    async page(
      ownerId: string,
      options: { type?: ReadKind | undefined; page: number; size: number },
    ): Promise<{ total: number; rows: LikedRow[] }> {
      const [rows, count] = await Promise.all([
        joined(ownerId, options.type)
          .select([
            "l.type",
            "l.item_id",
            "l.created_at",
            "e.name as entry_name",
            "e.kind as entry_kind",
            "e.summary as entry_summary",
            "a.title as article_title",
            "a.section as article_section",
            "a.abstract as article_abstract",
          ])
          .orderBy("l.created_at", "desc")
          .orderBy("l.item_id")
          .limit(options.size)
          .offset((options.page - 1) * options.size)
          .execute(),
        joined(ownerId, options.type)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirst(),
      ]);
      return { total: Number(count?.n ?? 0), rows };
    },
  };
}

export type LikedItemsRepository = ReturnType<typeof createLikedItemsRepository>;
