import { readContentVersion } from "@tongjian/db/content-version";
import type { ArticleTable, Database } from "@tongjian/db/database-schema";
import type { ArticleSort } from "@tongjian/domain/article-hub";
import type { Kysely, Selectable } from "kysely";

export type ArticleRow = Selectable<ArticleTable>;

const LIST_COLUMNS = [
  "id",
  "key",
  "section",
  "title",
  "abstract",
  "cover",
  "view_count",
  "comment_num",
  "like_count",
  "published_at",
] as const;

export function createArticleRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<ArticleRow | undefined> {
      return db.selectFrom("article").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The list columns of the given articles, in no particular order. */
    async findManyByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db.selectFrom("article").select(LIST_COLUMNS).where("id", "in", ids).execute();
    },

    async links(articleId: string) {
      return db
        .selectFrom("article_link")
        .select(["item_id", "word"])
        .where("article_id", "=", articleId)
        .orderBy("position")
        .execute();
    },

    /**
     * A page of articles, of one section or of all: newest first, or (`hot`) most read first
     * with the newest first among equals. `id` last keeps the order total, so pages never
     * overlap or skip an article.
     */
    async feed(limit: number, offset: number, section?: string, sort: ArticleSort = "latest") {
      let query = db.selectFrom("article").select(LIST_COLUMNS);
      if (section) query = query.where("section", "=", section);
      if (sort === "hot") query = query.orderBy("view_count", "desc");
      return query
        .orderBy("published_at", "desc")
        .orderBy("id")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Changes whenever content is written (`db:seed`, the poetry import): one row by key. */
    contentVersion(): Promise<string> {
      return readContentVersion(db);
    },

    async countAll(section?: string): Promise<number> {
      let query = db.selectFrom("article").select((eb) => eb.fn.countAll<number>().as("n"));
      if (section) query = query.where("section", "=", section);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** Articles that link to any of the given entries, most links first. */
    async mentioning(itemIds: string[], excludeId: string | null, limit: number) {
      if (itemIds.length === 0) return [];
      let query = db
        .selectFrom("article_link as l")
        .innerJoin("article as a", "a.id", "l.article_id")
        .select([
          "a.id",
          "a.title",
          "a.section",
          "a.abstract",
          "a.cover",
          "a.view_count",
          "a.published_at",
        ])
        .select((eb) => eb.fn.countAll<number>().as("shared"))
        .where("l.item_id", "in", itemIds)
        .groupBy([
          "a.id",
          "a.title",
          "a.section",
          "a.abstract",
          "a.cover",
          "a.view_count",
          "a.published_at",
        ]);
      if (excludeId) query = query.where("a.id", "!=", excludeId);
      return query
        .orderBy("shared", "desc")
        .orderBy("a.published_at", "desc")
        .limit(limit)
        .execute();
    },
  };
}

export type ArticleRepository = ReturnType<typeof createArticleRepository>;
