import multipart from "@fastify/multipart";
import {
  COMMUNITY_API,
  circleIdParams,
  circleList,
  circlePage,
  comment,
  commentList,
  featuredReaders,
  mediaFileParams,
  membership,
  membershipBody,
  moderationBody,
  moderationQuery,
  moderationQueue,
  newCommentBody,
  newPostBody,
  pageQuery,
  post,
  postIdParams,
  postLikeBody,
  postLikeStatus,
  postList,
  postListQuery,
  reportBody,
  reportResult,
  uploadedImage,
} from "@tongjian/contracts/community";
import { IMAGE_MAX_BYTES } from "@tongjian/domain/community-rules";
import { ServiceError } from "@tongjian/services/service-error";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { oneImageUploadError as uploadError } from "../upload-errors.ts";

const tags = ["社区"];
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The community's API (issue 16): circles and membership, posts, comments, likes, reports,
 * image uploads, the moderation queue, featured readers, and the stored images themselves.
 */
export function registerCommunityRoutes(app: TypedApp, { services }: AppDeps) {
  const { community } = services;

  app.get(
    `${COMMUNITY_API}/n/circles`,
    {
      schema: {
        tags,
        summary: "全部圈子（已登录时标出已加入的）",
        querystring: pageQuery,
        response: replies(circleList),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await community.circles({ ...request.query, viewer: request.viewer }));
    },
  );

  app.get(
    `${COMMUNITY_API}/n/circle/:id`,
    {
      schema: {
        tags,
        summary: "圈子详情；userId 为分享它的成员（group-share）",
        params: circleIdParams,
        querystring: z.object({
          userId: z
            .string()
            .regex(/^[0-9a-f]{24}$/, "userId 无效")
            .optional(),
        }),
        response: replies(circlePage),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(
        await community.circle({
          id: request.params.id,
          inviterId: request.query.userId ?? null,
          viewer: request.viewer,
        }),
      );
    },
  );

  app.get(
    `${COMMUNITY_API}/y/my/circles`,
    {
      schema: {
        tags,
        summary: "我加入的圈子（需登录）",
        response: replies(z.array(circleList.shape.list.element)),
      },
    },
    async (request) => ok(await community.myCircles(request.viewer)),
  );

  app.post(
    `${COMMUNITY_API}/y/circle/member`,
    {
      schema: {
        tags,
        summary: "加入或退出圈子（需登录）",
        body: membershipBody,
        response: replies(membership),
      },
    },
    async (request) =>
      ok(
        await community.setMembership({
          circleId: request.body.circleId,
          join: request.body.action === "join",
          viewer: request.viewer,
        }),
      ),
  );

  app.get(
    `${COMMUNITY_API}/n/posts`,
    {
      schema: {
        tags,
        summary: "帖子列表：全部、某圈子、某话题或某位读者的，新的在前",
        querystring: postListQuery,
        response: replies(postList),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await community.posts({ ...request.query, viewer: request.viewer }));
    },
  );

  app.get(
    `${COMMUNITY_API}/n/post/:id`,
    {
      schema: {
        tags,
        summary: "帖子详情（计一次浏览）",
        params: postIdParams,
        response: replies(post),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await community.post({ id: request.params.id, viewer: request.viewer }));
    },
  );

  app.post(
    `${COMMUNITY_API}/y/post`,
    {
      schema: {
        tags,
        summary: "发帖（需登录并已加入圈子；正文按链接模式清洗，#话题# 成为话题）",
        body: newPostBody,
        response: replies(post),
      },
    },
    async (request) => ok(await community.createPost({ ...request.body, viewer: request.viewer })),
  );

  app.get(
    `${COMMUNITY_API}/n/post/:id/comments`,
    {
      schema: {
        tags,
        summary: "帖子的评论，早的在前",
        params: postIdParams,
        querystring: pageQuery,
        response: replies(commentList),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(
        await community.comments({
          postId: request.params.id,
          ...request.query,
          viewer: request.viewer,
        }),
      );
    },
  );

  app.post(
    `${COMMUNITY_API}/y/comment`,
    {
      schema: {
        tags,
        summary: "评论帖子（需登录）",
        body: newCommentBody,
        response: replies(comment),
      },
    },
    async (request) => ok(await community.addComment({ ...request.body, viewer: request.viewer })),
  );

  app.post(
    `${COMMUNITY_API}/y/post/like`,
    {
      schema: {
        tags,
        summary: "点赞或取消（需登录）",
        body: postLikeBody,
        response: replies(postLikeStatus),
      },
    },
    async (request) =>
      ok(
        await community.setLike({
          postId: request.body.postId,
          like: request.body.action === "like" || request.body.action === 1,
          viewer: request.viewer,
        }),
      ),
  );

  app.post(
    `${COMMUNITY_API}/y/post/report`,
    {
      schema: {
        tags,
        summary: "举报帖子（需登录；同一帖子只计一次）",
        body: reportBody,
        response: replies(reportResult),
      },
    },
    async (request) => ok(await community.report({ ...request.body, viewer: request.viewer })),
  );

  app.get(
    `${COMMUNITY_API}/y/moderation/queue`,
    {
      schema: {
        tags,
        summary: "审核队列：被举报、已隐藏或最新的帖子（仅管理员）",
        querystring: moderationQuery,
        response: replies(moderationQueue),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await community.moderationQueue({ ...request.query, viewer: request.viewer }));
    },
  );

  app.post(
    `${COMMUNITY_API}/y/moderation/post`,
    {
      schema: {
        tags,
        summary: "隐藏、恢复或保留帖子（仅管理员；处理其全部举报）",
        body: moderationBody,
        response: replies(z.object({ status: z.enum(["visible", "hidden"]) })),
      },
    },
    async (request) => ok(await community.moderate({ ...request.body, viewer: request.viewer })),
  );

  app.get(
    `${COMMUNITY_API}/n/featured-readers`,
    {
      schema: {
        tags,
        summary: "大V：在社区里最活跃的读者",
        querystring: z.object({ size: z.coerce.number().int().min(1).max(50).default(20) }),
        response: replies(featuredReaders),
      },
    },
    async (request) => ok(await community.featuredReaders(request.query.size)),
  );

  app.get(
    "/media/community/:file",
    {
      schema: {
        tags,
        summary: "社区图片（上传后重新编码，缩略图为 .thumb）",
        params: mediaFileParams,
      },
    },
    async (request, reply) => {
      const image = await community.image(request.params.file);
      if (!image) throw new ServiceError(404, "图片不存在");
      // A key is never reused for other bytes.
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
    const typed = scope.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>();
    typed.post(
      `${COMMUNITY_API}/y/post/image`,
      {
        bodyLimit: IMAGE_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          summary: "上传一张帖子图片（multipart，字段 file；按内容检查类型、大小与尺寸）",
          response: replies(uploadedImage),
        },
      },
      async (request) => {
        // Login is checked before the file is read (the service checks again).
        if (request.viewer.kind !== "user") {
          return ok(await community.uploadImage({ data: Buffer.alloc(0), viewer: request.viewer }));
        }
        let data: Buffer;
        try {
          const file = await request.file();
          if (!file) throw new ServiceError(400, "请选择要上传的图片");
          data = await file.toBuffer();
        } catch (error) {
          uploadError(error);
        }
        return ok(await community.uploadImage({ data, viewer: request.viewer }));
      },
    );
  });
}
