import {
  historyCleared,
  historyMergeBody,
  historyMerged,
  historyQuery,
  likedPage,
  likesQuery,
  myOverview,
  readPage,
  savedPage,
  savedQuery,
  savedRemoveBody,
  savedRemoved,
} from "@tongjian/contracts/my";
import { drawnAvatarSvg } from "@tongjian/services/my/drawn-avatar-svg";
import { NotFoundError } from "@tongjian/services/service-error";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["我的"];

/** One reader's answers: no shared cache may keep them. */
async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", "no-store");
}

/**
 * The signed-in reader's own lists (issue 16 Social §1): /my at a glance, likes, reading history
 * (newest and most read), the device's history handed over at sign-in, saved paths and graphs.
 * Every path has `/y/`: anonymous callers get 600 (a WeChat visitor is signed in too).
 */
export function registerMyRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/m/social/v1/y/my",
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "我的：资料、最近阅读、点赞、关注、收藏数与待接入的栏目",
        response: replies(myOverview),
      },
    },
    async (request) => ok(await services.my.overview(request.viewer)),
  );

  app.get(
    "/api/m/social/v1/y/my/likes",
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "我点赞的词条和文章（新点赞在前）",
        querystring: likesQuery,
        response: replies(likedPage),
      },
    },
    async (request) => ok(await services.my.likes({ viewer: request.viewer, ...request.query })),
  );

  app.get(
    "/api/m/social/v1/y/my/history",
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "我的阅读记录（最近读的在前）",
        querystring: historyQuery,
        response: replies(readPage),
      },
    },
    async (request) =>
      ok(await services.history.recent({ viewer: request.viewer, ...request.query })),
  );

  app.get(
    "/api/m/social/v1/y/my/top",
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "我的阅读榜：读得最多的词条和文章",
        querystring: historyQuery,
        response: replies(readPage),
      },
    },
    async (request) => ok(await services.history.top({ viewer: request.viewer, ...request.query })),
  );

  app.post(
    "/api/m/social/v1/y/my/history/merge",
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "登录后把本机的阅读记录并入账号（至多 100 条）",
        body: historyMergeBody,
        response: replies(historyMerged),
      },
    },
    async (request) =>
      ok(await services.history.merge({ viewer: request.viewer, items: request.body.items })),
  );

  app.post(
    "/api/m/social/v1/y/my/history/clear",
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "清空我的阅读记录",
        response: replies(historyCleared),
      },
    },
    async (request) => ok(await services.history.clear(request.viewer)),
  );

  app.get(
    "/api/m/social/v1/y/my/saved",
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "我保存的关系路径和自定义关系图",
        querystring: savedQuery,
        response: replies(savedPage),
      },
    },
    async (request) => ok(await services.saved.list({ viewer: request.viewer, ...request.query })),
  );

  app.post(
    "/api/m/social/v1/y/my/saved/remove",
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "删除一项收藏",
        body: savedRemoveBody,
        response: replies(savedRemoved),
      },
    },
    async (request) => ok(await services.saved.remove(request.viewer, request.body.id)),
  );

  app.get(
    "/media/avatar/:file",
    {
      schema: {
        tags: ["媒体"],
        summary: "可选头像（SVG，程序绘制）",
        params: z.object({
          file: z.string().regex(/^[a-z]{1,12}\.svg$/, "头像文件名无效"),
        }),
      },
    },
    async (request, reply) => {
      const svg = drawnAvatarSvg(request.params.file.slice(0, -".svg".length));
      if (!svg) throw new NotFoundError("头像不存在");
      return reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(svg);
    },
  );
}
