import type { SampleAudioList } from "@tongjian/contracts/media";
import { NotFoundError } from "../service-error.ts";
import { type PentatonicDegree, synthesiseMelody } from "./sample-audio-synth.ts";

/**
 * Sample audio for the audio component (spec §2, §3 "Audio item"). No recording ships with the
 * repo, so every sample is a melody computed from its name and says so in its title.
 */
export interface SampleAudio {
  key: string;
  title: string;
  seconds: number;
  mode: PentatonicDegree;
  /** A preview clip (spec §2: the "audition" tag, 试听). */
  preview: boolean;
  description: string;
}

export const SAMPLE_AUDIO: readonly SampleAudio[] = [
  {
    key: "gong",
    title: "示例旋律一（合成音频）",
    seconds: 12,
    mode: "宫",
    preview: false,
    description: "以宫音收束的五声音阶短曲，由程序按名称即时合成，仅作播放功能演示。",
  },
  {
    key: "zhi",
    title: "示例旋律二（合成音频）",
    seconds: 10,
    mode: "徵",
    preview: false,
    description: "以徵音收束的五声音阶短曲，由程序按名称即时合成，仅作播放功能演示。",
  },
  {
    key: "yu",
    title: "示例旋律三（合成音频·试听片段）",
    seconds: 8,
    mode: "羽",
    preview: true,
    description: "以羽音收束的五声音阶短曲，标为试听片段以演示“试听”标记，同样由程序合成。",
  },
];

export const SAMPLE_AUDIO_AUTHOR = "通鉴示例 · 程序合成";
export const sampleAudioUrl = (key: string) => `/media/sample-audio/${key}.wav`;

/** The generated sample melodies: their list and their WAV files. */
export function createSampleAudioService() {
  // Computed once per process: a few hundred kilobytes each, and the same bytes every time.
  const rendered = new Map<string, Buffer>();

  return {
    async list(): Promise<SampleAudioList> {
      return {
        list: SAMPLE_AUDIO.map((s) => ({
          key: s.key,
          name: s.title,
          songName: s.title,
          author: SAMPLE_AUDIO_AUTHOR,
          duration: s.seconds,
          musicUrl: sampleAudioUrl(s.key),
          preview: s.preview,
          synthetic: true,
          description: s.description,
        })),
      };
    },

    /** The WAV file of one sample. */
    wav(key: string): Buffer {
      const sample = SAMPLE_AUDIO.find((s) => s.key === key);
      if (!sample) throw new NotFoundError("示例音频不存在");
      let wav = rendered.get(sample.key);
      if (!wav) {
        wav = synthesiseMelody({ seed: sample.key, seconds: sample.seconds, mode: sample.mode });
        rendered.set(sample.key, wav);
      }
      return wav;
    },
  };
}

export type SampleAudioService = ReturnType<typeof createSampleAudioService>;
