import {
  isTileOf,
  type PaintingSubject,
  type PictureSize,
  pyramidLevels,
  standInSize,
  TILE_SIZE,
} from "@tongjian/domain/painting";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import type { ObjectStorage } from "../storage/object-storage.ts";
import { standInRegionSvg, standInShapes } from "./stand-in-painter.ts";

/**
 * A painting's picture as a tile pyramid (TILE_SIZE squares, level 0 full size, each next level
 * half): an imported scan when `npm run import:images` attached one (its tiles and manifest in
 * object storage under paintings/{key}/), otherwise the drawn stand-in, its tiles drawn on
 * demand and kept in memory. Tile addresses carry a revision, so they are cached for a year.
 */

export const PREVIEW_WIDTH = 1024;
/** The small picture of lists and cards: at most this many pixels on its long side. */
export const THUMB_WIDTH = 360;

export interface ScanManifest {
  key: string;
  rev: string;
  width: number;
  height: number;
  tileSize: number;
  levels: number;
  licence: string;
  credit?: string;
  source?: string;
}

export interface PictureSpec {
  key: string;
  title: string;
  subject: PaintingSubject;
  medium: string;
  cm: { width: number; height: number };
}

export interface PictureInfo {
  source: "stand-in" | "scan";
  rev: string;
  width: number;
  height: number;
  tileSize: number;
  levels: number;
  licence?: string;
  credit?: string;
}

/** The stand-in's revision: changes when the painter does. */
export const STAND_IN_REV = "s1";

export function manifestKey(key: string) {
  return `paintings/${key}/manifest.json`;
}
export function tileKey(key: string, rev: string, level: number, x: number, y: number) {
  return `paintings/${key}/${rev}/${level}/${x}_${y}.jpg`;
}
export function previewKey(key: string, rev: string) {
  return `paintings/${key}/${rev}/preview.jpg`;
}

export function createPaintingPictures(deps: { storage: ObjectStorage; maxBytes?: number }) {
  const tiles = new LRUCache<string, Buffer>({
    maxSize: deps.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (b) => b.length,
  });
  const drawings = new LRUCache<string, ReturnType<typeof standInShapes>>({ max: 24 });
  const manifests = new LRUCache<string, { manifest: ScanManifest | null }>({
    max: 500,
    ttl: 30_000,
  });
  const pending = new Map<string, Promise<Buffer>>();

  async function manifestOf(key: string): Promise<ScanManifest | null> {
    const hit = manifests.get(key);
    if (hit) return hit.manifest;
    let manifest: ScanManifest | null = null;
    try {
      const stored = await deps.storage.get(manifestKey(key));
      if (stored) manifest = JSON.parse(stored.data.toString("utf8")) as ScanManifest;
    } catch {
      manifest = null;
    }
    manifests.set(key, { manifest });
    return manifest;
  }

  function drawingOf(spec: PictureSpec) {
    let d = drawings.get(spec.key);
    if (!d) {
      d = standInShapes({ ...spec, size: standInSize(spec.cm) });
      drawings.set(spec.key, d);
    }
    return d;
  }

  async function drawRegion(
    spec: PictureSpec,
    region: { x: number; y: number; w: number; h: number },
    out: PictureSize,
    quality: number,
  ) {
    const svg = standInRegionSvg(drawingOf(spec), region, out);
    return sharp(Buffer.from(svg)).jpeg({ quality, mozjpeg: true }).toBuffer();
  }

  function once(id: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const cached = tiles.get(id);
    if (cached) return Promise.resolve(cached);
    const running = pending.get(id);
    if (running) return running;
    const job = make().then(
      (body) => {
        tiles.set(id, body);
        pending.delete(id);
        return body;
      },
      (error: unknown) => {
        pending.delete(id);
        throw error;
      },
    );
    pending.set(id, job);
    return job;
  }

  return {
    /** What the picture of a painting is: its source, size, pyramid and revision. */
    async info(spec: PictureSpec): Promise<PictureInfo> {
      const scan = await manifestOf(spec.key);
      if (scan) {
        return {
          source: "scan",
          rev: scan.rev,
          width: scan.width,
          height: scan.height,
          tileSize: scan.tileSize,
          levels: scan.levels,
          licence: scan.licence,
          ...(scan.credit ? { credit: scan.credit } : {}),
        };
      }
      const size = standInSize(spec.cm);
      return {
        source: "stand-in",
        rev: STAND_IN_REV,
        ...size,
        tileSize: TILE_SIZE,
        levels: pyramidLevels(size).length,
      };
    },

    /** One tile as JPEG, or null when the revision or the tile does not exist. */
    async tile(spec: PictureSpec, rev: string, level: number, x: number, y: number) {
      const info = await this.info(spec);
      if (rev !== info.rev || !isTileOf(info, level, x, y)) return null;
      if (info.source === "scan") {
        return (await deps.storage.get(tileKey(spec.key, rev, level, x, y)))?.data ?? null;
      }
      const levelSize = pyramidLevels(info)[level] as PictureSize;
      const k = 2 ** level;
      const w = Math.min(TILE_SIZE, levelSize.width - x * TILE_SIZE);
      const h = Math.min(TILE_SIZE, levelSize.height - y * TILE_SIZE);
      return once(`${spec.key}:${rev}:${level}:${x}:${y}`, () =>
        drawRegion(
          spec,
          { x: x * TILE_SIZE * k, y: y * TILE_SIZE * k, w: w * k, h: h * k },
          { width: w, height: h },
          78,
        ),
      );
    },

    /** The whole picture at most PREVIEW_WIDTH wide (and tall), or null for a wrong revision. */
    async preview(spec: PictureSpec, rev: string) {
      const info = await this.info(spec);
      if (rev !== info.rev) return null;
      if (info.source === "scan") {
        return (await deps.storage.get(previewKey(spec.key, rev)))?.data ?? null;
      }
      const k = Math.min(1, PREVIEW_WIDTH / Math.max(info.width, info.height));
      const out = {
        width: Math.max(1, Math.round(info.width * k)),
        height: Math.max(1, Math.round(info.height * k)),
      };
      return once(`${spec.key}:${rev}:preview`, () =>
        drawRegion(spec, { x: 0, y: 0, w: info.width, h: info.height }, out, 72),
      );
    },

    /** The whole picture at most THUMB_WIDTH long, for lists; null for a wrong revision. */
    async thumb(spec: PictureSpec, rev: string) {
      const info = await this.info(spec);
      if (rev !== info.rev) return null;
      return once(`${spec.key}:${rev}:thumb`, async () => {
        // A long drawn scroll shows its right end, where it is read from, sharp at 2:1.
        if (info.source === "stand-in" && info.width > info.height * 2) {
          const w = info.height * 2;
          return drawRegion(
            spec,
            { x: info.width - w, y: 0, w, h: info.height },
            { width: THUMB_WIDTH, height: THUMB_WIDTH / 2 },
            70,
          );
        }
        const preview = await this.preview(spec, rev);
        if (!preview) throw new Error(`no preview of ${spec.key}`);
        return sharp(preview)
          .resize(THUMB_WIDTH, THUMB_WIDTH, { fit: "inside" })
          .jpeg({ quality: 70, mozjpeg: true })
          .toBuffer();
      });
    },

    /** Forget a painting's cached manifest (after an import). */
    forget(key: string) {
      manifests.delete(key);
    },
  };
}

export type PaintingPictures = ReturnType<typeof createPaintingPictures>;
