import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadContent } from "@tongjian/content/load-content";
import { seedContent } from "@tongjian/content/seed-content";
import { createDatabase } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import type { PaymentChannels } from "@tongjian/services/commerce/orders.server";
import { buildApp } from "./build-app.ts";
import { closeDeps, createDeps } from "./create-deps.ts";
import { readServerConfig } from "./server-config.ts";

export const FIXTURE_CONTENT = "tests/fixtures/content";

/**
 * A real app on a real database: a fresh SQLite file, or the given PostgreSQL database emptied
 * and migrated, seeded with the fixture content (or `contentDir`'s, or `env.CONTENT_DIR`'s,
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
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...(target.redisUrl ? { REDIS_URL: target.redisUrl } : {}),
    ...env,
  });
  const fresh = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  await dropAll(fresh.db);
  await migrateToLatest(fresh.db);
  await seedContent(fresh, loadContent(contentDir));
  await fresh.close();
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
