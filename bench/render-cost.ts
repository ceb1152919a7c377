/**
 * Server CPU per render: the built production server (one worker, real corpus) answers the same
 * page N times over a few keep-alive connections, as a signed-in reader (no page cache).
 * The server's own CPU time (from /proc) over the requests served gives milliseconds of CPU per
 * page, unaffected by the load generator or queueing, for comparing changes to the render path
 * side by side. The figures under load are `npm run bench`'s.
 *
 * This machine kind's speed varies several-fold from hour to hour (Lighthouse's benchmark index
 * has read 843 and 3,800 on the same day), so the run prints the same index, computed here in
 * Node before the pages are loaded: figures from runs at different indexes are not comparable.
 */
import { readFileSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { startServer } from "../tests/support/start-server.ts";
import { intFromEnv } from "./bench-env.ts";

const TICKS_PER_SECOND = 100;

/** User + system CPU time of a process, in milliseconds (Linux /proc). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const seconds = intFromEnv("RENDER_SECONDS", 5);
const server = await startServer({
  contentDir: process.env.BENCH_CONTENT_DIR || "content",
  env: { WEB_CONCURRENCY: "1" },
});
const pid = server.process.pid;
if (pid === undefined) throw new Error("no server process");
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<Buffer>((resolve, reject) => {
    httpGet(`${server.baseUrl}${path}`, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        response.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${path} answered ${response.statusCode}`)),
      );
    }).on("error", reject);
  });
// A few requests in flight, as under load: the server's per-request costs, not the event loop's
// wake-ups between one request and the next.
const connections = intFromEnv("RENDER_CONNECTIONS", 8);
/** Loads one path, or each of several in turn (`paths`): a different page every request. */
const load = async (
  path: string,
  duration: number,
  headers: Record<string, string>,
  paths?: string[],
) => {
  let next = 0;
  const result = await autocannon({
    url: `${server.baseUrl}${path}`,
    connections,
    duration,
    headers,
    ...(paths?.length
      ? {
          requests: [
            {
              setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
            },
          ],
        }
      : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: failed requests`);
  return result;
};
try {
  const firstId = (body: Buffer) =>
    (JSON.parse(body.toString()) as { data: { list: { id: string }[] } }).data.list[0]?.id;
  const article = firstId(await get("/api/m/homepage/v2/n/getFeed/cn/1/1"));
  const entry = firstId(await get("/api/m/homeservice/top/n/list?page=1&size=1"));
  const home = (await get("/")).toString();
  const stylesheet = home.match(/\/assets\/[\w.-]+\.css/)?.[0];
  if (!stylesheet) throw new Error("no stylesheet in the home page");
  // The long tail: a different entry every request (the first entries of the sitemap, in id
  // order: people, places, events, poems … mixed), so no per-entry read is reused.
  const sitemap = (await get("/sitemap/entries-1.xml")).toString();
  const entries = [...sitemap.matchAll(/\/detail\/([0-9a-f]{24})/g)]
    .slice(0, 2_000)
    .map((m) => `/detail/${m[1]}`);
  const pages: { name: string; path: string; paths?: string[] }[] = [
    { name: "static", path: stylesheet },
    { name: "api feed", path: "/api/m/homepage/v2/n/getFeed/cn/1/50" },
    { name: "planned", path: "/abpath" },
    { name: "home", path: "/" },
    { name: "article", path: `/ah/article/${article}` },
    { name: "entry", path: `/detail/${entry}` },
    { name: "entries", path: entries[0] ?? "/detail", paths: entries },
  ].filter((p) => !process.env.RENDER_PAGE || process.env.RENDER_PAGE.split(",").includes(p.name));
  const signedIn = { cookie: "tj_sid=bench" };
  const loadAverage = loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  const speedIndex = pageFunctions.computeBenchmarkIndex();
  console.log(
    `${new Date().toISOString()}: ${seconds} s each, one worker, ${connections} connections, load average before: ${loadAverage}, machine index ${Math.round(speedIndex)} (Lighthouse's benchmarkIndex, computed in Node)`,
  );
  for (const page of pages) {
    const bytes = (await get(page.path, signedIn)).byteLength;
    await load(page.path, 1, signedIn, page.paths);
    const cpu0 = cpuMs(pid);
    const result = await load(page.path, seconds, signedIn, page.paths);
    const served = result.requests.total;
    const cpu = (cpuMs(pid) - cpu0) / served;
    console.log(
      `${page.name.padEnd(8)} ${cpu.toFixed(2)} ms CPU  ${result.requests.average.toFixed(0).padStart(5)} req/s  ${(bytes / 1024).toFixed(0).padStart(3)} KB  ${page.paths ? `${page.paths.length} entries from the sitemap` : page.path}`,
    );
  }
} finally {
  agent.destroy();
  await server.stop();
}
