import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { copyFile, mkdtemp, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
/** The first start imports the curated poetry; from a few fixture records, to stay quick. */
const DEFAULT_POETRY_DIR = "tests/fixtures/chinese-poetry";

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  stop: () => Promise<void>;
  /** Where the server keeps its SQLite database (for admin commands such as account:role). */
  sqlitePath: string;
}

export interface StartServerOptions {
  contentDir: string;
  /** Extra environment for the server (hosts, limits). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Aborting kills the server, also while it is still starting. */
  signal?: AbortSignal;
  /** A given port (a restart at the same origin); a free one by default. */
  port?: number;
  /**
   * Start from a copy of this SQLite file instead of loading the content on the first start
   * (see seededDatabaseFor()). By default, inside the e2e run, the run's seeded copy for these
   * settings when there is one; `false` always loads the content.
   */
  seededDatabase?: string | false;
}

/**
 * What a first start loads into an empty database depends on these settings alone; servers
 * that agree on them start from the same seeded database.
 */
export function seedKey(options: Pick<StartServerOptions, "contentDir" | "env">): string | null {
  const env = options.env ?? {};
  // A server that is told not to load anything, or that uses another database, loads its own;
  // so does a cluster, whose first start (the content loaded once, not by every worker) is what
  // tests/e2e/cluster.e2e.ts checks.
  if (env.SEED_ON_START !== undefined || env.DATABASE_URL) return null;
  if (env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY !== "1") return null;
  return JSON.stringify([
    options.contentDir,
    env.SEED_POETRY ?? "",
    env.POETRY_DIR ?? DEFAULT_POETRY_DIR,
  ]);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Seeded SQLite files by seedKey(), made once per e2e run (tests/support/e2e-setup.ts). */
    e2eSeededDatabases?: Record<string, string>;
  }
}

async function seededDatabaseFor(options: StartServerOptions): Promise<string | undefined> {
  if (options.seededDatabase !== undefined) return options.seededDatabase || undefined;
  const key = seedKey(options);
  if (key === null || !process.env.VITEST) return undefined;
  try {
    const { inject } = await import("vitest");
    return inject("e2eSeededDatabases")?.[key];
  } catch {
    // Not inside a test file (the global setup itself).
    return undefined;
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Copies a stopped server's SQLite database (with its write-ahead log) to `target`. */
async function copyDatabase(from: string, target: string) {
  await copyFile(from, target);
  if (await exists(`${from}-wal`)) await copyFile(`${from}-wal`, `${target}-wal`);
}

/** Asks the OS for a port that is free right now. */
export async function findFreePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  await once(probe, "close");
  if (address === null || typeof address === "string") throw new Error("no TCP port assigned");
  return address.port;
}

async function waitForHealthy(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
  signal?: AbortSignal,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

async function killChild(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const forced = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(forced);
}

/** Starts the built production server (apps/api/dist/main.js) with a fresh SQLite folder. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "tongjian-server-"));
  const port = options.port ?? (await findFreePort());
  // A seeded copy goes where the server keeps its database, unless one is there already (a
  // restart on the same folder).
  const seeded = await seededDatabaseFor(options);
  const sqlitePath =
    options.env?.SQLITE_PATH ?? join(options.env?.DATA_DIR ?? dataDir, "tongjian.sqlite");
  if (seeded && !(await exists(sqlitePath))) await copyDatabase(seeded, sqlitePath);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["apps/api/dist/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      CONTENT_DIR: options.contentDir,
      POETRY_DIR: DEFAULT_POETRY_DIR,
      RATE_LIMIT_PER_MINUTE: "100000000",
      LOG_LEVEL: "warn",
      // One process, as the suites expect; the benchmark asks for more.
      WEB_CONCURRENCY: "1",
      // The embedded database unless the caller asks for another.
      DATABASE_URL: "",
      REDIS_URL: "",
      ...options.env,
    },
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.once("error", (error) => console.error("server process error:", error));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= killChild(child).then(() => rm(dataDir, { recursive: true, force: true }));
    return stopping;
  };
  options.signal?.addEventListener("abort", () => void stop(), { once: true });
  try {
    await waitForHealthy(baseUrl, child, options.readyTimeoutMs ?? 60_000, options.signal);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, process: child, stop, sqlitePath };
}
