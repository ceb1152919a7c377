import type { TestProject } from "vitest/node";
import { startServer } from "./start-server.ts";

/** Starts the browser suites' shared server once (tests/support/shared-server.ts). */
export default async function setup(project: TestProject) {
  const server = await startServer({ contentDir: process.env.E2E_CONTENT_DIR ?? "content" });
  project.provide("e2eBaseUrl", server.baseUrl);
  return () => server.stop();
}
