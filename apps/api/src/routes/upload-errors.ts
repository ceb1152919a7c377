import { IMAGE_MAX_BYTES } from "@tongjian/domain/community-rules";
import { ServiceError } from "@tongjian/services/service-error";

/** How one upload call names what went wrong with the form a reader sent. */
export interface UploadMessages {
  /** A file over the size limit. */
  tooLarge: string;
  /** More files or parts than the call takes. */
  tooMany: string;
  /** More fields than the call takes (`tooMany` unless it says otherwise). */
  tooManyFields?: string;
  /** A body that is not multipart/form-data. */
  notMultipart: string;
}

/** A form the parser could not read: no boundary, cut off before its end, malformed parts. */
export const UNREADABLE_FORM = "上传的表单无法读取，请重新选择文件上传";

/**
 * The answer to an error raised while an upload's multipart body is read: @fastify/multipart's
 * limits and content type by their codes, an upload cut off, and whatever else the form's parser
 * throws (busboy's errors for a form without a boundary or one that ends early carry no code) as
 * 400: each comes from the body as it was sent, not from the server. An error of the call's own
 * (no file chosen) passes through.
 */
export function uploadErrors(messages: UploadMessages): (error: unknown) => never {
  const byCode: Record<string, [number, string]> = {
    FST_REQ_FILE_TOO_LARGE: [413, messages.tooLarge],
    FST_FILES_LIMIT: [413, messages.tooMany],
    FST_PARTS_LIMIT: [413, messages.tooMany],
    FST_FIELDS_LIMIT: [413, messages.tooManyFields ?? messages.tooMany],
    FST_INVALID_MULTIPART_CONTENT_TYPE: [415, messages.notMultipart],
    FST_MP_PREMATURE_CLOSE: [400, "上传中断了，请重试"],
  };
  return (error) => {
    if (error instanceof ServiceError) throw error;
    const code = (error as { code?: unknown }).code;
    const known = typeof code === "string" ? byCode[code] : undefined;
    if (known) throw new ServiceError(known[0], known[1]);
    throw new ServiceError(400, UNREADABLE_FORM);
  };
}

/** The answer to a bad upload of one image (a post's picture, a work's picture). */
export const oneImageUploadError: (error: unknown) => never = uploadErrors({
  tooLarge: `图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  tooMany: "一次只能上传一张图片",
  notMultipart: "请以 multipart/form-data 上传图片",
});
