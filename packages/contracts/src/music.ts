import {
  MUSIC_BOARD_KEYS,
  MUSIC_GENRES,
  MUSIC_NOTATION_KINDS,
  MUSIC_PERFORMER_KINDS,
} from "@tongjian/domain/music";
import { z } from "zod";
import { id, lang, listPage, pageNumber, pageSize } from "./common.ts";

// 中国音乐 (/music/*; issue 19 §2):
//   GET  /api/music/{lang}/landing?id=            genres, featured piece (?id: that piece), boards, playlists
//   GET  /api/music/{lang}/boards                  every board with its first three
//   GET  /api/music/{lang}/boards/{key}            one board, ranked
//   GET  /api/music/{lang}/pieces?genre=&page=&size=  every piece (of a genre), a page at a time
//   GET  /api/music/{lang}/pieces/{id}             one piece: notation, lyrics, linked entries
//   GET  /api/music/{lang}/performers/{id}         a performer or tradition and its pieces
//   GET  /api/music/{lang}/playlists/{id}          a playlist (歌单)
//   POST /api/music/{lang}/pieces/{id}/play        counts one play
//   POST /api/music/y/pieces/{id}/like { like }    likes or unlikes a piece (login)
//   GET  /media/music/{id}.wav                     the piece's synthesised audio (Range → 206)

export const musicBoardKey = z.enum(MUSIC_BOARD_KEYS, { error: "榜单不存在" });

export const musicIdParams = z.object({ lang, id });
export const musicBoardParams = z.object({ lang, key: musicBoardKey });
export const musicLandingQuery = z.object({ id: id.optional() });
export const musicAudioParams = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{24}\.wav$/, "音频地址应为 曲目编号.wav")
    .transform((file) => file.slice(0, -4)),
});
export const musicPiecesQuery = z.object({
  genre: z
    .enum(MUSIC_GENRES, { error: "类别只能是 古琴曲、民歌、戏曲选段、文史歌曲 或 器乐曲" })
    .optional(),
  page: pageNumber.default(1),
  size: pageSize(50).default(20),
});
export type MusicPiecesQuery = z.infer<typeof musicPiecesQuery>;

export const musicLikeBody = z.object({ like: z.boolean({ error: "like 应为 true 或 false" }) });

export const musicEntryRef = z.object({ id, kind: z.string(), name: z.string() });

/**
 * One piece as lists show it, and as the player plays it: the audio item of spec §3 (name,
 * songName, author, musicUrl, duration in seconds) with what the pages show beside it.
 */
export const musicTrack = z.object({
  id,
  key: z.string(),
  name: z.string(),
  songName: z.string(),
  author: z.string(),
  musicUrl: z.string(),
  /** Seconds (spec §3); the player works in milliseconds. */
  duration: z.number().int(),
  genre: z.enum(MUSIC_GENRES),
  origin: z.string(),
  period: z.string(),
  instrument: z.string(),
  performers: z.array(z.object({ id, name: z.string() })),
  /** Every piece's audio is computed from its notation: pages label it 合成. */
  synthetic: z.literal(true),
  notationKind: z.enum(MUSIC_NOTATION_KINDS),
  plays: z.number().int(),
  likes: z.number().int(),
  added: z.string(),
});
export type MusicTrack = z.infer<typeof musicTrack>;

export const musicPieces = listPage(musicTrack);
export type MusicPieces = z.infer<typeof musicPieces>;

export const musicPieceDetail = musicTrack.extend({
  description: z.array(z.string()),
  lyrics: z.array(z.string()).nullable(),
  lyricsSource: z.string().nullable(),
  notation: z.object({
    kind: z.enum(MUSIC_NOTATION_KINDS),
    note: z.string().nullable(),
    key: z.string(),
    meter: z.string(),
    tempo: z.number().int(),
    score: z.string(),
  }),
  entries: z.array(musicEntryRef),
  label: z.string(),
  licence: z.string(),
});
export type MusicPieceDetail = z.infer<typeof musicPieceDetail>;

export const musicBoardSummary = z.object({
  key: musicBoardKey,
  title: z.string(),
  summary: z.string(),
  top: z.array(musicTrack),
});
export type MusicBoardSummary = z.infer<typeof musicBoardSummary>;

export const musicBoard = musicBoardSummary.omit({ top: true }).extend({
  list: z.array(musicTrack),
});
export type MusicBoard = z.infer<typeof musicBoard>;

export const musicBoards = z.object({ boards: z.array(musicBoardSummary) });
export type MusicBoards = z.infer<typeof musicBoards>;

export const musicPlaylistSummary = z.object({
  id,
  title: z.string(),
  summary: z.string(),
  count: z.number().int(),
});

export const musicPlaylist = z.object({
  id,
  key: z.string(),
  title: z.string(),
  summary: z.string(),
  pieces: z.array(musicTrack),
});
export type MusicPlaylist = z.infer<typeof musicPlaylist>;

export const musicPerformer = z.object({
  id,
  key: z.string(),
  name: z.string(),
  kind: z.enum(MUSIC_PERFORMER_KINDS),
  years: z.string(),
  summary: z.string(),
  entry: musicEntryRef.nullable(),
  pieces: z.array(musicTrack),
});
export type MusicPerformer = z.infer<typeof musicPerformer>;

export const musicLanding = z.object({
  featured: musicPieceDetail,
  /** Featured pieces other than the one in focus. */
  highlights: z.array(musicTrack),
  genres: z.array(z.object({ genre: z.enum(MUSIC_GENRES), pieces: z.array(musicTrack) })),
  boards: z.array(musicBoardSummary),
  playlists: z.array(musicPlaylistSummary),
  performers: z.array(z.object({ id, name: z.string(), kind: z.enum(MUSIC_PERFORMER_KINDS) })),
  licence: z.string(),
});
export type MusicLanding = z.infer<typeof musicLanding>;

export const musicPlayResult = z.object({ plays: z.number().int() });
export const musicLikeResult = z.object({ liked: z.boolean(), likeNum: z.number().int() });
