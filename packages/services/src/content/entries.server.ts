import type { PageRequest } from "@tongjian/contracts/common";
import type {
  ArticleCard,
  EntryDetail,
  EntryIntro,
  EntryRelations,
  EntryTimeline,
  TimelineEvent,
  WorksPage,
} from "@tongjian/contracts/content";
import { entryFacts, entryVerse } from "@tongjian/domain/entry-facts";
import { entrySources } from "@tongjian/domain/entry-sources";
import { memberOpening } from "@tongjian/domain/member-entries";
import { RELATED_ARTICLES_LIMIT, relationGroup } from "@tongjian/domain/relation-groups";
import { formatViewCount } from "@tongjian/domain/view-count";
import { workCategoryInfo } from "@tongjian/domain/work-categories";
import { formatHistoricalDate, formatYear } from "@tongjian/domain/year-format";
import { NotFoundError } from "../service-error.ts";
import type { ArticleRepository } from "./article-repository.ts";
import type { ContentReadCaches } from "./content-read-cache.ts";
import { articleCard, entryCard, entryImageUrl, parseJson } from "./content-views.ts";
import type { EntryRepository, RelatedEntry } from "./entry-repository.ts";
import type { ReadRecorder, ViewCounter, ViewOptions } from "./view-counter.ts";

interface DateLike {
  year: number;
  month?: number;
  day?: number;
  approx?: boolean;
  alt?: number;
}

interface EntryData {
  category?: unknown;
  created?: DateLike;
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
const ENTRY_NOT_FOUND = "词条不存在或已被删除";

/** Entries (词条): what an entry page shows of one, and the pop-up's summary. */
export function createEntryService(deps: {
  articles: ArticleRepository;
  entries: EntryRepository;
  views: ViewCounter;
  /** Signed-in readers' reads, for their history (optional: tools read without one). */
  reads?: ReadRecorder;
  caches: ContentReadCaches;
  /**
   * Whether a signed-in reader (owner id) may read member entries whole (VIP right
   * "member-entries"); without it every reader gets only their opening.
   */
  memberAccess?: (reader: string) => Promise<boolean>;
}) {
  // An entry's relations are content only (no counters): the relation list and the timeline of
  // one entry share one read, every reader shares it for a while, and a content reload drops it.
  const relatedLists = deps.caches.create<RelatedEntry[]>({ ttlMs: RELATED_TTL_MS, max: 5_000 });
  const relatedOf = (id: string) => relatedLists.get(id, () => deps.entries.related(id));
  // What the entry page shows of an entry apart from its counters (facts, relations, timeline,
  // works, articles) is content too: read once per entry and shared the same way. The view and
  // like counts of the entry itself are read fresh; those on article cards may lag.
  const parts = deps.caches.create<object>({ ttlMs: RELATED_TTL_MS, max: 2_000 });

  /**
   * The text a reader gets of an entry: the whole summary, or for a member entry and a reader
   * without VIP only its opening. The full text never leaves the service for them.
   */
  async function readable(
    entry: { member?: number | boolean | null; summary: string },
    reader: string | null | undefined,
  ) {
    const member = entry.member === 1 || entry.member === true;
    const locked = member && !(reader && (await deps.memberAccess?.(reader)));
    return {
      member,
      locked,
      summary: locked ? memberOpening(entry.summary) : entry.summary,
    };
  }

  async function requireEntry(id: string) {
    const entry = await deps.entries.findById(id);
    if (!entry) throw new NotFoundError(ENTRY_NOT_FOUND);
    return entry;
  }

  /**
   * An entry's life in dates: its own (birth and death, founding and end), its rulers and names
   * over time, events it took part in, regimes that made it their capital, dated relations.
   */
  async function timelineOf(id: string): Promise<EntryTimeline> {
    const entry = await requireEntry(id);
    const data = parseJson<EntryData>(entry.data, {});
    const refId = (key: string | undefined) => (key ? (data.refs?.[key]?.id ?? null) : null);
    const items: TimelineEvent[] = [];
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
    } else if (entry.kind === "work") {
      const words = workCategoryInfo(data.category);
      push(data.created, words.made, "", null);
      push(data.start, data.end ? words.begun : words.made, "", null);
      push(data.end, words.made, "", null);
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

    // Events the entry took part in, regimes that made a place their capital, curated works
    // (a writer's books, the essay that made a tower famous) and dated relations (a meeting, an
    // appointment). Imported poems are not part of a life's timeline: `related` leaves them out.
    const related = await relatedOf(entry.id);
    const seen = new Set<string>();
    const dated = related.filter(
      (r) =>
        r.entry.kind === "event" ||
        r.entry.kind === "work" ||
        (r.relationType === "定都" && r.entry.kind === "regime"),
    );
    const rows = await deps.entries.findManyByIds([...new Set(dated.map((r) => r.entry.id))]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A person's timeline is their life: an event long before their birth (a battle a poet
    // wrote about) or after their death (a later honour) is a relation, not a moment of it.
    const life =
      entry.kind === "person" && isYear(entry.start_year) && isYear(entry.end_year)
        ? { from: entry.start_year, to: entry.end_year }
        : null;
    for (const r of dated) {
      const other = byId.get(r.entry.id);
      if (!other || !isYear(other.start_year) || seen.has(other.id)) continue;
      if (
        life &&
        other.kind === "event" &&
        ((other.end_year ?? other.start_year) < life.from || other.start_year > life.to)
      )
        continue;
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

  return {
    /** An entry with its facts and counters; reading it counts a view unless told not to. */
    async detail(id: string, { countView = true, reader }: ViewOptions = {}): Promise<EntryDetail> {
      const [shown, counts] = await Promise.all([
        parts.get(`detail|${id}`, async () => {
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
            sources: entrySources(data),
            member: entry.member === 1,
          };
        }),
        deps.entries.counters(id),
      ]);
      const text = await readable(shown, reader);
      if (!counts) throw new NotFoundError(ENTRY_NOT_FOUND);
      if (countView) {
        deps.views.add("entry", id);
        if (reader) deps.reads?.add(reader, "entry", id);
      }
      return {
        ...shown,
        ...text,
        viewNumShow: formatViewCount(counts.view_count + deps.views.pendingFor("entry", id)),
        likeNum: counts.like_count,
      };
    },

    /** Some member entries (会员词条), for 会员内容: names and links only, never their text. */
    memberExamples(limit = 8): Promise<{ id: string; name: string; timeDesc: string | null }[]> {
      return parts.get(`members|${limit}`, async () =>
        (await deps.entries.memberEntries(limit)).map((e) => ({
          id: e.id,
          name: e.name,
          timeDesc: e.time_desc,
        })),
      ) as Promise<{ id: string; name: string; timeDesc: string | null }[]>;
    },

    /** A view of an entry page served without asking for its detail (the page cache). */
    countView(id: string) {
      deps.views.add("entry", id);
    },

    /** Entry summary for the in-text detail pop-up (spec §3: name, summary, imageUrl). */
    async intro(id: string, reader?: string | null): Promise<EntryIntro> {
      const entry = await requireEntry(id);
      return {
        id: entry.id,
        name: entry.name,
        imageUrl: entry.image_url,
        ...(await readable(entry, reader)),
      };
    },

    relations(id: string): Promise<EntryRelations> {
      return parts.get(`relation|${id}`, async (): Promise<EntryRelations> => {
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
            relationId: r.relationId,
            desc: r.description,
            place: r.place,
            item: entryCard(r.entry),
          })),
        };
      });
    },

    timeline(id: string): Promise<EntryTimeline> {
      return parts.get(`timeline|${id}`, () => timelineOf(id));
    },

    /** One page of an author's works (poems, chapters), in the importer's order. */
    worksPage({ id, page, size }: PageRequest & { id: string }): Promise<WorksPage> {
      return parts.get(`works|${id}|${page}|${size}`, async (): Promise<WorksPage> => {
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
      });
    },

    /** The articles that link to an entry, most links first. */
    articles(id: string): Promise<ArticleCard[]> {
      return parts.get(`articles|${id}`, async () => {
        const entry = await requireEntry(id);
        const rows = await deps.articles.mentioning([entry.id], null, RELATED_ARTICLES_LIMIT);
        return rows.map(articleCard);
      });
    },
  };
}

export type EntryService = ReturnType<typeof createEntryService>;
