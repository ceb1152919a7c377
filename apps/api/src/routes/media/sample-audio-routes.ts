import { z } from "zod";
import { ApiError, ok } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import { PAGE_DATA } from "../../page-data-routes.ts";
import type { TypedApp } from "../../typed-app.ts";
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
export const SAMPLE_AUDIO_LIST_PATH = "/api/m/media/sample-audio/list";
export const sampleAudioUrl = (key: string) => `/media/sample-audio/${key}.wav`;

const sampleItem = z.object({
  key: z.string(),
  name: z.string(),
  songName: z.string(),
  author: z.string(),
  /** Seconds (spec §3); the player works in milliseconds. */
  duration: z.number().int(),
  musicUrl: z.string(),
  preview: z.boolean(),
  synthetic: z.literal(true),
  description: z.string(),
});

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), message: z.string(), data });

// Computed once per process: a few hundred kilobytes each, and the same bytes every time.
const rendered = new Map<string, Buffer>();

function wavFor(sample: SampleAudio): Buffer {
  let wav = rendered.get(sample.key);
  if (!wav) {
    wav = synthesiseMelody({ seed: sample.key, seconds: sample.seconds, mode: sample.mode });
    rendered.set(sample.key, wav);
  }
  return wav;
}

/** A single `bytes=a-b` range (what media elements send), or null for the whole file. */
function parseRange(header: string | undefined, size: number): [number, number] | null | "bad" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // Several ranges or another unit: answer with the whole file.
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return "bad";
  let start: number;
  let end: number;
  if (from === "") {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  return start > end || start >= size ? "bad" : [start, end];
}

export function registerSampleAudioRoutes(app: TypedApp, _deps: AppDeps) {
  app.get(
    SAMPLE_AUDIO_LIST_PATH,
    {
      config: PAGE_DATA,
      schema: {
        response: { 200: envelope(z.object({ list: z.array(sampleItem) })) },
      },
    },
    async () =>
      ok({
        list: SAMPLE_AUDIO.map((s) => ({
          key: s.key,
          name: s.title,
          songName: s.title,
          author: SAMPLE_AUDIO_AUTHOR,
          duration: s.seconds,
          musicUrl: sampleAudioUrl(s.key),
          preview: s.preview,
          synthetic: true as const,
          description: s.description,
        })),
      }),
  );

  app.get(
    "/media/sample-audio/:name.wav",
    { schema: { params: z.object({ name: z.string().max(64) }) } },
    async (request, reply) => {
      const sample = SAMPLE_AUDIO.find((s) => s.key === request.params.name);
      if (!sample) throw ApiError.notFound("示例音频不存在");
      const wav = wavFor(sample);
      reply
        .header("content-type", "audio/wav")
        .header("cache-control", "public, max-age=86400")
        .header("accept-ranges", "bytes");
      // Media elements ask for byte ranges; answering them lets the player seek.
      const range = parseRange(request.headers.range, wav.byteLength);
      if (range === "bad") {
        return reply
          .status(416)
          .header("content-range", `bytes */${wav.byteLength}`)
          .header("content-type", "application/json; charset=utf-8")
          .send({ code: 416, message: "请求的音频范围无效", data: null });
      }
      if (!range) return reply.send(wav);
      const [start, end] = range;
      return reply
        .status(206)
        .header("content-range", `bytes ${start}-${end}/${wav.byteLength}`)
        .send(wav.subarray(start, end + 1));
    },
  );
}
