// `npm run import:images DIR`: attaches real scans of paintings (README "名画与 import:images").
// DIR holds {key or id}.{jpg,png,webp,tif} with a {same name}.json sidecar giving its licence;
// each is checked, cut into tiles and put into the upload storage (UPLOAD_DIR), and the
// painting's page then shows the scan, its licence and credit instead of the drawn stand-in.
import { resolve } from "node:path";
import type { WorkRecord } from "@tongjian/content/content-schema";
import { loadContent } from "@tongjian/content/load-content";
import { importScans, type ScanTarget } from "@tongjian/services/painting/import-scans";
import { paintingId } from "@tongjian/services/painting/paintings.server";
import { createObjectStorage } from "@tongjian/services/storage/create-object-storage";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const dir = process.argv[2];
if (!dir || process.argv.length !== 3) {
  console.error("用法：npm run import:images DIR（DIR 中为 名画键.jpg 与同名的 .json 许可说明）");
  process.exit(2);
}

const config = readServerConfig(process.env);
const bundle = loadContent(resolve(config.contentDir));
const paintings: ScanTarget[] = bundle.entries
  .filter((e) => e.kind === "work")
  .map((e) => ({ entry: e, work: e.record as WorkRecord }))
  .filter(({ work }) => work.category === "绘画" && work.subject && work.size)
  .map(({ entry, work }) => ({
    id: paintingId(entry.key),
    key: entry.key,
    title: entry.name,
    cm: work.size as { width: number; height: number },
  }));

const report = await importScans({
  dir: resolve(dir),
  storage: createObjectStorage(config.uploads),
  paintings,
});
for (const p of report.imported) {
  console.log(`已导入「${p.title}」（${p.key}）：${p.width}×${p.height}，${p.tiles} 块瓦片`);
}
for (const e of report.errors) console.error(`未导入 ${e.file}：${e.message}`);
console.log(`共导入 ${report.imported.length} 幅，${report.errors.length} 个文件有问题`);
console.log("运行中的服务在 30 秒内显示新图像。");
process.exit(report.errors.length > 0 ? 1 : 0);
