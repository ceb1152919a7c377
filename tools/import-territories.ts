// `npm run import:territories FILE`: real territory polygons from a GeoJSON FeatureCollection
// (Cliopatria's layout; properties in packages/content/src/territories/import-territories.ts and
// README "时空地图数据"). A malformed file is rejected whole, naming each feature and field.
// `npm run import:territories -- --remove FILE` removes what was imported from a file of that name.
// Run after `npm run db:seed`, which loads the regimes the features are matched to.
import { resolve } from "node:path";
import {
  importTerritories,
  removeImportedTerritories,
  TerritoryImportError,
} from "@tongjian/content/territories/import-territories";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const USAGE =
  "用法：npm run import:territories FILE.geojson  或  npm run import:territories -- --remove FILE.geojson";
const args = process.argv.slice(2);
const remove = args[0] === "--remove";
const file = remove ? args[1] : args[0];
if (!file || args.length !== (remove ? 2 : 1) || (!remove && file.startsWith("--"))) {
  console.error(USAGE);
  process.exit(2);
}

const config = readServerConfig(process.env);
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });

async function main(path: string) {
  await migrateToLatest(handle.db);
  if (remove) {
    console.log(`已移除 ${await removeImportedTerritories(handle, path)} 条自 ${path} 导入的疆域`);
    return;
  }
  const summary = await importTerritories(handle, resolve(path));
  console.log(
    `已导入 ${summary.imported} 条疆域（${summary.file}${summary.replaced ? `，替换了上次导入的 ${summary.replaced} 条` : ""}）到 ${handle.target}`,
  );
  for (const line of summary.trimmed) console.log(`  年代超出政权年代，已截取：${line}`);
  if (summary.skipped.length > 0) console.log(`  跳过 ${summary.skipped.length} 个要素：`);
  for (const line of summary.skipped.slice(0, 50)) console.log(`    ${line}`);
  if (summary.skipped.length > 50) console.log(`    …另有 ${summary.skipped.length - 50} 个`);
}

main(file)
  .catch((error: unknown) => {
    console.error(error instanceof TerritoryImportError ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => handle.close());
