// `npm run panorama:codes -- --count 20 --scene mo-gao-ku-tang [--days 365] [--batch name]`, or
// `--edition panorama2022` for a whole edition: makes exchange codes for the panoramas and prints
// them, one a line. Only their hashes are kept, so this is the one time they are shown: keep the
// output. Uses the database of the server's settings (DATABASE_URL, SQLITE_PATH, DATA_DIR).
import { parseArgs } from "node:util";
import {
  editionScope,
  formatExchangeCode,
  isPanoramaEdition,
  type PanoramaScope,
  sceneScope,
} from "@tongjian/domain/panorama";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const USAGE =
  "用法：npm run panorama:codes -- --count <数量> (--scene <场景键> | --edition panorama|panorama2022) [--days <有效天数，默认 365>] [--batch <批次名>]";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "1" },
    scene: { type: "string" },
    edition: { type: "string" },
    days: { type: "string", default: "365" },
    batch: { type: "string" },
  },
});
let scope: PanoramaScope | null = null;
if (values.scene && !values.edition) scope = sceneScope(values.scene);
else if (values.edition && !values.scene && isPanoramaEdition(values.edition))
  scope = editionScope(values.edition);
if (!scope) {
  console.error(USAGE);
  process.exit(2);
}

const { createDatabase } = await import("@tongjian/db/create-database");
const { migrateToLatest } = await import("@tongjian/db/migrate");
const { createPanoramaRepository } = await import(
  "@tongjian/services/panorama/panorama-repository"
);
const { createPanoramaService } = await import("@tongjian/services/panorama/panoramas.server");
const { createSceneImages } = await import("@tongjian/services/panorama/scene-image.server");
const { createEntryRepository } = await import("@tongjian/services/content/entry-repository");
const { createAttemptLimiter } = await import("@tongjian/services/accounts/attempt-limiter");
const { createDatabaseStore } = await import("@tongjian/services/key-value-repository");
const { ServiceError } = await import("@tongjian/services/service-error");

const config = readServerConfig(process.env);
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
try {
  await migrateToLatest(handle.db);
  const service = createPanoramaService({
    panoramas: createPanoramaRepository(handle.db),
    entries: createEntryRepository(handle.db),
    images: createSceneImages(),
    limiter: createAttemptLimiter(createDatabaseStore(handle.db)),
  });
  const made = await service.createCodes({
    count: Number(values.count),
    scope,
    days: Number(values.days),
    ...(values.batch ? { batch: values.batch } : {}),
  });
  console.error(
    `已生成 ${made.codes.length} 个兑换码（${scope}，批次 ${made.batch}，有效期至 ${made.expiresAt.slice(0, 10)}）。兑换码只显示这一次，请妥善保存：`,
  );
  for (const code of made.codes) console.log(formatExchangeCode(code));
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(
      `${error.message}${error.message.startsWith("没有这个场景") ? "（场景要先载入：npm run db:seed）" : ""}`,
    );
    process.exitCode = 1;
  } else throw error;
} finally {
  await handle.close();
}
