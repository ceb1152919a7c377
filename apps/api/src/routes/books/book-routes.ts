import multipart from "@fastify/multipart";
import {
  addressBody,
  bookDetail,
  bookLibrary,
  bookListCard,
  bookListDetail,
  bookmark,
  bookmarkBody,
  bookmarkIdParams,
  bookParams,
  challengeInfo,
  chapterParams,
  chapterView,
  donateBookData,
  mergeBody,
  mergeResult,
  pledgeBody,
  postalAddress,
  progressBody,
  progressItem,
  readingNote,
  readingProgress,
  removed,
} from "@tongjian/contracts/books";
import { NOTE_IMAGES_MAX, NOTE_TEXT_MAX } from "@tongjian/domain/books";
import { IMAGE_MAX_BYTES } from "@tongjian/domain/community-rules";
import { ServiceError } from "@tongjian/services/service-error";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { uploadErrors } from "../upload-errors.ts";

const tags = ["书籍与阅读"];

/** What a bad upload is answered with (upload-errors.ts). */
const uploadError: (error: unknown) => never = uploadErrors({
  tooLarge: `每张图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  tooMany: `最多上传 ${NOTE_IMAGES_MAX} 张图片`,
  tooManyFields: "表单字段过多",
  notMultipart: "请以 multipart/form-data 上传读书笔记",
});

/** Books and the reader, the reading challenge (/readbook) and book donation (/donatebooks). */
export function registerBookRoutes(app: TypedApp, { services }: AppDeps) {
  const { books } = services;

  app.get(
    "/api/book/n/library",
    { schema: { tags, summary: "书库：按类别的书、热门书与书单", response: replies(bookLibrary) } },
    async () => ok(await books.library()),
  );

  app.get(
    "/api/book/n/book/:key",
    {
      schema: {
        tags,
        summary: "一本书：作者、年代、简介、目录与所在书单",
        params: bookParams,
        response: replies(bookDetail),
      },
    },
    async (request) => ok(await books.book(request.params.key)),
  );

  app.get(
    "/api/book/n/book/:key/chapter/:n",
    {
      schema: {
        tags,
        summary: "一章正文，附上一章与下一章",
        params: chapterParams,
        response: replies(chapterView),
      },
    },
    async (request) => ok(await books.chapter(request.params.key, request.params.n)),
  );

  app.get(
    "/api/book/n/lists",
    { schema: { tags, summary: "全部书单", response: replies(z.array(bookListCard)) } },
    async () => ok(await books.lists()),
  );

  app.get(
    "/api/book/n/list/:key",
    {
      schema: {
        tags,
        summary: "一个书单及其中的书",
        params: bookParams,
        response: replies(bookListDetail),
      },
    },
    async (request) => ok(await books.list(request.params.key)),
  );

  app.get(
    "/api/book/y/progress",
    {
      schema: {
        tags,
        summary: "读者在各本书中读到的位置（需登录；最近读的在前）",
        response: replies(z.array(progressItem)),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await books.progressList(request.viewer));
    },
  );

  app.get(
    "/api/book/y/progress/:key",
    {
      schema: {
        tags,
        summary: "读者在一本书中读到的位置（需登录；没读过时为 null）",
        params: bookParams,
        response: replies(readingProgress.nullable()),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await books.progress(request.viewer, request.params.key));
    },
  );

  app.post(
    "/api/book/y/progress/:key",
    {
      schema: {
        tags,
        summary: "保存读到的位置：第几章与章内位置 0–1（需登录）",
        params: bookParams,
        body: progressBody,
        response: replies(readingProgress),
      },
    },
    async (request) =>
      ok(await books.saveProgress(request.viewer, request.params.key, request.body)),
  );

  app.post(
    "/api/book/y/merge",
    {
      schema: {
        tags,
        summary: "登录后合并设备上保存的阅读进度与书签（较新的进度优先，同一位置的书签不重复）",
        body: mergeBody,
        response: replies(mergeResult),
      },
    },
    async (request) => ok(await books.merge(request.viewer, request.body)),
  );

  app.get(
    "/api/book/y/bookmarks/:key",
    {
      schema: {
        tags,
        summary: "读者在一本书中的书签（需登录）",
        params: bookParams,
        response: replies(z.array(bookmark)),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await books.bookmarks(request.viewer, request.params.key));
    },
  );

  app.post(
    "/api/book/y/bookmarks/:key",
    {
      schema: {
        tags,
        summary: "添加书签（需登录）",
        params: bookParams,
        body: bookmarkBody,
        response: replies(bookmark),
      },
    },
    async (request) =>
      ok(await books.addBookmark(request.viewer, request.params.key, request.body)),
  );

  app.post(
    "/api/book/y/bookmark/:id/remove",
    {
      schema: {
        tags,
        summary: "删除书签（需登录，只能删除自己的）",
        params: bookmarkIdParams,
        response: replies(removed),
      },
    },
    async (request) => ok(await books.removeBookmark(request.viewer, request.params.id)),
  );

  // --- The reading challenge ---

  app.get(
    "/api/readbook/n/info",
    {
      schema: {
        tags,
        summary: "读书挑战：介绍、共读书目、参与人数，以及当前读者的报名、笔记与地址",
        response: replies(challengeInfo),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await books.challenge(request.viewer));
    },
  );

  app.post(
    "/api/readbook/y/join",
    {
      schema: {
        tags,
        summary: "报名读书挑战（需登录；重复报名无影响）",
        response: replies(challengeInfo),
      },
    },
    async (request) => ok(await books.join(request.viewer)),
  );

  app.post(
    "/api/readbook/y/address",
    {
      schema: {
        tags,
        summary: "填写领奖收货地址（需登录并已报名；省/市/区、详细地址、收件人、手机号，邮编可选）",
        body: addressBody,
        response: replies(postalAddress),
      },
    },
    async (request) => ok(await books.saveAddress(request.viewer, request.body)),
  );

  app.get(
    "/media/readbook/:file",
    {
      schema: {
        tags,
        summary: "读书笔记的图片（服务器重新编码后的副本）",
        params: z.object({ file: z.string().max(80, "文件名过长") }),
      },
    },
    async (request, reply) => {
      const image = await books.noteImage(request.params.file);
      if (!image) throw new ServiceError(404, "图片不存在");
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(image.data);
    },
  );

  // Notes take multipart bodies; only this scope parses them.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: IMAGE_MAX_BYTES,
        files: NOTE_IMAGES_MAX,
        fields: 4,
        parts: NOTE_IMAGES_MAX + 4,
        fieldSize: NOTE_TEXT_MAX * 4 + 1024,
      },
    });
    const typed = scope.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>();
    typed.post(
      "/api/readbook/y/note",
      {
        bodyLimit: NOTE_IMAGES_MAX * IMAGE_MAX_BYTES + 256 * 1024,
        schema: {
          tags,
          summary: `上传读书笔记（multipart：字段 text、可选 book，文件 images 至多 ${NOTE_IMAGES_MAX} 张；按内容检查图片类型与大小，任何一项不合格则什么都不保存）`,
          response: replies(readingNote),
        },
      },
      async (request) => {
        // Login and joining are checked before the files are read (the service checks again).
        await books.mustHaveJoined(request.viewer);
        let text = "";
        let book: string | undefined;
        const images: Buffer[] = [];
        try {
          for await (const part of request.parts()) {
            if (part.type === "file") images.push(await part.toBuffer());
            else if (part.fieldname === "text") text = String(part.value ?? "");
            else if (part.fieldname === "book" && part.value) book = String(part.value);
          }
        } catch (error) {
          uploadError(error);
        }
        return ok(await books.addNote(request.viewer, { text, book, images }));
      },
    );
  });

  // --- Book donation ---

  app.get(
    "/api/donatebooks/n/info",
    {
      schema: {
        tags,
        summary:
          "捐书活动（donateBookData）：activityInfo 活动与进度、booklist 合作学校需要的书、mine 我的认捐",
        response: replies(donateBookData),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await books.donation(request.viewer));
    },
  );

  app.post(
    "/api/donatebooks/y/pledge",
    {
      schema: {
        tags,
        summary: "认捐一本书单上的书，或认领读书时长（分钟）（需登录）",
        body: pledgeBody,
        response: replies(donateBookData),
      },
    },
    async (request) => ok(await books.pledge(request.viewer, request.body)),
  );
}
