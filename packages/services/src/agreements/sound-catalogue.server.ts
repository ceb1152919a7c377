import type { Database } from "@tongjian/db/database-schema";
import { MUSIC_AUDIO_LABEL } from "@tongjian/domain/music";
import type { LicensedSound } from "@tongjian/domain/sound-licences";
import type { Kysely } from "kysely";
import { SAMPLE_AUDIO } from "../media/sample-audio.server.ts";

/**
 * Every piece of audio the product carries, with its licence (decision 40), read from where the
 * audio itself comes from: the pieces of 中国音乐 in the database (each synthesised from its
 * notation, README "Music audio") and the audio component's sample melodies. Readers' uploads are
 * theirs and are not listed.
 */
export function createSoundCatalogue(deps: { db: Kysely<Database> }) {
  return {
    async sounds(): Promise<LicensedSound[]> {
      const pieces = await deps.db
        .selectFrom("music_piece")
        .select(["id", "title", "genre", "data"])
        .orderBy("sort_key")
        .execute();
      const music: LicensedSound[] = pieces.map((piece) => {
        const kind = (JSON.parse(piece.data) as { notation?: { kind?: string } }).notation?.kind;
        return {
          title: piece.title,
          path: `/music/landing?id=${piece.id}`,
          origin: `${piece.genre} · 依${kind === "示意" ? "示意旋律" : "曲调"}程序${MUSIC_AUDIO_LABEL}`,
          licence: "cc0",
        };
      });
      const samples: LicensedSound[] = SAMPLE_AUDIO.map((audio) => ({
        title: audio.title,
        path: `/audio/detail?name=${audio.key}`,
        origin: `音频组件示例 · 五声音阶程序${MUSIC_AUDIO_LABEL}`,
        licence: "cc0",
      }));
      return [...music, ...samples];
    },
  };
}

export type SoundCatalogue = ReturnType<typeof createSoundCatalogue>;
