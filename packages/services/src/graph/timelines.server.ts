import type { TimelineEvent } from "@tongjian/contracts/content";
import type { TimelineDetailData } from "@tongjian/contracts/graph-time";
import { formatYear } from "@tongjian/domain/year-format";
import type { EntryService } from "../content/entries.server.ts";
import type { EntryRepository } from "../content/entry-repository.ts";
import type { TimeColumnService } from "./time-columns.server.ts";
import type { TimeRepository } from "./time-repository.ts";

/** Relation types whose undated ties still belong to a life: offices, foundings, capitals. */
const UNDATED_TYPES = new Set(["任职", "建立", "定都", "参与", "营建"]);
const UNDATED_LIMIT = 30;

/**
 * The timeline page (/timeline/:id): an entry's own dated moments (entries.timeline), and beside
 * them what the page needs more: a regime's events, the deaths of an event's people during it,
 * the eras (the main line's regimes) over its years, and the ties the corpus gives no year for.
 */
export function createTimelineService(deps: {
  entries: EntryService;
  entryRows: EntryRepository;
  time: TimeRepository;
  columns: TimeColumnService;
}) {
  return {
    async detail(id: string): Promise<TimelineDetailData> {
      const [entry, timeline, relations] = await Promise.all([
        deps.entries.intro(id),
        deps.entries.timeline(id),
        deps.entries.relations(id),
      ]);
      const row = await deps.entryRows.findById(id);
      const kind = relations.center.kind;
      const list: TimelineEvent[] = [...timeline.list];
      const listed = new Set(list.map((item) => item.itemId).filter(Boolean));

      if (kind === "regime") {
        for (const e of await deps.time.eventsOf(id)) {
          if (e.start_year === null || listed.has(e.id)) continue;
          listed.add(e.id);
          list.push({
            year: e.start_year,
            timeDesc: e.time_desc ?? formatYear(e.start_year),
            title: e.name,
            desc: e.summary,
            itemId: e.id,
          });
        }
      }
      if (kind === "event" && row?.start_year != null) {
        // The people of an event who were born or died while it went on (安禄山 in 安史之乱).
        const start = row.start_year;
        const end = row.end_year ?? start;
        const people = relations.relations
          .filter((r) => r.item.kind === "person")
          .map((r) => r.item.id);
        for (const p of await deps.entryRows.findManyByIds([...new Set(people)])) {
          for (const [year, what] of [
            [p.start_year, "出生"],
            [p.end_year, "去世"],
          ] as const) {
            if (year !== null && year >= start && year <= end)
              list.push({
                year,
                timeDesc: formatYear(year),
                title: `${p.name}${what}`,
                desc: "",
                itemId: p.id,
              });
          }
        }
      }
      list.sort((a, b) => a.year - b.year);

      const undated = relations.relations
        .filter((r) => UNDATED_TYPES.has(r.type) && r.year === null && !listed.has(r.item.id))
        .slice(0, UNDATED_LIMIT)
        .map((r) => ({
          title:
            r.direction === "reverse" ? `${r.item.name}${r.label}` : `${r.label}：${r.item.name}`,
          itemId: r.item.id,
        }));

      let eras: TimelineDetailData["eras"] = [];
      const first = list[0];
      const last = list[list.length - 1];
      if (first && last) {
        eras = await deps.columns.mainLine(first.year, last.year);
      }
      return {
        entry: {
          id: entry.id,
          kind,
          name: entry.name,
          summary: entry.summary,
          timeDesc: row?.time_desc ?? null,
        },
        list,
        eras,
        undated,
        onColumns:
          row?.start_year != null &&
          (row.end_year != null || kind !== "person") &&
          ["person", "regime", "event"].includes(kind),
      };
    },
  };
}

export type TimelineService = ReturnType<typeof createTimelineService>;
