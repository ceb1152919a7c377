import { sql } from "kysely";
import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

export function registerHealthRoutes(app: TypedApp, deps: AppDeps) {
  app.get("/healthz", async (_request, reply) => {
    const started = performance.now();
    const database = await sql`select 1 as ok`
      .execute(deps.handle.db)
      .then(() => true)
      .catch(() => false);
    const store = await deps.store.ping();
    const healthy = database && store;
    return reply.status(healthy ? 200 : 503).send({
      code: healthy ? 200 : 503,
      message: healthy ? "ok" : "依赖服务不可用",
      data: {
        database: { dialect: deps.handle.dialect, ok: database },
        store: { kind: deps.store.kind, ok: store },
        uptimeSeconds: Math.round(process.uptime()),
        checkMs: Math.round(performance.now() - started),
      },
    });
  });
}
