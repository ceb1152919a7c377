import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { JIANPU_KEYS, JianpuError, parseJianpu } from "@tongjian/domain/jianpu";
import {
  MUSIC_GENRES,
  MUSIC_NOTATION_KINDS,
  MUSIC_PERFORMER_KINDS,
  MUSIC_TIMBRES,
  type MusicGenre,
  type MusicNotationKind,
  type MusicPerformerKind,
  type MusicTimbre,
  musicFileSeconds,
} from "@tongjian/domain/music";
import { z } from "zod";
import { parseKeyedFile } from "./keyed-file.ts";

/**
 * 中国音乐 (content/music.yaml, docs/content-format.md "Music"): performers and traditions, the
 * pieces with their notation, and playlists. Every notation must read as valid jianpu (its audio
 * is synthesised from it), every key must resolve, and lyrics are only kept with their source.
 */
export const MUSIC_FILE = "music.yaml";

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const key = z.string().regex(KEY, "键只能由小写字母、数字和连字符组成");
const text = (min: number, max: number) =>
  z.string().trim().min(min, `至少 ${min} 个字符`).max(max, `至多 ${max} 个字符`);
// Lines of a block are one paragraph: Chinese needs no space where a line was broken.
const paragraphs = (min: number, max: number) =>
  z
    .string()
    .transform((value) =>
      value
        .split(/\n\s*\n/)
        .map((p) =>
          p
            .split("\n")
            .map((line) => line.trim())
            .join(""),
        )
        .filter((p) => p.length > 0),
    )
    .refine((list) => list.join("").length >= min, `至少 ${min} 个字符`)
    .refine((list) => list.join("").length <= max, `至多 ${max} 个字符`);
// Lyrics keep their lines.
const lines = z
  .string()
  .transform((value) =>
    value
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.length <= 24, "歌词应有 1 到 24 行");
const date = z.iso.date("日期写作 YYYY-MM-DD");

const performerSchema = z.strictObject({
  key,
  name: text(1, 20),
  kind: z.enum(MUSIC_PERFORMER_KINDS),
  years: text(1, 30),
  entry: key.optional(),
  summary: text(20, 300),
});

const notationSchema = z.strictObject({
  kind: z.enum(MUSIC_NOTATION_KINDS),
  note: text(4, 120).optional(),
  key: z.enum(JIANPU_KEYS),
  meter: z.string(),
  tempo: z.number().int().min(30).max(240),
  score: z.string().min(1),
});

const pieceSchema = z
  .strictObject({
    key,
    title: text(1, 30),
    genre: z.enum(MUSIC_GENRES),
    origin: text(2, 60),
    period: text(1, 60),
    instrument: text(1, 10),
    timbre: z.enum(MUSIC_TIMBRES),
    performers: z.array(key).min(1, "至少一位演奏者或出处"),
    added: date,
    featured: z.boolean().default(false),
    entries: z.array(key).default([]),
    lyrics: lines.optional(),
    lyricsSource: text(2, 80).optional(),
    notation: notationSchema,
    description: paragraphs(60, 600),
  })
  .refine((p) => (p.lyrics === undefined) === (p.lyricsSource === undefined), {
    message: "歌词与歌词出处须同时给出",
    path: ["lyricsSource"],
  });

const playlistSchema = z.strictObject({
  key,
  title: text(2, 20),
  summary: text(10, 120),
  pieces: z.array(key).min(3, "歌单至少三首"),
});

const musicFileSchema = z.strictObject({
  performers: z.array(performerSchema).min(1),
  pieces: z.array(pieceSchema).min(1),
  playlists: z.array(playlistSchema).default([]),
});

export interface MusicEntryRef {
  id: string;
  key: string;
  kind: string;
  name: string;
}

export interface ContentMusicPerformer {
  id: string;
  key: string;
  name: string;
  kind: MusicPerformerKind;
  years: string;
  entry: MusicEntryRef | null;
  summary: string;
}

export interface ContentMusicNotation {
  kind: MusicNotationKind;
  note: string | null;
  key: string;
  meter: string;
  tempo: number;
  score: string;
  /** Whole seconds of the synthesised file. */
  seconds: number;
}

export interface ContentMusicPiece {
  id: string;
  key: string;
  title: string;
  genre: MusicGenre;
  origin: string;
  period: string;
  instrument: string;
  timbre: MusicTimbre;
  performerKeys: string[];
  added: string;
  featured: boolean;
  entries: MusicEntryRef[];
  lyrics: string[] | null;
  lyricsSource: string | null;
  notation: ContentMusicNotation;
  description: string[];
}

export interface ContentMusicPlaylist {
  id: string;
  key: string;
  title: string;
  summary: string;
  pieceKeys: string[];
}

export interface ContentMusic {
  performers: ContentMusicPerformer[];
  pieces: ContentMusicPiece[];
  playlists: ContentMusicPlaylist[];
}

export interface MusicIssue {
  file: string;
  record: string;
  field: string;
  message: string;
}

/** Stable ids, as for the corpus: the same key gives the same id on every seed. */
export function musicId(kind: "piece" | "performer" | "playlist", k: string): string {
  return createHash("sha1").update(`music-${kind}:${k}`).digest("hex").slice(0, 24);
}

/**
 * The music of a content folder (none when it has no music.yaml), every key resolved. Problems
 * are added to `issues`, each naming the record and field.
 */
export function loadMusic(
  root: string,
  entries: ReadonlyMap<string, MusicEntryRef>,
  issues: MusicIssue[],
): ContentMusic {
  const empty: ContentMusic = { performers: [], pieces: [], playlists: [] };
  const path = join(root, MUSIC_FILE);
  if (!existsSync(path)) return empty;
  return readMusic(readFileSync(path, "utf8"), entries, issues);
}

export function readMusic(
  source: string,
  entries: ReadonlyMap<string, MusicEntryRef>,
  issues: MusicIssue[],
): ContentMusic {
  const empty: ContentMusic = { performers: [], pieces: [], playlists: [] };
  const file = MUSIC_FILE;
  const data = parseKeyedFile(source, musicFileSchema, file, issues);
  if (!data) return empty;

  const resolve = (record: string, field: string, k: string) => {
    const target = entries.get(k);
    if (!target) issues.push({ file, record, field, message: `引用的词条 ${k} 不存在` });
    return target;
  };
  const duplicate = (seen: Set<string>, record: string) => {
    if (seen.has(record)) {
      issues.push({ file, record, field: "key", message: "键重复" });
      return true;
    }
    seen.add(record);
    return false;
  };

  const performerKeys = new Set<string>();
  const performers: ContentMusicPerformer[] = [];
  for (const p of data.performers) {
    if (duplicate(performerKeys, p.key)) continue;
    const entry = p.entry ? resolve(p.key, "entry", p.entry) : undefined;
    performers.push({
      id: musicId("performer", p.key),
      key: p.key,
      name: p.name,
      kind: p.kind,
      years: p.years,
      entry: entry ?? null,
      summary: p.summary,
    });
  }

  const pieceKeys = new Set<string>();
  const pieces: ContentMusicPiece[] = [];
  for (const p of data.pieces) {
    if (duplicate(pieceKeys, p.key)) continue;
    p.performers.forEach((k, i) => {
      if (!performerKeys.has(k))
        issues.push({
          file,
          record: p.key,
          field: `performers.${i}`,
          message: `演奏者 ${k} 不存在`,
        });
    });
    const linked = p.entries.flatMap((k, i) => {
      const entry = resolve(p.key, `entries.${i}`, k);
      return entry ? [entry] : [];
    });
    let seconds = 0;
    try {
      seconds = musicFileSeconds(parseJianpu(p.notation).seconds);
    } catch (error) {
      if (!(error instanceof JianpuError)) throw error;
      issues.push({ file, record: p.key, field: "notation.score", message: error.message });
      continue;
    }
    pieces.push({
      id: musicId("piece", p.key),
      key: p.key,
      title: p.title,
      genre: p.genre,
      origin: p.origin,
      period: p.period,
      instrument: p.instrument,
      timbre: p.timbre,
      performerKeys: p.performers,
      added: p.added,
      featured: p.featured,
      entries: linked,
      lyrics: p.lyrics ?? null,
      lyricsSource: p.lyricsSource ?? null,
      notation: {
        kind: p.notation.kind,
        note: p.notation.note ?? null,
        key: p.notation.key,
        meter: p.notation.meter,
        tempo: p.notation.tempo,
        score: p.notation.score.trim(),
        seconds,
      },
      description: p.description,
    });
  }
  for (const performer of performers) {
    if (!data.pieces.some((p) => p.performers.includes(performer.key)))
      issues.push({ file, record: performer.key, field: "-", message: "没有任何曲目署这位演奏者" });
  }

  const playlistKeys = new Set<string>();
  const playlists: ContentMusicPlaylist[] = [];
  for (const list of data.playlists) {
    if (duplicate(playlistKeys, list.key)) continue;
    list.pieces.forEach((k, i) => {
      if (!pieceKeys.has(k))
        issues.push({ file, record: list.key, field: `pieces.${i}`, message: `曲目 ${k} 不存在` });
    });
    if (new Set(list.pieces).size !== list.pieces.length)
      issues.push({ file, record: list.key, field: "pieces", message: "歌单里有重复的曲目" });
    playlists.push({
      id: musicId("playlist", list.key),
      key: list.key,
      title: list.title,
      summary: list.summary,
      pieceKeys: list.pieces,
    });
  }
  return { performers, pieces, playlists };
}
