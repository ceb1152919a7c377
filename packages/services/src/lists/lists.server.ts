import type {
  HistoryListData,
  HistoryPeriod,
  NationalData,
  ParallelEvent,
  ParallelRow,
  RegimeRow,
  TopBoard,
  TopData,
  TopItem,
  WorldParallelData,
} from "@tongjian/contracts/lists";
import { formatYear } from "@tongjian/domain/year-format";
import type { BoardService } from "../boards/boards.server.ts";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { parseJson } from "../content/content-views.ts";
import { NotFoundError } from "../service-error.ts";
import {
  type CorpusIndex,
  type IndexedEvent,
  type IndexedRegime,
  regimeYears,
} from "./corpus-index.ts";
import type { CorpusRepository } from "./corpus-repository.ts";
import type { CorpusSource } from "./corpus-source.ts";

/** Counters shown on the top lists may lag this much. */
const TOP_TTL_MS = 60_000;
const WORLD_SECTION = "世界史";

/** The order of the 国学 groups, and what each holds. */
const NATIONAL_GROUPS: readonly { category: string; note: string }[] = [
  { category: "典籍", note: "经史子集与农医天算：先秦诸子、正史、类书与科技名著" },
  { category: "诗文", note: "传诵的单篇诗文：赋、表、记、序与长诗" },
  { category: "小说", note: "从笔记小说到章回小说" },
  { category: "戏剧", note: "元杂剧与明清传奇" },
  { category: "文献", note: "纲领与文告" },
  { category: "书法", note: "法帖名迹" },
  { category: "绘画", note: "传世画卷" },
  { category: "发明", note: "发明与技术" },
];

/** The books of the imported classics in their traditional order (四书). */
const TEXT_BOOKS = ["论语", "孟子", "大学", "中庸"];

export function regimeRow(r: IndexedRegime): RegimeRow {
  return {
    id: r.id,
    name: r.name,
    start: r.start,
    end: r.standing ? null : r.last,
    timeDesc: r.timeDesc,
    years: regimeYears(r.start, r.last),
    parallel: r.parallel,
  };
}

/**
 * Longest an event begun before a regime may have lasted to be listed in its years: a war that
 * ran on into them is, a trade route of seventeen centuries (丝绸之路) would open every regime.
 */
const CARRIED_OVER_MAX_YEARS = 150;

/** An event of a regime's years: begun in them, or begun before and still going on, not for ages. */
function overlaps(e: IndexedEvent, from: number, to: number): boolean {
  if (e.start === null) return false;
  const end = e.end ?? e.start;
  if (e.start >= from) return e.start <= to;
  return end >= from && end - e.start <= CARRIED_OVER_MAX_YEARS;
}

const byStart = (a: IndexedEvent, b: IndexedEvent) =>
  (a.start ?? 0) - (b.start ?? 0) || b.popularity - a.popularity || (a.id < b.id ? -1 : 1);

/** The main line (no era names, none that stood beside it), in order. */
function mainLine(index: CorpusIndex): IndexedRegime[] {
  return index.regimes.filter((r) => !r.umbrella && !r.parallel);
}

function historyList(index: CorpusIndex): HistoryListData {
  const periods: HistoryPeriod[] = [];
  const byPeriod = new Map<string, IndexedRegime[]>();
  for (const r of index.regimes) byPeriod.set(r.period, [...(byPeriod.get(r.period) ?? []), r]);
  for (const [name, regimes] of byPeriod) {
    const columns = regimes.filter((r) => !r.umbrella);
    const mains = columns.filter((r) => !r.parallel);
    const rows = mains.map((main) => ({ main: regimeRow(main), beside: [] as RegimeRow[] }));
    for (const r of columns.filter((c) => c.parallel)) {
      // Beside the last regime of the main line founded by the time it was.
      let at = 0;
      mains.forEach((m, i) => {
        if (m.start <= r.start) at = i;
      });
      rows[at]?.beside.push(regimeRow(r));
    }
    const eras = regimes
      .filter((r) => r.umbrella)
      .map((era) => ({
        ...regimeRow(era),
        parts: index.regimes
          .filter(
            (r) => !r.umbrella && r.id !== era.id && r.start >= era.start && r.last <= era.last,
          )
          .filter((r) => !r.parallel || era.parallel)
          .map((r) => r.name),
      }));
    periods.push({
      name,
      start: Math.min(...regimes.map((r) => r.start)),
      end: regimes.some((r) => r.standing) ? null : Math.max(...regimes.map((r) => r.last)),
      eras,
      rows,
    });
  }
  periods.sort((a, b) => a.start - b.start);
  return { periods, total: index.regimes.length };
}

function parallelEvent(e: IndexedEvent, index: CorpusIndex): ParallelEvent {
  return {
    id: e.id,
    name: e.name,
    start: e.start ?? 0,
    end: e.end,
    timeDesc: e.timeDesc,
    regime: e.regimeId ? (index.byId.get(e.regimeId)?.name ?? null) : null,
  };
}

/**
 * The era list and the world side by side (/home/historylist), the classics (/home/national) and
 * the top lists (/home/top), from the corpus index and a few counts.
 */
export function createListService(deps: {
  source: CorpusSource;
  corpus: CorpusRepository;
  caches: ContentReadCaches;
  boards?: BoardService;
}) {
  const counted = deps.caches.create<object>({ ttlMs: TOP_TTL_MS, max: 50 });

  async function worldArticles(): Promise<
    Map<string, { id: string; title: string; abstract: string; items: Set<string> }>
  > {
    return counted.get("world-articles", async () => {
      const rows = await deps.corpus.sectionArticles(WORLD_SECTION);
      const out = new Map<
        string,
        { id: string; title: string; abstract: string; items: Set<string> }
      >();
      for (const r of rows) {
        const a = out.get(r.id) ?? {
          id: r.id,
          title: r.title,
          abstract: r.abstract,
          items: new Set(),
        };
        if (r.item_id) a.items.add(r.item_id);
        out.set(r.id, a);
      }
      return out;
    });
  }

  async function top(board: TopBoard, limit: number): Promise<TopData> {
    const index = await deps.source.index();
    const numbered = (items: Omit<TopItem, "rank">[]): TopItem[] =>
      items.slice(0, limit).map((item, i) => ({ rank: i + 1, ...item }));
    switch (board) {
      case "views": {
        const rows = await deps.corpus.mostViewed(limit);
        return {
          board,
          title: "阅读最多",
          rule: "按词条累计浏览次数排列（人物、朝代、事件、地点、作品与诗文）。",
          items: numbered(
            rows.map((r) => ({
              id: r.id,
              name: r.name,
              kind: r.kind,
              timeDesc: r.time_desc ?? "",
              value: r.view_count,
              valueLabel: `${r.view_count.toLocaleString("en-US")} 次浏览`,
            })),
          ),
        };
      }
      case "people":
        return {
          board,
          title: "关系最多的人物",
          rule: "按人物在关系图谱中的关系条数与文章提及排列。",
          items: numbered(
            [...index.people]
              .sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : 1))
              .map((p) => ({
                id: p.id,
                name: p.name,
                kind: p.kind,
                timeDesc: p.timeDesc,
                value: p.popularity,
                valueLabel: `关联 ${p.popularity}`,
              })),
          ),
        };
      case "regimes":
        return {
          board,
          title: "国祚最长",
          rule: "按政权存续年数排列；周、汉、晋、宋等朝代计其前后两段之和，三国、南北朝等时代总称不计。",
          items: numbered(
            index.regimes
              .filter((r) => !(r.umbrella && r.parallel))
              .map((r) => ({ r, years: regimeYears(r.start, r.last) }))
              .sort((a, b) => b.years - a.years || a.r.start - b.r.start)
              .map(({ r, years }) => ({
                id: r.id,
                name: r.name,
                kind: r.kind,
                timeDesc: r.timeDesc,
                value: years,
                valueLabel: r.standing ? `${years} 年（至今）` : `${years} 年`,
              })),
          ),
        };
      case "poets": {
        const rows = await counted.get(`poets|${limit}`, async () => ({
          rows: await deps.corpus.poemCounts(limit),
        }));
        return {
          board,
          title: "存诗最多",
          rule: "按本站收录的诗词与篇章数排列（来自 chinese-poetry 的精选与诗人全集）。",
          items: numbered(
            rows.rows.map((r) => ({
              id: r.id,
              name: r.name,
              kind: "person",
              timeDesc: r.time_desc ?? "",
              value: r.n,
              valueLabel: `${r.n.toLocaleString("en-US")} 首（篇）`,
            })),
          ),
        };
      }
      case "hot": {
        const page = deps.boards
          ? await deps.boards.list({ tab: "entry", page: 1, size: limit })
          : null;
        return {
          board,
          title: "七日热门词条",
          rule: page?.rule ?? "按最近 7 天的浏览、点赞和评论排列。",
          items: numbered(
            (page?.list ?? []).flatMap((item) =>
              item.kind === "entry"
                ? [
                    {
                      id: item.id,
                      name: item.name,
                      kind: item.entryKind,
                      timeDesc: item.timeDesc ?? "",
                      value: item.heat,
                      valueLabel: `热度 ${item.heat}`,
                    },
                  ]
                : [],
            ),
          ),
        };
      }
    }
  }

  return {
    async historyList(): Promise<HistoryListData> {
      return historyList(await deps.source.index());
    },

    /** What happened in China and in the world during a regime's years. */
    async worldParallel(regimeId: string): Promise<WorldParallelData> {
      const index = await deps.source.index();
      const regime = index.regimes.find((r) => r.id === regimeId);
      if (!regime) throw new NotFoundError("没有这个政权：请从历史列表中选择");
      const from = regime.start;
      const to = regime.last;
      const china = index.events.filter((e) => !e.world && overlaps(e, from, to)).sort(byStart);
      const world = index.events.filter((e) => e.world && overlaps(e, from, to)).sort(byStart);
      const rows = new Map<number, ParallelRow>();
      const rowOf = (e: IndexedEvent) => {
        // An event begun before the regime stands in its first year.
        const year = Math.max(e.start ?? from, from);
        const row = rows.get(year) ?? { year, label: formatYear(year), china: [], world: [] };
        rows.set(year, row);
        return row;
      };
      for (const e of china) rowOf(e).china.push(parallelEvent(e, index));
      for (const e of world) rowOf(e).world.push(parallelEvent(e, index));

      const ids = new Set([regime.id, ...world.map((e) => e.id), ...china.map((e) => e.id)]);
      const articles = [...(await worldArticles()).values()]
        .filter((a) => [...a.items].some((item) => ids.has(item)))
        .map(({ id, title, abstract }) => ({ id, title, abstract }));

      const line = mainLine(index);
      const at = line.findIndex((r) => r.id === regime.id);
      const previous =
        at > 0
          ? line[at - 1]
          : at < 0
            ? [...line].reverse().find((r) => r.start < from)
            : undefined;
      const next = at >= 0 ? line[at + 1] : line.find((r) => r.start > from);
      return {
        regime: regimeRow(regime),
        rows: [...rows.values()].sort((a, b) => a.year - b.year),
        counts: { china: china.length, world: world.length },
        articles,
        previous: previous ? regimeRow(previous) : null,
        next: next ? regimeRow(next) : null,
      };
    },

    async national(): Promise<NationalData> {
      const index = await deps.source.index();
      const chinese = index.works.filter((w) => !w.world);
      const groups = NATIONAL_GROUPS.map((g) => ({
        ...g,
        works: chinese
          .filter((w) => w.category === g.category)
          .sort(
            (a, b) =>
              (a.start ?? Number.MAX_SAFE_INTEGER) - (b.start ?? Number.MAX_SAFE_INTEGER) ||
              b.popularity - a.popularity ||
              (a.id < b.id ? -1 : 1),
          )
          .map((w) => ({
            id: w.id,
            name: w.name,
            form: w.form,
            makers: w.makers,
            timeDesc: w.timeDesc,
          })),
      })).filter((g) => g.works.length > 0);
      const chapters = await counted.get("classics", async () => ({
        rows: await deps.corpus.classics(),
      }));
      const books = new Map<string, { id: string; name: string; order: number }[]>();
      for (const c of chapters.rows) {
        const book = parseJson<{ book?: string }>(c.data, {}).book ?? c.name;
        books.set(book, [
          ...(books.get(book) ?? []),
          { id: c.id, name: c.name, order: c.sort_key ?? Number.MAX_SAFE_INTEGER },
        ]);
      }
      const workByName = new Map(chinese.map((w) => [w.name, w.id]));
      const texts = [...books.entries()]
        .sort(
          ([a], [b]) =>
            (TEXT_BOOKS.indexOf(a) + 1 || 99) - (TEXT_BOOKS.indexOf(b) + 1 || 99) ||
            a.localeCompare(b, "zh"),
        )
        .map(([book, list]) => ({
          book,
          workId: workByName.get(book) ?? null,
          chapters: list
            .sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1))
            .map(({ id, name }) => ({ id, name })),
        }));
      return { groups, texts, total: groups.reduce((n, g) => n + g.works.length, 0) };
    },

    top,
  };
}

export type ListService = ReturnType<typeof createListService>;
