import { readSessionId } from "@tongjian/services/accounts/visitor-session";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { idSchema, langSchema } from "../route-schemas.ts";

const likeType = z.enum(["entry", "article"], { error: "类型只支持 entry 或 article" });

export function registerLikeRoutes(app: TypedApp, { services }: AppDeps) {
  // Spec §7: type defaults to entry.
  app.get(
    "/api/social/like/check/:lang/:id/:type?",
    {
      schema: {
        params: z.object({ lang: langSchema, id: idSchema, type: likeType.default("entry") }),
      },
    },
    async (request, reply) => {
      const { id, type } = request.params;
      const liked = await services.likes.check({
        id,
        type,
        sessionId: readSessionId(request.headers.cookie),
      });
      reply.header("cache-control", "no-store");
      return ok(liked);
    },
  );

  app.post(
    "/api/social/like/send",
    {
      schema: {
        body: z.object({
          itemId: idSchema,
          socialId: z.string().max(64).optional(),
          type: likeType.default("entry"),
          action: z.union([z.enum(["like", "unlike"]), z.literal(1), z.literal(0)], {
            error: "action 只能是 like、unlike、1 或 0",
          }),
          language: z.string().max(8).optional(),
        }),
      },
    },
    async (request) => {
      const { itemId, type, action } = request.body;
      return ok(
        await services.likes.send({
          itemId,
          type,
          like: action === "like" || action === 1,
          sessionId: readSessionId(request.headers.cookie),
        }),
      );
    },
  );
}
