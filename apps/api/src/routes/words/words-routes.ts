import {
  entryNote,
  entryNotesParams,
  entryNotesQuery,
  hideNoteBody,
  likeNoteBody,
  noteHidden,
  noteLikeStatus,
  noteListQuery,
  notePage,
  noteReported,
  reportNoteBody,
  writeNoteBody,
} from "@tongjian/contracts/words";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["字词"];

/** Readers' short notes on entries (/words and the entry page's 短评). */
export function registerWordsRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/words/v1/n/list",
    {
      schema: {
        tags,
        summary: "短评流：最新或最多赞",
        querystring: noteListQuery,
        response: replies(notePage),
      },
    },
    async (request, reply) => {
      // Each note says whether this reader likes it.
      reply.header("cache-control", "no-store");
      return ok(await services.words.list(request.query, request.viewer));
    },
  );

  app.get(
    "/api/words/v1/n/entry/:id",
    {
      schema: {
        tags,
        summary: "一个词条的短评，最新在前",
        params: entryNotesParams,
        querystring: entryNotesQuery,
        response: replies(notePage),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(
        await services.words.ofEntry(
          { entryId: request.params.id, ...request.query },
          request.viewer,
        ),
      );
    },
  );

  app.post(
    "/api/words/v1/y/note",
    {
      schema: {
        tags,
        summary: "写短评（需登录，200 字以内，限频）",
        body: writeNoteBody,
        response: replies(entryNote),
      },
    },
    async (request) =>
      ok(
        await services.words.write(
          { entryId: request.body.entryId, text: request.body.text },
          request.viewer,
        ),
      ),
  );

  app.post(
    "/api/words/v1/y/like",
    {
      schema: {
        tags,
        summary: "点赞或取消点赞短评",
        body: likeNoteBody,
        response: replies(noteLikeStatus),
      },
    },
    async (request) =>
      ok(
        await services.words.like(
          { noteId: request.body.noteId, like: request.body.action === "like" },
          request.viewer,
        ),
      ),
  );

  app.post(
    "/api/words/v1/y/report",
    {
      schema: { tags, summary: "举报短评", body: reportNoteBody, response: replies(noteReported) },
    },
    async (request) =>
      ok(
        await services.words.report(
          { noteId: request.body.noteId, reason: request.body.reason },
          request.viewer,
        ),
      ),
  );

  app.post(
    "/api/words/v1/y/hide",
    {
      schema: {
        tags,
        summary: "隐藏或恢复短评（管理员）",
        body: hideNoteBody,
        response: replies(noteHidden),
      },
    },
    async (request) =>
      ok(
        await services.words.setHidden(
          { noteId: request.body.noteId, hidden: request.body.hidden },
          request.viewer,
        ),
      ),
  );
}
