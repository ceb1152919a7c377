import type {
  MusicBoard,
  MusicBoardSummary,
  MusicBoards,
  MusicLanding,
  MusicPerformer,
  MusicPieceDetail,
  MusicPieces,
  MusicPiecesQuery,
  MusicPlaylist,
  MusicTrack,
} from "@tongjian/contracts/music";
import {
  MUSIC_AUDIO_LABEL,
  MUSIC_AUDIO_LICENCE,
  MUSIC_BOARD_SIZE,
  MUSIC_BOARDS,
  MUSIC_GENRES,
  type MusicBoardKey,
  type MusicBoardSpec,
  type MusicGenre,
  type MusicNotationKind,
  type MusicPerformerKind,
} from "@tongjian/domain/music";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { requireSignedIn } from "../accounts/require-login.ts";
import { NotFoundError } from "../service-error.ts";
import type { MusicRepository } from "./music-repository.ts";

/** The stored record of a piece (seed-content.ts writeMusic), less its columns. */
interface PieceData {
  origin: string;
  period: string;
  instrument: string;
  timbre: string;
  performerKeys: string[];
  entries: { id: string; key: string; kind: string; name: string }[];
  lyrics: string[] | null;
  lyricsSource: string | null;
  notation: {
    kind: MusicNotationKind;
    note: string | null;
    key: string;
    meter: string;
    tempo: number;
    score: string;
    seconds: number;
  };
  description: string[];
}

interface PerformerData {
  kind: MusicPerformerKind;
  years: string;
  entry: { id: string; key: string; kind: string; name: string } | null;
  summary: string;
}

interface PlaylistData {
  summary: string;
  pieceKeys: string[];
}

export interface MusicPiece {
  id: string;
  key: string;
  title: string;
  genre: MusicGenre;
  added: string;
  featured: boolean;
  plays: number;
  likes: number;
  data: PieceData;
}

export const musicAudioUrl = (id: string) => `/media/music/${id}.wav`;
const PIECE_NOT_FOUND = "曲目不存在";
const LANDING_GENRE_SIZE = 6;
const BOARD_PREVIEW = 3;

/** Ranks a board's pieces: by its count, ties by the content's order (stable sort). */
export function rankBoard(board: MusicBoardSpec, pieces: readonly MusicPiece[]): MusicPiece[] {
  const pool = board.genre ? pieces.filter((p) => p.genre === board.genre) : [...pieces];
  const score = (p: MusicPiece) =>
    board.rank === "plays" ? p.plays : board.rank === "likes" ? p.likes : 0;
  return pool
    .sort((a, b) => (board.rank === "added" ? b.added.localeCompare(a.added) : score(b) - score(a)))
    .slice(0, MUSIC_BOARD_SIZE);
}

/** 中国音乐: pieces, boards, performers and playlists (/music/*), plays and likes. */
export function createMusicService(deps: { music: MusicRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function load() {
    const [pieceRows, performerRows, playlistRows] = await Promise.all([
      deps.music.pieces(),
      deps.music.performers(),
      deps.music.playlists(),
    ]);
    const performers = performerRows.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      ...(JSON.parse(row.data) as PerformerData),
    }));
    const pieces: MusicPiece[] = pieceRows.map((row) => ({
      id: row.id,
      key: row.key,
      title: row.title,
      genre: row.genre as MusicGenre,
      added: row.added_on,
      featured: row.featured === 1,
      plays: Number(row.play_count),
      likes: Number(row.like_count),
      data: JSON.parse(row.data) as PieceData,
    }));
    const playlists = playlistRows.map((row) => ({
      id: row.id,
      key: row.key,
      title: row.title,
      ...(JSON.parse(row.data) as PlaylistData),
    }));
    const performerByKey = new Map(performers.map((p) => [p.key, p]));
    const pieceByKey = new Map(pieces.map((p) => [p.key, p]));

    const track = (piece: MusicPiece): MusicTrack => {
      const credited = piece.data.performerKeys.flatMap((k) => {
        const p = performerByKey.get(k);
        return p ? [{ id: p.id, name: p.name }] : [];
      });
      return {
        id: piece.id,
        key: piece.key,
        name: piece.title,
        songName: piece.title,
        author: credited.map((p) => p.name).join(" / "),
        musicUrl: musicAudioUrl(piece.id),
        duration: piece.data.notation.seconds,
        genre: piece.genre,
        origin: piece.data.origin,
        period: piece.data.period,
        instrument: piece.data.instrument,
        performers: credited,
        synthetic: true,
        notationKind: piece.data.notation.kind,
        plays: piece.plays,
        likes: piece.likes,
        added: piece.added,
      };
    };

    const detail = (piece: MusicPiece): MusicPieceDetail => {
      const { seconds: _seconds, ...notation } = piece.data.notation;
      return {
        ...track(piece),
        description: piece.data.description,
        lyrics: piece.data.lyrics,
        lyricsSource: piece.data.lyricsSource,
        notation,
        entries: piece.data.entries.map((e) => ({ id: e.id, kind: e.kind, name: e.name })),
        label: MUSIC_AUDIO_LABEL,
        licence: MUSIC_AUDIO_LICENCE,
      };
    };

    const boardSummary = (spec: MusicBoardSpec): MusicBoardSummary => ({
      key: spec.key,
      title: spec.title,
      summary: spec.summary,
      top: rankBoard(spec, pieces).slice(0, BOARD_PREVIEW).map(track),
    });

    return { performers, pieces, playlists, pieceByKey, track, detail, boardSummary };
  }

  const findPiece = (pieces: readonly MusicPiece[], id: string) => {
    const piece = pieces.find((p) => p.id === id);
    if (!piece) throw new NotFoundError(PIECE_NOT_FOUND);
    return piece;
  };

  return {
    /** /music/landing: the piece in focus (?id, else the first featured), genres, boards, lists. */
    async landing(focusId?: string): Promise<MusicLanding> {
      const m = await load();
      const first = m.pieces.find((p) => p.featured) ?? m.pieces[0];
      const focus = focusId ? findPiece(m.pieces, focusId) : first;
      if (!focus) throw new NotFoundError("还没有曲目");
      return {
        featured: m.detail(focus),
        highlights: m.pieces.filter((p) => p.featured && p.id !== focus.id).map(m.track),
        genres: MUSIC_GENRES.map((genre) => ({
          genre,
          pieces: m.pieces
            .filter((p) => p.genre === genre)
            .slice(0, LANDING_GENRE_SIZE)
            .map(m.track),
        })).filter((g) => g.pieces.length > 0),
        boards: MUSIC_BOARDS.map(m.boardSummary),
        playlists: m.playlists.map((l) => ({
          id: l.id,
          title: l.title,
          summary: l.summary,
          count: l.pieceKeys.length,
        })),
        performers: m.performers.map((p) => ({ id: p.id, name: p.name, kind: p.kind })),
        licence: MUSIC_AUDIO_LICENCE,
      };
    },

    async boards(): Promise<MusicBoards> {
      const m = await load();
      return { boards: MUSIC_BOARDS.map(m.boardSummary) };
    },

    async board(key: MusicBoardKey): Promise<MusicBoard> {
      const spec = MUSIC_BOARDS.find((b) => b.key === key);
      if (!spec) throw new NotFoundError("榜单不存在");
      const m = await load();
      return {
        key: spec.key,
        title: spec.title,
        summary: spec.summary,
        list: rankBoard(spec, m.pieces).map(m.track),
      };
    },

    /** Every piece, or a genre's, in the content's order, a page at a time. */
    async pieces(query: MusicPiecesQuery): Promise<MusicPieces> {
      const m = await load();
      const pool = query.genre ? m.pieces.filter((p) => p.genre === query.genre) : m.pieces;
      const from = (query.page - 1) * query.size;
      return {
        page: query.page,
        size: query.size,
        total: pool.length,
        hasMore: from + query.size < pool.length,
        list: pool.slice(from, from + query.size).map(m.track),
      };
    },

    async piece(id: string): Promise<MusicPieceDetail> {
      const m = await load();
      return m.detail(findPiece(m.pieces, id));
    },

    async performer(id: string): Promise<MusicPerformer> {
      const m = await load();
      const performer = m.performers.find((p) => p.id === id);
      if (!performer) throw new NotFoundError("演奏者不存在");
      return {
        id: performer.id,
        key: performer.key,
        name: performer.name,
        kind: performer.kind,
        years: performer.years,
        summary: performer.summary,
        entry: performer.entry
          ? { id: performer.entry.id, kind: performer.entry.kind, name: performer.entry.name }
          : null,
        pieces: m.pieces.filter((p) => p.data.performerKeys.includes(performer.key)).map(m.track),
      };
    },

    async playlist(id: string): Promise<MusicPlaylist> {
      const m = await load();
      const list = m.playlists.find((l) => l.id === id);
      if (!list) throw new NotFoundError("歌单不存在");
      return {
        id: list.id,
        key: list.key,
        title: list.title,
        summary: list.summary,
        pieces: list.pieceKeys.flatMap((k) => {
          const piece = m.pieceByKey.get(k);
          return piece ? [m.track(piece)] : [];
        }),
      };
    },

    /** Counts one play of a piece (the player calls it when a piece starts). */
    async recordPlay(id: string): Promise<{ plays: number }> {
      if (!(await deps.music.pieceExists(id))) throw new NotFoundError(PIECE_NOT_FOUND);
      return { plays: await deps.music.addPlay(id) };
    },

    async likeStatus(id: string, viewer: Viewer) {
      if (!(await deps.music.pieceExists(id))) throw new NotFoundError(PIECE_NOT_FOUND);
      const owner = ownerIdOf(viewer);
      return {
        liked: owner ? await deps.music.liked(id, owner) : false,
        likeNum: await deps.music.likeCount(id),
      };
    },

    async like(id: string, like: boolean, viewer: Viewer) {
      requireSignedIn(viewer, "请先登录后再点赞");
      if (!(await deps.music.pieceExists(id))) throw new NotFoundError(PIECE_NOT_FOUND);
      const owner = ownerIdOf(viewer) as string;
      await deps.music.setLike(id, owner, like, now().toISOString());
      return { liked: like, likeNum: await deps.music.likeCount(id) };
    },

    /** What the synthesiser needs for a piece's audio, or null for an unknown id. */
    async audioSource(id: string) {
      const m = await load();
      const piece = m.pieces.find((p) => p.id === id);
      if (!piece) return null;
      const { notation, timbre } = piece.data;
      return {
        id: piece.id,
        timbre,
        notation: {
          key: notation.key,
          meter: notation.meter,
          tempo: notation.tempo,
          score: notation.score,
        },
      };
    },
  };
}

export type MusicService = ReturnType<typeof createMusicService>;
