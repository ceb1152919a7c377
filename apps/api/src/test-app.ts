import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { type ContentBundle, loadContent } from "@tongjian/content/load-content";
import { seedContent } from "@tongjian/content/seed-content";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import type { PaymentChannels } from "@tongjian/services/commerce/orders.server";
import pg from "pg";
import { buildApp } from "./build-app.ts";
import { closeDeps, createDeps } from "./create-deps.ts";
import { readServerConfig } from "./server-config.ts";

export const FIXTURE_CONTENT = "tests/fixtures/content";

/**
 * A real app on a real database: a fresh SQLite file, or the given PostgreSQL database made
 * afresh, migrated and seeded with the fixture content (or `contentDir`'s, or `env.CONTENT_DIR`'s,
 * such as the real `content/`).
 */
export async function createTestApp(
  target: { databaseUrl?: string | undefined; redisUrl?: string | undefined },
  env: Record<string, string> = {},
  {
    contentDir = env.CONTENT_DIR ?? FIXTURE_CONTENT,
    paymentChannels,
  }: { contentDir?: string; paymentChannels?: PaymentChannels } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-api-"));
  const config = readServerConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    CONTENT_DIR: contentDir,
    SEED_ON_START: "false",
    // Content changes in a test are noticed at once rather than after production's 5 s.
    CONTENT_POLL_MS: "20",
    // Every suite calls from 127.0.0.1, and with Redis the counters outlive a suite: only a
    // test of the limit itself sets one it can reach.
    RATE_LIMIT_PER_MINUTE: "1000000",
    // Passwords hashed at a test's cost (2^10 rather than 2^15): the suites hash hundreds. An
    // app the suite runs as production keeps production's cost.
    ...(env.NODE_ENV === undefined || env.NODE_ENV === "test" ? { PASSWORD_SCRYPT_N: "1024" } : {}),
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...(target.redisUrl ? { REDIS_URL: target.redisUrl } : {}),
    ...env,
  });
  await freshDatabase(config, contentDir);
  const deps = await createDeps(config, undefined, paymentChannels ? { paymentChannels } : {});
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await closeDeps(deps);
    },
  };
}

/**
 * A database migrated and seeded with a content directory's content is made once per worker and
 * copied for each app: a SQLite file copied, a PostgreSQL database created from it as a template.
 * What a suite then writes stays in its own copy. Made afresh in every run (the first use in a
 * worker), so a template never outlives the migrations and content it was made from.
 */
const SHARED_CONTENT = [resolve(FIXTURE_CONTENT), resolve("content")];
const bundles = new Map<string, ContentBundle>();
const sqliteTemplates = new Map<string, Promise<string>>();
const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A content directory as it is now: its path and every file's name, size and time. Suites write
 * content of their own into fresh directories, and one that changes a directory between two apps
 * gets a template of the changed content.
 */
function contentKey(contentDir: string): string {
  const root = resolve(contentDir);
  const hash = createHash("sha1").update(root);
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`\n${relative(root, file)} ${size} ${mtimeMs}`);
  }
  return hash.digest("hex").slice(0, 12);
}

function contentOf(contentDir: string, key: string): ContentBundle {
  if (!SHARED_CONTENT.includes(resolve(contentDir))) return loadContent(contentDir);
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = loadContent(contentDir);
    bundles.set(key, bundle);
  }
  return bundle;
}

async function seeded(
  options: { databaseUrl?: string; sqlitePath?: string },
  contentDir: string,
  key: string,
) {
  const handle = createDatabase(options);
  try {
    await migrateToLatest(handle.db);
    await seedContent(handle, contentOf(contentDir, key));
  } finally {
    await handle.close();
  }
}

function once(
  cache: Map<string, Promise<string>>,
  key: string,
  make: () => Promise<string>,
): Promise<string> {
  let made = cache.get(key);
  if (!made) {
    made = make();
    // A template that failed is made again by the next suite rather than failing it too.
    made.catch(() => cache.delete(key));
    cache.set(key, made);
  }
  return made;
}

async function freshDatabase(
  config: { databaseUrl?: string | undefined; sqlitePath: string },
  contentDir: string,
) {
  // Templates of the content most suites share; a directory a suite wrote for itself is seeded
  // where it is used.
  const shared = SHARED_CONTENT.includes(resolve(contentDir));
  const key = contentKey(contentDir);
  if (!config.databaseUrl) {
    if (!shared) {
      await seeded({ sqlitePath: config.sqlitePath }, contentDir, key);
      return;
    }
    const template = await once(sqliteTemplates, key, async () => {
      const path = join(mkdtempSync(join(tmpdir(), "tongjian-template-")), "seeded.sqlite");
      await seeded({ sqlitePath: path }, contentDir, key);
      return path;
    });
    copyFileSync(template, config.sqlitePath);
    return;
  }
  const url = new URL(config.databaseUrl);
  const name = url.pathname.slice(1);
  const admin = async (statements: string[]) => {
    // Databases are made and dropped from another one on the same server.
    const at = new URL(url);
    at.pathname = "/postgres";
    const client = new pg.Client({ connectionString: at.toString() });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (!shared) {
    await admin([`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `CREATE DATABASE "${name}"`]);
    await seeded({ databaseUrl: url.toString() }, contentDir, key);
    return;
  }
  const template = await once(postgresTemplates, `${name} ${key}`, async () => {
    const made = `${name}_seeded_${key}`;
    await admin([`DROP DATABASE IF EXISTS "${made}" WITH (FORCE)`, `CREATE DATABASE "${made}"`]);
    const at = new URL(url);
    at.pathname = `/${made}`;
    await seeded({ databaseUrl: at.toString() }, contentDir, key);
    return made;
  });
  await admin([
    `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
    `CREATE DATABASE "${name}" TEMPLATE "${template}"`,
  ]);
}
