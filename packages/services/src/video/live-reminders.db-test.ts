import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseHandle } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import { LIVE_REMINDER_MAX_ATTEMPTS } from "@tongjian/domain/video-live";
import type { Viewer } from "@tongjian/domain/viewer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../tests/support/test-targets.ts";
import {
  createSubscribeMessages,
  type SubscribeMessage,
} from "../wechat/subscribe-messages.server.ts";
import { createLiveService } from "./live.server.ts";
import { createLiveReminders, LIVE_REMINDER_CLAIM_MS } from "./live-reminders.server.ts";
import { createVideoService } from "./videos.server.ts";

const START = new Date("2026-03-01T12:00:00.000Z");
const TEMPLATE = "tpl-live";

describe.each(databaseTargets())("live-session reminders on $name", (target) => {
  let handle: DatabaseHandle;
  let clock = START;
  const minutes = (n: number) => new Date(clock.getTime() + n * 60_000);
  let live: ReturnType<typeof createLiveService>;
  let readerSeq = 0;
  let sessionSeq = 0;

  /** What WeChat received, and what it does with the next messages. */
  const sent: SubscribeMessage[] = [];
  let wechat: (m: SubscribeMessage) => Promise<void> = async (m) => {
    sent.push(m);
  };
  const logs: string[] = [];

  const job = (
    options: { template?: string | undefined; leadMinutes?: number; db?: DatabaseHandle } = {},
  ) => {
    const db = (options.db ?? handle).db;
    return createLiveReminders({
      db,
      messages: createSubscribeMessages({ db, send: (m) => wechat(m) }),
      template: "template" in options ? options.template : TEMPLATE,
      ...(options.leadMinutes !== undefined ? { leadMinutes: options.leadMinutes } : {}),
      log: (message) => logs.push(message),
      now: () => clock,
    });
  };

  beforeAll(async () => {
    handle = createDatabase({
      databaseUrl: target.databaseUrl,
      sqlitePath: join(mkdtempSync(join(tmpdir(), "tongjian-live-reminders-")), "db.sqlite"),
    });
    await dropAll(handle.db);
    await migrateToLatest(handle.db);
    live = createLiveService({
      db: handle.db,
      videos: createVideoService({ db: handle.db, contentDir: "content" }),
      now: () => clock,
      programme: [],
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A session starting `startsIn` minutes from the clock, `length` minutes long. */
  async function session(startsIn: number, length = 60): Promise<string> {
    const key = `s-${++sessionSeq}`;
    const startsAt = minutes(startsIn);
    await handle.db
      .insertInto("live_session")
      .values({
        key,
        channel: "wenshi",
        title: `第${sessionSeq}场：一场名字相当长的直播，超过二十个字以便截断`,
        host: "通鉴文史直播间",
        summary: "测试场次。",
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + length * 60_000).toISOString(),
        video_id: "qin-han-da-shi",
        created_at: clock.toISOString(),
      })
      .execute();
    return key;
  }

  /** A signed-in reader, by default with an openid and consent to the live topic. */
  async function reader(options: { openId?: boolean; topics?: string[] } = {}) {
    const userId = `reader${String(++readerSeq).padStart(18, "0")}`;
    const at = clock.toISOString();
    if (options.openId !== false)
      await handle.db
        .insertInto("visitor")
        .values({
          id: `visitor${String(readerSeq).padStart(17, "0")}`,
          wx_open_id: `openid-${userId}`,
          wx_union_id: null,
          wx_name: null,
          wx_avatar: null,
          account_id: userId,
          created_at: at,
          updated_at: at,
        })
        .execute();
    const topics = options.topics ?? ["live"];
    if (topics.length)
      await handle.db
        .insertInto("subscription")
        .values(topics.map((topic) => ({ owner_id: userId, topic, created_at: at })))
        .execute();
    const viewer = { kind: "user", userId } as Viewer;
    return { userId, viewer, openId: `openid-${userId}` };
  }

  const sentTo = (openId: string) => sent.filter((m) => m.toUser === openId);
  const stateOf = async (viewer: Viewer, key: string) =>
    (await live.session(key, viewer)).reminderState;

  it("sends nothing before the lead time, one message at it, and none again", async () => {
    clock = START;
    const key = await session(30);
    const r = await reader();
    await live.remind(r.viewer, key, true);
    expect(await stateOf(r.viewer, key)).toBe("待提醒");

    clock = minutes(19); // 11 minutes before the start
    expect((await job().run()).claimed).toBe(0);
    expect(sentTo(r.openId)).toHaveLength(0);
    expect(await live.notices(r.viewer)).toEqual([]);

    clock = minutes(1); // 10 minutes before
    const run = await job().run();
    expect(run).toMatchObject({ claimed: 1, wechat: 1 });
    expect(sentTo(r.openId)).toHaveLength(1);
    expect(sentTo(r.openId)[0]).toMatchObject({
      templateId: TEMPLATE,
      page: `/wenshilivedetail/${key}`,
      data: {
        time2: { value: "2026-03-01 20:30:00" },
        thing3: { value: "通鉴文史直播间" },
        thing4: { value: "直播即将开始，点击进入" },
      },
    });
    // WeChat's 20-character limit on thing values.
    expect([...(sentTo(r.openId)[0]?.data.thing1?.value ?? "")]).toHaveLength(20);
    expect(await stateOf(r.viewer, key)).toBe("已提醒");

    await job().run();
    clock = minutes(15); // on air
    await job().run();
    expect(sentTo(r.openId)).toHaveLength(1);
  });

  it("takes a configured lead time", async () => {
    clock = START;
    const key = await session(60);
    const r = await reader();
    await live.remind(r.viewer, key, true);
    clock = minutes(25); // 35 minutes before
    expect((await job({ leadMinutes: 30 }).run()).claimed).toBe(0);
    clock = minutes(5); // 30 minutes before
    expect(await job({ leadMinutes: 30 }).run()).toMatchObject({ claimed: 1, wechat: 1 });
    expect(sentTo(r.openId)).toHaveLength(1);
  });

  it("reminds those not yet reminded of a session found already on air", async () => {
    clock = START;
    const key = await session(-20);
    const r = await reader();
    await live.remind(r.viewer, key, true);
    await job().run();
    expect(sentTo(r.openId)).toHaveLength(1);
    expect(sentTo(r.openId)[0]?.data.thing4?.value).toBe("直播正在进行，点击进入观看");
    // An ended session reminds no one.
    const ended = await session(-120, 60);
    await handle.db
      .insertInto("live_reminder")
      .values({ owner_id: r.userId, session_key: ended, created_at: clock.toISOString() })
      .execute();
    expect((await job().run()).due).toBe(0);
  });

  it("sends each reminder once when two runs, as of two workers, go at once", async () => {
    clock = START;
    const key = await session(5);
    const readers = await Promise.all(Array.from({ length: 6 }, () => reader()));
    for (const r of readers) await live.remind(r.viewer, key, true);
    // WeChat answers slowly, so both runs are mid-way through the rows together.
    wechat = async (m) => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      sent.push(m);
    };
    // PostgreSQL: a second pool, as another process has; SQLite: the one file, whose writes one
    // process serialises (two handles in one process would block each other's event loop).
    const other = target.databaseUrl
      ? createDatabase({ databaseUrl: target.databaseUrl, poolSize: 4 })
      : handle;
    try {
      const [a, b] = await Promise.all([job().run(), job({ db: other }).run()]);
      // How many rows each run saw before the other claimed them depends on timing; every row
      // a run saw is either claimed by it or lost to the other, and each is claimed once.
      expect(a.claimed + b.claimed).toBe(6);
      expect(a.due).toBe(a.claimed + a.lost);
      expect(b.due).toBe(b.claimed + b.lost);
      expect(a.due + b.due).toBeGreaterThanOrEqual(6);
      expect(a.wechat + b.wechat).toBe(6);
    } finally {
      wechat = async (m) => {
        sent.push(m);
      };
      if (other !== handle) await other.close();
    }
    for (const r of readers) expect(sentTo(r.openId)).toHaveLength(1);
    expect((await job().run()).due).toBe(0);
  });

  it("does not send a reminder cancelled before it went out", async () => {
    clock = START;
    const key = await session(30);
    const r = await reader();
    const stays = await reader();
    await live.remind(r.viewer, key, true);
    await live.remind(stays.viewer, key, true);
    await live.remind(r.viewer, key, false);
    clock = minutes(25);
    expect(await job().run()).toMatchObject({ due: 1, wechat: 1 });
    expect(sentTo(r.openId)).toHaveLength(0);
    expect(sentTo(stays.openId)).toHaveLength(1);
    expect(await stateOf(r.viewer, key)).toBe(null);
  });

  it("sends nothing for a cancelled session, and at the new time for a moved one", async () => {
    clock = START;
    const cancelled = await session(5);
    const moved = await session(5);
    const r = await reader();
    await live.remind(r.viewer, cancelled, true);
    await live.remind(r.viewer, moved, true);
    await live.cancel(cancelled);
    await live.reschedule(moved, minutes(120));
    expect((await job().run()).due).toBe(0);
    expect(sentTo(r.openId)).toHaveLength(0);
    expect((await live.list("wenshi", r.viewer)).list.map((s) => s.key)).not.toContain(cancelled);
    await expect(live.session(cancelled, r.viewer)).rejects.toMatchObject({
      status: 404,
      message: "这场直播已取消",
    });
    expect((await live.reminders(r.viewer)).list.map((x) => x.key)).toEqual([moved]);

    clock = minutes(110);
    await job().run();
    expect(sentTo(r.openId)).toHaveLength(1);
    expect(sentTo(r.openId)[0]?.page).toBe(`/wenshilivedetail/${moved}`);
    // Moved again after its reminder went out: the reminder named the old time, so it is due
    // again at the new one.
    await live.reschedule(moved, minutes(60));
    expect(await stateOf(r.viewer, moved)).toBe("待提醒");
    expect((await job().run()).due).toBe(0);
    clock = minutes(50);
    await job().run();
    expect(sentTo(r.openId)).toHaveLength(2);
    expect(sentTo(r.openId)[1]?.data.time2?.value).toBe(
      // 110 + 60 minutes after 20:00 Beijing time.
      "2026-03-01 22:50:00",
    );
  });

  it("stops sending a session's reminders when it is moved during a run", async () => {
    clock = START;
    const key = await session(5);
    const first = await reader();
    const second = await reader();
    await live.remind(first.viewer, key, true);
    await live.remind(second.viewer, key, true);
    // While the first message is on its way, an operator moves the start three minutes later:
    // still within the lead time, but the time the messages name has changed.
    const newStart = minutes(8);
    wechat = async (m) => {
      sent.push(m);
      await live.reschedule(key, newStart);
    };
    try {
      expect(await job().run()).toMatchObject({ due: 2, claimed: 1, lost: 1, wechat: 1 });
    } finally {
      wechat = async (m) => {
        sent.push(m);
      };
    }
    expect(sentTo(first.openId)).toHaveLength(1);
    expect(sentTo(second.openId)).toHaveLength(0);
    // Both are due again, with the new time.
    expect(await stateOf(first.viewer, key)).toBe("待提醒");
    expect(await job().run()).toMatchObject({ due: 2, claimed: 2, wechat: 2 });
    for (const r of [first, second])
      expect(sentTo(r.openId).at(-1)?.data.time2?.value).toBe("2026-03-01 20:08:00");
  });

  it("with WECHAT_TEMPLATE_LIVE unset, skips WeChat (logged) and leaves the in-site notice", async () => {
    clock = START;
    const key = await session(5);
    const r = await reader();
    await live.remind(r.viewer, key, true);
    logs.length = 0;
    const run = await job({ template: undefined }).run();
    expect(run).toMatchObject({ claimed: 1, wechat: 0, site: 1 });
    expect(sentTo(r.openId)).toHaveLength(0);
    expect(logs).toContain(
      "live reminders: WECHAT_TEMPLATE_LIVE is not configured; WeChat messages skipped",
    );
    expect(await stateOf(r.viewer, key)).toBe("已提醒");
    expect((await live.notices(r.viewer)).map((n) => [n.key, n.state])).toEqual([[key, "预告"]]);
    // Configured later, it does not send again what was done.
    expect((await job().run()).due).toBe(0);
  });

  it("sends only to readers who chose the topic and have an openid", async () => {
    clock = START;
    const key = await session(5);
    const noConsent = await reader({ topics: ["orders"] });
    const noOpenId = await reader({ openId: false });
    await live.remind(noConsent.viewer, key, true);
    await live.remind(noOpenId.viewer, key, true);
    expect(await job().run()).toMatchObject({ claimed: 2, wechat: 0, site: 2 });
    expect(sentTo(noConsent.openId)).toHaveLength(0);
    expect(sentTo(noOpenId.openId)).toHaveLength(0);
  });

  it("logs a failed send and retries it a bounded number of times; the run goes on", async () => {
    clock = START;
    const key = await session(5);
    const failing = await reader();
    const fine = await reader();
    await live.remind(failing.viewer, key, true);
    await live.remind(fine.viewer, key, true);
    wechat = async (m) => {
      if (m.toUser === failing.openId) throw new Error("WeChat 45047: 服务繁忙");
      sent.push(m);
    };
    logs.length = 0;
    try {
      const first = await job().run();
      expect(first).toMatchObject({ claimed: 2, wechat: 1, failed: 1, gaveUp: 0 });
      expect(logs).toContain("live reminder failed");
      expect(await stateOf(failing.viewer, key)).toBe("待提醒");
      for (let i = 1; i < LIVE_REMINDER_MAX_ATTEMPTS; i++) await job().run();
      const row = await handle.db
        .selectFrom("live_reminder")
        .selectAll()
        .where("owner_id", "=", failing.userId)
        .where("session_key", "=", key)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: LIVE_REMINDER_MAX_ATTEMPTS, outcome: "failed" });
      expect(row.last_error).toContain("45047");
      expect(row.sent_at).not.toBe(null);
      // Given up: no more tries.
      expect((await job().run()).due).toBe(0);
    } finally {
      wechat = async (m) => {
        sent.push(m);
      };
    }
    expect(sentTo(fine.openId)).toHaveLength(1);
    expect(sentTo(failing.openId)).toHaveLength(0);
  });

  it("takes again a claim left by a run that died, but not a live one", async () => {
    clock = START;
    const key = await session(5);
    const r = await reader();
    await live.remind(r.viewer, key, true);
    await handle.db
      .updateTable("live_reminder")
      .set({ claimed_at: `${clock.toISOString()}#deadbeef` })
      .where("owner_id", "=", r.userId)
      .execute();
    expect((await job().run()).due).toBe(0);
    clock = new Date(clock.getTime() + LIVE_REMINDER_CLAIM_MS + 1000);
    expect(await job().run()).toMatchObject({ claimed: 1, wechat: 1 });
    expect(sentTo(r.openId)).toHaveLength(1);
  });

  it("shows the in-site notice while the session is near or on air, until seen", async () => {
    clock = START;
    const key = await session(30, 60);
    const r = await reader();
    await live.remind(r.viewer, key, true);
    expect(await live.notices(r.viewer)).toEqual([]);
    clock = minutes(22); // 8 minutes before
    expect(await live.notices(r.viewer)).toEqual([
      {
        key,
        title: expect.any(String),
        state: "预告",
        startsAt: minutes(8).toISOString(),
        path: `/wenshilivedetail/${key}`,
      },
    ]);
    clock = minutes(10); // on air
    expect((await live.notices(r.viewer)).map((n) => n.state)).toEqual(["直播中"]);
    expect(await live.noticeSeen(r.viewer, key)).toEqual({ key, seen: true });
    expect(await live.notices(r.viewer)).toEqual([]);
    // Seen counts as reminded, also before the job came by.
    expect(await stateOf(r.viewer, key)).toBe("已提醒");
    expect(await live.noticeSeen(r.viewer, key)).toEqual({ key, seen: false });
    await expect(live.notices({ kind: "anonymous" })).rejects.toMatchObject({ status: 401 });
  });
});
