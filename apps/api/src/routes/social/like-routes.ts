import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { z } from "zod";
import { ApiError, ok } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";
import { readSessionId, sessionVisitorId } from "../accounts/visitor-session.ts";
import { idSchema, langSchema } from "../route-schemas.ts";

const likeType = z.enum(["entry", "article"], { error: "类型只支持 entry 或 article" });

export function registerLikeRoutes(app: TypedApp, deps: AppDeps) {
  const visitorOf = (cookie: string | undefined) =>
    sessionVisitorId(deps.store, readSessionId(cookie));

  async function requireItem(itemId: string, type: "entry" | "article") {
    if (!(await deps.likes.exists(itemId, type))) throw ApiError.notFound("要点赞的内容不存在");
  }

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
      await requireItem(id, type);
      reply.header("cache-control", "no-store");
      return ok(await deps.likes.check(id, type, await visitorOf(request.headers.cookie)));
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
      const visitorId = await visitorOf(request.headers.cookie);
      // Spec §8: anonymous readers get 600, "not logged in".
      if (!visitorId) throw new ApiError(401, "请先登录后再点赞", CODE_NOT_LOGGED_IN);
      const { itemId, type, action } = request.body;
      await requireItem(itemId, type);
      return ok(await deps.likes.set(itemId, type, visitorId, action === "like" || action === 1));
    },
  );
}
