import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import {
  MAX_PICTURE_SIDE,
  type PictureSize,
  pyramidLevels,
  TILE_SIZE,
  tileGrid,
} from "@tongjian/domain/painting";
import sharp from "sharp";
import type { ObjectStorage } from "../storage/object-storage.ts";
import {
  manifestKey,
  PREVIEW_WIDTH,
  previewKey,
  type ScanManifest,
  tileKey,
} from "./painting-pictures.server.ts";

/**
 * `npm run import:images DIR`: attaches real scans to paintings. DIR holds one image per
 * painting, named by the painting's key or page id (qing-ming-shang-he-tu.jpg), and beside it a
 * sidecar of the same name (.json) giving its licence: { "licence": "CC0", "credit": "…",
 * "source": "https://…" }. Each image is checked (a known painting, a licence, a readable image
 * whose proportions match the painting's size), cut into the tile pyramid and stored; its
 * manifest is written last, so a painting shows its scan only once every tile is in place.
 */

export const SCAN_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".tif", ".tiff"];
/** How far a scan's proportions may stray from the painting's recorded size (mounts, margins). */
export const ASPECT_TOLERANCE = 0.25;
export const MIN_SCAN_SIDE = 256;

export interface ScanTarget {
  id: string;
  key: string;
  title: string;
  cm: { width: number; height: number };
}

export interface ScanImportReport {
  imported: { key: string; title: string; width: number; height: number; tiles: number }[];
  errors: { file: string; message: string }[];
}

interface Sidecar {
  licence: string;
  credit?: string;
  source?: string;
}

function readSidecar(text: string): Sidecar | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return "说明文件不是有效的 JSON";
  }
  if (!raw || typeof raw !== "object") return "说明文件应为一个对象";
  const { licence, credit, source } = raw as Record<string, unknown>;
  if (typeof licence !== "string" || licence.trim().length < 2 || licence.length > 80) {
    return "说明文件缺少 licence（许可，如 CC0、公有领域、CC BY 4.0）";
  }
  if (credit !== undefined && (typeof credit !== "string" || credit.length > 80)) {
    return "credit 应为不超过 80 字的文字";
  }
  if (source !== undefined && (typeof source !== "string" || source.length > 300)) {
    return "source 应为不超过 300 字的地址";
  }
  return {
    licence: licence.trim(),
    ...(typeof credit === "string" ? { credit: credit.trim() } : {}),
    ...(typeof source === "string" ? { source: source.trim() } : {}),
  };
}

export async function importScans(options: {
  dir: string;
  storage: ObjectStorage;
  paintings: ScanTarget[];
}): Promise<ScanImportReport> {
  const report: ScanImportReport = { imported: [], errors: [] };
  const byName = new Map<string, ScanTarget>();
  for (const p of options.paintings) {
    byName.set(p.key, p);
    byName.set(p.id, p);
  }
  const names = (await readdir(options.dir)).sort();
  const images = names.filter((n) => SCAN_EXTENSIONS.includes(extname(n).toLowerCase()));
  if (images.length === 0) {
    report.errors.push({ file: options.dir, message: "文件夹里没有图像（jpg、png、webp、tif）" });
  }
  const seen = new Set<string>();
  for (const file of images) {
    const stem = file.slice(0, -extname(file).length);
    const fail = (message: string) => report.errors.push({ file, message });
    const painting = byName.get(stem);
    if (!painting) {
      fail("文件名不是任何名画的键或编号");
      continue;
    }
    if (seen.has(painting.key)) {
      fail(`「${painting.title}」有不止一个图像`);
      continue;
    }
    seen.add(painting.key);
    const sidecarName = names.find((n) => n === `${stem}.json`);
    if (!sidecarName) {
      fail(`缺少说明文件 ${stem}.json（须写明 licence）`);
      continue;
    }
    const sidecar = readSidecar(await readFile(join(options.dir, sidecarName), "utf8"));
    if (typeof sidecar === "string") {
      fail(sidecar);
      continue;
    }
    const bytes = await readFile(join(options.dir, file));
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      fail("无法读取图像");
      continue;
    }
    if (!meta.width || !meta.height) {
      fail("无法读取图像尺寸");
      continue;
    }
    const rotated = (meta.orientation ?? 1) >= 5;
    let size: PictureSize = rotated
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
    if (Math.min(size.width, size.height) < MIN_SCAN_SIDE) {
      fail(`图像太小：短边至少 ${MIN_SCAN_SIDE} 像素`);
      continue;
    }
    const expected = painting.cm.width / painting.cm.height;
    const actual = size.width / size.height;
    if (Math.abs(Math.log(actual / expected)) > Math.log(1 + ASPECT_TOLERANCE)) {
      fail(
        `图像比例 ${actual.toFixed(2)} 与「${painting.title}」的尺寸比例 ${expected.toFixed(2)} 不符`,
      );
      continue;
    }
    const longest = Math.max(size.width, size.height);
    if (longest > MAX_PICTURE_SIDE) {
      const k = MAX_PICTURE_SIDE / longest;
      size = { width: Math.round(size.width * k), height: Math.round(size.height * k) };
    }
    const rev = `scan-${createHash("sha1").update(bytes).digest("hex").slice(0, 10)}`;
    const levels = pyramidLevels(size);
    let tiles = 0;
    for (const [level, levelSize] of levels.entries()) {
      const raw = await sharp(bytes, { limitInputPixels: false })
        .rotate()
        .resize(levelSize.width, levelSize.height, { fit: "fill" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { cols, rows } = tileGrid(levelSize);
      for (let row = 0; row < rows; row++) {
        for (let col = 0; col < cols; col++) {
          const left = col * TILE_SIZE;
          const top = row * TILE_SIZE;
          const tile = await sharp(raw.data, { raw: raw.info })
            .extract({
              left,
              top,
              width: Math.min(TILE_SIZE, levelSize.width - left),
              height: Math.min(TILE_SIZE, levelSize.height - top),
            })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer();
          await options.storage.put(
            tileKey(painting.key, rev, level, col, row),
            tile,
            "image/jpeg",
          );
          tiles += 1;
        }
      }
    }
    const k = Math.min(1, PREVIEW_WIDTH / Math.max(size.width, size.height));
    const preview = await sharp(bytes, { limitInputPixels: false })
      .rotate()
      .resize(Math.max(1, Math.round(size.width * k)), Math.max(1, Math.round(size.height * k)), {
        fit: "fill",
      })
      .jpeg({ quality: 76, mozjpeg: true })
      .toBuffer();
    await options.storage.put(previewKey(painting.key, rev), preview, "image/jpeg");
    const manifest: ScanManifest = {
      key: painting.key,
      rev,
      width: size.width,
      height: size.height,
      tileSize: TILE_SIZE,
      levels: levels.length,
      licence: sidecar.licence,
      ...(sidecar.credit ? { credit: sidecar.credit } : {}),
      ...(sidecar.source ? { source: sidecar.source } : {}),
    };
    await options.storage.put(
      manifestKey(painting.key),
      Buffer.from(JSON.stringify(manifest, null, 2)),
      "application/json",
    );
    report.imported.push({ key: painting.key, title: painting.title, ...size, tiles });
  }
  return report;
}
