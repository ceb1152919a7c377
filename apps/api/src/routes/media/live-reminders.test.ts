import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../../../../tools/wechat-simulator/wechat-simulator.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

// Live-session reminders through the API (decision 48): readers sign up, the job run by the
// store's job timer sends the 直播提醒 subscription message once the session is near, and the
// reader sees 待提醒 / 已提醒, their reminders, and the in-site notice until they dismiss it.

const SUB = "/api/m/social/v1/y/subscribe";
/** 宋辽金元 is two days away when the programme is laid out: moved near by the test. */
const SESSION = "song-yuan-bing-li";

/** A signed-in reader, with a WeChat openid bound to the account when `openId` is set. */
async function reader(t: App, sim: WeChatSimulator, options: { openId: boolean }) {
  const r = await signedInReader(t.app);
  const openId = sim.openIdOf(`u${r.userId}`);
  if (options.openId) {
    const at = new Date().toISOString();
    await t.deps.handle.db
      .insertInto("visitor")
      .values({
        id: `v${r.userId}`.slice(0, 24),
        wx_open_id: openId,
        wx_union_id: null,
        wx_name: null,
        wx_avatar: null,
        account_id: r.userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return { ...r, openId };
}

describe.each(databaseTargets())("live-session reminders through the API on $name", (target) => {
  let sim: WeChatSimulator;
  let t: App;
  beforeAll(async () => {
    sim = await startWeChatSimulator();
    t = await createTestApp(target, {
      ...sim.env,
      WECHAT_TEMPLATE_LIVE: "tpl-live",
      SMS_PROVIDER: "simulator",
      ORDER_JOBS_MS: "0",
    });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  const sentTo = (openId: string) =>
    sim.sentMessages().filter((m) => m.touser === openId && m.templateId === "tpl-live");

  it("offers 直播提醒 on /subscribe", async () => {
    const { browser } = await signedInReader(t.app);
    const topics = (await browser.get(SUB)).json().data.topics as { key: string; title: string }[];
    expect(topics).toContainEqual(expect.objectContaining({ key: "live", title: "直播提醒" }));
    expect((await browser.post(SUB, { topics: ["live"] })).statusCode).toBe(200);
  });

  it("sends the reminder once when the session is near; the reader sees it reminded and the notice", async () => {
    const yes = await reader(t, sim, { openId: true });
    await yes.browser.post(SUB, { topics: ["live"] });
    const noConsent = await reader(t, sim, { openId: true });
    for (const r of [yes, noConsent]) {
      const res = await r.browser.post("/api/live/y/reminder", { key: SESSION, remind: true });
      expect(res.json().data).toMatchObject({ reminded: true, reminderState: "待提醒" });
    }
    // Two days away: nothing yet.
    await t.deps.services.orders.runJobs();
    expect(sentTo(yes.openId)).toHaveLength(0);
    const mine = (await yes.browser.get("/api/live/y/reminders")).json().data;
    expect(mine.leadMinutes).toBe(10);
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({
      key: SESSION,
      state: "预告",
      reminderState: "待提醒",
      path: `/wenshilivedetail/${SESSION}`,
    });
    expect(Date.parse(mine.list[0].startsAt) - Date.parse(mine.list[0].remindAt)).toBe(600_000);
    expect((await yes.browser.get("/api/live/y/notices")).json().data.list).toEqual([]);

    // The session is moved to start in five minutes.
    const startsAt = new Date(Date.now() + 5 * 60_000);
    await t.deps.services.live.reschedule(SESSION, startsAt);
    await t.deps.services.orders.runJobs();
    await t.deps.services.orders.runJobs();
    const sent = sentTo(yes.openId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      page: `/wenshilivedetail/${SESSION}`,
      data: { thing4: { value: "直播即将开始，点击进入" } },
    });
    expect(sent[0]?.data.thing1?.value).toContain("宋辽金元");
    // No consent to the topic: no message, but the reminder is done (its in-site notice shows).
    expect(sentTo(noConsent.openId)).toHaveLength(0);
    for (const r of [yes, noConsent]) {
      const session = (await r.browser.get(`/api/live/n/session/${SESSION}`)).json().data;
      expect(session).toMatchObject({ reminded: true, reminderState: "已提醒" });
    }

    const notices = (await yes.browser.get("/api/live/y/notices")).json().data.list;
    expect(notices).toEqual([
      {
        key: SESSION,
        title: expect.stringContaining("宋辽金元"),
        state: "预告",
        startsAt: startsAt.toISOString(),
        path: `/wenshilivedetail/${SESSION}`,
      },
    ]);
    const seen = await yes.browser.post("/api/live/y/notice/seen", { key: SESSION });
    expect(seen.json().data).toEqual({ key: SESSION, seen: true });
    expect((await yes.browser.get("/api/live/y/notices")).json().data.list).toEqual([]);
    // The other reader's notice is their own.
    expect((await noConsent.browser.get("/api/live/y/notices")).json().data.list).toHaveLength(1);
  });

  it("does not remind a reader who cancelled, nor of a cancelled session", async () => {
    const r = await reader(t, sim, { openId: true });
    await r.browser.post(SUB, { topics: ["live"] });
    await r.browser.post("/api/live/y/reminder", { key: "ming-qing-bian-ju", remind: true });
    await r.browser.post("/api/live/y/reminder", { key: "ming-qing-bian-ju", remind: false });
    await r.browser.post("/api/live/y/reminder", { key: "shao-er-zao-zhi", remind: true });
    await t.deps.services.live.cancel("shao-er-zao-zhi");
    const soon = new Date(Date.now() + 3 * 60_000);
    await t.deps.services.live.reschedule("ming-qing-bian-ju", soon);
    await t.deps.services.orders.runJobs();
    expect(sentTo(r.openId)).toHaveLength(0);
    expect((await r.browser.get("/api/live/y/reminders")).json().data.list).toEqual([]);
    const gone = await r.browser.get("/api/live/n/session/shao-er-zao-zhi");
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("这场直播已取消");
  });

  it("asks for a sign-in and refuses a bad key with Chinese messages", async () => {
    const anonymous = testBrowser(t.app, { address: newAddress() });
    for (const res of [
      await anonymous.get("/api/live/y/reminders"),
      await anonymous.get("/api/live/y/notices"),
      await anonymous.post("/api/live/y/notice/seen", { key: SESSION }),
    ]) {
      expect(res.json().code).toBe(600);
    }
    const { browser } = await signedInReader(t.app);
    const bad = await browser.post("/api/live/y/notice/seen", { key: "不是编号" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("请求体 key 无效：直播编号无效");
  });
});

describe("live-session reminders without WECHAT_TEMPLATE_LIVE", () => {
  it("sends no WeChat message and still marks the reminder done", async () => {
    const sim = await startWeChatSimulator();
    const t = await createTestApp(
      {},
      { ...sim.env, SMS_PROVIDER: "simulator", ORDER_JOBS_MS: "0" },
    );
    try {
      const r = await reader(t, sim, { openId: true });
      await r.browser.post(SUB, { topics: ["live"] });
      await r.browser.post("/api/live/y/reminder", { key: SESSION, remind: true });
      await t.deps.services.live.reschedule(SESSION, new Date(Date.now() + 60_000));
      await t.deps.services.orders.runJobs();
      expect(sim.calls.subscribeSend).toBe(0);
      const session = (await r.browser.get(`/api/live/n/session/${SESSION}`)).json().data;
      expect(session.reminderState).toBe("已提醒");
      expect((await r.browser.get("/api/live/y/notices")).json().data.list).toHaveLength(1);
    } finally {
      await t.close();
      await sim.close();
    }
  });
});
