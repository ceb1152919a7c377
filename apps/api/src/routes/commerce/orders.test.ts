import { createHash } from "node:crypto";
import { addChinaMonths } from "@tongjian/domain/china-time";
import { CouponUnavailableError, type Pricing } from "@tongjian/services/commerce/commerce-seams";
import { createOrderService } from "@tongjian/services/commerce/orders.server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noPromotions } from "../../../../../tests/support/no-promotions.ts";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { createMemoryChannel, MEMORY_MERCHANT } from "../../test-payment-channel.ts";
import { signedInReader } from "../test-readers.ts";

type Reader = Awaited<ReturnType<typeof signedInReader>>;

describe.each(databaseTargets())(
  "orders, payments and exactly-once fulfilment on $name",
  (target) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    const wechat = createMemoryChannel("wechat");
    beforeAll(async () => {
      t = await createTestApp(
        target,
        { SMS_PROVIDER: "simulator", ORDER_JOBS_MS: "0" },
        { paymentChannels: { wechat } },
      );
    });
    afterAll(async () => {
      await t?.close();
    });
    const db = () => t.deps.handle.db;

    async function create(r: Reader, body: Record<string, unknown>) {
      const res = await r.browser.post("/api/m/order/create", body);
      return { status: res.statusCode, body: res.json() };
    }
    async function createAndPay(
      r: Reader,
      productKey: string,
      extra: Record<string, unknown> = {},
    ) {
      const created = await create(r, { productKey, ...extra });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const orderNum = created.body.data.orderNum as string;
      const pay = await r.browser.post("/api/m/order/pay", { orderNum, method: "wechat-h5" });
      expect(pay.statusCode, pay.body).toBe(200);
      return orderNum;
    }
    async function notify(request: { headers: Record<string, unknown>; body: string }) {
      return t.app.inject({
        method: "POST",
        url: "/api/pay/notify/wechat",
        headers: request.headers as Record<string, string>,
        payload: request.body,
      });
    }
    async function order(orderNum: string) {
      return db()
        .selectFrom("orders")
        .selectAll()
        .where("order_num", "=", orderNum)
        .executeTakeFirstOrThrow();
    }
    async function count(table: "ledger_entry" | "entitlement" | "order_outbox", orderNum: string) {
      const row = await db()
        .selectFrom(table)
        .select(sql<number>`count(*)`.as("n"))
        .where("order_num", "=", orderNum)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }

    it("prices on the server whatever the client sends, and records every transition", async () => {
      const r = await signedInReader(t.app);
      const created = await create(r, {
        productKey: "vip.year",
        payFen: 1,
        listFen: 1,
        quantity: 1,
      });
      expect(created.status).toBe(200);
      expect(created.body.data.payFen).toBe(19800);
      expect(created.body.data.state).toBe("created");
      const orderNum = created.body.data.orderNum as string;
      expect((await order(orderNum)).pay_fen).toBe(19800);
      await r.browser.post("/api/m/order/pay", { orderNum, method: "wechat-h5" });
      expect(
        wechat.calls.find(
          (c) => c.op === "prepare" && (c.args as { orderNum: string }).orderNum === orderNum,
        )?.args,
      ).toMatchObject({ amountFen: 19800 });
      // The page's word is not enough: confirm before the channel says paid changes nothing.
      const early = await r.browser.post("/api/m/order/confirm", { orderNum });
      expect(early.json().data.state).toBe("paying");
      wechat.pay(orderNum);
      const confirmed = await r.browser.post("/api/m/order/confirm", { orderNum });
      expect(confirmed.json().data.state).toBe("fulfilled");
      expect(confirmed.json().data.events.map((e: { state: string }) => e.state)).toEqual([
        "created",
        "paying",
        "paid",
        "fulfilled",
      ]);
      const detail = await r.browser.get(`/api/m/order/detail?orderNum=${orderNum}`);
      expect(detail.json().data.granted).toMatch(/会员有效期至/);
      const vip = await r.browser.get("/api/m/commerce/vip");
      expect(vip.json().data.active).toBe(true);
      expect(vip.json().data.rights.length).toBe(4);
    });

    it("answers unknown or someone else's order 404, an unsupported method 400, a closed order 409", async () => {
      const a = await signedInReader(t.app);
      const b = await signedInReader(t.app);
      const orderNum = (await create(a, { productKey: "vip.month" })).body.data.orderNum as string;
      const other = await b.browser.get(`/api/m/order/detail?orderNum=${orderNum}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe("订单不存在");
      const unknown = await a.browser.get("/api/m/order/detail?orderNum=TJ20260101000000ABCDEFGH");
      expect(unknown.statusCode).toBe(404);
      const alipay = await a.browser.post("/api/m/order/pay", { orderNum, method: "alipay-wap" });
      expect(alipay.statusCode).toBe(400);
      expect(alipay.json().message).toBe("暂不支持该支付方式");
      await db()
        .updateTable("orders")
        .set({ expires_at: "2000-01-01T00:00:00.000Z" })
        .where("order_num", "=", orderNum)
        .execute();
      const late = await a.browser.post("/api/m/order/pay", { orderNum, method: "wechat-h5" });
      expect(late.statusCode).toBe(409);
      expect((await order(orderNum)).state).toBe("closed");
      const bad = await a.browser.post("/api/m/order/create", { productKey: "nope.nothing" });
      expect(bad.statusCode).toBe(404);
    });

    it("100 concurrent duplicate notifications give one credit, one entitlement, one ledger entry", async () => {
      const r = await signedInReader(t.app);
      const orderNum = await createAndPay(r, "vip.month");
      const trade = wechat.pay(orderNum);
      const request = wechat.notification({ kind: "payment", trade }, `dup-${orderNum}`);
      const replies = await Promise.all(Array.from({ length: 100 }, () => notify(request)));
      expect(replies.every((res) => res.statusCode === 200)).toBe(true);
      expect((await order(orderNum)).state).toBe("fulfilled");
      expect(await count("ledger_entry", orderNum)).toBe(1);
      expect(await count("entitlement", orderNum)).toBe(1);
      const paidEvents = await db()
        .selectFrom("order_event")
        .select("id")
        .where("order_num", "=", orderNum)
        .where("to_state", "=", "paid")
        .execute();
      expect(paidEvents.length).toBe(1);
      const vip = await db()
        .selectFrom("entitlement")
        .selectAll()
        .where("account_id", "=", r.userId)
        .where("kind", "=", "vip")
        .execute();
      expect(vip.length).toBe(1);
    });

    it("refuses forged, tampered, wrong-amount and wrong-merchant notifications, logs them, leaves the order", async () => {
      const r = await signedInReader(t.app);
      const orderNum = await createAndPay(r, "vip.month");
      const trade = wechat.pay(orderNum);
      const good = wechat.notification({ kind: "payment", trade });
      const forged = { headers: { "x-memory-signature": "0".repeat(64) }, body: good.body };
      const tampered = {
        headers: good.headers,
        body: good.body.replace('"amountFen":2500', '"amountFen":1'),
      };
      const wrongAmount = wechat.notification({
        kind: "payment",
        trade: { ...trade, amountFen: 1 },
      });
      const wrongMerchant = wechat.notification({
        kind: "payment",
        trade: { ...trade, merchantId: "1900009999" },
      });
      const unknownOrder = wechat.notification({
        kind: "payment",
        trade: { ...trade, orderNum: "TJ20260101000000ZZZZZZZZ" },
      });
      for (const bad of [forged, tampered, wrongAmount, wrongMerchant, unknownOrder]) {
        const res = await notify(bad);
        expect(res.statusCode).toBe(400);
      }
      const o = await order(orderNum);
      expect(o.state).toBe("paying");
      expect(await count("ledger_entry", orderNum)).toBe(0);
      expect(await count("entitlement", orderNum)).toBe(0);
      const digests = [forged, tampered, wrongAmount, wrongMerchant, unknownOrder].map((b) =>
        createHash("sha256").update(b.body).digest("hex"),
      );
      const logged = await db()
        .selectFrom("payment_notification")
        .select(["verdict", "detail", "raw_digest"])
        .where("raw_digest", "in", digests)
        .execute();
      expect(logged.length).toBe(5);
      expect(logged.every((l) => l.verdict === "refused")).toBe(true);
      expect(logged.map((l) => l.detail).sort()).toEqual(
        [
          "amount 1 != 2500",
          "bad-signature",
          "bad-signature",
          "merchant mismatch",
          "unknown order",
        ].sort(),
      );
      expect(trade.merchantId).toBe(MEMORY_MERCHANT);
    });

    it("two readers racing for the last item: one wins, the other gets 409 in Chinese", async () => {
      const address = {
        name: "张三",
        phone: "13800000000",
        region: "北京市",
        detail: "东城区某街 1 号",
      };
      const first = await signedInReader(t.app);
      await db()
        .updateTable("product")
        .set({ stock: 2 })
        .where("key", "=", "goods.territory-poster")
        .execute();
      expect((await create(first, { productKey: "goods.territory-poster", address })).status).toBe(
        200,
      );
      const a = await signedInReader(t.app);
      const b = await signedInReader(t.app);
      const results = await Promise.all([
        create(a, { productKey: "goods.territory-poster", address }),
        create(b, { productKey: "goods.territory-poster", address }),
      ]);
      expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
      expect(results.find((x) => x.status === 409)?.body.message).toBe("库存不足，商品已被抢光");
      const p = await db()
        .selectFrom("product")
        .select("stock")
        .where("key", "=", "goods.territory-poster")
        .executeTakeFirstOrThrow();
      expect(p.stock).toBe(0);
      const noAddress = await create(a, { productKey: "goods.territory-poster" });
      expect(noAddress.status).toBe(400);
    });

    it("the close job closes unpaid orders after 15 minutes, at the channel too, and returns the stock", async () => {
      await db()
        .updateTable("product")
        .set({ stock: 1 })
        .where("key", "=", "goods.territory-poster")
        .execute();
      const r = await signedInReader(t.app);
      const address = {
        name: "李四",
        phone: "13900000000",
        region: "上海市",
        detail: "浦东新区某路 2 号",
      };
      const orderNum = await createAndPay(r, "goods.territory-poster", { address });
      const stock = async () =>
        (
          await db()
            .selectFrom("product")
            .select("stock")
            .where("key", "=", "goods.territory-poster")
            .executeTakeFirstOrThrow()
        ).stock;
      expect(await stock()).toBe(0);
      expect(await t.deps.services.orders.closeDue()).toBe(0);
      await db()
        .updateTable("orders")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("order_num", "=", orderNum)
        .execute();
      await Promise.all([t.deps.services.orders.closeDue(), t.deps.services.orders.closeDue()]);
      expect((await order(orderNum)).state).toBe("closed");
      expect(await stock()).toBe(1);
      expect(wechat.calls.some((c) => c.op === "close" && c.args === orderNum)).toBe(true);
      const events = await db()
        .selectFrom("order_event")
        .select("cause")
        .where("order_num", "=", orderNum)
        .where("to_state", "=", "closed")
        .execute();
      expect(events.map((e) => e.cause)).toEqual(["超时未支付，自动关闭"]);
      // Paid after all (a late notification): honoured, the stock taken again.
      const trade = wechat.pay(orderNum);
      const res = await notify(wechat.notification({ kind: "payment", trade }));
      expect(res.statusCode).toBe(200);
      expect((await order(orderNum)).state).toBe("fulfilled");
      expect(await stock()).toBe(0);
    });

    it("stacks VIP periods end to end, exact to the second, by China calendar months", async () => {
      const r = await signedInReader(t.app);
      const first = await createAndPay(r, "vip.month");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(first) }));
      const second = await createAndPay(r, "vip.year");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(second) }));
      const rows = await db()
        .selectFrom("entitlement")
        .selectAll()
        .where("account_id", "=", r.userId)
        .where("kind", "=", "vip")
        .orderBy("starts_at")
        .execute();
      expect(rows.length).toBe(2);
      const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
      expect(a.ends_at).toBe(addChinaMonths(new Date(a.starts_at), 1).toISOString());
      expect(b.starts_at).toBe(a.ends_at);
      expect(b.ends_at).toBe(addChinaMonths(new Date(b.starts_at), 12).toISOString());
      const vip = (await r.browser.get("/api/m/commerce/vip")).json().data;
      expect(vip.expiresAt).toBe(b.ends_at);
    });

    it("refunds in part and in full, reversing the entitlement, with ledger entries", async () => {
      const r = await signedInReader(t.app);
      const yearly = await createAndPay(r, "vip.year");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(yearly) }));
      const before = await db()
        .selectFrom("entitlement")
        .selectAll()
        .where("order_num", "=", yearly)
        .executeTakeFirstOrThrow();
      const length = Date.parse(before.ends_at as string) - Date.parse(before.starts_at);
      await t.deps.services.orders.refund(yearly, 9900, "部分退款测试");
      const after = await db()
        .selectFrom("entitlement")
        .selectAll()
        .where("order_num", "=", yearly)
        .executeTakeFirstOrThrow();
      expect(Date.parse(before.ends_at as string) - Date.parse(after.ends_at as string)).toBe(
        Math.round(length / 2000) * 1000,
      );
      let o = await order(yearly);
      expect(o.state).toBe("fulfilled");
      expect(o.refunded_fen).toBe(9900);
      await t.deps.services.orders.refund(yearly, null, "全额退款测试");
      o = await order(yearly);
      expect(o.state).toBe("refunded");
      expect(o.refunded_fen).toBe(19800);
      const revoked = await db()
        .selectFrom("entitlement")
        .selectAll()
        .where("order_num", "=", yearly)
        .executeTakeFirstOrThrow();
      expect(revoked.revoked_at).not.toBeNull();
      const ledger = await db()
        .selectFrom("ledger_entry")
        .select(["kind", "amount_fen"])
        .where("order_num", "=", yearly)
        .orderBy("at")
        .execute();
      expect(ledger.map((l) => [l.kind, l.amount_fen])).toEqual([
        ["payment", 19800],
        ["refund", -9900],
        ["refund", -9900],
      ]);
      await expect(t.deps.services.orders.refund(yearly, null, "再退")).rejects.toMatchObject({
        status: 409,
      });

      // A course refunded in full is revoked; the gate asks the entitlements.
      const course = await createAndPay(r, "course.knowledge-points");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(course) }));
      const viewer = {
        kind: "user" as const,
        userId: r.userId,
        role: "user" as const,
        phone: null,
        name: "",
        appUserId: null,
        visitorId: null,
        via: "browser" as const,
        sessionId: null,
      };
      expect(await t.deps.services.entitlements.has(viewer, "knowledge-points")).toBe(true);
      await t.deps.services.orders.refund(course, null, "课程退款");
      expect(await t.deps.services.entitlements.has(viewer, "knowledge-points")).toBe(false);

      // Cards: taken back as far as unspent; a refund that stays processing completes on query.
      wechat.setRefundMode("processing");
      const cards = await createAndPay(r, "card.reissue-3");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(cards) }));
      const balance = async () =>
        Number(
          (
            await db()
              .selectFrom("study_card")
              .select(sql<number>`sum(delta)`.as("n"))
              .where("owner_id", "=", r.userId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const withCards = await balance();
      const refundNum = await t.deps.services.orders.refund(cards, null, "次卡退款");
      expect((await order(cards)).state).toBe("refunding");
      wechat.completeRefund(refundNum);
      expect(await t.deps.services.orders.syncRefunds()).toBe(1);
      expect((await order(cards)).state).toBe("refunded");
      expect(await balance()).toBe(withCards - 3);
      wechat.setRefundMode("success");
    });

    it("reconciles a day's orders with the channel's statement and reports the differences", async () => {
      const r = await signedInReader(t.app);
      const a = await createAndPay(r, "card.reissue-3");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(a) }));
      const b = await createAndPay(r, "card.reissue-3");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(b) }));
      // The channel's statement says b was 299 fen, and knows of an order we never saw paid.
      const tb = wechat.trades.get(b);
      if (tb) wechat.trades.set(b, { ...tb, amountFen: 299 });
      const now = new Date().toISOString();
      wechat.extraStatement.push({
        orderNum: "TJ20260101000000GHOST001",
        channelTradeNo: "x",
        kind: "payment",
        amountFen: 100,
        at: now,
      });
      const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const [report] = await t.deps.services.orders.reconcile(day);
      expect(report?.channel).toBe("wechat");
      const mine = report?.differences.filter((d) =>
        [a, b, "TJ20260101000000GHOST001"].includes(d.orderNum),
      );
      expect(mine).toEqual(
        [
          {
            orderNum: b,
            kind: "payment",
            problem: "amount-differs",
            oursFen: 300,
            channelFen: 299,
          },
          {
            orderNum: "TJ20260101000000GHOST001",
            kind: "payment",
            problem: "missing-here",
            oursFen: null,
            channelFen: 100,
          },
        ].sort((x, y) => x.orderNum.localeCompare(y.orderNum)),
      );
      const stored = await db()
        .selectFrom("reconciliation_report")
        .selectAll()
        .where("day", "=", day)
        .execute();
      expect(stored.length).toBeGreaterThan(0);
    });

    it("opens the gates through the entitlements: a course its ladder, VIP every ladder", async () => {
      const r = await signedInReader(t.app);
      const access = async () =>
        (await r.browser.get("/api/ladder/n/ladder/wenshi-test")).json().data
          .learningAccess as boolean;
      expect(await access()).toBe(false);
      const course = await createAndPay(r, "course.wenshi-ladder");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(course) }));
      expect(await access()).toBe(true);
      await t.deps.services.orders.refund(course, null, "退课");
      expect(await access()).toBe(false);
      const vip = await createAndPay(r, "vip.month");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(vip) }));
      expect(await access()).toBe(true);
    });

    it("gives a complimentary product once per source reference, through the same fulfilment", async () => {
      const r = await signedInReader(t.app);
      const grant = () =>
        db()
          .transaction()
          .execute((trx) =>
            t.deps.services.orders.complimentary.grant(trx, {
              accountId: r.userId,
              productKey: "vip.month",
              source: "exchange",
              sourceRef: `code-${r.userId}`,
            }),
          );
      const first = await grant();
      const again = await grant();
      expect(again).toBe(first);
      const o = await order(first);
      expect(o.state).toBe("fulfilled");
      expect(o.pay_fen).toBe(0);
      expect(await count("entitlement", first)).toBe(1);
      const ledger = await db()
        .selectFrom("ledger_entry")
        .select(["kind", "amount_fen"])
        .where("order_num", "=", first)
        .execute();
      expect(ledger).toEqual([{ kind: "grant", amount_fen: 0 }]);
    });

    it("adds a claimed vip-days challenge reward to VIP through the same entitlement, once", async () => {
      const r = await signedInReader(t.app);
      const id = `ff${r.userId.slice(2, 24)}`;
      await db()
        .insertInto("challenge_reward")
        .values({
          id,
          owner_id: r.userId,
          kind: "wenshianswer",
          period_key: "2026-11-27",
          item: "vip-days",
          amount: 3,
          label: "3 天会员",
          score: 100,
          round_id: "e".repeat(24),
          created_at: new Date().toISOString(),
          claimed_at: null,
        })
        .execute();
      const claims = await Promise.all([
        r.browser.post(`/api/learning/challenge-rewards/${id}/claim`),
        r.browser.post(`/api/learning/challenge-rewards/${id}/claim`),
      ]);
      expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409]);
      const rows = await db()
        .selectFrom("entitlement")
        .selectAll()
        .where("account_id", "=", r.userId)
        .where("kind", "=", "vip")
        .execute();
      expect(rows.length).toBe(1);
      const row = rows[0] as (typeof rows)[0];
      expect(Date.parse(row.ends_at as string) - Date.parse(row.starts_at)).toBe(3 * 86_400_000);
      expect((await r.browser.get("/api/m/commerce/vip")).json().data.active).toBe(true);
    });

    it("locks the coupon with the order, refuses a coupon taken meanwhile, and releases it on closing", async () => {
      const locked = new Map<string, string>();
      const released: string[] = [];
      const spent: string[] = [];
      const pricing: Pricing = {
        ...noPromotions,
        async quote(dbx, input) {
          const base = await noPromotions.quote(dbx, input);
          return { ...base, couponFen: 500, couponGrantId: "coupon-1", payFen: base.listFen - 500 };
        },
        async lockCoupon(_trx, id, orderNum) {
          if (locked.has(id)) throw new CouponUnavailableError();
          locked.set(id, orderNum);
        },
        async releaseCoupon(_trx, orderNum) {
          for (const [id, o] of locked) if (o === orderNum) locked.delete(id);
          released.push(orderNum);
        },
        async spendCoupon(_trx, orderNum) {
          spent.push(orderNum);
        },
      };
      const orders = createOrderService({
        db: db(),
        dialect: t.deps.handle.dialect,
        pricing,
        entitlements: t.deps.services.entitlements,
        paymentChannels: { wechat },
        grantReissueCard: async () => true,
      });
      const r = await signedInReader(t.app);
      const viewer = {
        kind: "user" as const,
        userId: r.userId,
        role: "user" as const,
        phone: null,
        name: "",
        appUserId: null,
        visitorId: null,
        via: "browser" as const,
        sessionId: null,
      };
      const ctx = { clientIp: "127.0.0.1", inWeChat: false, inApp: false, origin: "http://x" };
      const first = await orders.create(
        viewer,
        { productKey: "vip.month", couponId: "coupon-1" },
        ctx,
      );
      expect(first.payFen).toBe(2000);
      expect(first.couponFen).toBe(500);
      expect(locked.get("coupon-1")).toBe(first.orderNum);
      // The same coupon for a second order: refused with 409, and no order left behind.
      await expect(
        orders.create(viewer, { productKey: "vip.month", couponId: "coupon-1" }, ctx),
      ).rejects.toMatchObject({ status: 409, message: "优惠券已被使用或已失效" });
      const left = await db()
        .selectFrom("orders")
        .select("order_num")
        .where("account_id", "=", r.userId)
        .execute();
      expect(left.length).toBe(1);
      await db()
        .updateTable("orders")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("order_num", "=", first.orderNum)
        .execute();
      expect(await orders.closeDue()).toBeGreaterThanOrEqual(1);
      expect(released).toContain(first.orderNum);
      expect(locked.has("coupon-1")).toBe(false);
      // A paid order spends its coupon.
      const second = await orders.create(
        viewer,
        { productKey: "vip.month", couponId: "coupon-1" },
        ctx,
      );
      await orders.pay(viewer, { orderNum: second.orderNum, method: "wechat-h5" }, ctx);
      wechat.pay(second.orderNum);
      expect((await orders.confirm(viewer, second.orderNum)).state).toBe("fulfilled");
      expect(spent).toEqual([second.orderNum]);
    });

    it("lists products to anyone, asks for login elsewhere, quotes and lists a reader's orders by state", async () => {
      const products = await t.app.inject({ url: "/api/m/commerce/products?kind=vip" });
      expect(products.statusCode).toBe(200);
      expect(products.json().data.products.map((p: { key: string }) => p.key)).toEqual([
        "vip.month",
        "vip.year",
      ]);
      const badKind = await t.app.inject({ url: "/api/m/commerce/products?kind=toys" });
      expect(badKind.statusCode).toBe(400);
      const anonymous = await t.app.inject({ url: "/api/m/order/list" });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe(600);
      const r = await signedInReader(t.app);
      const quote = await r.browser.post("/api/m/commerce/quote", {
        productKey: "card.reissue-3",
        quantity: 2,
      });
      expect(quote.json().data).toMatchObject({ listFen: 600, payFen: 600, couponFen: 0 });
      const tooMany = await r.browser.post("/api/m/commerce/quote", {
        productKey: "vip.year",
        quantity: 2,
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe("会员一次只能买 1 份");
      const paid = await createAndPay(r, "card.reissue-3");
      await notify(wechat.notification({ kind: "payment", trade: wechat.pay(paid) }));
      const unpaid = (await create(r, { productKey: "vip.month" })).body.data.orderNum as string;
      const list = async (state: string) =>
        (await r.browser.get(`/api/m/order/list?state=${state}`))
          .json()
          .data.orders.map((o: { orderNum: string }) => o.orderNum);
      expect(await list("unpaid")).toEqual([unpaid]);
      expect(await list("done")).toEqual([paid]);
      expect(await list("refund")).toEqual([]);
      expect((await list("all")).sort()).toEqual([paid, unpaid].sort());
      const autoRenew = await create(r, { productKey: "vip.month", autoRenew: true });
      expect(autoRenew.status).toBe(400);
      expect(autoRenew.body.message).toBe("该商品暂不支持自动续费");
    });

    it("refunds in full a payment that arrives after closing when the goods are gone", async () => {
      await db()
        .updateTable("product")
        .set({ stock: 1 })
        .where("key", "=", "goods.territory-poster")
        .execute();
      const address = {
        name: "王五",
        phone: "13700000000",
        region: "广州市",
        detail: "天河区某路 3 号",
      };
      const late = await signedInReader(t.app);
      const orderNum = await createAndPay(late, "goods.territory-poster", { address });
      await db()
        .updateTable("orders")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("order_num", "=", orderNum)
        .execute();
      await t.deps.services.orders.closeDue();
      const other = await signedInReader(t.app);
      expect((await create(other, { productKey: "goods.territory-poster", address })).status).toBe(
        200,
      );
      const res = await notify(
        wechat.notification({ kind: "payment", trade: wechat.pay(orderNum) }),
      );
      expect(res.statusCode).toBe(200);
      const o = await order(orderNum);
      expect(o.state).toBe("refunded");
      expect(o.refunded_fen).toBe(5900);
      const stock = await db()
        .selectFrom("product")
        .select("stock")
        .where("key", "=", "goods.territory-poster")
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(0);
      expect(
        wechat.calls.some(
          (c) => c.op === "refund" && (c.args as { orderNum: string }).orderNum === orderNum,
        ),
      ).toBe(true);
    });
  },
);
