// `npm run live:session -- move <key> <开播时间> [时长分钟]` or `… cancel <key>`: moves a live
// session or cancels it (decision 48). The time is `+N` (N minutes from now), `2026-03-05 19:30`
// (Beijing time) or an ISO time. A moved session's reminders go out again before the new start;
// a cancelled one is no longer listed and reminds no one. Uses the database of the server's
// settings (DATABASE_URL, SQLITE_PATH, DATA_DIR).
import { resolve } from "node:path";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import { ServiceError } from "@tongjian/services/service-error";
import { createLiveService } from "@tongjian/services/video/live.server";
import { createVideoService } from "@tongjian/services/video/videos.server";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const USAGE =
  "用法：npm run live:session -- move <直播编号> <开播时间：+分钟数 | 2026-03-05 19:30 | ISO 时间> [时长（分钟）]\n" +
  "      npm run live:session -- cancel <直播编号>";

/** `+N` minutes from now, a Beijing wall-clock time, or an ISO time; null when unreadable. */
export function parseStart(text: string, now: Date): Date | null {
  const relative = /^\+(\d{1,5})$/.exec(text);
  if (relative) return new Date(now.getTime() + Number(relative[1]) * 60_000);
  const beijing = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(text);
  const at = beijing ? Date.parse(`${beijing[1]}T${beijing[2]}:00+08:00`) : Date.parse(text);
  return Number.isNaN(at) ? null : new Date(at);
}

const [command, key, when, rawMinutes] = process.argv.slice(2).filter((a) => a !== "--");
const minutes = rawMinutes === undefined ? undefined : Number(rawMinutes);
const start = when === undefined ? null : parseStart(when, new Date());
if (
  !key ||
  (command !== "move" && command !== "cancel") ||
  (command === "move" &&
    (!start || (minutes !== undefined && !(Number.isInteger(minutes) && minutes > 0))))
) {
  console.error(USAGE);
  process.exit(2);
}
const config = readServerConfig(process.env);
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
const live = createLiveService({
  db: handle.db,
  videos: createVideoService({ db: handle.db, contentDir: resolve(config.contentDir) }),
});
try {
  // As the server does when it starts: a database it has not prepared yet gets its tables.
  await migrateToLatest(handle.db);
  if (command === "cancel") {
    await live.cancel(key);
    console.log(`直播 ${key} 已取消：不再列出，预约的提醒不会发出`);
  } else if (start) {
    const moved = await live.reschedule(key, start, minutes);
    console.log(
      `直播 ${key} 改为 ${new Date(moved.startsAt).toLocaleString("zh-CN", { timeZone: "Asia/Shanghai" })} 开播（至 ${new Date(moved.endsAt).toLocaleString("zh-CN", { timeZone: "Asia/Shanghai" })}），预约的读者会在新的开播时间前收到提醒`,
    );
  }
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await handle.close();
}
