import pg from "pg";
import { API_WORKERS, workerDatabaseName } from "./test-targets.ts";

/**
 * The API suites run two files at a time. On PostgreSQL each worker gets a database of its own
 * beside the one TEST_DATABASE_URL names (test → test_w1, test_w2), made afresh here for every
 * run, so two suites never empty each other's tables and no run inherits an older run's
 * migrations. SQLite suites use files of their own anyway.
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
    }
  } finally {
    await client.end();
  }
}
