import multipart from "@fastify/multipart";
import {
  myWorks,
  newWorkBody,
  work,
  workIdParams,
  workImage,
  workImageFileParams,
  workKeyParams,
  workLikeStatus,
  workList,
  workListQuery,
  workModerationBody,
  workModerationQuery,
  worksData,
} from "@tongjian/contracts/campaign-works";
import { IMAGE_MAX_BYTES } from "@tongjian/domain/community-rules";
import { ServiceError } from "@tongjian/services/service-error";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { oneImageUploadError as uploadError } from "../upload-errors.ts";
import { campaignDevice, campaignWriteLimit } from "./campaign-routes.ts";

const tags = ["活动"];
const noStore = { "cache-control": "no-store" };
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Readers' works in 文史奖励 and 作品征集 (decision 46): the approved list (newest or most
 * liked), the reader's own works with their status, a work, submitting one with its images,
 * liking, the moderators' queue and decision, the data page's numbers, and the stored images.
 */
export function registerCampaignWorksRoutes(app: TypedApp, { services, config }: AppDeps) {
  const w = services.campaignWorks;

  app.get(
    "/api/m/works/:key",
    {
      schema: {
        tags,
        summary: "已通过审核的作品：最新或最多赞",
        params: workKeyParams,
        querystring: workListQuery,
        response: replies(workList),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await w.list(request.params.key, request.viewer, request.query));
    },
  );
  app.get(
    "/api/m/works/:key/mine",
    {
      schema: {
        tags,
        summary: "我的投稿及审核状态",
        params: workKeyParams,
        response: replies(myWorks),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await w.mine(request.params.key, request.viewer));
    },
  );
  app.get(
    "/api/m/works/:key/data",
    {
      schema: {
        tags,
        summary: "活动数据：作品数、点赞数、每日投稿与点赞、最受欢迎的作品、获奖名单",
        params: workKeyParams,
        response: replies(worksData),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await w.data(request.params.key));
    },
  );
  app.get(
    "/api/m/works/:key/moderation",
    {
      schema: {
        tags,
        summary: "待审核（或已通过、未通过）的作品（仅管理员）",
        params: workKeyParams,
        querystring: workModerationQuery,
        response: replies(z.array(work)),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await w.moderationQueue(request.params.key, request.viewer, request.query.status));
    },
  );
  app.post(
    "/api/m/works/:key/moderation",
    {
      schema: {
        tags,
        summary: "审核作品：通过或不通过（须写理由；仅管理员）",
        params: workKeyParams,
        body: workModerationBody,
        response: replies(work),
      },
    },
    async (request) => ok(await w.moderate(request.params.key, request.viewer, request.body)),
  );
  app.get(
    "/api/m/works/:key/:id",
    {
      schema: {
        tags,
        summary: "作品详情（未通过审核的只给作者与管理员看）",
        params: workIdParams,
        response: replies(work),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await w.work(request.params.key, request.params.id, request.viewer));
    },
  );
  app.post(
    "/api/m/works/:key",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "投稿：标题、正文与至多 9 张已上传的图片（需登录；审核后展示）",
        params: workKeyParams,
        body: newWorkBody,
        response: replies(work),
      },
    },
    async (request, reply) => {
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await w.submit(request.params.key, request.viewer, device, request.body));
    },
  );
  app.post(
    "/api/m/works/:key/:id/like",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "给作品点赞（每人每件一次，投出后不可撤回）",
        params: workIdParams,
        response: replies(workLikeStatus),
      },
    },
    async (request) => ok(await w.like(request.params.key, request.params.id, request.viewer)),
  );

  app.get(
    "/media/works/:file",
    {
      schema: {
        tags,
        summary: "作品图片（上传后重新编码，缩略图为 .thumb）",
        params: workImageFileParams,
      },
    },
    async (request, reply) => {
      const image = await w.image(request.params.file);
      if (!image) throw new ServiceError(404, "图片不存在");
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", IMMUTABLE)
        .header("x-content-type-options", "nosniff")
        .send(image.data);
    },
  );

  // Uploads take multipart bodies; only this scope parses them.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.post(
      "/api/m/works/image",
      {
        bodyLimit: IMAGE_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          summary:
            "上传一张作品图片（multipart，字段 file；按内容检查类型、大小与尺寸，去掉元数据）",
          response: replies(workImage),
        },
      },
      async (request) => {
        // Login is checked before the file is read (the service checks again).
        if (request.viewer.kind !== "user")
          return ok(await w.uploadImage(request.viewer, Buffer.alloc(0)));
        let data: Buffer;
        try {
          const file = await request.file();
          if (!file) throw new ServiceError(400, "请选择要上传的图片");
          data = await file.toBuffer();
        } catch (error) {
          uploadError(error);
        }
        return ok(await w.uploadImage(request.viewer, data));
      },
    );
  });
}
