import type { Recommendations } from "@tongjian/contracts/content";
import type { ArticleRepository } from "../content/article-repository.ts";
import { articleCard, entryCard } from "../content/content-views.ts";
import type { EntryRepository } from "../content/entry-repository.ts";
import { NotFoundError } from "../service-error.ts";
import { graphCandidates, proximity } from "./graph-recommend.ts";
import type { RecommendRepository } from "./recommend-repository.ts";
import type { RelationEdge, RelationGraph } from "./relation-graph.ts";

/** Sharing a curated network (竹林七贤 …) counts like a strong direct relation. */
export const NETWORK_BONUS = 1.5;
/** Entries near the article's own, read for ranking articles. */
const NEAR_ENTRIES_MAX = 300;
const ARTICLE_LINK_ROWS_MAX = 5_000;
/** Shared neighbours read per recommended entry to say who links the two. */
const SHARED_NAMED_MAX = 20;

/** Relation types that read well as a reason on their own (师生, 夫妻 …); others give their label. */
const TYPE_REASONS = new Set([
  "夫妻",
  "父子",
  "母子",
  "父女",
  "母女",
  "兄弟",
  "兄妹",
  "姐弟",
  "姐妹",
  "祖孙",
  "师生",
  "君臣",
  "继位",
  "同僚",
  "对手",
  "敌对",
  "同学派",
]);

function directReason(edge: RelationEdge): string {
  if (edge.type === "朋友") return edge.label.includes("友") ? edge.label : "好友";
  if (TYPE_REASONS.has(edge.type)) return edge.type;
  return edge.label;
}

/**
 * What to read next, ranked by the relation graph rather than by popularity alone: for an
 * entry, the entries it shares most (weighted) neighbours with, directly related ones and
 * fellow members of a curated network first, each with its reason; for an article, the
 * articles whose linked entries lie nearest its own.
 */
export function createRecommendService(deps: {
  graph: { get(): Promise<Pick<RelationGraph, "neighbours" | "has" | "between">> };
  entries: EntryRepository;
  articles: ArticleRepository;
  recommend: RecommendRepository;
}) {
  async function forEntry(id: string, n: number): Promise<Recommendations> {
    const entry = await deps.entries.findById(id);
    if (!entry) throw new NotFoundError("词条不存在或已被删除");
    const [graph, networks] = await Promise.all([deps.graph.get(), deps.recommend.networksOf(id)]);
    const candidates = graphCandidates(graph, id, { limit: n * 5 + 20 });
    const byId = new Map(candidates.map((c) => [c.id, { ...c, network: null as string | null }]));
    for (const net of networks) {
      for (const m of net.members) {
        if (m === id) continue;
        const c = byId.get(m) ?? { id: m, score: 0, direct: null, shared: [], network: null };
        c.score += NETWORK_BONUS;
        c.network ??= net.name;
        byId.set(m, c);
      }
    }
    const ranked = [...byId.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    const rows = await deps.entries.findManyByIds(ranked.map((c) => c.id));
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    // A person's page recommends people; other entries recommend whatever stands nearest.
    const fits = (kind: string) => (entry.kind === "person" ? kind === "person" : true);
    const chosen = ranked.filter((c) => fits(rowOf.get(c.id)?.kind ?? "")).slice(0, n);
    // The neighbours the chosen share with the entry, to say who links them.
    const sharedRows = await deps.entries.findManyByIds([
      ...new Set(chosen.flatMap((c) => c.shared.slice(0, SHARED_NAMED_MAX))),
    ]);
    const sharedOf = new Map(sharedRows.map((r) => [r.id, r]));
    const list: Recommendations = chosen.map((c) => {
      const shared = c.shared.slice(0, SHARED_NAMED_MAX).flatMap((s) => sharedOf.get(s) ?? []);
      const people = shared.filter((r) => r.kind === "person");
      const together =
        people.length >= 2
          ? `共同关联 ${people.length} 人：${people
              .slice(0, 2)
              .map((p) => p.name)
              .join("、")}`
          : people[0]
            ? `都与${people[0].name}相关`
            : shared[0]
              ? `都与${shared[0].name}相关`
              : null;
      const reason = c.network
        ? `同为${c.network}`
        : c.direct
          ? [directReason(c.direct), people.length > 0 ? `共同关联 ${people.length} 人` : null]
              .filter(Boolean)
              .join(" · ")
          : (together ?? "关系相近");
      const row = rowOf.get(c.id) as NonNullable<ReturnType<typeof rowOf.get>>;
      return { ...entryCard(row), score: Math.round(c.score * 1000) / 1000, reason };
    });
    if (list.length < n) {
      const articles = await deps.articles.mentioning([id], null, n - list.length);
      list.push(...articles.map(articleCard));
    }
    return list;
  }

  async function forArticle(id: string, n: number, section: string): Promise<Recommendations> {
    const own = (await deps.articles.links(id)).map((l) => l.item_id);
    const graph = await deps.graph.get();
    const near = [...proximity(graph, own)]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, NEAR_ENTRIES_MAX);
    const weight = new Map(near);
    const links = await deps.recommend.articleLinks(
      near.map(([e]) => e),
      ARTICLE_LINK_ROWS_MAX,
    );
    const scores = new Map<string, number>();
    for (const l of links) {
      if (l.article_id === id) continue;
      scores.set(l.article_id, (scores.get(l.article_id) ?? 0) + (weight.get(l.item_id) ?? 0));
    }
    const best = [...scores]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, n)
      .map(([a]) => a);
    const rows = await deps.articles.findManyByIds(best);
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    const list: Recommendations = best.flatMap((a) => {
      const r = rowOf.get(a);
      return r ? [articleCard(r)] : [];
    });
    if (list.length < n) {
      const more = await deps.articles.feed(n + 1, 0, section);
      for (const row of more) {
        if (list.length >= n) break;
        if (row.id !== id && !list.some((x) => x.id === row.id)) list.push(articleCard(row));
      }
    }
    return list;
  }

  return {
    /** Recommendations for an article's or an entry's id; an unknown id is a 404. */
    async get(id: string, n: number): Promise<Recommendations> {
      const article = await deps.articles.findById(id);
      if (article) return forArticle(id, n, article.section);
      return forEntry(id, n);
    },
  };
}

export type RecommendService = ReturnType<typeof createRecommendService>;
