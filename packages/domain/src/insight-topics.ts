import { formatYearRange } from "./year-format.ts";

/**
 * Pure rules of the 洞察 topics (/insight, issue 15 §6): the years a topic spans and the
 * relations among its people as the topic page lists them.
 */

/** A topic's essay is long enough to argue its question and short enough to read on a phone. */
export const INSIGHT_ESSAY_MIN_CHARS = 600;
export const INSIGHT_ESSAY_MAX_CHARS = 1200;

/** Characters of an essay as the length rule counts them: every character but white space. */
export function essayLength(text: string): number {
  return [...text.replace(/\s+/g, "")].length;
}

export interface DatedItem {
  startYear: number | null;
  endYear: number | null;
}

export interface TopicSpan {
  startYear: number;
  endYear: number;
  /** "755年—907年", "前361年—前206年"; one year alone when they are the same. */
  timeDesc: string;
}

/** From the earliest start to the latest end (or start) of a topic's events; null without dates. */
export function topicSpan(events: readonly DatedItem[]): TopicSpan | null {
  let startYear: number | null = null;
  let endYear: number | null = null;
  for (const e of events) {
    if (e.startYear === null) continue;
    const end = e.endYear ?? e.startYear;
    if (startYear === null || e.startYear < startYear) startYear = e.startYear;
    if (endYear === null || end > endYear) endYear = end;
  }
  if (startYear === null || endYear === null) return null;
  return { startYear, endYear, timeDesc: formatYearRange(startYear, endYear) };
}

export interface PeopleRelation {
  fromId: string;
  toId: string;
  type: string;
  /** What `to` is to `from` (docs/content-format.md "Relation"). */
  label: string;
  twoway: boolean;
}

export interface TopicRelationRow {
  fromId: string;
  toId: string;
  /** Reads the same both ways (好友, 政敌 …). */
  twoway: boolean;
  /** What `to` is to `from`, one per relation, without repeats (第三子、继位者). */
  labels: string[];
  types: string[];
}

/**
 * The relations among a topic's people, one row per pair and direction, in the order the topic
 * lists its people. Relations with anyone outside the list are left out; a two-way relation
 * stored in both directions is one row, read from the person the topic names first.
 */
export function topicRelationRows(
  relations: readonly PeopleRelation[],
  people: readonly string[],
): TopicRelationRow[] {
  const order = new Map(people.map((id, i) => [id, i]));
  const rows = new Map<string, TopicRelationRow>();
  for (const r of relations) {
    const fromAt = order.get(r.fromId);
    const toAt = order.get(r.toId);
    if (fromAt === undefined || toAt === undefined || r.fromId === r.toId) continue;
    const [fromId, toId] = r.twoway && toAt < fromAt ? [r.toId, r.fromId] : [r.fromId, r.toId];
    const key = `${fromId}|${toId}|${r.twoway ? 2 : 1}`;
    const row = rows.get(key) ?? { fromId, toId, twoway: r.twoway, labels: [], types: [] };
    if (!row.labels.includes(r.label)) row.labels.push(r.label);
    if (!row.types.includes(r.type)) row.types.push(r.type);
    rows.set(key, row);
  }
  const at = (id: string) => order.get(id) ?? 0;
  return [...rows.values()].sort(
    (a, b) =>
      at(a.fromId) - at(b.fromId) || at(a.toId) - at(b.toId) || Number(a.twoway) - Number(b.twoway),
  );
}
