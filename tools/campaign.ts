// `npm run campaign -- list`
// `npm run campaign -- create --file <campaign.yaml>`: makes (or replaces) a campaign from a
//   definition in the format of content/campaigns/<key>/campaign.yaml.
// `npm run campaign -- schedule <key> [--preview <时间>] [--starts <时间>] [--ends <时间>]`
// `npm run campaign -- close <key>`: ends it now; its pages stay readable and say it ended.
// Times are dates (China time; an end date means the end of that day) or ISO instants. Uses the
// database of the server's settings (DATABASE_URL, SQLITE_PATH, DATA_DIR). A schedule set here
// is kept when the content is seeded again.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { readServerConfig } from "../apps/api/src/server-config.ts";
import { parseInstant } from "./promotions-cli.ts";

const USAGE = [
  "用法：",
  "  npm run campaign -- list",
  "  npm run campaign -- create --file <campaign.yaml>",
  "  npm run campaign -- schedule <键> [--preview <时间>] [--starts <时间>] [--ends <时间>]",
  "  npm run campaign -- close <键>",
].join("\n");

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    file: { type: "string" },
    preview: { type: "string" },
    starts: { type: "string" },
    ends: { type: "string" },
  },
});
const [command, key] = positionals;
if (!command || !["list", "create", "schedule", "close"].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

const { createDatabase } = await import("@tongjian/db/create-database");
const { migrateToLatest } = await import("@tongjian/db/migrate");
const { createCampaigns } = await import("@tongjian/services/campaigns/campaigns.server");
const { ServiceError } = await import("@tongjian/services/service-error");
const { campaignSchema } = await import("@tongjian/content/campaign-content");
const { parse: parseYaml } = await import("yaml");

const config = readServerConfig(process.env);
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
const refuse = async () => {
  throw new Error("管理命令不发放奖励：读者参与活动时由服务器发放");
};
const campaigns = createCampaigns({
  db: handle.db,
  grants: { vipDays: refuse, coupon: refuse, reissueCards: refuse },
});
const iso = (v: string | undefined, end: boolean) =>
  v === undefined ? undefined : parseInstant(v, end).toISOString();

try {
  await migrateToLatest(handle.db);
  if (command === "list") {
    const labels = {
      upcoming: "预热中",
      running: "进行中",
      ended: "已结束",
      unpublished: "未公布",
    };
    for (const c of await campaigns.list())
      console.log(
        `${c.key.padEnd(24)} ${labels[c.phase]}  ${c.startsAt.slice(0, 10)} → ${c.endsAt.slice(0, 10)}  ${c.title}  ${c.path}`,
      );
  } else if (command === "create") {
    if (!values.file) throw new ServiceError(400, USAGE);
    const parsed = campaignSchema.safeParse(parseYaml(readFileSync(values.file, "utf8")));
    if (!parsed.success)
      throw new ServiceError(
        400,
        parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"),
      );
    const c = parsed.data;
    await campaigns.create({
      key: c.key,
      title: c.title,
      kind: c.kind,
      path: c.path,
      summary: c.summary,
      rules: c.rules,
      previewAt: c.previewAt ? new Date(c.previewAt).toISOString() : null,
      startsAt: new Date(c.startsAt).toISOString(),
      endsAt: new Date(c.endsAt).toISOString(),
      limits: c.limits,
      rewards: c.rewards,
      share: c.share,
    });
    console.log(`已创建活动「${c.title}」（${c.key}），页面：${c.path}`);
  } else if (!key) {
    throw new ServiceError(400, USAGE);
  } else if (command === "schedule") {
    await campaigns.schedule(key, {
      ...(values.preview !== undefined ? { previewAt: iso(values.preview, false) ?? null } : {}),
      ...(values.starts !== undefined ? { startsAt: iso(values.starts, false) } : {}),
      ...(values.ends !== undefined ? { endsAt: iso(values.ends, true) } : {}),
    });
    console.log(`已调整活动 ${key} 的时间`);
  } else {
    await campaigns.close(key);
    console.log(`活动 ${key} 已结束；页面仍可查看，并显示活动已结束`);
  }
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await handle.close();
}
