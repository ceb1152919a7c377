import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../../../../tools/wechat-simulator/wechat-simulator.ts";
import { createTestApp } from "../../test-app.ts";
import { createMemoryChannel } from "../../test-payment-channel.ts";
import { signedInReader } from "../test-readers.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;
type Reader = Awaited<ReturnType<typeof signedInReader>>;

const TEMPLATES = { WECHAT_TEMPLATE_ORDER: "tpl-order", WECHAT_TEMPLATE_VIP_EXPIRY: "tpl-vip" };

/** A reader with, as asked, a WeChat openid and consent to the store's topics. */
async function reader(
  t: App,
  sim: WeChatSimulator,
  options: { openId?: string | null; topics?: string[] },
): Promise<Reader & { openId: string | null }> {
  const r = await signedInReader(t.app);
  const db = t.deps.handle.db;
  const at = new Date().toISOString();
  const openId = options.openId === undefined ? sim.openIdOf(`u${r.userId}`) : options.openId;
  if (openId)
    await db
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
  const topics = options.topics ?? ["orders", "vip-expiry"];
  if (topics.length)
    await db
      .insertInto("subscription")
      .values(topics.map((topic) => ({ owner_id: r.userId, topic, created_at: at })))
      .execute();
  return { ...r, openId };
}

async function buy(
  r: Reader,
  wechat: ReturnType<typeof createMemoryChannel>,
  productKey: string,
): Promise<string> {
  const created = await r.browser.post("/api/m/order/create", { productKey });
  expect(created.statusCode, created.body).toBe(200);
  const orderNum = created.json().data.orderNum as string;
  const pay = await r.browser.post("/api/m/order/pay", { orderNum, method: "wechat-h5" });
  expect(pay.statusCode, pay.body).toBe(200);
  wechat.pay(orderNum);
  const confirmed = await r.browser.post("/api/m/order/confirm", { orderNum });
  expect(confirmed.json().data.state).toBe("fulfilled");
  return orderNum;
}

describe("the store's notices as WeChat subscription messages (simulator)", () => {
  let sim: WeChatSimulator;
  let t: App;
  const wechat = createMemoryChannel("wechat");
  beforeAll(async () => {
    sim = await startWeChatSimulator();
    t = await createTestApp(
      {},
      { ...sim.env, ...TEMPLATES, SMS_PROVIDER: "simulator", ORDER_JOBS_MS: "0" },
      { paymentChannels: { wechat } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  const sentTo = async (openId: string | null) => {
    await t.deps.services.orders.noticesSettled();
    return sim.sentMessages().filter((m) => openId !== null && m.touser === openId);
  };

  it("sends one 订单通知 for a paid order to a consenting reader with an openid, none otherwise", async () => {
    const yes = await reader(t, sim, {});
    const orderNum = await buy(yes, wechat, "vip.month");
    // Confirming again does not send again.
    await yes.browser.post("/api/m/order/confirm", { orderNum });
    const sent = await sentTo(yes.openId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      templateId: "tpl-order",
      page: `/order/detail?orderNum=${orderNum}`,
      data: { phrase4: { value: "支付成功" }, character_string5: { value: orderNum } },
    });
    expect(sent[0]?.data.amount2?.value).toMatch(/^\d+\.\d{2}元$/);

    const noConsent = await reader(t, sim, { topics: ["articles"] });
    await buy(noConsent, wechat, "vip.month");
    expect(await sentTo(noConsent.openId)).toHaveLength(0);

    await t.deps.services.orders.noticesSettled();
    const before = sim.sentMessages().length;
    const noOpenId = await reader(t, sim, { openId: null });
    await buy(noOpenId, wechat, "vip.month");
    await t.deps.services.orders.noticesSettled();
    expect(sim.sentMessages().length).toBe(before);
  });

  it("sends one 订单通知 when a refund completes", async () => {
    const r = await reader(t, sim, {});
    const orderNum = await buy(r, wechat, "vip.month");
    await t.deps.services.orders.refund(orderNum, null, "通知测试");
    const sent = await sentTo(r.openId);
    expect(sent.map((m) => m.data.phrase4?.value)).toEqual(["支付成功", "已退款"]);
  });

  it("does not notify complimentary orders", async () => {
    const r = await reader(t, sim, {});
    await t.deps.handle.db.transaction().execute((trx) =>
      t.deps.services.orders.complimentary.grant(trx, {
        productKey: "vip.month",
        source: "reward",
        sourceRef: `notice-${r.userId}`,
        accountId: r.userId,
      }),
    );
    await t.deps.services.orders.runJobs();
    expect((await sentTo(r.openId)).filter((m) => m.templateId === "tpl-order")).toHaveLength(0);
  });

  it("reminds once per membership period, three days before its end", async () => {
    const r = await reader(t, sim, {});
    await buy(r, wechat, "vip.month");
    const db = t.deps.handle.db;
    const reminders = async () =>
      (await sentTo(r.openId)).filter((m) => m.templateId === "tpl-vip");
    // A month away: no reminder yet.
    await t.deps.services.orders.runJobs();
    expect(await reminders()).toHaveLength(0);
    const end = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await db
      .updateTable("entitlement")
      .set({ ends_at: end })
      .where("account_id", "=", r.userId)
      .where("kind", "=", "vip")
      .execute();
    await t.deps.services.orders.runJobs();
    await t.deps.services.orders.runJobs();
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]?.page).toBe("/buyvip");
    // A renewal makes a new period with its own reminder.
    const renewed = new Date(Date.now() + 2.5 * 86_400_000).toISOString();
    await db
      .updateTable("entitlement")
      .set({ ends_at: renewed })
      .where("account_id", "=", r.userId)
      .where("kind", "=", "vip")
      .execute();
    await t.deps.services.orders.runJobs();
    await t.deps.services.orders.runJobs();
    expect(await reminders()).toHaveLength(2);
  });

  it("a refused token is retried with a fresh one; a failure never breaks the order", async () => {
    const r = await reader(t, sim, {});
    await t.deps.store.set(`wechat:${sim.appId}:access_token`, "stale-token", 600);
    await buy(r, wechat, "vip.month");
    expect(await sentTo(r.openId)).toHaveLength(1);
    await sim.close();
    const other = await reader(t, sim, {});
    await buy(other, wechat, "vip.month");
    expect(await sentTo(other.openId)).toHaveLength(0);
    sim = await startWeChatSimulator({ port: sim.port });
  });
});

describe("the store's notices without templates", () => {
  it("sends nothing", async () => {
    const sim = await startWeChatSimulator();
    const wechat = createMemoryChannel("wechat");
    const t = await createTestApp(
      {},
      { ...sim.env, SMS_PROVIDER: "simulator", ORDER_JOBS_MS: "0" },
      { paymentChannels: { wechat } },
    );
    try {
      const r = await reader(t, sim, {});
      await buy(r, wechat, "vip.month");
      await t.deps.services.orders.runJobs();
      expect(sim.sentMessages()).toHaveLength(0);
      expect(sim.calls.subscribeSend).toBe(0);
    } finally {
      await t.close();
      await sim.close();
    }
  });
});
