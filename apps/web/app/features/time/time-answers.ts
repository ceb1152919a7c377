import type { TimeBar, TimeListItem } from "@tongjian/contracts/graph-time";
import { overlapYears, standsIn } from "@tongjian/domain/time-columns";
import { formatYear } from "@tongjian/domain/year-format";

/**
 * What the screen lists as text beside the picture, worked out in the browser from the bars it
 * already holds (so the slider answers at once): the same answers the API gives for `year` and
 * `focus` (packages/services/src/graph/time-columns.server.ts).
 */
export const YEAR_PEOPLE_SHOWN = 60;
export const CONTEMPORARIES_SHOWN = 40;

export interface YearAnswer {
  year: number;
  label: string;
  regimes: TimeListItem[];
  people: TimeListItem[];
  peopleTotal: number;
  events: TimeListItem[];
}

export interface FocusAnswer {
  id: string;
  kind: TimeBar["kind"];
  name: string;
  start: number;
  end: number;
  timeDesc: string;
  contemporaries: (TimeListItem & { overlap: number })[];
  contemporariesTotal: number;
  regimes: TimeListItem[];
}

const item = ({ id, kind, name, timeDesc }: TimeBar): TimeListItem => ({
  id,
  kind,
  name,
  timeDesc,
});
const byRank = (a: TimeBar, b: TimeBar) => a.rank - b.rank || a.start - b.start;

export function yearAnswer(eras: readonly TimeBar[], bars: readonly TimeBar[], year: number) {
  const standing = bars.filter((b) => standsIn(b, year));
  const people = standing.filter((b) => b.kind === "person").sort(byRank);
  return {
    year,
    label: formatYear(year),
    regimes: [
      ...eras.filter((e) => standsIn(e, year)),
      ...standing.filter((b) => b.kind === "regime").sort((a, b) => a.start - b.start),
    ].map(item),
    people: people.slice(0, YEAR_PEOPLE_SHOWN).map(item),
    peopleTotal: people.length,
    events: standing.filter((b) => b.kind === "event").map(item),
  } satisfies YearAnswer;
}

export function focusAnswer(bars: readonly TimeBar[], focus: TimeBar): FocusAnswer {
  const overlapping = bars
    .filter((b) => b.kind === "person" && b.id !== focus.id)
    .map((b) => ({ b, overlap: overlapYears(b, focus) }))
    .filter((o) => o.overlap > 0)
    .sort((x, y) => y.overlap - x.overlap || x.b.rank - y.b.rank);
  return {
    id: focus.id,
    kind: focus.kind,
    name: focus.name,
    start: focus.start,
    end: focus.end,
    timeDesc: focus.timeDesc,
    contemporaries: overlapping
      .slice(0, CONTEMPORARIES_SHOWN)
      .map(({ b, overlap }) => ({ ...item(b), overlap })),
    contemporariesTotal: overlapping.length,
    regimes: bars
      .filter((b) => b.kind === "regime" && b.id !== focus.id && overlapYears(b, focus) > 0)
      .sort((a, b) => a.start - b.start)
      .map(item),
  };
}

/** Bars whose names hold what the reader typed: people first, the best known first. */
export function findBars(bars: readonly TimeBar[], text: string, limit = 8): TimeBar[] {
  const q = text.trim();
  if (!q) return [];
  const order = { person: 0, regime: 1, event: 2 };
  return bars
    .filter((b) => b.name.includes(q))
    .sort(
      (a, b) =>
        Number(b.name === q) - Number(a.name === q) ||
        Number(b.name.startsWith(q)) - Number(a.name.startsWith(q)) ||
        order[a.kind] - order[b.kind] ||
        a.rank - b.rank,
    )
    .slice(0, limit);
}
