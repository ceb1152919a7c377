import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { launchBrowserServer } from "./browser.ts";
import {
  type RunningServer,
  type StartServerOptions,
  seedKey,
  startServer,
} from "./start-server.ts";

const CONTENT_DIR = process.env.E2E_CONTENT_DIR ?? "content";

/**
 * The settings most suites' servers load their content with: the real corpus (the shared server
 * and the suites that start their own with default settings) and the small fixture corpus.
 */
const SEEDED: StartServerOptions[] = [
  { contentDir: CONTENT_DIR },
  { contentDir: "tests/fixtures/content" },
];

/**
 * Loads the content into an empty database once, with a server that is stopped at once, and
 * keeps the database: every server of the run with the same settings starts from a copy of it
 * (tests/support/start-server.ts) instead of loading the same content again on its first start.
 */
async function seedDatabase(options: StartServerOptions, folder: string): Promise<string> {
  const dataDir = await mkdtemp(join(folder, "seed-"));
  const server = await startServer({
    ...options,
    env: { ...options.env, DATA_DIR: dataDir },
    seededDatabase: false,
  });
  await server.stop();
  return join(dataDir, "tongjian.sqlite");
}

/** How many files of the project run at once. */
function workers(project: TestProject): number {
  const max = Number(project.config.maxWorkers);
  return Number.isInteger(max) && max > 0 ? max : 2;
}

/**
 * Once for the whole e2e run, side by side: the seeded databases, then the browser suites'
 * shared server (tests/support/shared-server.ts) from one of them; and the Chromiums the
 * workers' files connect to (tests/support/browser.ts launchBrowser()).
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), "tongjian-e2e-"));
  let server: RunningServer | undefined;
  const browsers: BrowserServer[] = [];
  const teardown = async () => {
    await Promise.all([server?.stop(), ...browsers.map((browser) => browser.close())]);
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const [paths] = await Promise.all([
      Promise.all(SEEDED.map((options) => seedDatabase(options, folder))),
      // One browser per worker (tests/support/browser.ts).
      ...Array.from({ length: workers(project) }, () =>
        launchBrowserServer().then((launched) => {
          browsers.push(launched);
        }),
      ),
    ]);
    const databases: Record<string, string> = {};
    for (const [i, path] of paths.entries()) {
      const key = seedKey(SEEDED[i] as StartServerOptions);
      if (key) databases[key] = path;
    }
    project.provide("e2eSeededDatabases", databases);
    // The SMS simulator lets the suites that need a signed-in reader register on this server.
    const shared: StartServerOptions = {
      contentDir: CONTENT_DIR,
      env: { SMS_PROVIDER: "simulator" },
    };
    server = await startServer({ ...shared, seededDatabase: databases[seedKey(shared) ?? ""] });
    project.provide("e2eBaseUrl", server.baseUrl);
    project.provide("e2eSqlitePath", server.sqlitePath);
    project.provide(
      "e2eBrowserEndpoints",
      browsers.map((browser) => browser.wsEndpoint()),
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
