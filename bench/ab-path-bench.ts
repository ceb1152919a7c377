// The A-to-B path search (decision 20): `npm run bench:path` (node --expose-gc, via tsx).
//
// 1. Synthetic: a preferential-attachment graph of PATH_BENCH_NODES (1,000,000) nodes and five
//    edges per node (5,000,000 edges), seeded (tools/synthetic-graph.ts). Builds the index and
//    reports the build time and the index's memory (process.memoryUsage deltas after GC), then
//    times PATH_BENCH_PAIRS random pairs at depth ≤ 6, topK = 10 (p50, p95).
// 2. Baseline on the same data: the same kind of query as one recursive SQL query (breadth-first
//    paths with a cycle check, LIMIT topK) in SQLite and in PostgreSQL, on PATH_BENCH_SQL_PAIRS
//    of the same pairs, each stopped after PATH_BENCH_SQL_TIMEOUT_S seconds; prints the speed-up.
//    PostgreSQL is used when PATH_BENCH_DATABASE_URL (or BENCH_DATABASE_URL) is set, in a scratch
//    schema dropped afterwards.
// 3. The real corpus (content/, seeded into a throw-away SQLite database; PATH_BENCH_POETRY=1
//    also imports the whole chinese-poetry package first, whose 作品 rows the graph leaves out):
//    load and build time, memory, p95.
// Prints a met / NOT met line per target and writes bench/results/ab-path-<time>.json.
import { fork } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { importPoetry } from "@tongjian/content/import-poetry";
import { loadContent } from "@tongjian/content/load-content";
import { seedContent } from "@tongjian/content/seed-content";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import {
  buildRelationGraph,
  type RelationGraph,
  RelationGraphBuilder,
} from "@tongjian/services/graph/relation-graph";
import { createRelationGraphRepository } from "@tongjian/services/graph/relation-graph-repository";
import { scratchBytes } from "@tongjian/services/graph/top-k-paths";
import SQLite from "better-sqlite3";
import pg from "pg";
import {
  NODE_KINDS,
  RELATION_KINDS,
  seededRandom,
  syntheticGraph,
} from "../tools/synthetic-graph.ts";
import { intFromEnv } from "./bench-env.ts";

const TARGET_P95_MS = 20;
const TARGET_INDEX_MB = 250;
const DEPTH = 6;
const TOP_K = 10;
const NODES = intFromEnv("PATH_BENCH_NODES", 1_000_000, 10);
const PER_NODE = intFromEnv("PATH_BENCH_PER_NODE", 5);
const PAIRS = intFromEnv("PATH_BENCH_PAIRS", 1000);
const SQL_PAIRS = intFromEnv("PATH_BENCH_SQL_PAIRS", 20, 0);
const SQL_TIMEOUT_S = intFromEnv("PATH_BENCH_SQL_TIMEOUT_S", 5);
const SEED = intFromEnv("PATH_BENCH_SEED", 20_260_101);
const PG_URL = process.env.PATH_BENCH_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
const RESULTS_DIR = new URL("./results/", import.meta.url);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:path does)");

function memory(): number {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function verdict(label: string, met: boolean, detail: string) {
  console.log(`${met ? "met    " : "NOT met"}  ${label}: ${detail}`);
  return { label, met, detail };
}

interface Timed {
  ms: number;
  /** CPU time of the process during the query (the machine's other load left out). */
  cpuMs: number;
  outcome: string;
  length: number | null;
  paths: number;
}

function timeQueries(graph: RelationGraph, pairs: [string, string][]): Timed[] {
  return pairs.map(([a, b]) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = graph.topKShortestPaths(a, b, { maxDepth: DEPTH, topK: TOP_K });
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
      outcome: result.outcome,
      length: result.length,
      paths: result.paths.length,
    };
  });
}

function summary(times: Timed[]) {
  const ms = times.map((t) => t.ms);
  const cpu = times.map((t) => t.cpuMs);
  const lengths: Record<string, number> = {};
  for (const t of times) {
    const key = t.length === null ? t.outcome : String(t.length);
    lengths[key] = (lengths[key] ?? 0) + 1;
  }
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    max: Math.max(...ms),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
    lengths,
    meanPaths: times.reduce((n, t) => n + t.paths, 0) / Math.max(1, times.length),
  };
}

// --- 1. Synthetic ---

function buildSynthetic(g: ReturnType<typeof syntheticGraph>) {
  const builder = new RelationGraphBuilder();
  for (let e = 0; e < g.edges; e++) {
    const a = g.from[e] as number;
    const b = g.to[e] as number;
    const [type, label, twoway] = RELATION_KINDS[g.kind[e] as number] as [string, string, boolean];
    builder.add({
      fromId: `n${a}`,
      toId: `n${b}`,
      type,
      label,
      twoway,
      note: null,
      year: null,
      fromKind: NODE_KINDS[g.nodeKind[a] as number],
      toKind: NODE_KINDS[g.nodeKind[b] as number],
    });
  }
  return builder.build();
}

function typedBytes(graph: RelationGraph): number {
  const i = graph.index;
  return [
    i.offsets,
    i.neighbour,
    i.slotEdge,
    i.edgeType,
    i.edgeLabel,
    i.edgeYear,
    i.edgeFlags,
    i.nodeKind,
  ].reduce((n, a) => n + a.byteLength, 0);
}

// --- 2. SQL baselines ---

const SQLITE_QUERY = `WITH RECURSIVE walk(node, depth, path) AS (
  SELECT @s, 0, ',' || @s || ','
  UNION ALL
  SELECT j.b, w.depth + 1, w.path || j.b || ','
  FROM walk w JOIN adj j ON j.a = w.node
  WHERE w.depth < @d AND w.node <> @t AND instr(w.path, ',' || j.b || ',') = 0
)
SELECT path FROM walk WHERE node = @t LIMIT @k`;

const PG_QUERY = `WITH RECURSIVE walk(node, depth, path) AS (
  SELECT $1::int, 0, ARRAY[$1::int]
  UNION ALL
  SELECT j.b, w.depth + 1, w.path || j.b
  FROM walk w JOIN abpath_bench.adj j ON j.a = w.node
  WHERE w.depth < $3 AND w.node <> $2 AND j.b <> ALL(w.path)
)
SELECT path FROM walk WHERE node = $2 LIMIT $4`;

interface SqlTimed {
  ms: number;
  timedOut: boolean;
}

async function sqliteBaseline(
  g: ReturnType<typeof syntheticGraph>,
  pairs: [number, number][],
): Promise<{ loadSeconds: number; times: SqlTimed[] }> {
  const dir = await mkdtemp(join(tmpdir(), "tongjian-abpath-"));
  const file = join(dir, "graph.sqlite");
  try {
    const started = performance.now();
    const db = new SQLite(file);
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    db.exec("CREATE TABLE adj (a INTEGER NOT NULL, b INTEGER NOT NULL)");
    const insert = db.prepare("INSERT INTO adj (a, b) VALUES (?, ?), (?, ?)");
    db.transaction(() => {
      for (let e = 0; e < g.edges; e++) {
        const a = g.from[e] as number;
        const b = g.to[e] as number;
        insert.run(a, b, b, a);
      }
    })();
    db.exec("CREATE INDEX adj_a ON adj (a, b)");
    db.exec("ANALYZE");
    db.close();
    const loadSeconds = (performance.now() - started) / 1000;

    const worker = () =>
      new Promise<ReturnType<typeof fork>>((resolve) => {
        const child = fork(
          fileURLToPath(new URL("./ab-path-sqlite-worker.mjs", import.meta.url)),
          [file, SQLITE_QUERY],
          { execArgv: [] },
        );
        child.once("message", () => resolve(child));
      });
    let child = await worker();
    const times: SqlTimed[] = [];
    for (const [s, t] of pairs) {
      const result = await new Promise<SqlTimed>((resolve) => {
        const started = performance.now();
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve({ ms: SQL_TIMEOUT_S * 1000, timedOut: true });
        }, SQL_TIMEOUT_S * 1000);
        child.once("message", () => {
          clearTimeout(timer);
          resolve({ ms: performance.now() - started, timedOut: false });
        });
        child.send({ params: [s, t, DEPTH, TOP_K] });
      });
      times.push(result);
      if (result.timedOut) child = await worker();
    }
    child.kill();
    return { loadSeconds, times };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgresBaseline(
  url: string,
  g: ReturnType<typeof syntheticGraph>,
  pairs: [number, number][],
): Promise<{ loadSeconds: number; times: SqlTimed[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query("DROP SCHEMA IF EXISTS abpath_bench CASCADE");
    await client.query("CREATE SCHEMA abpath_bench");
    await client.query("CREATE UNLOGGED TABLE abpath_bench.adj (a int NOT NULL, b int NOT NULL)");
    const batch = 250_000;
    for (let e = 0; e < g.edges; e += batch) {
      const end = Math.min(g.edges, e + batch);
      const from = Array.from(g.from.subarray(e, end));
      const to = Array.from(g.to.subarray(e, end));
      await client.query(
        "INSERT INTO abpath_bench.adj (a, b) SELECT * FROM unnest($1::int[], $2::int[]) UNION ALL SELECT * FROM unnest($2::int[], $1::int[])",
        [from, to],
      );
    }
    await client.query("CREATE INDEX adj_a ON abpath_bench.adj (a, b)");
    await client.query("ANALYZE abpath_bench.adj");
    const loadSeconds = (performance.now() - started) / 1000;
    await client.query(`SET statement_timeout = ${SQL_TIMEOUT_S * 1000}`);
    const times: SqlTimed[] = [];
    for (const [s, t] of pairs) {
      const begun = performance.now();
      try {
        await client.query(PG_QUERY, [s, t, DEPTH, TOP_K]);
        times.push({ ms: performance.now() - begun, timedOut: false });
      } catch (error) {
        if ((error as { code?: string }).code !== "57014") throw error;
        times.push({ ms: SQL_TIMEOUT_S * 1000, timedOut: true });
      }
    }
    return { loadSeconds, times };
  } finally {
    await client.query("RESET statement_timeout").catch(() => {});
    await client.query("DROP SCHEMA IF EXISTS abpath_bench CASCADE").catch(() => {});
    await client.end();
  }
}

function compare(name: string, sql: SqlTimed[], index: Timed[]) {
  const sqlMedian = percentile(
    sql.map((t) => t.ms),
    50,
  );
  const indexMedian = percentile(
    index.map((t) => t.ms),
    50,
  );
  const timedOut = sql.filter((t) => t.timedOut).length;
  const ratio = sqlMedian / indexMedian;
  console.log(
    `  ${name}: median ${fmt(sqlMedian)} ms over ${sql.length} pairs (${timedOut} timed out after ${SQL_TIMEOUT_S} s, counted as ${SQL_TIMEOUT_S} s); index median on the same pairs ${fmt(indexMedian)} ms → speed-up ${timedOut > 0 ? "≥ " : ""}${Math.round(ratio).toLocaleString("en")}×`,
  );
  return { sqlMedianMs: sqlMedian, indexMedianMs: indexMedian, timedOut, ratio };
}

// --- 3. The real corpus ---

async function realCorpus() {
  const dir = await mkdtemp(join(tmpdir(), "tongjian-abpath-real-"));
  const handle = createDatabase({ databaseUrl: undefined, sqlitePath: join(dir, "real.sqlite") });
  try {
    await migrateToLatest(handle.db);
    const bundle = loadContent("content");
    await seedContent(handle, bundle, { searchIndex: false });
    if (process.env.PATH_BENCH_POETRY === "1") {
      console.log("  importing the whole chinese-poetry package (several minutes) …");
      const imported = await importPoetry(handle, {
        mode: "all",
        searchIndex: false,
        readings: bundle.poemReadings,
      });
      console.log(`  imported ${imported.poems.toLocaleString("en")} poems`);
    }
    const entries = Number(
      (
        await handle.db
          .selectFrom("entry")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const before = memory();
    let started = performance.now();
    const edges = await createRelationGraphRepository(handle.db).edges();
    const loadMs = performance.now() - started;
    started = performance.now();
    const graph = buildRelationGraph(edges);
    const buildMs = performance.now() - started;
    const byName = new Map(
      (
        await handle.db
          .selectFrom("entry")
          .select(["id", "name"])
          .where("kind", "=", "person")
          .execute()
      ).map((r) => [r.name, r.id]),
    );
    edges.length = 0;
    const indexBytes = memory() - before;
    const rand = seededRandom(SEED + 1);
    const ids = graph.index.ids;
    const pairs: [string, string][] = [];
    while (pairs.length < 2000) {
      const a = ids[Math.floor(rand() * ids.length)] as string;
      const b = ids[Math.floor(rand() * ids.length)] as string;
      if (a !== b) pairs.push([a, b]);
    }
    timeQueries(graph, pairs.slice(0, 100));
    const times = timeQueries(graph, pairs);
    const examples = (
      [
        ["李白", "杜甫"],
        ["曹操", "诸葛亮"],
        ["苏轼", "王安石"],
        ["嬴政", "刘邦"],
      ] as const
    ).map(([a, b]) => {
      const r = graph.topKShortestPaths(byName.get(a) ?? a, byName.get(b) ?? b, {
        maxDepth: DEPTH,
        topK: TOP_K,
      });
      return `${a}→${b}: ${r.outcome === "found" ? `${r.length} 步, ${r.paths.length} 条` : r.outcome}`;
    });
    return {
      entries,
      nodes: graph.nodeCount,
      edges: graph.edgeCount,
      loadMs,
      buildMs,
      indexMb: mb(indexBytes),
      ...summary(times),
      examples,
    };
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const when = new Date().toISOString();
  const load = loadavg().map((l) => l.toFixed(2));
  console.log(`A-to-B path benchmark, ${when}, load average ${load.join(" ")}`);

  console.log(`\n1. Synthetic graph: ${NODES.toLocaleString("en")} nodes, ${PER_NODE} edges each`);
  let started = performance.now();
  const g = syntheticGraph({ nodes: NODES, perNode: PER_NODE, seed: SEED });
  const generateSeconds = (performance.now() - started) / 1000;
  const degrees = new Int32Array(g.nodes);
  for (let e = 0; e < g.edges; e++) {
    degrees[g.from[e] as number] = (degrees[g.from[e] as number] as number) + 1;
    degrees[g.to[e] as number] = (degrees[g.to[e] as number] as number) + 1;
  }
  const sortedDegrees = Array.from(degrees).sort((a, b) => a - b);
  console.log(
    `  generated ${g.edges.toLocaleString("en")} edges in ${generateSeconds.toFixed(1)} s; degree median ${percentile(sortedDegrees, 50)}, p99 ${percentile(sortedDegrees, 99)}, max ${sortedDegrees.at(-1)}`,
  );

  const before = memory();
  started = performance.now();
  let graph: RelationGraph | null = buildSynthetic(g);
  const buildSeconds = (performance.now() - started) / 1000;
  const indexBytes = memory() - before;
  const typed = typedBytes(graph);
  console.log(
    `  index built in ${buildSeconds.toFixed(1)} s; memory ${mb(indexBytes).toFixed(0)} MB (typed arrays ${mb(typed).toFixed(0)} MB, ids and label tables the rest)`,
  );

  const rand = seededRandom(SEED + 2);
  const pairs: [string, string][] = [];
  const numeric: [number, number][] = [];
  while (pairs.length < PAIRS) {
    const a = Math.floor(rand() * g.nodes);
    const b = Math.floor(rand() * g.nodes);
    if (a === b) continue;
    pairs.push([`n${a}`, `n${b}`]);
    numeric.push([a, b]);
  }
  // Warm-up: the JIT, and the per-node scratch arrays of the first query.
  timeQueries(
    graph,
    pairs.slice(0, 200).map(([a, b]) => [b, a]),
  );
  const withScratch = memory() - before;
  const times = timeQueries(graph, pairs);
  const synthetic = summary(times);
  console.log(
    `  ${PAIRS} random pairs, depth ≤ ${DEPTH}, topK ${TOP_K}: p50 ${fmt(synthetic.p50)} ms, p95 ${fmt(synthetic.p95)} ms, max ${fmt(synthetic.max)} ms (CPU time p50 ${fmt(synthetic.cpuP50)} ms, p95 ${fmt(synthetic.cpuP95)} ms); lengths ${JSON.stringify(synthetic.lengths)}; ${synthetic.meanPaths.toFixed(1)} paths on average`,
  );
  console.log(
    `  with the query scratch arrays (${mb(scratchBytes(g.nodes)).toFixed(0)} MB): ${mb(withScratch).toFixed(0)} MB`,
  );

  console.log(
    `\n2. Recursive SQL on the same data (${SQL_PAIRS} of the same pairs, ${SQL_TIMEOUT_S} s limit each)`,
  );
  const sqlPairs = numeric.slice(0, SQL_PAIRS);
  const sqlIndexTimes = times.slice(0, SQL_PAIRS);
  // The index is not needed while the SQL runs; free it for the database's page cache.
  const baselines: Record<string, unknown> = {};
  if (SQL_PAIRS === 0) console.log("  skipped (PATH_BENCH_SQL_PAIRS=0)");
  else {
    const sqlite = await sqliteBaseline(g, sqlPairs);
    console.log(`  SQLite: loaded and indexed in ${sqlite.loadSeconds.toFixed(0)} s`);
    baselines.sqlite = {
      loadSeconds: sqlite.loadSeconds,
      ...compare("SQLite", sqlite.times, sqlIndexTimes),
    };
    if (PG_URL) {
      const postgres = await postgresBaseline(PG_URL, g, sqlPairs);
      console.log(`  PostgreSQL: loaded and indexed in ${postgres.loadSeconds.toFixed(0)} s`);
      baselines.postgres = {
        loadSeconds: postgres.loadSeconds,
        ...compare("PostgreSQL", postgres.times, sqlIndexTimes),
      };
    } else {
      console.log("  PostgreSQL: skipped (set PATH_BENCH_DATABASE_URL or BENCH_DATABASE_URL)");
    }
  }
  graph = null;

  console.log("\n3. The real corpus");
  const real = await realCorpus();
  console.log(
    `  ${real.entries.toLocaleString("en")} entries; graph of ${real.nodes.toLocaleString("en")} nodes, ${real.edges.toLocaleString("en")} edges (作品 left out): read in ${fmt(real.loadMs)} ms, built in ${fmt(real.buildMs)} ms, ${real.indexMb.toFixed(1)} MB`,
  );
  console.log(
    `  ${real.count} random pairs: p50 ${fmt(real.p50)} ms, p95 ${fmt(real.p95)} ms, max ${fmt(real.max)} ms (CPU time p95 ${fmt(real.cpuP95)} ms); lengths ${JSON.stringify(real.lengths)}`,
  );
  console.log(`  ${real.examples.join("; ")}`);

  console.log("");
  const verdicts = [
    verdict(
      "synthetic p95 < 20 ms (wall clock)",
      synthetic.p95 < TARGET_P95_MS,
      `${fmt(synthetic.p95)} ms at load average ${load[0]}`,
    ),
    verdict(
      "synthetic p95 < 20 ms (CPU time)",
      synthetic.cpuP95 < TARGET_P95_MS,
      `${fmt(synthetic.cpuP95)} ms`,
    ),
    verdict(
      "synthetic index ≤ 250 MB",
      mb(withScratch) <= TARGET_INDEX_MB,
      `${mb(indexBytes).toFixed(0)} MB, ${mb(withScratch).toFixed(0)} MB with query scratch`,
    ),
    verdict("real corpus p95 < 20 ms", real.p95 < TARGET_P95_MS, `${fmt(real.p95)} ms`),
  ];

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = new URL(`ab-path-${when.replace(/[:.]/g, "-")}.json`, RESULTS_DIR);
  await writeFile(
    file,
    `${JSON.stringify(
      {
        when,
        loadavg: load,
        nodes: g.nodes,
        edges: g.edges,
        buildSeconds,
        indexMb: mb(indexBytes),
        indexWithScratchMb: mb(withScratch),
        synthetic,
        baselines,
        real,
        verdicts,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwrote ${fileURLToPath(file)}`);
}

await main();
