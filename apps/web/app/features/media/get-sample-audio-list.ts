import { type ApiTransport, callApi } from "../../shell/api-client.ts";
import type { AudioItem } from "./audio-types.ts";

/** The generated sample melodies (apps/api/src/routes/media/sample-audio-routes.ts). */
export async function getSampleAudioList(transport: ApiTransport): Promise<AudioItem[]> {
  const { list } = await callApi<{ list: AudioItem[] }>(
    transport,
    "/api/m/media/sample-audio/list",
  );
  return list;
}
