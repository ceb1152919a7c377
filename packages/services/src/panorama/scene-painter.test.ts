import type { PanoramaPicture } from "@tongjian/domain/panorama";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { paintPanoramaSvg, seededRandom } from "./scene-painter.ts";

const picture: PanoramaPicture = {
  key: "test-city",
  palette: "dawn",
  features: [
    { kind: "hill", yaw: 180, width: 120 },
    { kind: "road", yaw: 0 },
    { kind: "wall", from: 300, to: 60 },
    { kind: "gate", yaw: 0 },
    { kind: "pagoda", yaw: 170, tiers: 7 },
    { kind: "water", from: 150, to: 210 },
    { kind: "boats", from: 160, to: 200, sails: true },
    { kind: "trees", from: 80, to: 120, willow: true },
  ],
};

describe("the scene generator", () => {
  it("paints an equirectangular picture twice as wide as it is high", async () => {
    for (const width of [1024, 2048]) {
      const svg = paintPanoramaSvg(picture, width);
      expect(svg).toContain(`width="${width}" height="${width / 2}"`);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.width, meta.height]).toEqual([width, width / 2]);
    }
  });

  it("paints the same scene the same way every time, and another scene otherwise", () => {
    expect(paintPanoramaSvg(picture, 1024)).toBe(paintPanoramaSvg(picture, 1024));
    expect(paintPanoramaSvg({ ...picture, key: "other-city" }, 1024)).not.toBe(
      paintPanoramaSvg(picture, 1024),
    );
    const a = seededRandom("x");
    const b = seededRandom("x");
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it("meets itself behind the viewer: the left and right edges match", async () => {
    const { data, info } = await sharp(Buffer.from(paintPanoramaSvg(picture, 1024)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let differing = 0;
    for (let y = 0; y < info.height; y++) {
      const left = y * info.width * info.channels;
      const right = left + (info.width - 1) * info.channels;
      const diff = Math.abs((data[left] ?? 0) - (data[right] ?? 0));
      if (diff > 40) differing++;
    }
    // A seam would show as rows whose edge pixels differ; anti-aliasing may touch a few.
    expect(differing / info.height).toBeLessThan(0.03);
  });

  it("draws a feature at its yaw: the gate at yaw 0 sits in the middle", () => {
    const svg = paintPanoramaSvg({ ...picture, features: [{ kind: "gate", yaw: 0 }] }, 3600);
    expect(svg).toContain('<g transform="translate(1800,0)">');
  });
});
