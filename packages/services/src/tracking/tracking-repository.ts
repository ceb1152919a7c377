import { randomBytes } from "node:crypto";
import type { Database } from "@tongjian/db/database-schema";
import { formatChinaDate } from "@tongjian/domain/relative-time";
import type { Kysely } from "kysely";

export interface TrackingEvent {
  sessionId: string;
  actionType: string;
  pageName: string;
  modItemName: string | null;
  params: Record<string, string | number | boolean>;
}

export interface TrackingCount {
  pageName: string;
  actionType: string;
  count: number;
}

export function createTrackingRepository(db: Kysely<Database>) {
  return {
    /** Stores one event under its China-time day (spec §3 "Tracking event"). */
    async record(event: TrackingEvent, now = new Date()): Promise<string> {
      const id = randomBytes(12).toString("hex");
      await db
        .insertInto("tracking_event")
        .values({
          id,
          session_id: event.sessionId,
          action_type: event.actionType,
          page_name: event.pageName,
          mod_item_name: event.modItemName,
          params: JSON.stringify(event.params),
          day: formatChinaDate(now),
          created_at: now.toISOString(),
        })
        .execute();
      return id;
    },

    /** Events of one day counted by page and action, in no particular order. */
    async countByPageAndAction(day: string, pageName?: string): Promise<TrackingCount[]> {
      let query = db
        .selectFrom("tracking_event")
        .select((eb) => ["page_name", "action_type", eb.fn.countAll<number>().as("n")])
        .where("day", "=", day);
      if (pageName !== undefined) query = query.where("page_name", "=", pageName);
      const rows = await query.groupBy(["page_name", "action_type"]).execute();
      return rows.map((r) => ({
        pageName: r.page_name,
        actionType: r.action_type,
        count: Number(r.n),
      }));
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
