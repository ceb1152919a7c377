import type { Database } from "@tongjian/db/database-schema";
import { WORKS_RELATION_TYPE } from "@tongjian/domain/entry-kinds";
import type { Kysely } from "kysely";

/** An entry of the written corpus as the lists read it. */
export interface CorpusRow {
  id: string;
  key: string;
  kind: string;
  name: string;
  aliases: string;
  summary: string;
  start_year: number | null;
  end_year: number | null;
  time_desc: string | null;
  regime_id: string | null;
  popularity: number;
  data: string;
}

export interface CorpusRelationRow {
  from_id: string;
  to_id: string;
  type: string;
  label: string;
}

/** The kinds written in content/ (poems and classic chapters are imported and read apart). */
export const CORPUS_KINDS = ["regime", "place", "person", "event", "work"] as const;

/**
 * The reads behind the space bar, the lists, the site pages and the data pages: the written
 * corpus whole (about two thousand entries; the services index it in memory once per content
 * version), and the few counts that need the imported poems or readers' counters.
 */
export function createCorpusRepository(db: Kysely<Database>) {
  return {
    async entries(): Promise<CorpusRow[]> {
      return db
        .selectFrom("entry")
        .select([
          "id",
          "key",
          "kind",
          "name",
          "aliases",
          "summary",
          "start_year",
          "end_year",
          "time_desc",
          "regime_id",
          "popularity",
          "data",
        ])
        .where("kind", "in", [...CORPUS_KINDS])
        .orderBy("id")
        .execute();
    },

    /** Relations with a place at either end (定都, 发生地, 记述, 营建, 所在 …). */
    async placeRelations(): Promise<CorpusRelationRow[]> {
      const places = db.selectFrom("entry").select("id").where("kind", "=", "place");
      return db
        .selectFrom("relation")
        .select(["from_id", "to_id", "type", "label"])
        .where((eb) => eb.or([eb("from_id", "in", places), eb("to_id", "in", places)]))
        .orderBy("id")
        .execute();
    },

    /**
     * The classic chapters imported from chinese-poetry (论语·学而 …), with their place in their
     * book where an author's 作品 relation gives it (null for books without an author entry).
     */
    async classics(): Promise<
      { id: string; name: string; data: string; sort_key: number | null }[]
    > {
      return db
        .selectFrom("entry as e")
        .leftJoin("relation as r", (join) =>
          join.onRef("r.to_id", "=", "e.id").on("r.type", "=", WORKS_RELATION_TYPE),
        )
        .select(["e.id", "e.name", "e.data", "r.sort_key"])
        .where("e.kind", "=", "classic")
        .orderBy("e.id")
        .execute();
    },

    /** Articles of a section with the entries they link to. */
    async sectionArticles(
      section: string,
    ): Promise<{ id: string; title: string; abstract: string; item_id: string | null }[]> {
      return db
        .selectFrom("article as a")
        .leftJoin("article_link as l", "l.article_id", "a.id")
        .select(["a.id", "a.title", "a.abstract", "l.item_id"])
        .where("a.section", "=", section)
        .orderBy("a.published_at", "desc")
        .orderBy("a.id")
        .execute();
    },

    /** Authors with the most imported works (poems, chapters), most first. */
    async poemCounts(
      limit: number,
    ): Promise<{ id: string; name: string; time_desc: string | null; n: number }[]> {
      const rows = await db
        .selectFrom("relation as r")
        .innerJoin("entry as e", "e.id", "r.from_id")
        .select(["e.id", "e.name", "e.time_desc", (eb) => eb.fn.countAll<number>().as("n")])
        .where("r.type", "=", WORKS_RELATION_TYPE)
        .where("e.kind", "=", "person")
        .groupBy(["e.id", "e.name", "e.time_desc"])
        .orderBy("n", "desc")
        .orderBy("e.id")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /** The entries read most (all time), most first; none that nobody opened. */
    async mostViewed(
      limit: number,
    ): Promise<
      { id: string; name: string; kind: string; time_desc: string | null; view_count: number }[]
    > {
      return db
        .selectFrom("entry")
        .select(["id", "name", "kind", "time_desc", "view_count"])
        .where("view_count", ">", 0)
        .orderBy("view_count", "desc")
        .orderBy("popularity", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
    },
  };
}

export type CorpusRepository = ReturnType<typeof createCorpusRepository>;
