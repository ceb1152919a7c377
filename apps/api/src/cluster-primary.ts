import { fork as forkProcess } from "node:child_process";
import cluster, { type Worker } from "node:cluster";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import type { ServerConfig } from "./server-config.ts";
import { startupLog as log } from "./startup-log.ts";

/** The database preparation script beside this module (TypeScript under tsx, else the build). */
const PREPARE_SCRIPT = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "./prepare.ts" : "./prepare.js", import.meta.url),
);

/** Runs prepare.ts in a child process and waits for it: the supervisor never opens the data. */
async function prepareDatabase(): Promise<void> {
  const child = forkProcess(PREPARE_SCRIPT, { stdio: "inherit" });
  const [code, signal] = (await once(child, "exit")) as [number | null, string | null];
  if (code !== 0) throw new Error(`数据库准备失败（${signal ?? `exit ${code}`}）`);
}

// A worker that dies this soon after starting is not restarted in a loop.
const RESTART_WINDOW_MS = 10_000;
const MAX_RESTARTS_IN_WINDOW = 5;

/**
 * Runs the primary of a multi-process server, which only supervises: it has the database prepared
 * once by a child process (migrations and the first content load, which must not run in several
 * processes at once), then starts
 * `config.webConcurrency` workers that share the listening port, restarts a worker that dies and
 * passes SIGTERM/SIGINT on so that every worker drains its requests.
 *
 * What each worker keeps in memory stays correct across workers: the page cache polls the content
 * version itself, and the view counter adds its counts to the stored ones (`view_count + n`).
 */
export async function runClusterPrimary(config: ServerConfig): Promise<void> {
  await prepareDatabase();

  let stopping = false;
  const recentExits: number[] = [];
  // The database is ready: workers only open it.
  const fork = () => cluster.fork({ ...process.env, SEED_ON_START: "false" });

  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    recentExits.push(now);
    while (recentExits.length > 0 && (recentExits[0] ?? now) < now - RESTART_WINDOW_MS)
      recentExits.shift();
    log.info({ pid: worker.process.pid, code, signal }, "worker exited");
    if (recentExits.length > MAX_RESTARTS_IN_WINDOW) {
      log.info({ restarts: recentExits.length }, "workers keep exiting; stopping");
      void stop(1);
      return;
    }
    fork();
  });

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const exited = workers.map(
      (w) =>
        new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once("exit", () => resolve()))),
    );
    for (const w of workers) w.process.kill("SIGTERM");
    const timer = setTimeout(() => process.exit(1), config.shutdownGraceMs + 2_000);
    timer.unref();
    await Promise.all(exited);
    process.exit(exitCode);
  };
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));

  // A render allocates a few megabytes that die with it. In V8's default young generation (16 MB
  // semi-spaces) a worker under load ran a minor GC every few dozen pages, copying the live
  // objects of the renders in progress each time; a larger one collects the same garbage far
  // less often (docs/decisions/0009-page-data-in-process.md). It must be set when the process
  // starts, so it is given to the workers as they are started.
  cluster.setupPrimary({
    execArgv: [
      ...process.execArgv.filter((arg) => !arg.startsWith("--max-semi-space-size")),
      `--max-semi-space-size=${config.semiSpaceMb}`,
    ],
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  log.info({ workers: config.webConcurrency }, "通鉴 is starting workers");
}
