// Which real back-ends a test run covers: SQLite always; PostgreSQL and Redis when the
// test-only variables point at them (CI sets both; a plain machine runs SQLite alone).
export interface DatabaseTarget {
  name: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
}

/**
 * How many API suites run at once (vitest.config.ts), each with its own PostgreSQL database.
 * They keep two cores busy already; more only wait for each other (TEST_API_WORKERS overrides).
 */
export const API_WORKERS = Number(process.env.TEST_API_WORKERS ?? 2);

/**
 * How many browser suites run at once (vitest.config.ts), each worker with its own Chromium. A
 * browser suite waits on its pages much of the time: two of them left CI's two cores idle for a
 * third of the run (TEST_E2E_WORKERS overrides).
 */
export const E2E_WORKERS = Number(process.env.TEST_E2E_WORKERS ?? 4);

export function workerDatabaseName(base: string, worker: number): string {
  return `${base}_w${worker}`;
}

/** The worker running this file: 1 … API_WORKERS (1 outside a pool). */
function workerNumber(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  return Number.isInteger(id) && id >= 1 ? ((id - 1) % API_WORKERS) + 1 : 1;
}

/** The worker's own database on the server `url` names (see worker-databases-setup.ts). */
function forWorker(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${workerDatabaseName(parsed.pathname.slice(1), workerNumber())}`;
  return parsed.toString();
}

/** The worker's own Redis logical database (1, 2 …), so counters and sessions never mix. */
function redisForWorker(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${workerNumber()}`;
  return parsed.toString();
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    { name: "sqlite", databaseUrl: undefined, redisUrl: undefined },
  ];
  const pg = process.env.TEST_DATABASE_URL;
  const redis = process.env.TEST_REDIS_URL;
  if (pg)
    targets.push({
      name: "postgres+redis",
      databaseUrl: forWorker(pg),
      redisUrl: redis ? redisForWorker(redis) : undefined,
    });
  return targets;
}
