import { z } from "zod";

// GET /healthz: whether this copy can serve (load balancers ask; 503 when a dependency is down).

export const healthStatus = z.object({
  database: z.object({ dialect: z.enum(["sqlite", "postgres"]), ok: z.boolean() }),
  store: z.object({ kind: z.enum(["redis", "database"]), ok: z.boolean() }),
  uptimeSeconds: z.number().int(),
  checkMs: z.number().int(),
});
export type HealthStatus = z.infer<typeof healthStatus>;
