import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the browser suites' shared server listens (tests/support/e2e-setup.ts). */
    e2eBaseUrl: string;
    /** The shared server's SQLite file, for admin commands (npm run account:role). */
    e2eSqlitePath?: string;
  }
}

/**
 * The one production server the browser suites share: the real corpus and default settings
 * with the SMS simulator (readers register with tests/support/sign-in.ts), started once for the
 * whole run. A suite that needs other settings (hosts, a cluster, its
 * own database) or stops the server starts its own with startServer().
 */
export function sharedServer(): { baseUrl: string; sqlitePath: string | undefined } {
  return { baseUrl: inject("e2eBaseUrl"), sqlitePath: inject("e2eSqlitePath") };
}
