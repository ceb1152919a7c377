import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/support/sequencer.ts";
import { API_WORKERS, E2E_WORKERS } from "./tests/support/test-targets.ts";

// Kept separate from the web app's Vite config: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    // The e2e files, and the longest API files, longest first (tests/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: "unit",
          // One module cache per worker across files: most of a file's time was importing the
          // same modules again. A file that fakes timers, globals or modules puts them back.
          isolate: false,
          // Some suites read the whole corpus (2,000 entries, 5,000 relations) before they test it,
          // and the simulators' suites start servers: on a loaded machine that takes a while.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: [
            "packages/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/web/sw/**/*.test.ts",
            "tools/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          // One module cache per worker across files, as for the unit files: a file's own app and
          // database are made in its hooks, and most of its time was importing the same modules.
          isolate: false,
          include: ["apps/api/src/**/*.test.ts", "packages/**/*.db-test.ts"],
          // The time map's territory shapes, composed once into their cache.
          // Two files at a time; on PostgreSQL each worker has its own database.
          globalSetup: [
            "tests/support/territory-shapes-setup.ts",
            "tests/support/worker-databases-setup.ts",
          ],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: API_WORKERS,
        },
      },
      {
        test: {
          name: "e2e",
          // One module cache per worker, as for the other projects: each file imported Playwright
          // and the suites' helpers again (1.3 s of a worker's CPU a file). A suite opens and
          // closes its own browser contexts and servers in its hooks.
          isolate: false,
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["tests/support/e2e-setup.ts"],
          environment: "node",
          // Four files at a time (E2E_WORKERS), each worker with its own browser, against the one
          // shared server (and the servers of the suites that start their own). A browser suite
          // spends much of its time waiting on its pages, so on CI's two cores four keep the CPU
          // busy where two left it idle; a test waits longer for its turn of the CPU than alone.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll() waits for what a page does next: 1 s (Vitest's default) is short for a
          // page of a busy browser while three other suites run beside it.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: true,
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
