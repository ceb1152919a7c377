// `npm run import:poetry [-- --all]`: poems and classics from the chinese-poetry package.
// Without --all, the curated part that seeding loads; with it, the whole package (over
// 300,000 poems). Run after `npm run db:seed`, which loads the people the poems link to.
import { importPoetry } from "@tongjian/content/import-poetry";
import { loadContent } from "@tongjian/content/load-content";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--all");
if (unknown.length > 0) {
  console.error(`未知参数：${unknown.join(" ")}\n用法：npm run import:poetry [-- --all]`);
  process.exit(2);
}
const mode = args.includes("--all") ? "all" : "curated";
const config = readServerConfig(process.env);
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });

async function main() {
  await migrateToLatest(handle.db);
  console.log(`导入诗词（${mode === "all" ? "全部" : "精选"}）到 ${handle.target} …`);
  let lastLine = 0;
  let lastCollection = "";
  const summary = await importPoetry(handle, {
    mode,
    readings: loadContent(config.contentDir).poemReadings,
    ...(config.poetryDir ? { dir: config.poetryDir } : {}),
    onProgress: (p) => {
      // A line when a collection is done reading its first file, then one every two seconds.
      if (p.collection === lastCollection && Date.now() - lastLine < 2_000) return;
      lastLine = Date.now();
      lastCollection = p.collection;
      console.log(
        `  ${p.collection} ${p.file}：已读 ${p.read.toLocaleString("en")} 条，已写 ${p.written.toLocaleString("en")} 条`,
      );
    },
  });
  console.log(`完成（含重建搜索索引）：${JSON.stringify(summary)}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => handle.close());
