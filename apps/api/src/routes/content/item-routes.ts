import { entryFacts, entryVerse } from "@tongjian/domain/entry-facts";
import {
  RELATED_ARTICLES_LIMIT,
  relationGroup,
  WORKS_PAGE_SIZE,
  WORKS_PAGE_SIZE_MAX,
} from "@tongjian/domain/relation-groups";
import { formatViewCount } from "@tongjian/domain/view-count";
import { formatHistoricalDate, formatYear } from "@tongjian/domain/year-format";
import { z } from "zod";
import { ApiError, ok } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import { createContentReadCache } from "../../content-read-cache.ts";
import { PAGE_DATA } from "../../page-data-routes.ts";
import type { RelatedEntry } from "../../repositories/entry-repository.ts";
import type { TypedApp } from "../../typed-app.ts";
import { idSchema, langIdParams, langSchema, pageNumber, pageSize } from "../route-schemas.ts";
import { articleCard, entryCard, entryImageUrl, parseJson } from "./content-views.ts";

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

interface EntryData {
  born?: DateLike;
  died?: DateLike;
  start?: DateLike;
  end?: DateLike;
  rulers?: { name: string; person?: string; start?: number; approx?: boolean }[];
  names?: { name: string; from?: number; note?: string }[];
  refs?: Record<string, { id: string }>;
  paragraphs?: unknown;
}

const isYear = (y: unknown): y is number =>
  typeof y === "number" && Number.isSafeInteger(y) && y !== 0;

const RELATED_TTL_MS = 30_000;

export function registerItemRoutes(app: TypedApp, deps: AppDeps) {
  // An entry's relations are content only (no counters): the relation list and the timeline of
  // one entry share one read, every reader shares it for a while, and a content reload drops it.
  const relatedLists = createContentReadCache<RelatedEntry[]>(app, {
    contentVersion: () => deps.articles.contentVersion(),
    pollMs: deps.config.contentPollMs,
    ttlMs: RELATED_TTL_MS,
    max: 5_000,
  });
  const relatedOf = (id: string) => relatedLists.get(id, () => deps.entries.related(id));
  // What the entry page shows of an entry apart from its counters (facts, relations, timeline,
  // works, articles) is content too: read once per entry and shared the same way. The view and
  // like counts of the entry itself are read fresh; those on article cards may lag.
  const entryParts = createContentReadCache<object>(app, {
    contentVersion: () => deps.articles.contentVersion(),
    pollMs: deps.config.contentPollMs,
    ttlMs: RELATED_TTL_MS,
    max: 2_000,
  });
  const part = <T extends object>(key: string, load: () => Promise<T>) =>
    entryParts.get(key, load) as Promise<T>;

  async function requireEntry(id: string) {
    const entry = await deps.entries.findById(id);
    if (!entry) throw ApiError.notFound("词条不存在或已被删除");
    return entry;
  }

  /**
   * An entry's life in dates: its own (birth and death, founding and end), its rulers and names
   * over time, events it took part in, regimes that made it their capital, dated relations.
   */
  async function timelineOf(id: string) {
    const entry = await requireEntry(id);
    const data = parseJson<EntryData>(entry.data, {});
    const refId = (key: string | undefined) => (key ? (data.refs?.[key]?.id ?? null) : null);
    const items: TimelineItem[] = [];
    const push = (
      date: DateLike | undefined,
      title: string,
      desc: string,
      itemId: string | null,
    ) => {
      if (date && isYear(date.year))
        items.push({
          year: date.year,
          timeDesc: formatHistoricalDate(date),
          title,
          desc,
          itemId,
        });
    };
    if (entry.kind === "person") {
      push(data.born, "出生", "", null);
      push(data.died, "去世", "", null);
    } else if (entry.kind === "regime" || entry.kind === "event") {
      push(data.start, entry.kind === "regime" ? "建立" : "开始", "", null);
      push(data.end, entry.kind === "regime" ? "终结" : "结束", "", null);
    }
    for (const ruler of data.rulers ?? []) {
      if (isYear(ruler.start))
        push(
          { year: ruler.start, ...(ruler.approx ? { approx: true } : {}) },
          `${ruler.name}即位`,
          "",
          refId(ruler.person),
        );
    }
    for (const name of data.names ?? []) {
      if (isYear(name.from)) push({ year: name.from }, `称${name.name}`, name.note ?? "", null);
    }

    // Events the entry took part in, regimes that made a place their capital, and dated
    // relations (a meeting, an appointment) — works are not part of a life's timeline.
    const related = await relatedOf(entry.id);
    const seen = new Set<string>();
    const dated = related.filter(
      (r) => r.entry.kind === "event" || (r.relationType === "定都" && r.entry.kind === "regime"),
    );
    const rows = await deps.entries.findManyByIds([...new Set(dated.map((r) => r.entry.id))]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const r of dated) {
      const other = byId.get(r.entry.id);
      if (!other || !isYear(other.start_year) || seen.has(other.id)) continue;
      seen.add(other.id);
      const capital = other.kind === "regime";
      items.push({
        year: other.start_year,
        timeDesc: capital
          ? formatYear(other.start_year)
          : (other.time_desc ?? formatYear(other.start_year)),
        title: capital ? `${other.name}定都于此` : other.name,
        desc: capital ? (r.note ?? "") : other.summary,
        itemId: other.id,
      });
    }
    for (const r of related) {
      const key = `${r.entry.id}|${r.year}`;
      if (!isYear(r.year) || seen.has(r.entry.id) || seen.has(key)) continue;
      seen.add(key);
      items.push({
        year: r.year,
        timeDesc: formatYear(r.year),
        title: `${r.relationType}：${r.entry.name}`,
        desc: r.note ?? "",
        itemId: r.entry.id,
      });
    }
    items.sort((a, b) => a.year - b.year);
    return { id: entry.id, name: entry.name, list: items };
  }

  app.get(
    "/api/item/detail/:lang/:id",
    { config: PAGE_DATA, schema: { params: langIdParams } },
    async (request) => {
      const id = request.params.id;
      const [shown, counts] = await Promise.all([
        part(`detail|${id}`, async () => {
          const entry = await requireEntry(id);
          const data = parseJson<Record<string, unknown>>(entry.data, {});
          return {
            ...entryCard(entry),
            imageUrl: entryImageUrl(entry),
            aliases: parseJson<string[]>(entry.aliases, []),
            startYear: entry.start_year,
            endYear: entry.end_year,
            facts: data,
            factList: entryFacts(entry.kind, data),
            verse: entryVerse(entry.kind, data),
          };
        }),
        deps.entries.counters(id),
      ]);
      if (!counts) throw ApiError.notFound("词条不存在或已被删除");
      deps.views.add("entry", id);
      return ok({
        ...shown,
        viewNumShow: formatViewCount(counts.view_count + deps.views.pendingFor("entry", id)),
        likeNum: counts.like_count,
      });
    },
  );

  // Entry summary for the in-text detail pop-up (spec §3: name, summary, imageUrl).
  app.get(
    "/api/item/intro/:lang/:id",
    { config: PAGE_DATA, schema: { params: langIdParams } },
    async (request) => {
      const entry = await requireEntry(request.params.id);
      return ok({
        id: entry.id,
        name: entry.name,
        summary: entry.summary,
        imageUrl: entry.image_url,
      });
    },
  );

  app.get(
    "/api/item/relation/:lang/:id",
    { config: PAGE_DATA, schema: { params: langIdParams } },
    async (request) => {
      const id = request.params.id;
      return ok(
        await part(`relation|${id}`, async () => {
          const entry = await requireEntry(id);
          const related = await relatedOf(entry.id);
          return {
            center: entryCard(entry),
            relations: related.map((r) => ({
              type: r.relationType,
              group: relationGroup(r.relationType, r.entry.kind),
              label: r.label,
              direction: r.twoway ? "twoway" : r.direction === "out" ? "one-way" : "reverse",
              note: r.note,
              year: r.year,
              item: entryCard(r.entry),
            })),
          };
        }),
      );
    },
  );

  app.get(
    "/api/item/timeline/:lang/:id",
    { config: PAGE_DATA, schema: { params: langIdParams } },
    async (request) => {
      const id = request.params.id;
      return ok(await part(`timeline|${id}`, () => timelineOf(id)));
    },
  );

  app.get(
    "/api/item/works/:lang/:id/:page/:size",
    {
      config: PAGE_DATA,
      schema: {
        params: z.object({
          lang: langSchema,
          id: idSchema,
          page: pageNumber.default(1),
          size: pageSize(WORKS_PAGE_SIZE_MAX).default(WORKS_PAGE_SIZE),
        }),
      },
    },
    async (request) => {
      const { id, page, size } = request.params;
      return ok(
        await part(`works|${id}|${page}|${size}`, async () => {
          const entry = await requireEntry(id);
          const [rows, total] = await Promise.all([
            deps.entries.works(entry.id, size, (page - 1) * size),
            deps.entries.countWorks(entry.id),
          ]);
          return {
            page,
            size,
            total,
            hasMore: page * size < total,
            list: rows.map((w) => {
              const data = parseJson<{ paragraphs?: unknown; collection?: unknown }>(w.data, {});
              const first = Array.isArray(data.paragraphs) ? data.paragraphs[0] : undefined;
              return {
                id: w.id,
                kind: w.kind,
                name: w.name,
                collection: w.label,
                firstLine: typeof first === "string" ? first : w.summary,
              };
            }),
          };
        }),
      );
    },
  );

  app.get(
    "/api/item/articles/:lang/:id",
    { config: PAGE_DATA, schema: { params: langIdParams } },
    async (request) => {
      const id = request.params.id;
      return ok(
        await part(`articles|${id}`, async () => {
          const entry = await requireEntry(id);
          const rows = await deps.articles.mentioning([entry.id], null, RELATED_ARTICLES_LIMIT);
          return rows.map(articleCard);
        }),
      );
    },
  );
}
