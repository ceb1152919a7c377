import type { InsightCard, InsightDetail, InsightList } from "@tongjian/contracts/insight";
import { sanitizeContent } from "@tongjian/domain/content-sanitizer";
import { topicRelationRows } from "@tongjian/domain/insight-topics";
import { truncateText } from "@tongjian/domain/text-length";
import { formatYear } from "@tongjian/domain/year-format";
import { NotFoundError } from "../service-error.ts";
import type { ArticleRepository } from "./article-repository.ts";
import type { ContentReadCaches } from "./content-read-cache.ts";
import { articleCard, entryCard } from "./content-views.ts";
import type { EntryRepository } from "./entry-repository.ts";
import type { InsightRepository, TopicCardRow } from "./insight-repository.ts";

// Topics are content only: one read serves every reader for a while, and a content reload
// drops it. The view counts on their article cards may lag by up to this long.
const INSIGHT_TTL_MS = 30_000;
/** Display length (spec §5 measure) of the plain-text start of an essay given as its summary. */
const SUMMARY_LIMIT = 200;
const TOPIC_NOT_FOUND = "这个洞察专题不存在或已被删除";

export function topicCoverUrl(id: string): string {
  return `/media/cover/${id}.svg`;
}

/** 洞察 topics (/insight): the list, and one topic with what it gathers. */
export function createInsightService(deps: {
  insights: InsightRepository;
  entries: EntryRepository;
  articles: ArticleRepository;
  caches: ContentReadCaches;
}) {
  const cache = deps.caches.create<object>({ ttlMs: INSIGHT_TTL_MS, max: 500 });

  function card(row: TopicCardRow, counts: Map<string, number>): InsightCard {
    const count = (role: string) => counts.get(`${row.id}|${role}`) ?? 0;
    return {
      id: row.id,
      title: row.title,
      question: row.question,
      era: row.era,
      timeDesc: row.time_desc,
      imageUrl: topicCoverUrl(row.id),
      eventCount: count("event"),
      personCount: count("person"),
      articleCount: count("article"),
    };
  }

  async function load(id: string): Promise<InsightDetail> {
    const topic = await deps.insights.findById(id);
    if (!topic) throw new NotFoundError(TOPIC_NOT_FOUND);
    const items = await deps.insights.items(topic.id);
    const ids = (role: string) => items.filter((i) => i.role === role).map((i) => i.item_id);
    const [eventIds, personIds, entryIds, articleIds] = [
      ids("event"),
      ids("person"),
      ids("entry"),
      ids("article"),
    ];
    const [entryRows, articleRows, relations] = await Promise.all([
      deps.entries.findManyByIds([...new Set([...eventIds, ...personIds, ...entryIds])]),
      deps.articles.findManyByIds(articleIds),
      deps.entries.relationsAmong(personIds),
    ]);
    const entryById = new Map(entryRows.map((row) => [row.id, row]));
    const articleById = new Map(articleRows.map((row) => [row.id, row]));
    // In the topic's order; an item whose record is gone (content reloaded meanwhile) is skipped.
    const inOrder = <T>(list: string[], byId: Map<string, T>) =>
      list.flatMap((itemId) => byId.get(itemId) ?? []);
    const events = inOrder(eventIds, entryById);
    const people = inOrder(personIds, entryById);
    // Oldest first; events of one year keep the topic's order (the sort is stable).
    const timeline = events
      .filter((e): e is typeof e & { start_year: number } => e.start_year !== null)
      .sort((a, b) => a.start_year - b.start_year)
      .map((e) => ({
        year: e.start_year,
        timeDesc: e.time_desc ?? formatYear(e.start_year),
        title: e.name,
        desc: e.summary,
        itemId: e.id,
      }));
    const counts = new Map([
      [`${topic.id}|event`, eventIds.length],
      [`${topic.id}|person`, personIds.length],
      [`${topic.id}|article`, articleIds.length],
    ]);
    return {
      ...card(topic, counts),
      essay: sanitizeContent(topic.essay),
      summary: truncateText(topic.text, SUMMARY_LIMIT),
      innerLinks: items
        .filter((i) => i.role === "link")
        .map((i) => ({ itemId: i.item_id, word: i.word ?? "" })),
      timeline,
      people: people.map(entryCard),
      relations: topicRelationRows(
        relations.map((r) => ({
          fromId: r.from_id,
          toId: r.to_id,
          type: r.type,
          label: r.label,
          twoway: r.twoway === 1,
        })),
        people.map((p) => p.id),
      ),
      articles: inOrder(articleIds, articleById).map(articleCard),
      entries: inOrder(entryIds, entryById).map(entryCard),
      publishedAt: topic.published_at,
      updatedAt: topic.updated_at,
    };
  }

  return {
    /** Every topic as a card, in the order of the years they are about. */
    list(): Promise<InsightList> {
      return cache.get("list", async () => {
        const [rows, counts] = await Promise.all([
          deps.insights.list(),
          deps.insights.itemCounts(),
        ]);
        const byKey = new Map(counts.map((c) => [`${c.topicId}|${c.role}`, c.count]));
        return rows.map((row) => card(row, byKey));
      });
    },

    /** One topic with its essay, timeline, people and their relations, and what to read next. */
    detail(id: string): Promise<InsightDetail> {
      return cache.get(`detail|${id}`, () => load(id));
    },
  };
}

export type InsightService = ReturnType<typeof createInsightService>;
