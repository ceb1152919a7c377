import type { Recording } from "@tongjian/contracts/video";
import { CODE_CSRF, CSRF_HEADER } from "@tongjian/domain/api-codes";
import { ApiRequestError } from "../../shell/api-client.ts";

export const RECORDING_UPLOAD_PATH = "/api/audio/y/upload";

/**
 * Sends one recording as multipart with XMLHttpRequest, whose upload reports progress (fetch
 * does not), with the page's session and CSRF token; a refused token is fetched anew once.
 */
export async function uploadRecording(
  file: Blob,
  title: string,
  csrfToken: (fresh?: boolean) => Promise<string>,
  onProgress: (fraction: number) => void,
): Promise<Recording> {
  const send = (token: string) =>
    new Promise<{
      status: number;
      body: { code?: number; message?: string; data?: unknown } | null;
    }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", RECORDING_UPLOAD_PATH);
      xhr.withCredentials = true;
      xhr.setRequestHeader(CSRF_HEADER, token);
      xhr.responseType = "json";
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.response });
      xhr.onerror = () => reject(new ApiRequestError(0, "网络异常，录音没有传上去", 0));
      xhr.ontimeout = () => reject(new ApiRequestError(0, "上传超时，请重试", 0));
      xhr.timeout = 180_000;
      const form = new FormData();
      // The title goes first: the server reads the fields that come before the file.
      if (title.trim()) form.append("title", title.trim());
      form.append("file", file, "recording");
      xhr.send(form);
    });
  let reply = await send(await csrfToken());
  if (reply.body?.code === CODE_CSRF) reply = await send(await csrfToken(true));
  const code = reply.body?.code ?? reply.status;
  if (code !== 200)
    throw new ApiRequestError(
      code,
      reply.body?.message || (reply.status === 413 ? "录音太大了" : "录音上传失败，请重试"),
      reply.status,
    );
  onProgress(1);
  return reply.body?.data as Recording;
}
