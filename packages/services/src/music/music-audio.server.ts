import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseJianpu } from "@tongjian/domain/jianpu";
import { MUSIC_TIMBRES, type MusicTimbre } from "@tongjian/domain/music";
import { renderMelody } from "../media/music-synth.ts";
import { encodeWav } from "../media/sample-audio-synth.ts";
import { NotFoundError } from "../service-error.ts";
import type { MusicService } from "./music.server.ts";

/** Bumped when the synthesiser's sound changes, so files rendered before are not served. */
const SYNTH_VERSION = 1;
/** Rendered files kept in memory (about a megabyte each); the rest are read from disk. */
const MEMORY_FILES = 24;

export interface MusicAudioFile {
  body: Buffer;
  /** A validator that changes whenever the notation, the timbre or the synthesiser does. */
  etag: string;
}

/**
 * A piece's audio: its notation rendered to WAV once, then kept on disk (`cacheDir`) and the
 * most recent files in memory, so a file is computed once per notation however often it plays.
 */
export function createMusicAudio(deps: { music: MusicService; cacheDir?: string }) {
  const cacheDir = deps.cacheDir ?? join(tmpdir(), "tongjian-music-audio");
  const memory = new Map<string, MusicAudioFile>();
  const pending = new Map<string, Promise<MusicAudioFile>>();

  function remember(hash: string, file: MusicAudioFile) {
    memory.delete(hash);
    memory.set(hash, file);
    while (memory.size > MEMORY_FILES) {
      const oldest = memory.keys().next().value;
      if (oldest === undefined) break;
      memory.delete(oldest);
    }
  }

  async function render(
    hash: string,
    source: NonNullable<Awaited<ReturnType<MusicService["audioSource"]>>>,
  ) {
    const path = join(cacheDir, `${hash}.wav`);
    let body: Buffer;
    try {
      body = readFileSync(path);
    } catch {
      const timbre = (MUSIC_TIMBRES as readonly string[]).includes(source.timbre)
        ? (source.timbre as MusicTimbre)
        : "qin";
      const melody = parseJianpu(source.notation);
      body = encodeWav(renderMelody(melody, source.notation.tempo, timbre));
      try {
        mkdirSync(cacheDir, { recursive: true });
        // Written whole, then renamed: another process never reads half a file.
        const partial = `${path}.${process.pid}.part`;
        writeFileSync(partial, body);
        renameSync(partial, path);
      } catch {
        // A read-only disk only costs a render per process start.
      }
    }
    const file = { body, etag: `"${hash.slice(0, 20)}"` };
    remember(hash, file);
    return file;
  }

  return {
    async wav(id: string): Promise<MusicAudioFile> {
      const source = await deps.music.audioSource(id);
      if (!source) throw new NotFoundError("曲目不存在");
      const hash = createHash("sha1")
        .update(JSON.stringify({ v: SYNTH_VERSION, timbre: source.timbre, ...source.notation }))
        .digest("hex");
      const cached = memory.get(hash);
      if (cached) {
        remember(hash, cached);
        return cached;
      }
      // Several requests for a file not yet rendered share one render.
      let job = pending.get(hash);
      if (!job) {
        job = render(hash, source).finally(() => pending.delete(hash));
        pending.set(hash, job);
      }
      return job;
    },
  };
}

export type MusicAudio = ReturnType<typeof createMusicAudio>;
