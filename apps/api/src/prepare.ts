import { closeDeps, createDeps } from "./create-deps.ts";
import { readServerConfig } from "./server-config.ts";
import { startupLog } from "./startup-log.ts";

/**
 * Prepares the database for a multi-process server, in a process of its own that the supervisor
 * starts and waits for: migrations, and on a first start the sample content and the curated
 * poetry. They must not run in several workers at once, and the memory the import takes is
 * given back when this process exits.
 */
createDeps(readServerConfig(process.env), startupLog)
  .then(closeDeps)
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
