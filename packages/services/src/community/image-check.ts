import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  IMAGE_STORED_SIDE,
  IMAGE_THUMB_SIDE,
} from "@tongjian/domain/community-rules";
import sharp, { type Metadata, type Sharp } from "sharp";
import { ServiceError } from "../service-error.ts";

/** An upload refused for what it is, with the status and the reason the reader is told. */
export class ImageRejectedError extends ServiceError {
  constructor(status: 400 | 413 | 415, message: string) {
    super(status, message);
    this.name = "ImageRejectedError";
  }
}

export type ImageFormat = "jpeg" | "png" | "webp" | "gif";

export interface EncodedImage {
  data: Buffer;
  contentType: "image/jpeg" | "image/png";
  ext: "jpg" | "png";
  width: number;
  height: number;
}

export interface CheckedImage {
  /** The uploaded format, told by its bytes. */
  format: ImageFormat;
  /** Upright, at most IMAGE_STORED_SIDE on its longer side, without EXIF or other metadata. */
  image: EncodedImage;
  /** A square IMAGE_THUMB_SIDE crop for lists. */
  thumb: EncodedImage;
}

/**
 * The format by the file's first bytes (its signature), never by its name or the type the
 * browser claims: SVG (which can carry scripts), HTML and anything else are refused here.
 */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "png";
  const head = data.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "gif";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "webp";
  return null;
}

const READ_OPTIONS = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" } as const;

async function encode(pipeline: Sharp, alpha: boolean, quality: number): Promise<EncodedImage> {
  // Metadata (EXIF with its place and camera, ICC aside) is dropped: sharp writes none unless
  // asked to. Pictures with transparency stay PNG; the rest become progressive JPEG.
  const { data, info } = alpha
    ? await pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer({
        resolveWithObject: true,
      })
    : await pipeline
        .jpeg({ quality, progressive: true, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
  return {
    data,
    contentType: alpha ? "image/png" : "image/jpeg",
    ext: alpha ? "png" : "jpg",
    width: info.width,
    height: info.height,
  };
}

/**
 * Checks an uploaded image by its content (type, size, dimensions) and re-encodes it upright
 * without metadata, with a thumbnail: what is stored is never the reader's file itself, so a
 * file that is an image and something else at once loses the something else.
 */
export async function checkImage(data: Buffer): Promise<CheckedImage> {
  if (data.length === 0) throw new ImageRejectedError(400, "图片是空的，请重新选择");
  if (data.length > IMAGE_MAX_BYTES)
    throw new ImageRejectedError(413, `图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  const format = sniffImageFormat(data);
  if (!format) throw new ImageRejectedError(415, "只支持 JPEG、PNG、WebP 或 GIF 图片");

  let meta: Metadata;
  try {
    meta = await sharp(data, READ_OPTIONS).metadata();
  } catch {
    throw new ImageRejectedError(400, "图片已损坏，无法读取");
  }
  if (meta.format !== format && !(format === "jpeg" && meta.format === "jpeg"))
    throw new ImageRejectedError(415, "只支持 JPEG、PNG、WebP 或 GIF 图片");
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (Math.min(width, height) < IMAGE_MIN_SIDE)
    throw new ImageRejectedError(400, `图片太小，宽和高至少 ${IMAGE_MIN_SIDE} 像素`);
  if (Math.max(width, height) > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS)
    throw new ImageRejectedError(
      400,
      `图片尺寸过大：最长边不超过 ${IMAGE_MAX_SIDE} 像素，总像素不超过 ${IMAGE_MAX_PIXELS / 1_000_000} 百万`,
    );

  const alpha = meta.hasAlpha === true;
  try {
    // rotate() without an angle turns the picture upright by its EXIF orientation, which the
    // stored copy no longer carries.
    const image = await encode(
      sharp(data, READ_OPTIONS).rotate().resize({
        width: IMAGE_STORED_SIDE,
        height: IMAGE_STORED_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      }),
      alpha,
      82,
    );
    // Spec §9: list images at quality 75, progressive.
    const thumb = await encode(
      sharp(data, READ_OPTIONS).rotate().resize({
        width: IMAGE_THUMB_SIDE,
        height: IMAGE_THUMB_SIDE,
        fit: "cover",
        position: "attention",
      }),
      alpha,
      75,
    );
    return { format, image, thumb };
  } catch {
    throw new ImageRejectedError(400, "图片已损坏，无法读取");
  }
}
