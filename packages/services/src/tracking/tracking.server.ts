import type { TrackingRecord, TrackingSummary } from "@tongjian/contracts/tracking";
import { formatChinaDate } from "@tongjian/domain/relative-time";
import { UNKNOWN_SESSION_ID } from "@tongjian/domain/tracking-pages";
import type { TrackingCount, TrackingRepository } from "./tracking-repository.ts";

type ParamValue = string | number | boolean;

type PageSummary = TrackingSummary["pages"][number];

// Code-unit order, so that SQLite and PostgreSQL (whose collation may ignore case) agree.
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Pages busiest first, each with its actions busiest first; ties in name order. */
function summariseByPage(counts: readonly TrackingCount[]): PageSummary[] {
  const pages = new Map<string, PageSummary>();
  for (const row of counts) {
    const page = pages.get(row.pageName) ?? { pageName: row.pageName, total: 0, actions: [] };
    page.total += row.count;
    page.actions.push({ actionType: row.actionType, count: row.count });
    pages.set(row.pageName, page);
  }
  const list = [...pages.values()];
  for (const page of list)
    page.actions.sort((a, b) => b.count - a.count || byName(a.actionType, b.actionType));
  return list.sort((a, b) => b.total - a.total || byName(a.pageName, b.pageName));
}

/** Tracking events from the pages (spec §3 "Tracking event") and their daily summary. */
export function createTrackingService(deps: { tracking: TrackingRepository }) {
  return {
    async record(event: TrackingRecord): Promise<null> {
      const params = Object.fromEntries(
        Object.entries(event.params ?? {}).filter(([, value]) => value !== undefined),
      ) as Record<string, ParamValue>;
      await deps.tracking.record({
        // Spec §8: "The session id falls back to UN_KNOW when unavailable."
        sessionId: event.sessionID || UNKNOWN_SESSION_ID,
        actionType: event.actionType,
        pageName: event.pageName,
        modItemName: event.modItemName || null,
        params,
      });
      return null;
    },

    /** For operators: how often each page and action was tracked on a China-time day. */
    async summary(request: {
      day?: string | undefined;
      pageName?: string | undefined;
    }): Promise<TrackingSummary> {
      const day = request.day ?? formatChinaDate(Date.now());
      const pageName = request.pageName;
      const pages = summariseByPage(await deps.tracking.countByPageAndAction(day, pageName));
      return {
        day,
        pageName: pageName ?? null,
        total: pages.reduce((sum, page) => sum + page.total, 0),
        pages,
      };
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
