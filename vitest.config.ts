import { defineConfig } from "vitest/config";

// Kept separate from the web app's Vite config: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "tools/**/*.test.ts",
          ],
          environment: "node",
          // React resolves to Preact (docs/decisions/0008-preact-runtime.md). Node would load
          // React Router's CommonJS build, and with it Preact's CommonJS copy beside the ES
          // module one the components use; two copies of Preact break hooks. Inlined, it goes
          // through Vite's resolver and shares the one ES module copy.
          server: { deps: { inline: ["react-router", "@testing-library/preact"] } },
        },
        resolve: { conditions: ["module"] },
        ssr: { resolve: { conditions: ["module"] } },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts", "packages/**/*.db-test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
