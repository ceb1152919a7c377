// Which real back-ends a test run covers: SQLite always; PostgreSQL and Redis when the
// test-only variables point at them (CI sets both; a plain machine runs SQLite alone).
export interface DatabaseTarget {
  name: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    { name: "sqlite", databaseUrl: undefined, redisUrl: undefined },
  ];
  const pg = process.env.TEST_DATABASE_URL;
  if (pg)
    targets.push({ name: "postgres+redis", databaseUrl: pg, redisUrl: process.env.TEST_REDIS_URL });
  return targets;
}
