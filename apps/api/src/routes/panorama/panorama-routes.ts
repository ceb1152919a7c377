import {
  editionParams,
  imageParams,
  imageQuery,
  panoramaEditionView,
  panoramaEntryLists,
  redeemBody,
  redeemResult,
  sceneDetail,
  sceneParams,
} from "@tongjian/contracts/panorama";
import type { SceneImage } from "@tongjian/services/panorama/scene-image.server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["全景"];

/** Answers a scene picture: JPEG, with a validator so a repeat view costs nothing. */
function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: SceneImage,
  cache: "public" | "private",
) {
  const etag = `"${image.width}-${image.body.length}-${image.body.readUInt32BE(image.body.length - 8)}"`;
  reply
    .header("etag", etag)
    // Pictures of open scenes may be kept anywhere; an unlocked scene's only by the reader.
    .header("cache-control", `${cache}, max-age=86400`);
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  return reply.header("content-type", "image/jpeg").send(image.body);
}

/** Panoramas (/panorama, /panorama2022): editions, scenes, their pictures, exchange codes. */
export function registerPanoramaRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/panorama/:lang/:edition",
    {
      schema: {
        tags,
        summary: "全景版本：序言与场景列表（含每个场景对当前读者是否已解锁）",
        params: editionParams,
        response: replies(panoramaEditionView),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await services.panoramas.edition(request.params.edition, request.viewer));
    },
  );

  app.get(
    "/api/panorama/:lang/:edition/people",
    {
      schema: {
        tags,
        summary: "全景中的人物，按场景分组",
        params: editionParams,
        response: replies(panoramaEntryLists),
      },
    },
    async (request) => ok(await services.panoramas.people(request.params.edition, request.viewer)),
  );

  app.get(
    "/api/panorama/:lang/:edition/book",
    {
      schema: {
        tags,
        summary: "与全景场景相关的书籍与作品，按场景分组",
        params: editionParams,
        response: replies(panoramaEntryLists),
      },
    },
    async (request) => ok(await services.panoramas.books(request.params.edition, request.viewer)),
  );

  app.get(
    "/api/panorama/:lang/scene/:key",
    {
      schema: {
        tags,
        summary: "一个全景场景：介绍、热点与全景图地址（未解锁时不含热点与图）",
        params: sceneParams,
        response: replies(sceneDetail),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await services.panoramas.scene(request.params.key, request.viewer));
    },
  );

  app.get(
    "/media/panorama/:file",
    {
      schema: {
        tags,
        summary: "场景全景图（等距柱状投影 JPEG，宽:高 = 2:1，程序绘制）",
        params: imageParams,
        querystring: imageQuery,
      },
    },
    async (request, reply) => {
      const image = await services.panoramas.image(
        request.params.file,
        request.viewer,
        request.query.w,
      );
      return sendImage(
        request,
        reply,
        image,
        request.viewer.kind === "user" ? "private" : "public",
      );
    },
  );

  app.get(
    "/media/panorama/thumb/:file",
    {
      schema: {
        tags,
        summary: "场景缩略图（未解锁的场景为模糊图）",
        params: imageParams,
      },
    },
    async (request, reply) =>
      sendImage(request, reply, await services.panoramas.thumb(request.params.file), "public"),
  );

  app.post(
    "/api/panorama/y/redeem",
    {
      schema: {
        tags,
        summary: "兑换全景兑换码（需登录；一码一次，绑定到当前账号）",
        body: redeemBody,
        response: replies(redeemResult),
      },
    },
    async (request) => ok(await services.panoramas.redeem(request.viewer, request.body.code)),
  );
}
