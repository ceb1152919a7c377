import { describe, expect, it } from "vitest";
import {
  DETAIL_POPUP_IMAGE_SIZE_PX,
  excludeSvgImages,
  isCdnImageUrl,
  isSvgImage,
  optimizeImageUrl,
  PAINTING_CROP_HEIGHT_PX,
  resizeImageUrl,
  SHARE_THUMBNAIL_SIZE_PX,
  scaledImageSize,
} from "./image-url.ts";

const cdn = { cdnHosts: ["img.tongjian.example"] };
const ENCODE = "quality,q_75/interlace,1";

describe("constants", () => {
  it("match spec §9", () => {
    expect(SHARE_THUMBNAIL_SIZE_PX).toBe(50);
    expect(DETAIL_POPUP_IMAGE_SIZE_PX).toBe(90);
    expect(PAINTING_CROP_HEIGHT_PX).toBe(445);
  });
});

describe("isSvgImage", () => {
  it("detects SVG files and inline SVG", () => {
    expect(isSvgImage("/media/logo.svg")).toBe(true);
    expect(isSvgImage("https://a.example/x/Logo.SVG?v=2#top")).toBe(true);
    expect(isSvgImage("data:image/svg+xml;base64,PHN2Zz4=")).toBe(true);
    expect(isSvgImage("data:image/svg+xml,%3Csvg%3E")).toBe(true);
  });

  it("does not mistake other images for SVG", () => {
    expect(isSvgImage("/media/a.png")).toBe(false);
    expect(isSvgImage("/media/svg.png")).toBe(false);
    expect(isSvgImage("/media/a.png?name=b.svg")).toBe(false);
    expect(isSvgImage("data:image/png;base64,AAAA")).toBe(false);
    expect(isSvgImage("")).toBe(false);
  });

  it("filters SVG out of an image list", () => {
    expect(excludeSvgImages(["/media/a.jpg", "/media/b.svg", "https://x.example/c.png"])).toEqual([
      "/media/a.jpg",
      "https://x.example/c.png",
    ]);
  });
});

describe("isCdnImageUrl", () => {
  it("accepts our media path and configured hosts", () => {
    expect(isCdnImageUrl("/media/painting/1.jpg")).toBe(true);
    expect(isCdnImageUrl("https://img.tongjian.example/a.jpg", cdn)).toBe(true);
    expect(isCdnImageUrl("//IMG.tongjian.example/a.jpg", cdn)).toBe(true);
    expect(isCdnImageUrl("http://img.tongjian.example/a.jpg", cdn)).toBe(true);
  });

  it("rejects other hosts, other paths and special schemes", () => {
    expect(isCdnImageUrl("https://img.tongjian.example/a.jpg")).toBe(false);
    expect(isCdnImageUrl("https://evil.example/a.jpg", cdn)).toBe(false);
    expect(isCdnImageUrl("https://img.tongjian.example.evil.example/a.jpg", cdn)).toBe(false);
    expect(isCdnImageUrl("/static/a.jpg")).toBe(false);
    expect(isCdnImageUrl("media/a.jpg")).toBe(false);
    expect(isCdnImageUrl("data:image/png;base64,AAAA")).toBe(false);
    expect(isCdnImageUrl("blob:https://x.example/123")).toBe(false);
    expect(isCdnImageUrl("")).toBe(false);
    expect(isCdnImageUrl("https://")).toBe(false);
  });
});

describe("scaledImageSize", () => {
  it("doubles numeric sizes and ignores the rest", () => {
    expect(scaledImageSize(90)).toBe(180);
    expect(scaledImageSize("90")).toBe(180);
    expect(scaledImageSize("90px")).toBe(180);
    expect(scaledImageSize(37.5)).toBe(75);
    expect(scaledImageSize(0.3)).toBe(1);
    expect(scaledImageSize("100%")).toBeNull();
    expect(scaledImageSize("auto")).toBeNull();
    expect(scaledImageSize(0)).toBeNull();
    expect(scaledImageSize(-5)).toBeNull();
    expect(scaledImageSize(Number.NaN)).toBeNull();
    expect(scaledImageSize(undefined)).toBeNull();
  });
});

describe("resizeImageUrl", () => {
  it("doubles sizes and adds quality and progressive encoding", () => {
    expect(resizeImageUrl("/media/a.jpg", { width: 90, height: 90 })).toBe(
      `/media/a.jpg?x-oss-process=image/resize,m_lfit,w_180,h_180/${ENCODE}`,
    );
    expect(
      resizeImageUrl(
        "https://img.tongjian.example/a.webp",
        { width: SHARE_THUMBNAIL_SIZE_PX },
        cdn,
      ),
    ).toBe(`https://img.tongjian.example/a.webp?x-oss-process=image/resize,m_lfit,w_100/${ENCODE}`);
  });

  it("crops paintings to cover the box", () => {
    expect(
      resizeImageUrl("/media/p.jpg", { width: 375, height: PAINTING_CROP_HEIGHT_PX, crop: true }),
    ).toBe(`/media/p.jpg?x-oss-process=image/resize,m_fill,w_750,h_890/${ENCODE}`);
    expect(resizeImageUrl("/media/p.jpg", { height: 445, crop: true })).toBe(
      `/media/p.jpg?x-oss-process=image/resize,m_lfit,h_890/${ENCODE}`,
    );
  });

  it("still sets quality when no size is numeric", () => {
    expect(resizeImageUrl("/media/a.jpg", { width: "100%" })).toBe(
      `/media/a.jpg?x-oss-process=image/${ENCODE}`,
    );
  });

  it("keeps other parameters and the fragment, and replaces earlier processing", () => {
    expect(
      resizeImageUrl("/media/a.jpg?v=3&x-oss-process=image/resize,w_10#f", { width: 50 }),
    ).toBe(`/media/a.jpg?v=3&x-oss-process=image/resize,m_lfit,w_100/${ENCODE}#f`);
  });

  it("passes other URLs through unchanged", () => {
    for (const url of [
      "https://other.example/a.jpg",
      "/media/icon.svg",
      "data:image/png;base64,AAAA",
      "static/a.jpg",
      "",
    ]) {
      expect(resizeImageUrl(url, { width: 90, height: 90 }, cdn)).toBe(url);
    }
  });
});

describe("optimizeImageUrl", () => {
  it("adds quality 75 and interlace to PNG and JPG CDN images", () => {
    expect(optimizeImageUrl("/media/a.png")).toBe(`/media/a.png?x-oss-process=image/${ENCODE}`);
    expect(optimizeImageUrl("/media/a.JPG")).toBe(`/media/a.JPG?x-oss-process=image/${ENCODE}`);
    expect(optimizeImageUrl("https://img.tongjian.example/b.jpeg?v=1", cdn)).toBe(
      `https://img.tongjian.example/b.jpeg?v=1&x-oss-process=image/${ENCODE}`,
    );
  });

  it("leaves other formats and hosts alone", () => {
    expect(optimizeImageUrl("/media/a.gif")).toBe("/media/a.gif");
    expect(optimizeImageUrl("/media/a.webp")).toBe("/media/a.webp");
    expect(optimizeImageUrl("/media/a.svg")).toBe("/media/a.svg");
    expect(optimizeImageUrl("https://other.example/a.png", cdn)).toBe(
      "https://other.example/a.png",
    );
    expect(optimizeImageUrl("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
  });
});
