import type { Recording } from "@tongjian/contracts/video";
import { uploadMultipart } from "../../shell/upload-multipart.ts";

export const RECORDING_UPLOAD_PATH = "/api/audio/y/upload";

/** Sends one recording with its title, with upload progress (see uploadMultipart). */
export function uploadRecording(
  file: Blob,
  title: string,
  csrfToken: (fresh?: boolean) => Promise<string>,
  onProgress: (fraction: number) => void,
): Promise<Recording> {
  return uploadMultipart<Recording>({
    path: RECORDING_UPLOAD_PATH,
    ...(title.trim() ? { fields: { title: title.trim() } } : {}),
    file,
    fileName: "recording",
    timeoutMs: 180_000,
    noun: "录音",
    csrfToken,
    onProgress,
  });
}
