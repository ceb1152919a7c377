import multipart from "@fastify/multipart";
import {
  AUDIO_API,
  LIVE_API,
  liveKeyParams,
  liveList,
  liveListQuery,
  liveNoticeList,
  liveReminderList,
  liveSession,
  noticeSeenBody,
  noticeSeenResult,
  recording,
  recordingFileParams,
  recordingIdParams,
  recordingList,
  reminderBody,
  reminderResult,
  VIDEO_API,
  videoDetail,
  videoFileParams,
  videoIdParams,
  videoList,
  videoProgress,
  videoProgressBody,
} from "@tongjian/contracts/video";
import { AUDIO_UPLOAD_MAX_BYTES } from "@tongjian/domain/video-live";
import { ServiceError } from "@tongjian/services/service-error";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { uploadErrors } from "../upload-errors.ts";
import { sendRanged } from "./byte-range.ts";

const tags = ["视频与直播"];
const MB = AUDIO_UPLOAD_MAX_BYTES / 1024 / 1024;

/** What a bad upload is answered with (upload-errors.ts). */
const uploadError: (error: unknown) => never = uploadErrors({
  tooLarge: `录音不能超过 ${MB} MB`,
  tooMany: "一次只能上传一段录音",
  notMultipart: "请以 multipart/form-data 上传录音",
});

/**
 * Videos, live sessions and recordings (issue 19 §4–5): the sample videos' HLS files with
 * Range support, readers' resume positions, the live programme and its reminders, and uploaded
 * recordings.
 */
export function registerVideoLiveRoutes(app: TypedApp, { services }: AppDeps) {
  const { videos, live, audioUploads } = services;

  app.get(
    `${VIDEO_API}/n/list`,
    {
      schema: {
        tags,
        summary: "示意视频列表（项目自制，HLS）",
        querystring: z.object({ young: z.enum(["1", "0"]).optional() }),
        response: replies(videoList),
      },
    },
    async (request) => ok({ list: await videos.list({ young: request.query.young === "1" }) }),
  );

  app.get(
    `${VIDEO_API}/n/video/:id`,
    {
      schema: {
        tags,
        summary: "一个视频；已登录时带上次看到的位置",
        params: videoIdParams,
        response: replies(videoDetail),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await videos.detail(request.params.id, request.viewer));
    },
  );

  app.post(
    `${VIDEO_API}/y/progress`,
    {
      schema: {
        tags,
        summary: "记下看到的位置（需登录；未登录时页面记在本机）",
        body: videoProgressBody,
        response: replies(videoProgress),
      },
    },
    async (request) =>
      ok(
        await videos.saveProgress(
          request.viewer,
          request.body.videoId,
          request.body.positionSeconds,
        ),
      ),
  );

  app.get(
    "/media/video/:id/:file",
    {
      schema: {
        tags,
        summary: "视频文件：HLS 播放列表与分片、WebVTT 字幕、封面（支持 Range）",
        params: videoFileParams,
      },
    },
    async (request, reply) => {
      const file = await videos.file(request.params.id, request.params.file);
      if (!file) throw new ServiceError(404, "视频文件不存在");
      reply
        .header("content-type", file.contentType)
        .header("cache-control", file.cacheControl)
        .header("x-content-type-options", "nosniff");
      return sendRanged(reply, file.data, request.headers.range, "请求的视频范围无效");
    },
  );

  app.get(
    `${LIVE_API}/n/list`,
    {
      schema: {
        tags,
        summary: "直播列表：文史（wenshi）或少儿（young），各带预告/直播中/回放状态",
        querystring: liveListQuery,
        response: replies(liveList),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await live.list(request.query.channel, request.viewer));
    },
  );

  app.get(
    `${LIVE_API}/n/session/:key`,
    {
      schema: {
        tags,
        summary: "一场直播：状态、开始倒计时、直播流或回放、是否已预约",
        params: liveKeyParams,
        response: replies(liveSession),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await live.session(request.params.key, request.viewer));
    },
  );

  app.get(
    `${LIVE_API}/n/stream/:key/index.m3u8`,
    {
      schema: {
        tags,
        summary: "直播中的直播流（HLS 直播播放列表：滑动窗口，无结束标记）；不在直播中时 404",
        params: liveKeyParams,
      },
    },
    async (request, reply) => {
      const m3u8 = await live.stream(request.params.key);
      // A player asks again every few seconds for the newest segments: never a stale window.
      reply
        .header("content-type", "application/vnd.apple.mpegurl")
        .header("cache-control", "no-cache, max-age=0");
      return m3u8;
    },
  );

  app.post(
    `${LIVE_API}/y/reminder`,
    {
      schema: {
        tags,
        summary: "预约或取消直播提醒（需登录）",
        body: reminderBody,
        response: replies(reminderResult),
      },
    },
    async (request) => ok(await live.remind(request.viewer, request.body.key, request.body.remind)),
  );

  app.get(
    `${LIVE_API}/y/reminders`,
    {
      schema: {
        tags,
        summary: "我的直播提醒：尚未结束的直播，各带提醒状态（待提醒/已提醒）与提醒时间（需登录）",
        response: replies(liveReminderList),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await live.reminders(request.viewer));
    },
  );

  app.get(
    `${LIVE_API}/y/notices`,
    {
      schema: {
        tags,
        summary: "站内直播提醒：我预约的、即将开始或正在直播且还没看过的直播（需登录）",
        response: replies(liveNoticeList),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok({ list: await live.notices(request.viewer) });
    },
  );

  app.post(
    `${LIVE_API}/y/notice/seen`,
    {
      schema: {
        tags,
        summary: "站内直播提醒已关闭或已打开：不再显示（需登录）",
        body: noticeSeenBody,
        response: replies(noticeSeenResult),
      },
    },
    async (request) => ok(await live.noticeSeen(request.viewer, request.body.key)),
  );

  app.get(
    `${AUDIO_API}/y/list`,
    {
      schema: { tags, summary: "我上传的录音（需登录）", response: replies(recordingList) },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok({ list: await audioUploads.list(request.viewer) });
    },
  );

  app.post(
    `${AUDIO_API}/y/delete`,
    {
      schema: {
        tags,
        summary: "删除我的一段录音（需登录）",
        body: recordingIdParams,
        response: replies(z.object({ id: z.string(), deleted: z.boolean() })),
      },
    },
    async (request) => ok(await audioUploads.remove(request.viewer, request.body.id)),
  );

  app.get(
    "/media/audio-upload/:file",
    {
      config: { needsLogin: true },
      schema: {
        tags,
        summary: "我上传的一段录音（仅本人可听，支持 Range）",
        params: recordingFileParams,
      },
    },
    async (request, reply) => {
      const file = await audioUploads.file(request.viewer, request.params.file);
      if (!file) throw new ServiceError(404, "录音不存在");
      reply
        .header("content-type", file.contentType)
        .header("cache-control", "private, max-age=3600")
        .header("x-content-type-options", "nosniff");
      return sendRanged(reply, file.data, request.headers.range, "请求的录音范围无效");
    },
  );

  // Uploads take multipart bodies; only this scope parses them.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AUDIO_UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });
    const typed = scope.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>();
    typed.post(
      `${AUDIO_API}/y/upload`,
      {
        bodyLimit: AUDIO_UPLOAD_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          summary:
            "上传一段录音（multipart，字段 file，可选 title；按内容检查类型，并检查大小与时长）",
          response: replies(recording),
        },
      },
      async (request) => {
        // Login is checked before the file is read (the service checks again).
        if (request.viewer.kind !== "user") {
          return ok(await audioUploads.upload({ data: Buffer.alloc(0), viewer: request.viewer }));
        }
        let data: Buffer;
        let title: string | undefined;
        try {
          const file = await request.file();
          if (!file) throw new ServiceError(400, "请选择要上传的录音文件");
          data = await file.toBuffer();
          const field = file.fields.title;
          if (field && !Array.isArray(field) && field.type === "field") title = String(field.value);
        } catch (error) {
          uploadError(error);
        }
        return ok(await audioUploads.upload({ data, title, viewer: request.viewer }));
      },
    );
  });
}
