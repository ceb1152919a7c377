import { NOTE_IMAGES_MAX } from "@tongjian/domain/books";
import { IMAGE_MAX_BYTES } from "@tongjian/domain/community-rules";

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

/** What is wrong with the chosen files, or null. */
export function filesProblem(files: { type: string; size: number }[]): string | null {
  if (files.length > NOTE_IMAGES_MAX) return `最多上传 ${NOTE_IMAGES_MAX} 张图片`;
  for (const [i, f] of files.entries()) {
    if (!IMAGE_TYPES.includes(f.type))
      return `第 ${i + 1} 张不是图片：只支持 JPEG、PNG、WebP 或 GIF`;
    if (f.size > IMAGE_MAX_BYTES)
      return `第 ${i + 1} 张图片超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  }
  return null;
}
