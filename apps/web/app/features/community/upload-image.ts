import type { UploadedImage } from "@tongjian/contracts/community";
import { CODE_CSRF, CSRF_HEADER } from "@tongjian/domain/api-codes";
import { COMMUNITY_API } from "@tongjian/domain/community-rules";
import { ApiRequestError } from "../../shell/api-client.ts";

export const IMAGE_UPLOAD_PATH = `${COMMUNITY_API}/y/post/image`;

/**
 * Sends one image as multipart with XMLHttpRequest, whose upload reports progress (fetch does
 * not). Always from the page itself, with its session and CSRF token, also inside the app: the
 * app's network proxy carries JSON only. A refused CSRF token is fetched anew once.
 */
export async function uploadImage(
  file: Blob,
  csrfToken: (fresh?: boolean) => Promise<string>,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  const send = (token: string) =>
    new Promise<{
      status: number;
      body: { code?: number; message?: string; data?: unknown } | null;
    }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", IMAGE_UPLOAD_PATH);
      xhr.withCredentials = true;
      xhr.setRequestHeader(CSRF_HEADER, token);
      xhr.responseType = "json";
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.response });
      xhr.onerror = () => reject(new ApiRequestError(0, "网络异常，图片没有传上去", 0));
      xhr.ontimeout = () => reject(new ApiRequestError(0, "上传超时，请重试", 0));
      xhr.timeout = 120_000;
      const form = new FormData();
      form.append("file", file, "image");
      xhr.send(form);
    });
  let reply = await send(await csrfToken());
  if (reply.body?.code === CODE_CSRF) reply = await send(await csrfToken(true));
  const code = reply.body?.code ?? reply.status;
  if (code !== 200)
    throw new ApiRequestError(
      code,
      reply.body?.message || (reply.status === 413 ? "图片太大了" : "图片上传失败，请重试"),
      reply.status,
    );
  onProgress(1);
  return reply.body?.data as UploadedImage;
}
