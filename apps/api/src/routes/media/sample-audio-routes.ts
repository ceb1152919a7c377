import { sampleAudioFileParams, sampleAudioList } from "@tongjian/contracts/media";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { sendBytes } from "./byte-range.ts";

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
      reply.header("cache-control", "public, max-age=86400");
      return sendBytes(request, reply, wav, "audio/wav");
    },
  );
}
