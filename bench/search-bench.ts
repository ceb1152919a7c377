// Search latency on a big corpus: `npx tsx bench/search-bench.ts`.
//
// SEARCH_BENCH_SOURCE=poetry (what `npm run bench` runs) builds a throw-away database with the
// real corpus (content/) and the whole chinese-poetry package imported as `npm run import:poetry
// -- --all` does (about 330,000 poems, 12,000 poets; several minutes on two cores).
// SEARCH_BENCH_SOURCE=synthetic (the default of this script alone) uses the fixture content
// plus SEARCH_BENCH_N synthetic poem entries (kind poem, name = title, search_names = title +
// author, pinyin from pinyin-pro as the seeder computes it): quicker, and tunable in size.
// Both add SEARCH_BENCH_ARTICLES synthetic articles, rebuild the search index, then time a
// fixed list of queries through the search repository and print p95 per query kind against
// the 10 ms target. The baseline is a primary-key lookup of one entry in the same run.
//
// SEARCH_BENCH_DATABASE_URL=postgres://… runs the same on PostgreSQL instead; that database is
// emptied first (every migration rolled back), so point it at a scratch database only.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importPoetry } from "@tongjian/content/import-poetry";
import { loadContent } from "@tongjian/content/load-content";
import { pinyinKeys, seedContent } from "@tongjian/content/seed-content";
import { createDatabase, type DatabaseHandle } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import { refreshSearchIndex } from "@tongjian/db/refresh-search-index";
import { createSearchService } from "@tongjian/services/search/search.server";
import { createSearchRepository } from "@tongjian/services/search/search-repository";
import { sql } from "kysely";
import { intFromEnv } from "./bench-env.ts";

const TARGET_P95_MS = 10;
const RESULTS_DIR = new URL("./results/", import.meta.url);

/** Deterministic, so that every run searches the same corpus. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + Math.imul(t ^ (t >>> 14), 71 | t));
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Characters of poem titles, most frequent first; picks are skewed towards the front so that
// 山, 月, 春 … occur in a large share of titles, as they do in real collections.
const TITLE_CHARS = Array.from(
  "山月春风花江秋日夜雨水云送人天寄归行中不书题长别思望怀登城南楼西东北上下高远清白明" +
    "寒空野寺门家道路客故乡年时来去见闻酒歌词曲赋吟游宴饮赠答和次韵同友君子公王侯将军" +
    "梅柳竹松草木叶落红青金玉香雪霜冰烟波舟船桥亭台阁宫殿园林池湖海河溪泉石岩峰岭关塞" +
    "边城郭州县村田园居宿过访晚早朝暮晴阴新旧古今初终回还别离愁恨喜乐悲歌行路难少年老" +
    "病闲坐卧眠醒梦夜月鸟雁鹤莺燕蝉虫鱼马牛羊犬猿龙凤麟虎豹狐兔鹿鸡鸭鹅鸳鸯蝶蜂萤蛙" +
    "杂诗绝句律怨思怀古咏史感遇述怀即事偶成漫兴遣兴书事寓意有感无题拟古效体戏作口占",
);
const SURNAMES = Array.from(
  "李王张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕" +
    "苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史",
);
const GIVEN_CHARS = Array.from("之子文武德仁义礼智信安平昌明光辉浩然居易商隐游轼维甫白万里");
/** Real, prolific authors lead the author list, so that their names share many poems. */
const FAMOUS_AUTHORS = ["陆游", "杨万里", "白居易", "苏轼", "李白", "杜甫", "王维", "李商隐"];
const AUTHOR_COUNT = 3000;

function skewedPick<T>(items: T[], random: () => number, power = 2.2): T {
  return items[Math.floor(items.length * random() ** power)] as T;
}

function syntheticPoems(count: number) {
  const random = mulberry32(20240601);
  const authors = [...FAMOUS_AUTHORS];
  while (authors.length < AUTHOR_COUNT) {
    const given = Array.from({ length: 1 + Math.floor(random() * 2) }, () =>
      skewedPick(GIVEN_CHARS, random, 1),
    ).join("");
    authors.push(skewedPick(SURNAMES, random, 1.5) + given);
  }
  // Poems per author fall off as 1/(rank + 10): the leading author writes about 1.5 % of them.
  const weights = authors.map((_, rank) => 1 / (rank + 10));
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w;
    cumulative.push(sum);
  }
  const pickAuthor = () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return authors[lo] as string;
  };
  const authorPinyin = new Map<string, ReturnType<typeof pinyinKeys>>();
  const poems = [];
  for (let i = 0; i < count; i++) {
    const length = 2 + Math.floor(random() * 7);
    const title = Array.from({ length }, () => skewedPick(TITLE_CHARS, random)).join("");
    const author = pickAuthor();
    const authorKeys = authorPinyin.get(author) ?? pinyinKeys([author]);
    authorPinyin.set(author, authorKeys);
    const titleKeys = pinyinKeys([title]);
    poems.push({
      id: createHash("sha1").update(`poem:${i}`).digest("hex").slice(0, 24),
      key: `bench-poem-${i}`,
      kind: "poem",
      name: title,
      aliases: "[]",
      summary: "",
      data: JSON.stringify({
        author,
        paragraphs: [Array.from({ length: 28 }, () => skewedPick(TITLE_CHARS, random, 1)).join("")],
      }),
      search_names: `${title} ${author}`,
      pinyin: [titleKeys.full, authorKeys.full].filter(Boolean).join(" "),
      pinyin_initials: [titleKeys.initials, authorKeys.initials].filter(Boolean).join(" "),
      view_count: Math.floor(5000 * random() ** 6),
    });
  }
  return poems;
}

async function insertPoems(handle: DatabaseHandle, count: number) {
  const stamp = new Date().toISOString();
  const poems = syntheticPoems(count);
  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < poems.length; i += 1000) {
      await trx
        .insertInto("entry")
        .values(
          poems.slice(i, i + 1000).map((p) => ({ ...p, created_at: stamp, updated_at: stamp })),
        )
        .execute();
    }
  });
}

async function insertArticles(handle: DatabaseHandle, count: number) {
  const random = mulberry32(7);
  const stamp = new Date().toISOString();
  const phrases = ["唐代诗人", "科举制度", "丝绸之路", "安史之乱", "长安城中", "文人画"];
  const rows = Array.from({ length: count }, (_, i) => {
    const text = Array.from({ length: 120 }, () => {
      const clause = Array.from({ length: 20 }, () => skewedPick(TITLE_CHARS, random, 1.5));
      return `${clause.join("")}${random() < 0.1 ? skewedPick(phrases, random, 1) : ""}。`;
    }).join("");
    return {
      id: createHash("sha1").update(`bench-article:${i}`).digest("hex").slice(0, 24),
      key: `bench-article-${i}`,
      section: "中国史",
      title: `合成文章${i}：${skewedPick(phrases, random, 1)}`,
      abstract: "基准测试用的合成文章。",
      tags: "[]",
      content: `<p>${text}</p>`,
      text,
      published_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  for (let i = 0; i < rows.length; i += 100) {
    await handle.db
      .insertInto("article")
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

interface Case {
  label: string;
  kind: string;
  run: () => Promise<number>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

async function main() {
  const source = process.env.SEARCH_BENCH_SOURCE || "synthetic";
  if (source !== "synthetic" && source !== "poetry") {
    throw new Error("SEARCH_BENCH_SOURCE must be synthetic or poetry");
  }
  let poemCount = intFromEnv("SEARCH_BENCH_N", 300_000, 0);
  const articleCount = intFromEnv("SEARCH_BENCH_ARTICLES", 200, 0);
  const rounds = intFromEnv("SEARCH_BENCH_ROUNDS", 200, 0);
  const dir = await mkdtemp(join(tmpdir(), "tongjian-search-bench-"));
  const path = join(dir, "bench.sqlite");
  const databaseUrl = process.env.SEARCH_BENCH_DATABASE_URL || undefined;
  const handle = createDatabase({ databaseUrl, sqlitePath: path });
  try {
    if (handle.dialect === "postgres") await dropAll(handle.db);
    await migrateToLatest(handle.db);
    let started = performance.now();
    if (source === "poetry") {
      const bundle = loadContent("content");
      await seedContent(handle, bundle, { searchIndex: false });
      let lastLine = Date.now();
      const summary = await importPoetry(handle, {
        mode: "all",
        searchIndex: false,
        readings: bundle.poemReadings,
        onProgress: (p) => {
          if (Date.now() - lastLine < 10_000) return;
          lastLine = Date.now();
          console.log(`  importing ${p.collection}: ${p.written.toLocaleString("en")} written`);
        },
      });
      poemCount = summary.poems;
      console.log(`imported ${JSON.stringify(summary)}`);
    } else {
      await seedContent(handle, loadContent("tests/fixtures/content"), { searchIndex: false });
      await insertPoems(handle, poemCount);
    }
    await insertArticles(handle, articleCount);
    const loadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await refreshSearchIndex(handle);
    const indexSeconds = (performance.now() - started) / 1000;
    const counts = await sql<{ name: string; n: number }>`
      SELECT 'entry' AS name, count(*) AS n FROM entry
      UNION ALL SELECT 'article', count(*) FROM article
      UNION ALL SELECT 'search_term', count(*) FROM search_term
      UNION ALL SELECT 'search_name', count(*) FROM search_name`.execute(handle.db);
    let sizeMb: number;
    if (handle.dialect === "postgres") {
      const { rows } = await sql<{ bytes: number }>`SELECT
        pg_database_size(current_database()) AS bytes`.execute(handle.db);
      sizeMb = Number(rows[0]?.bytes ?? 0) / 1e6;
    } else {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db);
      sizeMb = (await stat(path)).size / 1e6;
    }

    const search = createSearchRepository(handle);
    const overview = createSearchService({ search });
    const sampleId = (
      await handle.db.selectFrom("entry").select("id").where("kind", "=", "poem").executeTakeFirst()
    )?.id;
    const suggest =
      (keyword: string, filters: { hasTime?: boolean; hasGeo?: boolean } = {}) =>
      async () =>
        (await search.suggestEntries(keyword, filters, 10)).length;
    const cases: Case[] = [
      {
        label: "baseline: entry by id",
        kind: "baseline",
        run: async () =>
          (
            await handle.db
              .selectFrom("entry")
              .selectAll()
              .where("id", "=", sampleId ?? "")
              .execute()
          ).length,
      },
      { label: "李", kind: "1 char", run: suggest("李") },
      { label: "山", kind: "1 char", run: suggest("山") },
      { label: "月", kind: "1 char", run: suggest("月") },
      { label: "李白", kind: "2 chars", run: suggest("李白") },
      { label: "春风", kind: "2 chars", run: suggest("春风") },
      { label: "长安", kind: "2 chars", run: suggest("长安") },
      { label: "杨万里", kind: "3 chars", run: suggest("杨万里") },
      { label: "白居易", kind: "3 chars", run: suggest("白居易") },
      { label: "静夜思", kind: "3 chars", run: suggest("静夜思") },
      { label: "青莲居士", kind: "4+ chars", run: suggest("青莲居士") },
      { label: "春江花月", kind: "4+ chars", run: suggest("春江花月") },
      { label: "山中送别", kind: "4+ chars", run: suggest("山中送别") },
      { label: "水调歌头", kind: "4+ chars", run: suggest("水调歌头") },
      { label: "浪淘沙·滩头细草接疏林", kind: "4+ chars", run: suggest("浪淘沙·滩头细草接疏林") },
      { label: "l", kind: "pinyin prefix", run: suggest("l") },
      { label: "li", kind: "pinyin prefix", run: suggest("li") },
      { label: "shan", kind: "pinyin prefix", run: suggest("shan") },
      { label: "zhang", kind: "pinyin prefix", run: suggest("zhang") },
      { label: "zhangj", kind: "pinyin prefix", run: suggest("zhangj") },
      { label: "wangan", kind: "pinyin prefix", run: suggest("wangan") },
      { label: "shangsh", kind: "pinyin prefix", run: suggest("shangsh") },
      { label: "libai", kind: "pinyin full", run: suggest("libai") },
      { label: "li bai", kind: "pinyin full", run: suggest("li bai") },
      { label: "yangwanli", kind: "pinyin full", run: suggest("yangwanli") },
      { label: "chunjiang", kind: "pinyin full", run: suggest("chunjiang") },
      { label: "jingyesi", kind: "pinyin full", run: suggest("jingyesi") },
      { label: "shuidiaogetou", kind: "pinyin full", run: suggest("shuidiaogetou") },
      { label: "lb", kind: "initials", run: suggest("lb") },
      { label: "cjhy", kind: "initials", run: suggest("cjhy") },
      { label: "李 hasTime", kind: "filtered", run: suggest("李", { hasTime: true }) },
      { label: "山 hasGeo", kind: "filtered", run: suggest("山", { hasGeo: true }) },
      {
        label: "lushan hasGeo",
        kind: "filtered",
        run: suggest("lushan", { hasGeo: true }),
      },
      {
        label: "page: 山 p1 + count",
        kind: "entry page",
        run: async () => (await search.searchEntries("山", 1, 20)).total,
      },
      {
        label: "page: 山 p20 + count",
        kind: "entry page",
        run: async () => (await search.searchEntries("山", 20, 20)).total,
      },
      {
        label: "page: zhang p1 + count",
        kind: "entry page",
        run: async () => (await search.searchEntries("zhang", 1, 20)).total,
      },
      ...(
        [
          ["白日依山尽", 1],
          ["一片冰心在玉壶", 1],
          ["床前看月光，疑是", 1],
          ["明月光", 1],
          ["人不知", 1],
          ["不可以", 1],
          ["春风不", 5],
        ] as const
      ).map(([q, page]) => ({
        label: `verse: ${q}${page > 1 ? ` p${page}` : ""}`,
        kind: "verse",
        run: async () => (await search.searchVerses(q, page, 10)).total,
      })),
      ...(
        [
          ["李", "person"],
          ["李", "place"],
          ["李", "text"],
          ["山", "regime"],
          ["山", "text"],
          ["长安", "event"],
          ["长安", "text"],
          ["春江花月", "text"],
          ["明月光", "text"],
          ["li", "work"],
          ["zhang", "place"],
          ["libai", "text"],
        ] as const
      ).map(([q, group]) => ({
        label: `group ${group}: ${q} p1 + count`,
        kind: "group page",
        run: async () => (await search.searchEntries(q, 1, 20, group)).total,
      })),
      ...["李", "山", "长安", "赤壁", "李白", "床前明月光", "libai", "zhang"].map((q) => ({
        label: `overview: ${q}`,
        kind: "overview",
        run: async () => (await overview.overview({ q, size: 3 })).sections.length,
      })),
      ...["李拜", "诸葛武候", "zhugelaing"].map((q) => ({
        label: `nothing found: ${q}`,
        kind: "similar names",
        run: async () => (await overview.overview({ q, size: 3 })).similar.length,
      })),
      {
        label: "article: 洛阳相识",
        kind: "article text",
        run: async () => (await search.searchArticles("洛阳相识", 1, 20)).total,
      },
      {
        label: "article: 唐代诗人",
        kind: "article text",
        run: async () => (await search.searchArticles("唐代诗人", 1, 20)).total,
      },
      {
        label: "article: 唐",
        kind: "article text",
        run: async () => (await search.searchArticles("唐", 1, 20)).total,
      },
    ];

    const hits = new Map<string, number>();
    for (const c of cases) hits.set(c.label, await c.run()); // warm-up
    const timings = new Map<string, number[]>(cases.map((c) => [c.label, []]));
    for (let round = 0; round < rounds; round++) {
      for (const c of cases) {
        const t0 = performance.now();
        await c.run();
        timings.get(c.label)?.push(performance.now() - t0);
      }
    }

    const summary = cases.map((c) => {
      const sorted = [...(timings.get(c.label) ?? [])].sort((a, b) => a - b);
      return {
        query: c.label,
        kind: c.kind,
        hits: hits.get(c.label) ?? 0,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted.at(-1) ?? 0,
      };
    });
    const baseline = summary[0]?.p50 || 1;
    console.log(
      `\n${handle.dialect === "postgres" ? `PostgreSQL (${handle.target})` : "SQLite"}, ` +
        (source === "poetry"
          ? `${poemCount.toLocaleString("en")} poems and chapters of chinese-poetry + content/, `
          : `${poemCount} synthetic poems + fixture, `) +
        `${articleCount} synthetic articles; ` +
        `${rounds} rounds per query`,
    );
    console.log(
      `load ${loadSeconds.toFixed(1)} s, index rebuild ${indexSeconds.toFixed(1)} s, ` +
        `database ${sizeMb.toFixed(0)} MB; ` +
        counts.rows.map((r) => `${r.name} ${Number(r.n).toLocaleString("en")}`).join(", "),
    );
    console.log(
      `\n${table(
        [
          "query",
          "kind",
          "hits",
          "p50 ms",
          "p95 ms",
          "max ms",
          "p50 × baseline",
          `p95<${TARGET_P95_MS}`,
        ],
        summary.map((s) => [
          s.query,
          s.kind,
          String(s.hits),
          s.p50.toFixed(2),
          s.p95.toFixed(2),
          s.max.toFixed(2),
          (s.p50 / baseline).toFixed(1),
          s.p95 < TARGET_P95_MS ? "ok" : "SLOW",
        ]),
      )}`,
    );
    const kinds = [...new Set(summary.slice(1).map((s) => s.kind))].map((kind) => {
      const rows = summary.filter((s) => s.kind === kind);
      const worst = rows.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      return [kind, String(rows.length), worst.p95.toFixed(2), worst.query];
    });
    console.log(
      `\nworst p95 per query kind (target ${TARGET_P95_MS} ms):\n${table(
        ["kind", "queries", "p95 ms", "slowest query"],
        kinds.map(([kind, n, p95, query]) => [
          kind ?? "",
          n ?? "",
          `${p95} ${Number(p95) < TARGET_P95_MS ? "ok" : "SLOW"}`,
          query ?? "",
        ]),
      )}`,
    );
    const slow = summary.filter((s) => s.p95 >= TARGET_P95_MS);
    if (slow.length > 0) {
      console.error(
        `\n! over the ${TARGET_P95_MS} ms p95 target: ${slow.map((s) => s.query).join(", ")}`,
      );
      process.exitCode = 1;
    }
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(
      new URL(`search-${source}-${handle.dialect}.json`, RESULTS_DIR),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          dialect: handle.dialect,
          source,
          poemCount,
          articleCount,
          rounds,
          loadSeconds,
          indexSeconds,
          sizeMb,
          results: summary,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwrote bench/results/search-${source}-${handle.dialect}.json`);
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
