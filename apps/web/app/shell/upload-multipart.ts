import { CODE_CSRF, CSRF_HEADER } from "@tongjian/domain/api-codes";
import { ApiRequestError } from "./api-client.ts";

export interface MultipartUpload {
  path: string;
  /** Text fields, sent before the file (the server reads the fields that come before it). */
  fields?: Record<string, string>;
  file: Blob;
  fileName: string;
  timeoutMs: number;
  /** What the reader is told: the thing sent (图片, 录音) names the messages. */
  noun: string;
  csrfToken: (fresh?: boolean) => Promise<string>;
  onProgress: (fraction: number) => void;
}

/**
 * Sends one file as multipart with XMLHttpRequest, whose upload reports progress (fetch does
 * not). Always from the page itself, with its session and CSRF token, also inside the app: the
 * app's network proxy carries JSON only. A refused CSRF token is fetched anew once.
 */
export async function uploadMultipart<T>(upload: MultipartUpload): Promise<T> {
  const { noun, onProgress } = upload;
  const send = (token: string) =>
    new Promise<{
      status: number;
      body: { code?: number; message?: string; data?: unknown } | null;
    }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", upload.path);
      xhr.withCredentials = true;
      xhr.setRequestHeader(CSRF_HEADER, token);
      xhr.responseType = "json";
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.response });
      xhr.onerror = () => reject(new ApiRequestError(0, `网络异常，${noun}没有传上去`, 0));
      xhr.ontimeout = () => reject(new ApiRequestError(0, "上传超时，请重试", 0));
      xhr.timeout = upload.timeoutMs;
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields ?? {})) form.append(name, value);
      form.append("file", upload.file, upload.fileName);
      xhr.send(form);
    });
  let reply = await send(await upload.csrfToken());
  if (reply.body?.code === CODE_CSRF) reply = await send(await upload.csrfToken(true));
  const code = reply.body?.code ?? reply.status;
  if (code !== 200)
    throw new ApiRequestError(
      code,
      reply.body?.message || (reply.status === 413 ? `${noun}太大了` : `${noun}上传失败，请重试`),
      reply.status,
    );
  onProgress(1);
  return reply.body?.data as T;
}
