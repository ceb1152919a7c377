import type { HealthStatus } from "@tongjian/contracts/health";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { KeyValueStore } from "../key-value-store.ts";
import type { HealthRepository } from "./health-repository.ts";

/** Whether the process can serve: its database and its store answer (`/healthz`). */
export function createHealthService(deps: {
  health: HealthRepository;
  dialect: DatabaseHandle["dialect"];
  store: Pick<KeyValueStore, "kind" | "ping">;
}) {
  return {
    /** The status, and whether both answered (`/healthz` answers 503 when not). */
    async check(): Promise<HealthStatus & { healthy: boolean }> {
      const started = performance.now();
      const [database, store] = await Promise.all([deps.health.ping(), deps.store.ping()]);
      return {
        healthy: database && store,
        database: { dialect: deps.dialect, ok: database },
        store: { kind: deps.store.kind, ok: store },
        uptimeSeconds: Math.round(process.uptime()),
        checkMs: Math.round(performance.now() - started),
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
