import {
  type LikeType,
  likeCheckEntryParams,
  likeCheckParams,
  likeSendBody,
  likeStatus,
} from "@tongjian/contracts/social";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["点赞"];

export function registerLikeRoutes(app: TypedApp, { services }: AppDeps) {
  async function check(
    { id, type }: { id: string; type: LikeType },
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const status = await services.likes.check({
      id,
      type,
      viewer: request.viewer,
    });
    reply.header("cache-control", "no-store");
    return ok(status);
  }

  // Spec §7: the type segment is optional and defaults to entry. Two routes rather than an
  // optional parameter, which OpenAPI cannot describe.
  app.get(
    "/api/social/like/check/:lang/:id",
    {
      schema: {
        tags,
        summary: "是否已点赞词条及点赞数",
        params: likeCheckEntryParams,
        response: replies(likeStatus),
      },
    },
    async (request, reply) => check({ id: request.params.id, type: "entry" }, request, reply),
  );

  app.get(
    "/api/social/like/check/:lang/:id/:type",
    {
      schema: {
        tags,
        summary: "是否已点赞词条或文章及点赞数",
        params: likeCheckParams,
        response: replies(likeStatus),
      },
    },
    async (request, reply) => check(request.params, request, reply),
  );

  app.post(
    "/api/social/like/send",
    {
      schema: {
        tags,
        summary: "点赞或取消（需登录，未登录答 600；每位读者每分钟至多 60 次，超出答 429）",
        body: likeSendBody,
        response: replies(likeStatus),
      },
    },
    async (request) => {
      const { itemId, type, action } = request.body;
      return ok(
        await services.likes.send({
          itemId,
          type,
          like: action === "like" || action === 1,
          viewer: request.viewer,
        }),
      );
    },
  );
}
