import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

export function registerHealthRoutes(app: TypedApp, { services }: AppDeps) {
  app.get("/healthz", async (_request, reply) => {
    const { healthy, ...data } = await services.health.check();
    return reply.status(healthy ? 200 : 503).send({
      code: healthy ? 200 : 503,
      message: healthy ? "ok" : "依赖服务不可用",
      data,
    });
  });
}
