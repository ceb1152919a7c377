import {
  artistBoard,
  artistDetail,
  boardParams,
  currentPictureParams,
  paintingBoard,
  paintingDetail,
  paintingGallery,
  paintingLangParams,
  paintingList,
  paintingListQuery,
  paintingParams,
  previewParams,
  tileParams,
} from "@tongjian/contracts/painting";
import { NotFoundError } from "@tongjian/services/service-error";
import type { FastifyReply } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["名画"];

/** Tiles and previews are addressed by revision: the same address never changes content. */
function sendJpeg(reply: FastifyReply, body: Buffer) {
  return reply
    .header("content-type", "image/jpeg")
    .header("cache-control", "public, max-age=31536000, immutable")
    .send(body);
}

/** Paintings and artists: gallery, sort lists, billboards, detail, artist, picture tiles. */
export function registerPaintingRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/painting/:lang",
    {
      schema: {
        tags,
        summary: "名画馆首页：精选长卷与按朝代、画科、形制的数量",
        params: paintingLangParams,
        response: replies(paintingGallery),
      },
    },
    async () => ok(await services.paintings.gallery()),
  );

  app.get(
    "/api/painting/:lang/list",
    {
      schema: {
        tags,
        summary: "按朝代、画科或形制列出名画（分页，每页 24 幅）",
        params: paintingLangParams,
        querystring: paintingListQuery,
        response: replies(paintingList),
      },
    },
    async (request) => ok(await services.paintings.list(request.query)),
  );

  app.get(
    "/api/painting/:lang/board/:by",
    {
      schema: {
        tags,
        summary: "名画榜：按点赞数或浏览数排行的前 50 幅",
        params: boardParams,
        response: replies(paintingBoard),
      },
    },
    async (request) => ok(await services.paintings.board(request.params.by)),
  );

  app.get(
    "/api/painting/:lang/artists/board/:by",
    {
      schema: {
        tags,
        summary: "艺术榜单：画家按其名画的点赞数或浏览数之和排行",
        params: boardParams,
        response: replies(artistBoard),
      },
    },
    async (request) => ok(await services.paintings.artistBoard(request.params.by)),
  );

  app.get(
    "/api/painting/:lang/detail/:id",
    {
      schema: {
        tags,
        summary: "一幅名画：作者、朝代、材质、形制、尺寸、收藏处、介绍、相关条目与图像瓦片信息",
        params: paintingParams,
        response: replies(paintingDetail),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await services.paintings.detail(request.params.id));
    },
  );

  app.get(
    "/api/painting/:lang/artist/:id",
    {
      schema: {
        tags,
        summary: "一位画家（人物词条）及其名画",
        params: paintingParams,
        response: replies(artistDetail),
      },
    },
    async (request) => ok(await services.paintings.artist(request.params.id)),
  );

  app.get(
    "/media/painting/:id/:rev/:level/:tile",
    {
      schema: {
        tags,
        summary: "名画图像的一块瓦片（JPEG，512×512；第 0 层为原尺寸，每层减半）",
        params: tileParams,
      },
    },
    async (request, reply) => {
      const { id, rev, level, tile } = request.params;
      return sendJpeg(reply, await services.paintings.tile(id, rev, level, tile[0], tile[1]));
    },
  );

  app.get(
    "/media/painting/:id/:file",
    {
      schema: {
        tags,
        summary:
          "名画当前的整幅小图：跳转（302）到带版本号的 thumb.jpg 或 preview.jpg，供文章卡片等不知道版本号的地方引用",
        params: currentPictureParams,
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const url = await services.paintings.pictureUrl(id, file);
      if (!url) throw new NotFoundError("没有找到这幅画");
      // The version changes when a scan is imported: a short cache, then ask again.
      return reply.header("cache-control", "public, max-age=300").redirect(url, 302);
    },
  );

  app.get(
    "/media/painting/:id/:rev/:file",
    {
      schema: {
        tags,
        summary:
          "名画的整幅小图：preview.jpg 长边至多 1024 像素（小地图），thumb.jpg 至多 360 像素（列表；长卷为卷首 360×180）",
        params: previewParams,
      },
    },
    async (request, reply) => {
      const { id, rev, file } = request.params;
      const body =
        file === "thumb.jpg"
          ? await services.paintings.thumb(id, rev)
          : await services.paintings.preview(id, rev);
      return sendJpeg(reply, body);
    },
  );
}
