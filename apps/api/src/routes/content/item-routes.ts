import { formatViewCount } from "@tongjian/domain/view-count";
import { formatHistoricalDate } from "@tongjian/domain/year-format";
import { ApiError, ok } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";
import { langIdParams } from "../route-schemas.ts";
import { entryCard, parseJson } from "./content-views.ts";

interface DateLike {
  year: number;
  month?: number;
  day?: number;
  approx?: boolean;
  alt?: number;
}

interface TimelineItem {
  year: number;
  timeDesc: string;
  title: string;
  desc: string;
  itemId: string | null;
}

export function registerItemRoutes(app: TypedApp, deps: AppDeps) {
  async function requireEntry(id: string) {
    const entry = await deps.entries.findById(id);
    if (!entry) throw ApiError.notFound("词条不存在或已被删除");
    return entry;
  }

  app.get("/api/item/detail/:lang/:id", { schema: { params: langIdParams } }, async (request) => {
    const entry = await requireEntry(request.params.id);
    deps.views.add("entry", entry.id);
    const data = parseJson<Record<string, unknown>>(entry.data, {});
    return ok({
      ...entryCard(entry),
      aliases: parseJson<string[]>(entry.aliases, []),
      startYear: entry.start_year,
      endYear: entry.end_year,
      facts: data,
      viewNumShow: formatViewCount(entry.view_count + deps.views.pendingFor("entry", entry.id)),
      likeNum: entry.like_count,
    });
  });

  // Entry summary for the in-text detail pop-up (spec §3: name, summary, imageUrl).
  app.get("/api/item/intro/:lang/:id", { schema: { params: langIdParams } }, async (request) => {
    const entry = await requireEntry(request.params.id);
    return ok({
      id: entry.id,
      name: entry.name,
      summary: entry.summary,
      imageUrl: entry.image_url,
    });
  });

  app.get("/api/item/relation/:lang/:id", { schema: { params: langIdParams } }, async (request) => {
    const entry = await requireEntry(request.params.id);
    const related = await deps.entries.related(entry.id);
    return ok({
      center: entryCard(entry),
      relations: related.map((r) => ({
        type: r.relationType,
        label: r.label,
        direction: r.twoway ? "twoway" : r.direction === "out" ? "one-way" : "reverse",
        note: r.note,
        year: r.year,
        item: entryCard(r.entry),
      })),
    });
  });

  app.get("/api/item/timeline/:lang/:id", { schema: { params: langIdParams } }, async (request) => {
    const entry = await requireEntry(request.params.id);
    const data = parseJson<{
      born?: DateLike;
      died?: DateLike;
      start?: DateLike;
      end?: DateLike;
      rulers?: { name: string; start?: number; end?: number }[];
    }>(entry.data, {});
    const items: TimelineItem[] = [];
    const push = (
      date: DateLike | undefined,
      title: string,
      desc: string,
      itemId: string | null,
    ) => {
      if (date)
        items.push({ year: date.year, timeDesc: formatHistoricalDate(date), title, desc, itemId });
    };
    if (entry.kind === "person") {
      push(data.born, "出生", entry.name, null);
      push(data.died, "去世", entry.name, null);
    } else {
      push(data.start, entry.kind === "regime" ? "建立" : "开始", entry.name, null);
      push(data.end, entry.kind === "regime" ? "终结" : "结束", entry.name, null);
    }
    for (const ruler of data.rulers ?? []) {
      if (ruler.start !== undefined) push({ year: ruler.start }, `${ruler.name}即位`, "", null);
    }
    const related = await deps.entries.related(entry.id);
    const eventIds = related.filter((r) => r.entry.kind === "event").map((r) => r.entry.id);
    for (const ev of await deps.entries.findManyByIds(eventIds)) {
      if (ev.start_year === null) continue;
      items.push({
        year: ev.start_year,
        timeDesc: ev.time_desc ?? formatHistoricalDate(ev.start_year),
        title: ev.name,
        desc: ev.summary,
        itemId: ev.id,
      });
    }
    items.sort((a, b) => a.year - b.year);
    return ok({ id: entry.id, name: entry.name, list: items });
  });
}
