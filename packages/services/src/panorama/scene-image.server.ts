import {
  PANORAMA_THUMB_WIDTH,
  type PanoramaImageWidth,
  type PanoramaPicture,
} from "@tongjian/domain/panorama";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { paintPanoramaSvg } from "./scene-painter.ts";

// The scene pictures as JPEG: painted once per scene, width and version, kept in memory (a 4096
// wide scene is ~0.5 MB) and shared by concurrent requests while it is being painted.

export type SceneImageKind = { width: PanoramaImageWidth } | { thumb: true; blur: boolean };

export interface SceneImage {
  body: Buffer;
  width: number;
  height: number;
}

async function render(picture: PanoramaPicture, kind: SceneImageKind): Promise<SceneImage> {
  if ("thumb" in kind) {
    // Painted at 1024 and scaled down: the shapes keep their proportions.
    const svg = paintPanoramaSvg(picture, 1024);
    let image = sharp(Buffer.from(svg)).resize(PANORAMA_THUMB_WIDTH, PANORAMA_THUMB_WIDTH / 2);
    // A locked scene shows only a blurred glimpse.
    if (kind.blur) image = image.blur(9);
    const body = await image.jpeg({ quality: 72, progressive: true }).toBuffer();
    return { body, width: PANORAMA_THUMB_WIDTH, height: PANORAMA_THUMB_WIDTH / 2 };
  }
  const svg = paintPanoramaSvg(picture, kind.width);
  const body = await sharp(Buffer.from(svg))
    .jpeg({ quality: 82, progressive: true, mozjpeg: true })
    .toBuffer();
  return { body, width: kind.width, height: kind.width / 2 };
}

export function createSceneImages(options: { maxBytes?: number } = {}) {
  const cache = new LRUCache<string, SceneImage>({
    maxSize: options.maxBytes ?? 48 * 1024 * 1024,
    sizeCalculation: (image) => image.body.length,
  });
  const painting = new Map<string, Promise<SceneImage>>();
  return {
    /** The picture of a scene; `version` changes when the scene's content does. */
    async get(
      picture: PanoramaPicture,
      kind: SceneImageKind,
      version: string,
    ): Promise<SceneImage> {
      const id = `${picture.key}:${"thumb" in kind ? `thumb${kind.blur ? "-blur" : ""}` : kind.width}:${version}`;
      const cached = cache.get(id);
      if (cached) return cached;
      const pending = painting.get(id);
      if (pending) return pending;
      const job = render(picture, kind).then(
        (image) => {
          cache.set(id, image);
          painting.delete(id);
          return image;
        },
        (error: unknown) => {
          painting.delete(id);
          throw error;
        },
      );
      painting.set(id, job);
      return job;
    },
  };
}

export type SceneImages = ReturnType<typeof createSceneImages>;
