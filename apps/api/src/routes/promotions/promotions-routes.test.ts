import { formatStoreCode, storeCodeCheckChar } from "@tongjian/domain/promotions";
import type { UserViewer } from "@tongjian/domain/viewer";
import { newId } from "@tongjian/services/accounts/account-repository";
import { createAttemptLimiter } from "@tongjian/services/accounts/attempt-limiter";
import {
  type ComplimentaryOrders,
  CouponUnavailableError,
} from "@tongjian/services/commerce/commerce-seams";
import { createPromotions, EXCHANGE_LIMITS } from "@tongjian/services/promotions/promotions.server";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { signedInReader } from "../test-readers.ts";

const DAY = 86_400_000;

/** A reader as the services see one (no account row needed by the promotions). */
const viewerOf = (userId: string): UserViewer => ({
  kind: "user",
  userId,
  role: "user",
  phone: null,
  name: "读者",
  appUserId: null,
  visitorId: null,
  via: "browser",
  sessionId: null,
});

describe.each(databaseTargets())("promotions on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  // The test's ComplimentaryOrders: one row per grant, in the caller's transaction.
  const fakeGrants: ComplimentaryOrders = {
    async grant(trx, input) {
      const orderNum = `TJ20261127000000${newId().slice(0, 8).toUpperCase()}`;
      await (trx as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("test_complimentary")
        .values({
          order_num: orderNum,
          account_id: input.accountId,
          product_key: input.productKey,
          source: input.source,
          source_ref: input.sourceRef,
        })
        .execute();
      return orderNum;
    },
  };
  let withFake: ReturnType<typeof createPromotions>;
  const grantsBy = async (source: string) =>
    Number(
      (
        await sql<{
          n: number | string;
        }>`select count(*) as n from test_complimentary where source = ${source}`.execute(
          t.deps.handle.db,
        )
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    await t.deps.handle.db.schema
      .createTable("test_complimentary")
      .ifNotExists()
      .addColumn("order_num", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("product_key", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("source_ref", "text", (c) => c.notNull())
      .execute();
    withFake = createPromotions({
      db: t.deps.handle.db,
      limiter: createAttemptLimiter(t.deps.store),
      complimentary: fakeGrants,
      canGive: async () => true,
    });
  });
  afterAll(async () => {
    await t?.deps.handle.db.schema.dropTable("test_complimentary").ifExists().execute();
    await t?.close();
  });

  const campaign = (
    key: string,
    extra: Partial<Parameters<typeof withFake.coupons.createCampaign>[0]> = {},
  ) =>
    t.deps.services.promotions.coupons.createCampaign({
      key,
      title: "测试立减券",
      kind: "amount",
      amountFen: 2000,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 30 * DAY),
      ...extra,
    });

  it("lets a reader claim within the per-user limit and the total, and lists the claims", async () => {
    const c = await campaign(`limit-${newId().slice(0, 6)}`, { perUserLimit: 2, total: 3 });
    const a = await signedInReader(t.app);
    const b = await signedInReader(t.app);
    const c3 = await signedInReader(t.app);
    const claim = (r: typeof a) => r.browser.post("/api/m/coupon/claim", { campaignId: c.id });
    expect((await claim(a)).statusCode).toBe(200);
    expect((await claim(a)).statusCode).toBe(200);
    const third = await claim(a);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe("每人限领 2 张，你已领过");
    expect((await claim(b)).statusCode).toBe(200);
    const gone = await claim(c3);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe("已被领完");
    const page = (await a.browser.get(`/api/m/coupon/campaign/${c.id}`)).json().data;
    expect(page).toMatchObject({ claimedByMe: 2, remaining: 0, canClaim: false });
    const mine = (await a.browser.get("/api/m/coupon/mine?tab=available")).json().data;
    expect(mine.coupons).toHaveLength(2);
    expect(mine.coupons[0]).toMatchObject({
      rule: "无门槛减 ¥20.00",
      state: "available",
      stateLabel: "可用",
    });
    expect(mine.counts).toEqual({ available: 2, used: 0, expired: 0 });
    // Not signed in: code 600; a bad id: 400 in Chinese.
    const anonymous = await t.app.inject({ method: "POST", url: "/api/m/coupon/mine" });
    expect(anonymous.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/m/coupon/mine" })).json().code).toBe(600);
    const bad = await a.browser.post("/api/m/coupon/claim", { campaignId: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("编号无效");
  });

  it("keeps claims at once within the per-user limit", async () => {
    const c = await campaign(`race-${newId().slice(0, 6)}`, { perUserLimit: 1 });
    const reader = viewerOf(newId());
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => withFake.coupons.claim(reader, c.id)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await withFake.coupons.mine(reader, "available")).coupons).toHaveLength(1);
  });

  it("quotes the discount first, suggests the best coupon, says why others do not apply, and locks, releases and spends", async () => {
    const db = t.deps.handle.db;
    const pricing = t.deps.services.promotions.pricing;
    const reader = viewerOf(newId());
    const small = await campaign(`small-${newId().slice(0, 6)}`, { amountFen: 500 });
    const big = await campaign(`big-${newId().slice(0, 6)}`, {
      kind: "percent",
      percentOff: 20,
      capFen: 3000,
      minSpendFen: 10000,
      products: ["kind:vip"],
    });
    const course = await campaign(`course-${newId().slice(0, 6)}`, {
      amountFen: 9000,
      products: ["kind:course"],
    });
    const high = await campaign(`high-${newId().slice(0, 6)}`, {
      amountFen: 100,
      minSpendFen: 50000,
    });
    const grants = new Map<string, string>();
    for (const c of [small, big, course, high])
      grants.set(c.id, (await withFake.coupons.claim(reader, c.id)).id);
    await db
      .insertInto("discount")
      .values({
        id: newId(),
        key: `d-${newId().slice(0, 6)}`,
        title: "测试折扣",
        theme: null,
        product_key: "vip.year",
        price_fen: 16800,
        starts_at: new Date(Date.now() - DAY).toISOString(),
        ends_at: new Date(Date.now() + DAY).toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    const input = {
      accountId: reader.userId,
      productKey: "vip.year",
      listPriceFen: 19800,
      quantity: 1,
      now: new Date(),
    };
    const best = await pricing.quote(db, input);
    // 16800 after the discount; 20% is 3360, capped at 3000 — more than 500 off.
    expect(best).toMatchObject({
      listFen: 19800,
      discountFen: 3000,
      couponFen: 3000,
      payFen: 13800,
      couponGrantId: grants.get(big.id),
      suggestedCouponGrantId: grants.get(big.id),
    });
    const reasons = Object.fromEntries(best.coupons.map((c) => [c.id, c.reason]));
    expect(reasons[grants.get(course.id) as string]).toBe("不适用于该商品");
    expect(reasons[grants.get(high.id) as string]).toBe("未满 ¥500.00 可用");
    // The reader's own choice, and none.
    const chosen = await pricing.quote(db, {
      ...input,
      couponGrantId: grants.get(small.id) as string,
    });
    expect(chosen).toMatchObject({ couponFen: 500, payFen: 16300 });
    expect((await pricing.quote(db, { ...input, couponGrantId: null })).payFen).toBe(16800);
    await expect(
      pricing.quote(db, { ...input, couponGrantId: grants.get(course.id) as string }),
    ).rejects.toThrow("这张优惠券不能用于本单：不适用于该商品");
    // A course of 99 with a 90 yuan coupon: never below 1 fen… and the coupon takes 90.
    const cheap = await pricing.quote(db, {
      ...input,
      productKey: "course.wenshi-ladder",
      listPriceFen: 9000,
    });
    expect(cheap).toMatchObject({
      couponFen: 8999,
      payFen: 1,
      couponGrantId: grants.get(course.id),
    });

    // Lock to an order; a second order cannot take it; the quote no longer suggests it.
    const bigGrant = grants.get(big.id) as string;
    await db
      .transaction()
      .execute((trx) => pricing.lockCoupon(trx, bigGrant, "TJ2026112700000000000001"));
    await expect(
      db
        .transaction()
        .execute((trx) => pricing.lockCoupon(trx, bigGrant, "TJ2026112700000000000002")),
    ).rejects.toBeInstanceOf(CouponUnavailableError);
    const whileLocked = await pricing.quote(db, input);
    expect(whileLocked.couponGrantId).toBe(grants.get(small.id));
    expect(whileLocked.coupons.find((c) => c.id === bigGrant)?.reason).toBe(
      "已被一笔待支付的订单占用",
    );
    // The order closes: the coupon is free again; another order locks it and is paid.
    await db.transaction().execute((trx) => pricing.releaseCoupon(trx, "TJ2026112700000000000001"));
    expect((await pricing.quote(db, input)).couponGrantId).toBe(bigGrant);
    await db
      .transaction()
      .execute((trx) => pricing.lockCoupon(trx, bigGrant, "TJ2026112700000000000003"));
    await db.transaction().execute((trx) => pricing.spendCoupon(trx, "TJ2026112700000000000003"));
    // Releasing after payment changes nothing.
    await db.transaction().execute((trx) => pricing.releaseCoupon(trx, "TJ2026112700000000000003"));
    const used = await withFake.coupons.mine(reader, "used");
    expect(used.coupons.map((c) => c.id)).toEqual([bigGrant]);
    expect(used.coupons[0]?.orderNum).toBe("TJ2026112700000000000003");
    // The catalogue shows the running discount.
    const product = await t.deps.services.catalogue.get("vip.year");
    expect(product?.priceFen).toBe(16800);
  });

  it("redeems an exchange code once: of two readers at once one wins, and the grant is in the same transaction", async () => {
    const made = await withFake.exchange.createCodes({
      productKey: "vip.year",
      count: 3,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    expect(made.codes).toHaveLength(3);
    expect(new Set(made.codes).size).toBe(3);
    const [code = ""] = made.codes;
    // Only the hash is stored.
    const stored = await t.deps.handle.db.selectFrom("exchange_code").select("code_hash").execute();
    expect(stored.some((r) => r.code_hash.includes(code))).toBe(false);
    const before = await grantsBy("exchange");
    const [one, two] = [viewerOf(newId()), viewerOf(newId())];
    const results = await Promise.allSettled([
      withFake.exchange.redeem(one, formatStoreCode(code), { clientIp: "2001:db8::1" }),
      withFake.exchange.redeem(two, code.toLowerCase(), { clientIp: "2001:db8::2" }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.reason.message).toBe("兑换码已被使用");
    expect(lost[0]?.reason.status).toBe(409);
    expect(await grantsBy("exchange")).toBe(before + 1);
  });

  it("catches a typo before the database, refuses unknown and spent codes in Chinese over HTTP, and lists redemptions", async () => {
    const { codes } = await t.deps.services.promotions.exchange.createCodes({
      productKey: "card.reissue-3",
      count: 1,
      expiresAt: new Date(Date.now() + DAY),
      batch: `test-${newId().slice(0, 6)}`,
    });
    const code = codes[0] as string;
    const reader = await signedInReader(t.app);
    const typo = code.slice(0, 3) + (code[3] === "A" ? "B" : "A") + code.slice(4);
    const refused = await reader.browser.post("/api/m/exchange/redeem", { code: typo });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("兑换码有误，请逐位核对后重新输入");
    const ok = await reader.browser.post("/api/m/exchange/redeem", { code: formatStoreCode(code) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      productKey: "card.reissue-3",
      message: "兑换成功：补签卡·3 张",
    });
    const again = await reader.browser.post("/api/m/exchange/redeem", { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("你已经兑换过这个兑换码");
    const orders = (await reader.browser.get("/api/m/exchange/orders")).json().data;
    expect(orders.redemptions).toHaveLength(1);
    expect(orders.redemptions[0].orderNum).toBe(ok.json().data.orderNum);
    // Exactly one complimentary order, fulfilled through the order service.
    const rows = await t.deps.handle.db
      .selectFrom("orders")
      .selectAll()
      .where("account_id", "=", reader.userId)
      .execute();
    expect(rows.map((r) => [r.source, r.product_key, r.order_num, r.state, r.pay_fen])).toEqual([
      ["exchange", "card.reissue-3", ok.json().data.orderNum, "fulfilled", 0],
    ]);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/m/exchange/redeem",
      payload: { code },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it("limits failed redemptions per reader and per address", async () => {
    const unknown = () => {
      const body = newId()
        .toUpperCase()
        .replace(/[ILOU]/g, "2")
        .slice(0, 19)
        .padEnd(19, "7");
      return body + storeCodeCheckChar(body);
    };
    const reader = viewerOf(newId());
    for (let i = 0; i < EXCHANGE_LIMITS.perAccount.max; i++)
      await expect(
        withFake.exchange.redeem(reader, unknown(), { clientIp: `2001:db8:1::${i + 1}` }),
      ).rejects.toThrow("兑换码不存在，请核对后重新输入");
    await expect(
      withFake.exchange.redeem(reader, unknown(), { clientIp: "2001:db8:1::ff" }),
    ).rejects.toMatchObject({ status: 429, message: "兑换失败次数过多，请一小时后再试" });
    const address = `2001:db8:2::${newId().slice(0, 4)}`;
    for (let i = 0; i < EXCHANGE_LIMITS.perAddress.max; i++)
      await expect(
        withFake.exchange.redeem(viewerOf(newId()), unknown(), { clientIp: address }),
      ).rejects.toMatchObject({ status: 404 });
    await expect(
      withFake.exchange.redeem(viewerOf(newId()), unknown(), { clientIp: address }),
    ).rejects.toMatchObject({ status: 429 });
  });

  it("records every draw with its roll, gives its prize, and stops at the day's limit", async () => {
    const db = t.deps.handle.db;
    const couponKey = `prize-${newId().slice(0, 6)}`;
    await campaign(couponKey, { amountFen: 300 });
    const sale = `draw-${newId().slice(0, 6)}`;
    await db
      .insertInto("draw_sale")
      .values({
        key: sale,
        title: "测试抽奖",
        daily_limit: 3,
        prizes: JSON.stringify([
          { key: "card", title: "补签卡", weight: 1, product: "card.reissue-3" },
          { key: "coupon", title: "3 元券", weight: 3, coupon: couponKey },
          { key: "none", title: "谢谢参与", weight: 4 },
        ]),
        starts_at: new Date(Date.now() - DAY).toISOString(),
        ends_at: new Date(Date.now() + DAY).toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    const rolls = [0, 3, 7];
    let seen: number[] = [];
    const drawing = createPromotions({
      db,
      limiter: createAttemptLimiter(t.deps.store),
      complimentary: fakeGrants,
      canGive: async () => true,
      random: (max) => {
        seen = [...seen, max];
        return rolls.shift() ?? 0;
      },
    });
    const reader = viewerOf(newId());
    const page = await drawing.draws.sale(reader, sale);
    expect(page.prizes.map((p) => [p.key, p.odds])).toEqual([
      ["card", "12.5%"],
      ["coupon", "37.5%"],
      ["none", "50%"],
    ]);
    expect(page.leftToday).toBe(3);
    const before = await grantsBy("draw");
    const first = await drawing.draws.draw(reader, sale);
    expect(first.record).toMatchObject({ prizeKey: "card", roll: 0, rollOf: 8 });
    expect(first.record.orderNum).toMatch(/^TJ/);
    expect(await grantsBy("draw")).toBe(before + 1);
    const second = await drawing.draws.draw(reader, sale);
    expect(second.record).toMatchObject({ prizeKey: "coupon", roll: 3 });
    expect((await drawing.coupons.mine(reader, "available")).coupons.map((c) => c.id)).toEqual([
      second.record.couponGrantId,
    ]);
    const third = await drawing.draws.draw(reader, sale);
    expect(third).toMatchObject({ leftToday: 0, record: { prizeKey: "none", roll: 7 } });
    await expect(drawing.draws.draw(reader, sale)).rejects.toThrow(
      "今天的 3 次抽奖机会已用完，明天再来",
    );
    expect(seen).toEqual([8, 8, 8]);
    const records = (await drawing.draws.sale(reader, sale)).records;
    expect(records.map((r) => r.roll).sort()).toEqual([0, 3, 7]);
    // The real randomness stays within the weights, over HTTP.
    const http = await signedInReader(t.app);
    const drawn = await http.browser.post("/api/m/drawsale/draw", { sale });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().data.record.roll).toBeGreaterThanOrEqual(0);
    expect(drawn.json().data.record.roll).toBeLessThan(8);
  });

  it("gives a shared gift once per friend, never to the giver, and shows both sides", async () => {
    const giver = await signedInReader(t.app);
    const friend = await signedInReader(t.app);
    // Not yet a VIP: cannot share.
    const early = await giver.browser.post("/api/m/gift/create", { productKey: "vip.month" });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe("开通会员或兑换会员后可分享礼物给好友");
    const { codes } = await t.deps.services.promotions.exchange.createCodes({
      productKey: "vip.year",
      count: 1,
      expiresAt: new Date(Date.now() + DAY),
    });
    expect(
      (await giver.browser.post("/api/m/exchange/redeem", { code: codes[0] })).statusCode,
    ).toBe(200);
    const created = await giver.browser.post("/api/m/gift/create", { productKey: "vip.month" });
    expect(created.statusCode).toBe(200);
    const gift = created.json().data;
    expect(gift).toMatchObject({ total: 3, remaining: 3, viewerState: "giver" });
    const own = await giver.browser.post(`/api/m/gift/${gift.id}/claim`);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe("不能领取自己的礼物");
    expect((await friend.browser.get(`/api/m/gift/${gift.id}`)).json().data.viewerState).toBe(
      "can-claim",
    );
    const claimed = await friend.browser.post(`/api/m/gift/${gift.id}/claim`);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().data.gift).toMatchObject({ viewerState: "claimed", remaining: 2 });
    const twice = await friend.browser.post(`/api/m/gift/${gift.id}/claim`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("你已领取过这份礼物");
    const giverSide = (await giver.browser.get(`/api/m/gift/${gift.id}`)).json().data;
    expect(giverSide.claims).toHaveLength(1);
    expect(giverSide.claims[0].name).toBe(
      `${friend.phone.slice(0, 3)}****${friend.phone.slice(7)}`,
    );
    const grants = await t.deps.handle.db
      .selectFrom("orders")
      .selectAll()
      .where("account_id", "=", friend.userId)
      .execute();
    expect(grants.map((g) => [g.source, g.product_key, g.state])).toEqual([
      ["gift", "vip.month", "fulfilled"],
    ]);
    // The friend is a member now.
    expect((await friend.browser.get("/api/m/commerce/vip")).json().data.active).toBe(true);
    // Anonymous readers see it and are asked to sign in.
    expect((await t.app.inject({ url: `/api/m/gift/${gift.id}` })).json().data.viewerState).toBe(
      "login",
    );
  });

  it("runs out: the last units of a gift go to readers at once, one each, no more than the count", async () => {
    const giverId = newId();
    const gift = await t.deps.handle.db
      .insertInto("gift")
      .values({
        id: newId(),
        giver_id: giverId,
        product_key: "card.reissue-3",
        total: 2,
        claimed: 0,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + DAY).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const before = await grantsBy("gift");
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => withFake.gifts.claim(viewerOf(newId()), gift.id)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const reasons = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => r.reason.message);
    expect(new Set(reasons)).toEqual(new Set(["礼物已领完"]));
    expect(await grantsBy("gift")).toBe(before + 2);
  });
});
