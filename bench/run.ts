import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import autocannon from "autocannon";
import { type RunningServer, startServer } from "../tests/support/start-server.ts";
import { intFromEnv } from "./bench-env.ts";

export interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

export interface TargetResult extends Target {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  throughputMBps: number;
  relativeToStatic: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * Load before each measurement, in seconds (BENCH_WARMUP). A freshly started worker renders at
 * about half speed for its first 4–9 s under load while V8 compiles the render path's ~1,200 hot
 * functions (on the same two cores); the figures are the steady state after that.
 */
const DEFAULT_WARMUP_SECONDS = 8;
const FEED_PATH = "/api/m/homepage/v2/n/getFeed/cn/1/50";
const TOP_PATH = "/api/m/homeservice/top/n/list?page=1&size=1";
const RESULTS_DIR = new URL("./results/", import.meta.url);

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} returned ${response.status}`);
  return response;
}

function firstFeedItemId(body: unknown): string {
  const data = typeof body === "object" && body !== null && "data" in body ? body.data : null;
  const list = typeof data === "object" && data !== null && "list" in data ? data.list : null;
  const first: unknown = Array.isArray(list) ? list[0] : null;
  const id = typeof first === "object" && first !== null && "id" in first ? first.id : null;
  if (typeof id !== "string" && typeof id !== "number") throw new Error("feed has no items");
  return String(id);
}

/**
 * Finds real URLs to benchmark. The baseline is the hashed stylesheet: a small static file, so
 * its rate measures the server rather than the bytes on the wire. Pages are measured as an
 * anonymous visitor sees them (page cache) and as a signed-in one does (rendered every time).
 */
export async function discoverTargets(baseUrl: string): Promise<Target[]> {
  const html = await (await fetchOk(`${baseUrl}/`)).text();
  const asset = html.match(/\/assets\/[\w.-]+\.css/)?.[0];
  if (!asset) throw new Error("no /assets/*.css reference in the home page");
  const articleId = firstFeedItemId(await (await fetchOk(`${baseUrl}${FEED_PATH}`)).json());
  const article = `/ah/article/${encodeURIComponent(articleId)}`;
  // The most connected entry: the heaviest entry page (most relations, timeline items, links).
  const entryId = firstFeedItemId(await (await fetchOk(`${baseUrl}${TOP_PATH}`)).json());
  const entry = `/detail/${encodeURIComponent(entryId)}`;
  const uncached = { cookie: "tj_sid=bench" };
  return [
    { name: "static asset", path: asset },
    { name: "api feed", path: FEED_PATH },
    { name: "ssr home", path: "/" },
    { name: "ssr article", path: article },
    { name: "ssr entry", path: entry },
    { name: "ssr home uncached", path: "/", headers: uncached },
    { name: "ssr article uncached", path: article, headers: uncached },
    { name: "ssr entry uncached", path: entry, headers: uncached },
  ];
}

export async function measure(
  baseUrl: string,
  target: Target,
  duration: number,
  connections: number,
  warmup = DEFAULT_WARMUP_SECONDS,
): Promise<autocannon.Result> {
  const url = `${baseUrl}${target.path}`;
  const headers = target.headers ?? {};
  // 0 measures a fresh worker as the first readers after a start or deploy meet it.
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  return autocannon({ url, connections, duration, headers, title: target.name });
}

function toTargetResult(target: Target, r: autocannon.Result, staticRps: number): TargetResult {
  return {
    ...target,
    requestsPerSecond: r.requests.average,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    throughputMBps: r.throughput.average / 1e6,
    relativeToStatic: staticRps > 0 ? r.requests.average / staticRps : 0,
    totalRequests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

export function formatTable(results: TargetResult[]): string {
  const header = ["target", "path", "req/s", "p50 ms", "p99 ms", "MB/s", "vs static"];
  const rows = results.map((r) => [
    r.name,
    r.path.length > 40 ? `${r.path.slice(0, 37)}...` : r.path,
    r.requestsPerSecond.toFixed(0),
    r.latencyP50Ms.toFixed(1),
    r.latencyP99Ms.toFixed(1),
    r.throughputMBps.toFixed(2),
    r.relativeToStatic.toFixed(2),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** Issue 4's server targets: anonymous article at ≥ 0.5× the static rate, uncached p99 < 100 ms. */
const ANONYMOUS_VS_STATIC_MIN = 0.5;
const UNCACHED_P99_MAX_MS = 100;

export function formatVerdicts(results: TargetResult[]): string {
  const lines: string[] = [];
  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  const article = results.find((r) => r.name === "ssr article");
  if (article)
    lines.push(
      `target: article, anonymous ≥ ${ANONYMOUS_VS_STATIC_MIN}× static: ${article.relativeToStatic.toFixed(2)}×, ${verdict(article.relativeToStatic >= ANONYMOUS_VS_STATIC_MIN)}`,
    );
  for (const r of results.filter((x) => x.name.endsWith("uncached")))
    lines.push(
      `target: ${r.name.replace(/^ssr /, "")} p99 < ${UNCACHED_P99_MAX_MS} ms: ${r.latencyP99Ms.toFixed(0)} ms, ${verdict(r.latencyP99Ms < UNCACHED_P99_MAX_MS)}`,
    );
  return lines.join("\n");
}

export async function runBench(): Promise<void> {
  const duration = intFromEnv("BENCH_DURATION", 10);
  const connections = intFromEnv("BENCH_CONNECTIONS", 50);
  const warmup = intFromEnv("BENCH_WARMUP", DEFAULT_WARMUP_SECONDS, 0);
  // The full corpus in content/ is still being written; the fixture always validates.
  const contentDir = process.env.BENCH_CONTENT_DIR || "content";
  // As production runs by default: one worker per CPU (WEB_CONCURRENCY overrides).
  const workers = intFromEnv("WEB_CONCURRENCY", availableParallelism());

  let server: RunningServer | undefined;
  const abort = new AbortController();
  const onSignal = () => {
    abort.abort(new Error("interrupted"));
    // While starting, the abort signal makes startServer clean up and reject by itself.
    if (server) void server.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    server = await startServer({
      contentDir,
      signal: abort.signal,
      env: { WEB_CONCURRENCY: String(workers) },
    });
    // BENCH_TARGETS=home,entry (names containing those words) runs part of the list; the static
    // asset always runs first, as the baseline.
    const only = (process.env.BENCH_TARGETS ?? "").split(",").filter(Boolean);
    const targets = (await discoverTargets(server.baseUrl)).filter(
      (t, i) => i === 0 || only.length === 0 || only.some((word) => t.name.includes(word)),
    );
    // Other work on the machine shows up in every figure; the load average says how much.
    const loadBefore = loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
    const raw: { target: Target; result: autocannon.Result }[] = [];
    for (const target of targets) {
      console.log(`benchmarking ${target.name} (${target.path}) for ${duration} s...`);
      raw.push({
        target,
        result: await measure(server.baseUrl, target, duration, connections, warmup),
      });
    }
    const staticRps = raw[0]?.result.requests.average ?? 0;
    const results = raw.map(({ target, result }) => toTargetResult(target, result, staticRps));

    console.log(
      `\n${connections} connections, ${duration} s per target after ${warmup} s of warm-up, ${workers} worker(s), content: ${contentDir}, load average before: ${loadBefore}\n`,
    );
    console.log(formatTable(results));
    console.log(`\n${formatVerdicts(results)}`);

    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
    for (const r of failed)
      console.error(`! ${r.name}: ${r.non2xx} non-2xx responses, ${r.errors} errors`);
    if (failed.length > 0) process.exitCode = 1;

    await mkdir(RESULTS_DIR, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      duration,
      connections,
      workers,
      loadAverageBefore: loadBefore,
      contentDir,
      results,
    };
    await writeFile(new URL("latest.json", RESULTS_DIR), `${JSON.stringify(report, null, 2)}\n`);
    console.log("\nwrote bench/results/latest.json");
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await server?.stop();
  }
}

runBench().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
