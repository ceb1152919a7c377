import {
  IMAGE_MAX_BYTES,
  IMAGE_STORED_SIDE,
  IMAGE_THUMB_SIDE,
} from "@tongjian/domain/community-rules";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkImage, sniffImageFormat } from "./image-check.ts";

const solid = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 140, g: 47, b: 30, alpha: 0.5 } : { r: 140, g: 47, b: 30 },
    },
  });

async function rejection(data: Buffer) {
  try {
    await checkImage(data);
  } catch (error) {
    return { status: (error as { status: number }).status, message: (error as Error).message };
  }
  throw new Error("accepted");
}

describe("checkImage", () => {
  it("re-encodes a JPEG upright without its EXIF, and makes a square thumbnail", async () => {
    // 300 × 200 stored with orientation 6 (turned 90° clockwise): shown as 200 × 300.
    const input = await solid(300, 200)
      .jpeg()
      .withExif({ IFD0: { Copyright: "someone", Artist: "a reader" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { format, image, thumb } = await checkImage(input);
    expect(format).toBe("jpeg");
    expect(image).toMatchObject({ contentType: "image/jpeg", ext: "jpg", width: 200, height: 300 });
    const stored = await sharp(image.data).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.isProgressive).toBe(true);
    expect(thumb).toMatchObject({ width: IMAGE_THUMB_SIDE, height: IMAGE_THUMB_SIDE });
  });

  it("shrinks large pictures and keeps transparency as PNG", async () => {
    const { image, thumb } = await checkImage(await solid(3000, 1000, true).png().toBuffer());
    expect(image).toMatchObject({ contentType: "image/png", width: IMAGE_STORED_SIDE });
    expect(image.height).toBe(Math.round((IMAGE_STORED_SIDE * 1000) / 3000));
    expect(thumb.contentType).toBe("image/png");
  });

  it("accepts WebP and GIF by their bytes", async () => {
    expect((await checkImage(await solid(40, 40).webp().toBuffer())).format).toBe("webp");
    expect((await checkImage(await solid(40, 40).gif().toBuffer())).format).toBe("gif");
  });

  it("refuses what is not a picture by its content, whatever it is called", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await rejection(svg)).toEqual({
      status: 415,
      message: "只支持 JPEG、PNG、WebP 或 GIF 图片",
    });
    expect((await rejection(Buffer.from("<html>hi</html>"))).status).toBe(415);
    expect(await rejection(Buffer.alloc(0))).toMatchObject({ status: 400 });
    // A JPEG signature on garbage.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await rejection(broken)).toEqual({ status: 400, message: "图片已损坏，无法读取" });
  });

  it("refuses oversized files and dimensions with clear reasons", async () => {
    const big = Buffer.concat([
      await solid(20, 20).jpeg().toBuffer(),
      Buffer.alloc(IMAGE_MAX_BYTES),
    ]);
    expect(await rejection(big)).toEqual({ status: 413, message: "图片不能超过 10 MB" });
    expect((await rejection(await solid(8, 100).png().toBuffer())).message).toMatch(/图片太小/);
    const tall = await solid(20, 12_000).png({ compressionLevel: 9 }).toBuffer();
    expect((await rejection(tall)).message).toMatch(/图片尺寸过大/);
  });

  it("tells formats by their signatures", () => {
    expect(sniffImageFormat(Buffer.from("GIF89a..."))).toBe("gif");
    expect(sniffImageFormat(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImageFormat(Buffer.from("BM......"))).toBeNull();
  });
});
