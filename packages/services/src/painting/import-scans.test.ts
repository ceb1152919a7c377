import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "../storage/local-disk-storage.ts";
import { importScans } from "./import-scans.ts";
import { createPaintingPictures, manifestKey } from "./painting-pictures.server.ts";
import { paintingId } from "./paintings.server.ts";

const QING_MING = {
  id: paintingId("qing-ming-shang-he-tu"),
  key: "qing-ming-shang-he-tu",
  title: "清明上河图",
  cm: { height: 24.8, width: 528 },
};
const XI_SHAN = {
  id: paintingId("xi-shan-xing-lv-tu"),
  key: "xi-shan-xing-lv-tu",
  title: "溪山行旅图",
  cm: { height: 206.3, width: 103.3 },
};
const ZAO_CHUN = {
  id: paintingId("zao-chun-tu"),
  key: "zao-chun-tu",
  title: "早春图",
  cm: { height: 158.3, width: 108.1 },
};

/** A tiny generated "scan": a gradient of the given size. */
async function scan(width: number, height: number, format: "png" | "jpeg" = "png") {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    raw[i * 3] = (i % width) % 256;
    raw[i * 3 + 1] = Math.floor(i / width) % 256;
    raw[i * 3 + 2] = 120;
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

describe("import:images", () => {
  it("cuts a licensed scan into the tile pyramid and the painting then shows it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tj-scans-"));
    const root = mkdtempSync(join(tmpdir(), "tj-storage-"));
    // 清明上河图 by key: 5,600 × 264 keeps its proportions (21.3 : 1).
    writeFileSync(join(dir, "qing-ming-shang-he-tu.png"), await scan(5600, 264));
    writeFileSync(
      join(dir, "qing-ming-shang-he-tu.json"),
      JSON.stringify({ licence: "公有领域", credit: "测试扫描" }),
    );
    // 溪山行旅图 by id, but landscape: the wrong picture.
    writeFileSync(join(dir, `${XI_SHAN.id}.jpg`), await scan(600, 300, "jpeg"));
    writeFileSync(join(dir, `${XI_SHAN.id}.json`), JSON.stringify({ licence: "CC0" }));
    // 早春图 without a licence.
    writeFileSync(join(dir, "zao-chun-tu.png"), await scan(300, 440));
    writeFileSync(join(dir, "zao-chun-tu.json"), JSON.stringify({ credit: "无许可" }));
    // A painting that does not exist, and a file that is no image.
    writeFileSync(join(dir, "no-such-painting.png"), await scan(300, 300));
    writeFileSync(join(dir, "notes.txt"), "not an image");

    const storage = createLocalDiskStorage(root);
    const report = await importScans({ dir, storage, paintings: [QING_MING, XI_SHAN, ZAO_CHUN] });
    expect(report.imported).toEqual([
      {
        key: "qing-ming-shang-he-tu",
        title: "清明上河图",
        width: 5600,
        height: 264,
        tiles: 11 + 6 + 3 + 2 + 1,
      },
    ]);
    const byFile = Object.fromEntries(report.errors.map((e) => [e.file, e.message]));
    expect(byFile[`${XI_SHAN.id}.jpg`]).toMatch(/比例/);
    expect(byFile["zao-chun-tu.png"]).toMatch(/licence/);
    expect(byFile["no-such-painting.png"]).toMatch(/不是任何名画/);
    expect(Object.keys(byFile)).toHaveLength(3);
    // Nothing of a refused scan is stored.
    expect(await storage.get(manifestKey("xi-shan-xing-lv-tu"))).toBeNull();

    const pictures = createPaintingPictures({ storage });
    const info = await pictures.info({ ...QING_MING, subject: "风俗", medium: "绢本设色" });
    expect(info).toMatchObject({
      source: "scan",
      width: 5600,
      height: 264,
      levels: 5,
      licence: "公有领域",
      credit: "测试扫描",
    });
    const spec = { ...QING_MING, subject: "风俗" as const, medium: "绢本设色" };
    const tile = await pictures.tile(spec, info.rev, 0, 10, 0);
    expect(await sharp(tile as Buffer).metadata()).toMatchObject({
      width: 5600 - 10 * 512,
      height: 264,
    });
    expect(await pictures.tile(spec, "s1", 0, 0, 0)).toBeNull();
    const preview = await pictures.preview(spec, info.rev);
    expect((await sharp(preview as Buffer).metadata()).width).toBe(1024);
    // 早春图 has no scan: its stand-in stays.
    expect((await pictures.info({ ...ZAO_CHUN, subject: "山水", medium: "绢本水墨" })).source).toBe(
      "stand-in",
    );
  });

  it("reports an empty folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tj-scans-"));
    const storage = createLocalDiskStorage(mkdtempSync(join(tmpdir(), "tj-storage-")));
    const report = await importScans({ dir, storage, paintings: [QING_MING] });
    expect(report.imported).toEqual([]);
    expect(report.errors[0]?.message).toMatch(/没有图像/);
  });
});
