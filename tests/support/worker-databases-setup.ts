import pg from "pg";
import { API_WORKERS, workerDatabaseName } from "./test-targets.ts";

/**
 * The API suites run two files at a time. On PostgreSQL each worker gets a database of its own
 * beside the one TEST_DATABASE_URL names (test → test_w1, test_w2), made afresh here for every
 * run, so two suites never empty each other's tables and no run inherits an older run's
 * migrations (nor its seeded templates). SQLite suites use files of their own anyway.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const base = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let worker = 1; worker <= API_WORKERS; worker += 1) {
      const name = workerDatabaseName(base, worker);
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
      // The seeded templates of an earlier run (apps/api/src/test-app.ts).
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
        [`${name}_seeded_`],
      );
      for (const row of rows) await client.query(`DROP DATABASE "${row.datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
