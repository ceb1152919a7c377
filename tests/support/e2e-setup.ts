import type { TestProject } from "vitest/node";
import { startServer } from "./start-server.ts";

/** Starts the browser suites' shared server once (tests/support/shared-server.ts). */
export default async function setup(project: TestProject) {
  // The SMS simulator lets the suites that need a signed-in reader register on this server.
  const server = await startServer({
    contentDir: process.env.E2E_CONTENT_DIR ?? "content",
    env: { SMS_PROVIDER: "simulator" },
  });
  project.provide("e2eBaseUrl", server.baseUrl);
  return () => server.stop();
}
