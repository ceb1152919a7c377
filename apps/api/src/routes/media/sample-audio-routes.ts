import { sampleAudioFileParams, sampleAudioList } from "@tongjian/contracts/media";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { parseRange } from "./byte-range.ts";

export const SAMPLE_AUDIO_LIST_PATH = "/api/m/media/sample-audio/list";

const tags = ["媒体"];

export function registerSampleAudioRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    SAMPLE_AUDIO_LIST_PATH,
    {
      schema: {
        tags,
        summary: "示例音频列表（程序合成）",
        response: replies(sampleAudioList),
      },
    },
    async () => ok(await services.sampleAudio.list()),
  );

  app.get(
    "/media/sample-audio/:name.wav",
    {
      schema: {
        tags,
        summary: "示例音频文件（WAV，支持 Range）",
        params: sampleAudioFileParams,
      },
    },
    async (request, reply) => {
      const wav = services.sampleAudio.wav(request.params.name);
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
