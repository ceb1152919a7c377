import type { Database, TopicTable } from "@tongjian/db/database-schema";
import type { Kysely, Selectable } from "kysely";

export type TopicRow = Selectable<TopicTable>;

const CARD_COLUMNS = ["id", "key", "title", "question", "era", "start_year", "time_desc"] as const;

export type TopicCardRow = Pick<TopicRow, (typeof CARD_COLUMNS)[number]>;

/** The 洞察 topics and what each gathers (migration 0009-reading-rooms). */
export function createInsightRepository(db: Kysely<Database>) {
  return {
    /** Every topic without its essay, in the order of the years they are about. */
    async list(): Promise<TopicCardRow[]> {
      return (
        db
          .selectFrom("topic")
          .select(CARD_COLUMNS)
          // Undated topics last, on both dialects (PostgreSQL sorts nulls first when descending).
          .orderBy((eb) => eb.case().when("start_year", "is", null).then(1).else(0).end())
          .orderBy("start_year")
          .orderBy("title")
          .execute()
      );
    },

    /** How many items of each role every topic has. */
    async itemCounts() {
      const rows = await db
        .selectFrom("topic_item")
        .select(["topic_id", "role"])
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .groupBy(["topic_id", "role"])
        .execute();
      return rows.map((r) => ({ topicId: r.topic_id, role: r.role, count: Number(r.n) }));
    },

    async findById(id: string): Promise<TopicRow | undefined> {
      return db.selectFrom("topic").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** A topic's items, each role in the topic's order. */
    async items(topicId: string) {
      return db
        .selectFrom("topic_item")
        .select(["role", "item_id", "position", "word"])
        .where("topic_id", "=", topicId)
        .orderBy("role")
        .orderBy("position")
        .execute();
    },
  };
}

export type InsightRepository = ReturnType<typeof createInsightRepository>;
