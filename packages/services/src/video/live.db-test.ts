import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import type { Viewer } from "@tongjian/domain/viewer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../tests/support/test-targets.ts";
import { createLiveService } from "./live.server.ts";
import { programmeStart } from "./live-programme.ts";
import { createVideoService } from "./videos.server.ts";

const anonymous: Viewer = { kind: "anonymous" };
const reader = { kind: "user", userId: "a".repeat(24) } as Viewer;
const LAID_OUT = new Date("2026-03-01T12:00:00.000Z");
const minutes = (n: number) => new Date(LAID_OUT.getTime() + n * 60_000);

describe.each(databaseTargets())("live sessions on a fixed clock on $name", (target) => {
  let handle: ReturnType<typeof createDatabase>;
  let clock = LAID_OUT;
  let live: ReturnType<typeof createLiveService>;
  beforeAll(async () => {
    handle = createDatabase({
      databaseUrl: target.databaseUrl,
      sqlitePath: join(mkdtempSync(join(tmpdir(), "tongjian-live-")), "db.sqlite"),
    });
    await dropAll(handle.db);
    await migrateToLatest(handle.db);
    const videos = createVideoService({ db: handle.db, contentDir: "content" });
    live = createLiveService({
      db: handle.db,
      videos,
      now: () => clock,
      programme: [
        {
          key: "guo-qu",
          channel: "wenshi",
          title: "已结束的一场",
          host: "主讲",
          summary: "结束于布置时刻之前。",
          start: { startMinutes: -120 },
          minutes: 60,
          videoId: "qin-han-da-shi",
        },
        {
          key: "zheng-zai",
          channel: "wenshi",
          title: "正在直播的一场",
          host: "主讲",
          summary: "布置时刻正在进行。",
          start: { startMinutes: -10 },
          minutes: 60,
          videoId: "sui-tang-da-shi",
        },
        {
          key: "jiang-lai",
          channel: "wenshi",
          title: "尚未开始的一场",
          host: "主讲",
          summary: "布置后九十分钟开始。",
          start: { startMinutes: 90 },
          minutes: 30,
          videoId: "song-yuan-da-shi",
        },
      ],
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  const states = async () =>
    Object.fromEntries(
      (await live.list("wenshi", anonymous)).list.map((s) => [s.key, s.state] as const),
    );

  it("lays the programme out from the clock and orders on air, coming, then replays", async () => {
    const { list, serverTime } = await live.list("wenshi", anonymous);
    expect(serverTime).toBe(LAID_OUT.toISOString());
    expect(list.map((s) => [s.key, s.state])).toEqual([
      ["zheng-zai", "直播中"],
      ["jiang-lai", "预告"],
      ["guo-qu", "回放"],
    ]);
    const coming = list[1];
    expect(coming?.startsAt).toBe(minutes(90).toISOString());
    expect(coming?.startsInSeconds).toBe(90 * 60);
    expect(coming?.video).toBe(null);
    expect(list[0]?.video?.id).toBe("sui-tang-da-shi");
    expect(list[2]?.video?.playlistUrl).toBe("/media/video/qin-han-da-shi/index.m3u8");
    expect((await live.list("young", anonymous)).list).toEqual([]);
  });

  it("moves each session through its states as the clock passes its start and end", async () => {
    clock = minutes(49);
    expect(await states()).toEqual({
      "zheng-zai": "直播中",
      "jiang-lai": "预告",
      "guo-qu": "回放",
    });
    clock = minutes(50);
    expect(await states()).toEqual({ "zheng-zai": "回放", "jiang-lai": "预告", "guo-qu": "回放" });
    clock = minutes(90);
    expect(await states()).toEqual({
      "zheng-zai": "回放",
      "jiang-lai": "直播中",
      "guo-qu": "回放",
    });
    expect((await live.session("jiang-lai", anonymous)).startsInSeconds).toBe(0);
    clock = minutes(120);
    expect(await states()).toEqual({ "zheng-zai": "回放", "jiang-lai": "回放", "guo-qu": "回放" });
  });

  it("places day-offset sessions at their Beijing clock time", () => {
    const session = {
      key: "k",
      channel: "wenshi" as const,
      title: "",
      host: "",
      summary: "",
      minutes: 60,
      videoId: "qin-han-da-shi",
    };
    // 2026-03-01T12:00Z is 20:00 in Beijing on 1 March.
    expect(programmeStart({ ...session, start: { day: 2, at: "19:30" } }, LAID_OUT)).toEqual(
      new Date("2026-03-03T11:30:00.000Z"),
    );
    // 2026-03-01T17:00Z is already 2 March in Beijing.
    expect(
      programmeStart(
        { ...session, start: { day: -1, at: "08:00" } },
        new Date("2026-03-01T17:00:00Z"),
      ),
    ).toEqual(new Date("2026-03-01T00:00:00.000Z"));
    expect(
      programmeStart(
        { ...session, start: { startMinutes: -30 } },
        new Date("2026-03-01T12:07:30Z"),
      ),
    ).toEqual(new Date("2026-03-01T11:30:00.000Z"));
  });

  it("keeps the times of a laid-out programme when the service starts again later", async () => {
    clock = minutes(60 * 24 * 7);
    const again = createLiveService({
      db: handle.db,
      videos: createVideoService({ db: handle.db, contentDir: "content" }),
      now: () => clock,
      programme: [],
    });
    const session = await again.session("jiang-lai", anonymous);
    expect(session.startsAt).toBe(minutes(90).toISOString());
    expect(session.state).toBe("回放");
  });

  it("takes reminders only before a session ends", async () => {
    clock = minutes(0);
    expect(await live.remind(reader, "jiang-lai", true)).toEqual({
      key: "jiang-lai",
      reminded: true,
      reminderCount: 1,
      reminderState: "待提醒",
    });
    expect((await live.session("jiang-lai", reader)).reminded).toBe(true);
    expect((await live.session("jiang-lai", reader)).reminderLeadMinutes).toBe(10);
    expect((await live.session("jiang-lai", anonymous)).reminderState).toBe(null);
    expect((await live.session("jiang-lai", anonymous)).reminded).toBe(false);
    await expect(live.remind(reader, "guo-qu", true)).rejects.toMatchObject({ status: 409 });
    await expect(live.remind(anonymous, "jiang-lai", true)).rejects.toMatchObject({ status: 401 });
  });
});
