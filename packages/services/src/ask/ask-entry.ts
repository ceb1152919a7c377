import type { AskEntryRef } from "@tongjian/contracts/ask";
import { TEXT_ENTRY_KINDS } from "@tongjian/domain/entry-kinds";
import type { HistoricalDate } from "@tongjian/domain/year-format";
import { parseJson } from "../content/content-views.ts";
import type { AskEntryRow } from "./ask-repository.ts";

/**
 * An entry as the answers read it: the row's fields, and its `data` (docs/content-format.md),
 * with `refs` mapping every content key the record names to the entry it resolved to.
 */
export interface AskEntry {
  id: string;
  key: string;
  kind: string;
  name: string;
  aliases: string[];
  summary: string;
  startYear: number | null;
  endYear: number | null;
  timeDesc: string | null;
  data: Record<string, unknown>;
  refs: Record<string, AskEntryRef>;
}

export function askEntry(row: AskEntryRow): AskEntry {
  const data = parseJson<Record<string, unknown>>(row.data, {});
  const refs =
    data.refs && typeof data.refs === "object" ? (data.refs as Record<string, AskEntryRef>) : {};
  return {
    id: row.id,
    key: row.key,
    kind: row.kind,
    name: row.name,
    aliases: parseJson<unknown[]>(row.aliases, []).filter(
      (a): a is string => typeof a === "string",
    ),
    summary: row.summary,
    startYear: row.start_year,
    endYear: row.end_year,
    timeDesc: row.time_desc,
    data: data && typeof data === "object" ? data : {},
    refs,
  };
}

export const refOf = (e: Pick<AskEntry, "id" | "name" | "kind">): AskEntryRef => ({
  id: e.id,
  name: e.name,
  kind: e.kind,
});

export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

export function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text).filter((v): v is string => !!v) : [];
}

export function date(value: unknown): HistoricalDate | undefined {
  if (!value || typeof value !== "object") return undefined;
  const year = (value as { year?: unknown }).year;
  if (typeof year !== "number" || !Number.isSafeInteger(year) || year === 0) return undefined;
  return value as HistoricalDate;
}

export function year(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value !== 0
    ? value
    : undefined;
}

/** The entry a content key in `data` names (a regime, a place, a participant), if it resolved. */
export function ref(entry: AskEntry, key: unknown): AskEntryRef | undefined {
  return typeof key === "string" ? entry.refs[key] : undefined;
}

export function refs(entry: AskEntry, keys: unknown): AskEntryRef[] {
  return Array.isArray(keys)
    ? keys.map((k) => ref(entry, k)).filter((r): r is AskEntryRef => r !== undefined)
    : [];
}

/** Names a reader may call the entry by: its name, aliases, 字 and 号. */
export function namesOf(entry: AskEntry): { main: string; others: string[] } {
  const courtesy = text(entry.data.courtesy);
  return {
    main: entry.name,
    others: [...entry.aliases, ...(courtesy ? [courtesy] : []), ...textList(entry.data.style)],
  };
}

/**
 * Written in `content/` (or a curated kind added beside it), as against imported in bulk: the
 * poets the chinese-poetry import made of names it found no corpus person for, and the texts.
 */
export function isCurated(entry: AskEntry): boolean {
  if ((TEXT_ENTRY_KINDS as readonly string[]).includes(entry.kind)) return false;
  return entry.data.source !== "chinese-poetry";
}

/** The first sentence of the summary (up to 。), for introductions. */
export function firstSentence(summary: string, max = 90): string {
  const trimmed = summary.trim();
  const end = trimmed.indexOf("。");
  const sentence = end >= 0 ? trimmed.slice(0, end + 1) : trimmed;
  return Array.from(sentence).length > max
    ? `${Array.from(sentence).slice(0, max).join("")}…`
    : sentence;
}
