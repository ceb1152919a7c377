import type { Database } from "@tongjian/db/database-schema";
import { BOARD_WEIGHTS, boardDays, boardWindowStart } from "@tongjian/domain/board-ranking";
import { type Kysely, sql } from "kysely";

export interface RankedEntryRow {
  id: string;
  name: string;
  kind: string;
  summary: string;
  time_desc: string | null;
  score: number;
  views: number;
  likes: number;
  comments: number;
}

/**
 * The entry side of the boards. The ranking runs in SQL: an entry's views per day
 * (item_view_day), likes that still stand and were given in the window (like_record) and visible
 * short notes (entry_note), each day's points times its weight (board-ranking.ts), summed,
 * best first. The weights are numbers this code computes, written into the query as literals.
 */
export function createBoardRepository(db: Kysely<Database>) {
  return {
    async rankEntries(now: Date, limit: number): Promise<RankedEntryRow[]> {
      const days = boardDays(now);
      const firstDay = days[days.length - 1]?.day ?? "";
      const since = boardWindowStart(now);
      const weight = sql.join(
        days.map((d) => sql`WHEN ${sql.lit(d.day)} THEN ${sql.lit(Number(d.weight.toFixed(6)))}`),
        sql` `,
      );
      const points = sql`(a.v * ${sql.lit(BOARD_WEIGHTS.views)} + a.l * ${sql.lit(BOARD_WEIGHTS.likes)} + a.c * ${sql.lit(BOARD_WEIGHTS.comments)})`;
      const result = await sql<{
        item_id: string;
        score: number | string;
        views: number | string;
        likes: number | string;
        comments: number | string;
      }>`
        SELECT a.item_id AS item_id,
               SUM(${points} * CASE a.day ${weight} ELSE 0 END) AS score,
               SUM(a.v) AS views, SUM(a.l) AS likes, SUM(a.c) AS comments
        FROM (
          SELECT item_id, day, views AS v, 0 AS l, 0 AS c
            FROM item_view_day WHERE kind = 'entry' AND day >= ${firstDay}
          UNION ALL
          SELECT item_id, substr(created_at, 1, 10) AS day, 0 AS v, 1 AS l, 0 AS c
            FROM like_record WHERE type = 'entry' AND created_at >= ${since}
          UNION ALL
          SELECT entry_id AS item_id, substr(created_at, 1, 10) AS day, 0 AS v, 0 AS l, 1 AS c
            FROM entry_note WHERE hidden = 0 AND created_at >= ${since}
        ) a
        GROUP BY a.item_id
        ORDER BY score DESC, a.item_id
        LIMIT ${sql.lit(Math.max(1, Math.floor(limit)) + 20)}
      `.execute(db);
      const ranked = result.rows
        .map((r) => ({
          id: r.item_id,
          score: Number(r.score),
          views: Number(r.views),
          likes: Number(r.likes),
          comments: Number(r.comments),
        }))
        .filter((r) => r.score > 0);
      if (ranked.length === 0) return [];
      // A few more rows than needed were read: an id whose entry is gone (a re-seed removed
      // it) drops out here without leaving the board short.
      const entries = await db
        .selectFrom("entry")
        .select(["id", "name", "kind", "summary", "time_desc"])
        .where(
          "id",
          "in",
          ranked.map((r) => r.id),
        )
        .execute();
      const byId = new Map(entries.map((e) => [e.id, e]));
      return ranked
        .flatMap((r) => {
          const entry = byId.get(r.id);
          return entry ? [{ ...entry, ...r }] : [];
        })
        .slice(0, limit);
    },

    /** Day rows older than `beforeDay` are no longer read by any board. */
    async pruneViewDays(beforeDay: string): Promise<void> {
      await db.deleteFrom("item_view_day").where("day", "<", beforeDay).execute();
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
