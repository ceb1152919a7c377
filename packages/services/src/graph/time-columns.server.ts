import type {
  TimeBar,
  TimeColumnData,
  TimeKind,
  TimeListItem,
  TimelineChooserData,
} from "@tongjian/contracts/graph-time";
import {
  overlapYears,
  packLanes,
  standsIn,
  TIME_MAX_YEAR,
  TIME_MIN_YEAR,
  umbrellaRegimes,
} from "@tongjian/domain/time-columns";
import { formatYear, formatYearRange } from "@tongjian/domain/year-format";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { parseJson } from "../content/content-views.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import type { TimeRepository, TimeSpanRow } from "./time-repository.ts";

/** One entry with both ends of its span known. */
interface Span {
  id: string;
  kind: TimeKind;
  name: string;
  start: number;
  end: number;
  timeDesc: string;
  regimeId: string | null;
  popularity: number;
  parallel: boolean;
}

interface TimeIndex {
  /** Every span, by start year. */
  spans: Span[];
  byId: Map<string, Span>;
  umbrellas: Set<string>;
}

const CONTEMPORARIES_LIMIT = 40;
const YEAR_PEOPLE_LIMIT = 60;
const INDEX_TTL_MS = 10 * 60_000;

export interface TimeColumnRequest {
  from?: number | undefined;
  to?: number | undefined;
  kinds: TimeKind[];
  focus?: string | undefined;
  year?: number | undefined;
  limit: number;
}

const listItem = (s: Span): TimeListItem => ({
  id: s.id,
  kind: s.kind,
  name: s.name,
  timeDesc: s.timeDesc,
});

/**
 * The spans of a person (born–died), a regime (founded–ended; one still standing runs to this
 * year) and an event (its start, and its end when it lasted). A person with one year unknown
 * has no bar: the screen would have to invent the other end.
 */
function toSpan(row: TimeSpanRow, parallel: Set<string>, thisYear: number): Span | null {
  const kind = row.kind as TimeKind;
  const start = row.start_year;
  if (start === null) return null;
  let end = row.end_year;
  if (end === null) {
    if (kind === "person") return null;
    end = kind === "regime" ? thisYear : start;
  }
  if (end < start) return null;
  return {
    id: row.id,
    kind,
    name: row.name,
    start,
    end,
    timeDesc:
      row.time_desc ??
      (row.end_year === null && kind === "regime"
        ? `${formatYear(start)}至今`
        : formatYearRange(start, end)),
    regimeId: row.regime_id,
    popularity: row.popularity,
    parallel: parallel.has(row.id),
  };
}

/**
 * Time columns and the timebar: regimes, people and events as bars over the years, packed into
 * columns, with what stood in a year and who lived at the same time as someone. The index of
 * every dated entry is built once per content version and answered from memory.
 */
export function createTimeColumnService(deps: {
  time: TimeRepository;
  caches: ContentReadCaches;
  now?: () => Date;
}) {
  const cache = deps.caches.create<TimeIndex>({ ttlMs: INDEX_TTL_MS, max: 1 });
  const thisYear = () => (deps.now?.() ?? new Date()).getUTCFullYear();

  function index(): Promise<TimeIndex> {
    return cache.get("index", async () => {
      const [rows, regimeData] = await Promise.all([deps.time.spans(), deps.time.regimeData()]);
      const parallel = new Set(
        regimeData
          .filter((r) => parseJson<{ parallel?: boolean }>(r.data, {}).parallel === true)
          .map((r) => r.id),
      );
      const year = thisYear();
      const spans = rows.flatMap((row) => toSpan(row, parallel, year) ?? []);
      spans.sort((a, b) => a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : 1));
      return {
        spans,
        byId: new Map(spans.map((s) => [s.id, s])),
        umbrellas: umbrellaRegimes(spans.filter((s) => s.kind === "regime")),
      };
    });
  }

  return {
    async columns(request: TimeColumnRequest): Promise<TimeColumnData> {
      const from = request.from ?? TIME_MIN_YEAR;
      const to = request.to ?? TIME_MAX_YEAR;
      if (from > to) {
        throw new BadRequestError(
          `起始年份（${formatYear(from)}）不能晚于结束年份（${formatYear(to)}）`,
        );
      }
      const { spans, byId, umbrellas } = await index();
      const window = { start: from, end: to };
      const inWindow = spans.filter((s) => overlapYears(s, window) > 0);
      const kinds = new Set(request.kinds);

      const eras: TimeBar[] = [];
      const bars: TimeBar[] = [];
      const lanes = { regime: 0, person: 0, event: 0 };
      // Renown (how connected an entry is), ranked within each kind.
      const rank = new Map<string, number>();
      for (const kind of ["regime", "person", "event"] as const) {
        inWindow
          .filter((s) => s.kind === kind)
          .sort((a, b) => b.popularity - a.popularity || a.start - b.start)
          .forEach((s, i) => {
            rank.set(s.id, i);
          });
      }
      const bar = (s: Span, lane: number): TimeBar => ({
        id: s.id,
        kind: s.kind,
        name: s.name,
        start: s.start,
        end: s.end,
        timeDesc: s.timeDesc,
        lane,
        regimeId: s.regimeId,
        rank: rank.get(s.id) ?? 0,
      });

      if (kinds.has("regime")) {
        const regimes = inWindow.filter((s) => s.kind === "regime");
        for (const s of regimes) if (umbrellas.has(s.id)) eras.push(bar(s, 0));
        // The main line claims the first column; regimes that stood beside it come after.
        const columns = regimes
          .filter((s) => !umbrellas.has(s.id))
          .sort((a, b) => Number(a.parallel) - Number(b.parallel) || a.start - b.start);
        const packed = packLanes(columns, { touching: true });
        columns.forEach((s, i) => {
          bars.push(bar(s, packed.lanes[i] ?? 0));
        });
        lanes.regime = packed.count;
      }

      const people = inWindow.filter((s) => s.kind === "person");
      // The best known are drawn when there are more than the limit; the lanes are packed by
      // birth, which needs the fewest columns.
      const shown = [...people]
        .sort((a, b) => b.popularity - a.popularity || a.start - b.start)
        .slice(0, request.limit)
        .sort((a, b) => a.start - b.start || a.end - b.end);
      if (kinds.has("person")) {
        const packed = packLanes(shown);
        shown.forEach((s, i) => {
          bars.push(bar(s, packed.lanes[i] ?? 0));
        });
        lanes.person = packed.count;
      }
      if (kinds.has("event")) {
        const events = inWindow.filter((s) => s.kind === "event");
        const packed = packLanes(events);
        events.forEach((s, i) => {
          bars.push(bar(s, packed.lanes[i] ?? 0));
        });
        lanes.event = packed.count;
      }

      let focus: TimeColumnData["focus"] = null;
      if (request.focus) {
        const f = byId.get(request.focus);
        if (!f) {
          throw new NotFoundError("这个词条不存在，或没有可在时间轴上标出的年份");
        }
        const overlapping = spans
          .filter((s) => s.kind === "person" && s.id !== f.id && overlapYears(s, f) > 0)
          .map((s) => ({ s, overlap: overlapYears(s, f) }))
          .sort((a, b) => b.overlap - a.overlap || b.s.popularity - a.s.popularity);
        focus = {
          id: f.id,
          kind: f.kind,
          name: f.name,
          start: f.start,
          end: f.end,
          timeDesc: f.timeDesc,
          contemporaries: overlapping
            .slice(0, CONTEMPORARIES_LIMIT)
            .map(({ s, overlap }) => ({ ...listItem(s), overlap })),
          contemporariesTotal: overlapping.length,
          regimes: spans
            .filter(
              (s) =>
                s.kind === "regime" &&
                s.id !== f.id &&
                !umbrellas.has(s.id) &&
                overlapYears(s, f) > 0,
            )
            .map(listItem),
        };
      }

      let year: TimeColumnData["year"] = null;
      if (request.year !== undefined) {
        const at = request.year;
        const standing = spans.filter((s) => standsIn(s, at));
        const alive = standing
          .filter((s) => s.kind === "person")
          .sort((a, b) => b.popularity - a.popularity || a.start - b.start);
        year = {
          year: at,
          label: formatYear(at),
          // Era names (宋) first, then the regimes themselves, oldest founded first.
          regimes: [
            ...standing.filter((s) => s.kind === "regime" && umbrellas.has(s.id)),
            ...standing.filter((s) => s.kind === "regime" && !umbrellas.has(s.id)),
          ].map(listItem),
          people: alive.slice(0, YEAR_PEOPLE_LIMIT).map(listItem),
          peopleTotal: alive.length,
          events: standing.filter((s) => s.kind === "event").map(listItem),
        };
      }

      return {
        from,
        to,
        kinds: request.kinds,
        eras,
        bars,
        lanes,
        peopleTotal: people.length,
        peopleShown: kinds.has("person") ? shown.length : 0,
        focus,
        year,
      };
    },

    /** The main line's regimes (no era names, none that stood beside it) over some years. */
    async mainLine(
      from: number,
      to: number,
    ): Promise<(TimeListItem & { start: number; end: number })[]> {
      const { spans, umbrellas } = await index();
      return spans
        .filter(
          (s) =>
            s.kind === "regime" &&
            !s.parallel &&
            !umbrellas.has(s.id) &&
            overlapYears(s, { start: from, end: to }) > 0,
        )
        .map((s) => ({ ...listItem(s), start: s.start, end: s.end }));
    },

    /** The /timeline chooser: the best-known people and events, and each regime in order. */
    async notable(): Promise<TimelineChooserData> {
      const [{ spans, umbrellas }, people, events] = await Promise.all([
        index(),
        deps.time.notable("person", 24),
        deps.time.notable("event", 16),
      ]);
      // A timeline needs no span: a life with its death unknown still has dated moments.
      const row = (r: TimeSpanRow): TimeListItem => ({
        id: r.id,
        kind: r.kind as TimeKind,
        name: r.name,
        timeDesc: r.time_desc ?? "",
      });
      return {
        people: people.map(row),
        regimes: spans
          .filter((s) => s.kind === "regime" && !umbrellas.has(s.id) && !s.parallel)
          .map(listItem),
        events: events.map(row),
      };
    },
  };
}

export type TimeColumnService = ReturnType<typeof createTimeColumnService>;
