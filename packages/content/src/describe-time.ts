import { formatHistoricalDate, formatYearRange } from "@tongjian/domain/year-format";
import type { HistoricalDate } from "./content-schema.ts";
import type { EntryKind } from "./load-content.ts";

/**
 * The one-line time description stored with an entry (spec §3 "Time entity": timeDesc). A work
 * without years is described in words (`fallback`: its era, or the name of its regime).
 */
export function describeTime(
  kind: EntryKind,
  start: HistoricalDate | undefined,
  end: HistoricalDate | undefined,
  fallback?: string,
): string | null {
  if (kind === "place") return null;
  if (start && end) return formatYearRange(start, end);
  if (start)
    return kind === "person" ? `${formatHistoricalDate(start)}生` : formatHistoricalDate(start);
  if (end)
    return kind === "person" ? `卒于${formatHistoricalDate(end)}` : formatHistoricalDate(end);
  return fallback ?? null;
}
