import {
  musicAudioParams,
  musicBoard,
  musicBoardParams,
  musicBoards,
  musicIdParams,
  musicLanding,
  musicLandingQuery,
  musicLikeBody,
  musicLikeResult,
  musicPerformer,
  musicPieceDetail,
  musicPieces,
  musicPiecesQuery,
  musicPlaylist,
  musicPlayResult,
} from "@tongjian/contracts/music";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { sendBytes } from "../media/byte-range.ts";
import { replies } from "../replies.ts";

const tags = ["音乐"];
const likeParams = z.object({ id: musicIdParams.shape.id });

/** 中国音乐 (/music/*): lists, boards, performers, playlists, plays, likes and the audio files. */
export function registerMusicRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/music/:lang/landing",
    {
      schema: {
        tags,
        summary: "中国音乐首页：焦点曲目（?id 指定）、按类别的曲目、榜单与歌单",
        params: musicIdParams.pick({ lang: true }),
        querystring: musicLandingQuery,
        response: replies(musicLanding),
      },
    },
    async (request) => ok(await services.music.landing(request.query.id)),
  );

  app.get(
    "/api/music/:lang/boards",
    {
      schema: {
        tags,
        summary: "音乐榜单列表，每个榜单附前三名",
        params: musicIdParams.pick({ lang: true }),
        response: replies(musicBoards),
      },
    },
    async () => ok(await services.music.boards()),
  );

  app.get(
    "/api/music/:lang/boards/:key",
    {
      schema: {
        tags,
        summary: "一个音乐榜单的排名（热播、点赞、新曲或某一类别）",
        params: musicBoardParams,
        response: replies(musicBoard),
      },
    },
    async (request) => ok(await services.music.board(request.params.key)),
  );

  app.get(
    "/api/music/:lang/pieces",
    {
      schema: {
        tags,
        summary: "全部曲目（可按类别筛选），分页",
        params: musicIdParams.pick({ lang: true }),
        querystring: musicPiecesQuery,
        response: replies(musicPieces),
      },
    },
    async (request) => ok(await services.music.pieces(request.query)),
  );

  app.get(
    "/api/music/:lang/pieces/:id",
    {
      schema: {
        tags,
        summary: "一首曲目：出处、简谱、歌词（公有领域）、关联词条与合成音频",
        params: musicIdParams,
        response: replies(musicPieceDetail),
      },
    },
    async (request) => ok(await services.music.piece(request.params.id)),
  );

  app.get(
    "/api/music/:lang/performers/:id",
    {
      schema: {
        tags,
        summary: "一位演奏者、作者或一个乐种，及其曲目",
        params: musicIdParams,
        response: replies(musicPerformer),
      },
    },
    async (request) => ok(await services.music.performer(request.params.id)),
  );

  app.get(
    "/api/music/:lang/playlists/:id",
    {
      schema: {
        tags,
        summary: "一个歌单及其曲目",
        params: musicIdParams,
        response: replies(musicPlaylist),
      },
    },
    async (request) => ok(await services.music.playlist(request.params.id)),
  );

  app.post(
    "/api/music/:lang/pieces/:id/play",
    {
      schema: {
        tags,
        summary: "记一次播放（播放器开始播放一首曲目时调用）",
        params: musicIdParams,
        response: replies(musicPlayResult),
      },
    },
    async (request) => ok(await services.music.recordPlay(request.params.id)),
  );

  app.get(
    "/api/music/:lang/pieces/:id/like",
    {
      schema: {
        tags,
        summary: "曲目的点赞数，以及当前读者是否已点赞",
        params: musicIdParams,
        response: replies(musicLikeResult),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await services.music.likeStatus(request.params.id, request.viewer));
    },
  );

  app.post(
    "/api/music/y/pieces/:id/like",
    {
      schema: {
        tags,
        summary: "点赞或取消点赞一首曲目（需登录）",
        params: likeParams,
        body: musicLikeBody,
        response: replies(musicLikeResult),
      },
    },
    async (request) =>
      ok(await services.music.like(request.params.id, request.body.like, request.viewer)),
  );

  app.get(
    "/media/music/:file",
    {
      schema: {
        tags,
        summary: "曲目的合成音频（WAV，支持 Range，返回 206）",
        params: musicAudioParams,
      },
    },
    async (request, reply) => {
      const file = await services.musicAudio.wav(request.params.file);
      reply.header("etag", file.etag).header("cache-control", "public, max-age=86400");
      if (request.headers["if-none-match"] === file.etag) return reply.status(304).send();
      return sendBytes(request, reply, file.body, "audio/wav");
    },
  );
}
