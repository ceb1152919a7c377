import type {
  DataChart,
  DataPageData,
  DataPageListData,
  DataPageSlug,
  DataPageSummary,
} from "@tongjian/contracts/datapage";
import { centuryLabel, centuryOf, centuryRange } from "@tongjian/domain/century";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { type CorpusIndex, regimeYears } from "../lists/corpus-index.ts";
import type { CorpusRepository } from "../lists/corpus-repository.ts";
import type { CorpusSource } from "../lists/corpus-source.ts";

const PAGE_TTL_MS = 10 * 60_000;
export const TOP_DYNASTIES = 20;
export const TOP_POETS = 20;
/** People of no regime: nearly all of world history. */
const NO_REGIME = "世界及其他";

export const DATA_PAGE_SUMMARIES: readonly DataPageSummary[] = [
  {
    slug: "regimes",
    title: "政权国祚",
    intro: "本站收录的历代政权各自存续了多少年，各时期有多少政权。",
  },
  {
    slug: "people",
    title: "人物分布",
    intro: "本站人物按所属朝代、按身份领域各有多少。",
  },
  {
    slug: "events",
    title: "事件年代",
    intro: "本站收录的中国史与世界史事件，按发生的世纪各有多少。",
  },
  {
    slug: "poems",
    title: "诗人存诗",
    intro: "本站收录诗词篇章最多的诗人。",
  },
];

const top = (pairs: [string, number][], n: number) =>
  [...pairs].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "zh")).slice(0, n);

function regimeCharts(index: CorpusIndex): DataChart[] {
  const regimes = index.regimes.filter((r) => !r.umbrella);
  const years = regimes.map((r) => regimeYears(r.start, r.last));
  const ranked = regimes
    .map((r, i) => ({ r, y: years[i] ?? 0 }))
    .sort((a, b) => b.y - a.y || a.r.start - b.r.start);
  const longest = ranked.slice(0, 3).map(({ r, y }) => `${r.name}（${y}年）`);
  const shortest = ranked.at(-1);
  const periods = new Map<string, number>();
  for (const r of regimes) periods.set(r.period, (periods.get(r.period) ?? 0) + 1);
  const periodNames = [...new Set(regimes.map((r) => r.period))];
  const busiest = top([...periods.entries()], 1)[0];
  return [
    {
      id: "regime-years",
      title: "各政权存续年数",
      summary: `按建立先后排列的 ${regimes.length} 个政权（不含周、汉、宋等总称）。存续最久的是${longest.join("、")}${shortest ? `；最短的是${shortest.r.name}（${shortest.y}年）` : ""}。`,
      unit: "年",
      layout: "rows",
      categories: regimes.map((r) => r.name),
      series: [{ name: "存续年数", values: years }],
      links: regimes.map((r) => `/detail/${r.id}`),
    },
    {
      id: "regimes-per-period",
      title: "各时期的政权数",
      summary: busiest
        ? `政权最多的时期是${busiest[0]}，共 ${busiest[1]} 个，多为并立的割据政权。`
        : "暂无政权。",
      unit: "个",
      layout: "columns",
      categories: periodNames,
      series: [{ name: "政权数", values: periodNames.map((p) => periods.get(p) ?? 0) }],
    },
  ];
}

function peopleCharts(index: CorpusIndex): DataChart[] {
  const perRegime = new Map<string, number>();
  const perRole = new Map<string, number>();
  for (const p of index.people) {
    const regime = p.regimeId ? (index.byId.get(p.regimeId)?.name ?? NO_REGIME) : NO_REGIME;
    perRegime.set(regime, (perRegime.get(regime) ?? 0) + 1);
    for (const role of p.roles) perRole.set(role, (perRole.get(role) ?? 0) + 1);
  }
  const dynasties = top([...perRegime.entries()], TOP_DYNASTIES);
  const roles = top([...perRole.entries()], 30);
  const first = dynasties[0];
  const firstRole = roles[0];
  return [
    {
      id: "people-per-dynasty",
      title: `人物最多的 ${dynasties.length} 个朝代`,
      summary: `本站共有人物 ${index.people.length} 位。${first ? `人数最多的是${first[0]}（${first[1]}人）` : ""}${dynasties[1] ? `，其次是${dynasties[1][0]}（${dynasties[1][1]}人）` : ""}。“${NO_REGIME}”为不属于中国历代政权的人物，多为世界史人物。`,
      unit: "人",
      layout: "rows",
      categories: dynasties.map(([name]) => name),
      series: [{ name: "人物数", values: dynasties.map(([, n]) => n) }],
    },
    {
      id: "people-per-field",
      title: "人物的身份领域",
      summary: `一人可有多个身份，故各项之和多于人数。${firstRole ? `最多的是${firstRole[0]}（${firstRole[1]}人）` : ""}${roles[1] ? `，其次是${roles[1][0]}（${roles[1][1]}人）` : ""}。`,
      unit: "人",
      layout: "rows",
      categories: roles.map(([name]) => name),
      series: [{ name: "人物数", values: roles.map(([, n]) => n) }],
    },
  ];
}

function eventCharts(index: CorpusIndex): DataChart[] {
  const dated = index.events.filter((e) => e.start !== null);
  const china = new Map<number, number>();
  const world = new Map<number, number>();
  for (const e of dated) {
    const c = centuryOf(e.start as number);
    const into = e.world ? world : china;
    into.set(c, (into.get(c) ?? 0) + 1);
  }
  const centuries = [...china.keys(), ...world.keys()];
  const axis =
    centuries.length > 0 ? centuryRange(Math.min(...centuries), Math.max(...centuries)) : [];
  const busiest = top(
    axis.map(
      (c) => [centuryLabel(c), (china.get(c) ?? 0) + (world.get(c) ?? 0)] as [string, number],
    ),
    1,
  )[0];
  return [
    {
      id: "events-per-century",
      title: "每个世纪的事件数",
      summary: `本站共有事件 ${dated.length} 件，其中中国史 ${dated.filter((e) => !e.world).length} 件、世界史 ${dated.filter((e) => e.world).length} 件，按开始年份计入世纪。${busiest ? `事件最多的是${busiest[0]}（${busiest[1]}件）。` : ""}`,
      unit: "件",
      layout: "columns",
      categories: axis.map(centuryLabel),
      series: [
        { name: "中国史", values: axis.map((c) => china.get(c) ?? 0) },
        { name: "世界史", values: axis.map((c) => world.get(c) ?? 0) },
      ],
    },
  ];
}

async function poemCharts(corpus: CorpusRepository): Promise<DataChart[]> {
  const rows = await corpus.poemCounts(TOP_POETS);
  const first = rows[0];
  return [
    {
      id: "poems-per-poet",
      title: `存诗最多的 ${rows.length} 位诗人`,
      summary: first
        ? `本站收录作品最多的是${first.name}（${first.n}首），其次是${rows
            .slice(1, 3)
            .map((r) => `${r.name}（${r.n}首）`)
            .join("、")}。数目为本站从 chinese-poetry 导入的篇数，不是诗人一生的全部作品。`
        : "本站还没有导入诗词。",
      unit: "首",
      layout: "rows",
      categories: rows.map((r) => r.name),
      series: [{ name: "作品数", values: rows.map((r) => r.n) }],
      links: rows.map((r) => `/detail/${r.id}`),
    },
  ];
}

/** The data pages (/datapage/detail/*): figures counted from the database, kept per content version. */
export function createDataPageService(deps: {
  source: CorpusSource;
  corpus: CorpusRepository;
  caches: ContentReadCaches;
  now?: () => Date;
}) {
  const cache = deps.caches.create<DataPageData>({ ttlMs: PAGE_TTL_MS, max: 10 });
  const now = deps.now ?? (() => new Date());

  async function charts(slug: DataPageSlug): Promise<DataChart[]> {
    if (slug === "poems") return poemCharts(deps.corpus);
    const index = await deps.source.index();
    if (slug === "regimes") return regimeCharts(index);
    if (slug === "people") return peopleCharts(index);
    return eventCharts(index);
  }

  return {
    pages(): DataPageListData {
      return { pages: [...DATA_PAGE_SUMMARIES] };
    },

    page(slug: DataPageSlug): Promise<DataPageData> {
      return cache.get(slug, async () => {
        const summary = DATA_PAGE_SUMMARIES.find((p) => p.slug === slug) as DataPageSummary;
        return { ...summary, charts: await charts(slug), computedAt: now().toISOString() };
      });
    },
  };
}

export type DataPageService = ReturnType<typeof createDataPageService>;
