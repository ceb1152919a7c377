import cluster from "node:cluster";
import { setFlagsFromString } from "node:v8";
import { readServerConfig } from "./server-config.ts";

// V8 "pretenures" objects from allocation sites whose objects often survive a minor GC: it
// allocates them straight into the old generation. A render's objects are alive while it runs,
// so the sites of a render (elements, loader data) got pretenured, and every page then filled
// the old generation with garbage only a full GC clears. Without it, minor GCs collect them
// (docs/decisions/0007-server-render-cost.md).
setFlagsFromString("--no-allocation-site-pretenuring");

const config = readServerConfig(process.env);

/**
 * The entry of `npm run serve`. With several workers, this process only supervises: it prepares
 * the database in a child process, then starts the workers (cluster-primary.ts). The server code
 * is imported only where it runs (a worker, or a single-process server), so the supervisor holds
 * none of it.
 */
async function main() {
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    const { runClusterPrimary } = await import("./cluster-primary.ts");
    await runClusterPrimary(config);
    return;
  }
  const { serve } = await import("./serve.ts");
  await serve(config);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
