import { envelope } from "@tongjian/contracts/common";
import { healthStatus } from "@tongjian/contracts/health";
import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

const healthReply = envelope(healthStatus);

export function registerHealthRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/healthz",
    {
      schema: {
        tags: ["运维"],
        summary: "数据库与存储是否可用（不可用时答 503）",
        response: { 200: healthReply, 503: healthReply },
      },
    },
    async (_request, reply) => {
      const { healthy, ...data } = await services.health.check();
      return reply.status(healthy ? 200 : 503).send({
        code: healthy ? 200 : 503,
        message: healthy ? "ok" : "依赖服务不可用",
        data,
      });
    },
  );
}
