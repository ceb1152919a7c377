import type { UploadedImage } from "@tongjian/contracts/community";
import { COMMUNITY_API } from "@tongjian/domain/community-rules";
import { uploadMultipart } from "../../shell/upload-multipart.ts";

export const IMAGE_UPLOAD_PATH = `${COMMUNITY_API}/y/post/image`;

/** Sends one image of a post, with upload progress (see uploadMultipart). */
export function uploadImage(
  file: Blob,
  csrfToken: (fresh?: boolean) => Promise<string>,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  return uploadMultipart<UploadedImage>({
    path: IMAGE_UPLOAD_PATH,
    file,
    fileName: "image",
    timeoutMs: 120_000,
    noun: "图片",
    csrfToken,
    onProgress,
  });
}
