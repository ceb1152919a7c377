import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createDatabase } from "@tongjian/db/create-database";
import { dropAll } from "@tongjian/db/migrate";
import { createEntitlements } from "@tongjian/services/commerce/entitlements.server";
import { createOrderService } from "@tongjian/services/commerce/orders.server";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { noPromotions } from "../../../../../tests/support/no-promotions.ts";
import { findFreePort } from "../../../../../tests/support/start-server.ts";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createMemoryChannel } from "../../test-payment-channel.ts";

/**
 * Decision 33's crash test: the real server process (NODE_ENV=test, the test-only in-memory
 * channel) is told to kill itself with SIGKILL right after the transaction that marks an order
 * paid commits, before fulfilment. Restarted on the same database, it fulfils the order from the
 * outbox, exactly once, and a repeated notification changes nothing.
 */
describe.each(databaseTargets())(
  "an order paid just before the server is killed, on $name",
  (target) => {
    const children: ChildProcess[] = [];
    let dataDir = "";
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    async function start(port: number, env: Record<string, string>) {
      const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
        env: {
          ...process.env,
          NODE_ENV: "test",
          HOST: "127.0.0.1",
          PORT: String(port),
          DATA_DIR: dataDir,
          CONTENT_DIR: "tests/fixtures/content",
          POETRY_DIR: "tests/fixtures/chinese-poetry",
          RATE_LIMIT_PER_MINUTE: "100000000",
          LOG_LEVEL: "warn",
          WEB_CONCURRENCY: "1",
          DATABASE_URL: target.databaseUrl ?? "",
          REDIS_URL: "",
          TEST_PAYMENT_CHANNEL: "memory",
          ...env,
        },
        // stderr is kept, and shown only when the server fails to start: the killed process's
        // helpers (Vite's esbuild) print their own stack dumps when it dies.
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      children.push(child);
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`server exited early: ${stderr}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
            signal: AbortSignal.timeout(2000),
          });
          if (res.status === 200) return child;
        } catch {
          // not listening yet
        }
        await sleep(250);
      }
      throw new Error(`server not healthy in time: ${stderr}`);
    }

    it("is fulfilled exactly once after the restart", { timeout: 240_000 }, async () => {
      dataDir = await mkdtemp(join(tmpdir(), "tongjian-crash-"));
      const port = await findFreePort();
      if (target.databaseUrl) {
        // The worker's PostgreSQL database, emptied: the server migrates and seeds it on start.
        const fresh = createDatabase({ databaseUrl: target.databaseUrl });
        await dropAll(fresh.db);
        await fresh.close();
      }
      const first = await start(port, { TEST_KILL_AFTER_PAID: "1", ORDER_JOBS_MS: "0" });

      // An order made through the order service on the server's database, paying at the channel.
      const handle = createDatabase({
        databaseUrl: target.databaseUrl,
        sqlitePath: join(dataDir, "tongjian.sqlite"),
      });
      const channel = createMemoryChannel("wechat");
      const entitlements = createEntitlements({ db: handle.db, dialect: handle.dialect });
      const orders = createOrderService({
        db: handle.db,
        dialect: handle.dialect,
        pricing: noPromotions,
        entitlements,
        paymentChannels: { wechat: channel },
        grantReissueCard: async () => true,
      });
      const viewer = {
        kind: "user" as const,
        userId: "crash-test-reader",
        role: "user" as const,
        phone: null,
        name: "读者",
        appUserId: null,
        visitorId: null,
        via: "browser" as const,
        sessionId: null,
      };
      const ctx = { clientIp: "127.0.0.1", inWeChat: false, inApp: false, origin: "http://x" };
      const created = await orders.create(viewer, { productKey: "vip.year" }, ctx);
      await orders.pay(viewer, { orderNum: created.orderNum, method: "wechat-h5" }, ctx);
      const notification = channel.notification({
        kind: "payment",
        trade: channel.pay(created.orderNum),
      });
      const post = () =>
        fetch(`http://127.0.0.1:${port}/api/pay/notify/wechat`, {
          method: "POST",
          headers: notification.headers as Record<string, string>,
          body: notification.body,
        });

      const exited = once(first, "exit");
      await post().catch(() => null);
      const [, signal] = await exited;
      expect(signal).toBe("SIGKILL");

      const db = handle.db;
      const count = async (table: "ledger_entry" | "entitlement") =>
        Number(
          (
            await db
              .selectFrom(table)
              .select(sql<number>`count(*)`.as("n"))
              .where("order_num", "=", created.orderNum)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const state = async () =>
        (
          await db
            .selectFrom("orders")
            .select("state")
            .where("order_num", "=", created.orderNum)
            .executeTakeFirstOrThrow()
        ).state;
      // Killed in the window: paid and in the ledger, not yet granted; the outbox holds it.
      expect(await state()).toBe("paid");
      expect(await count("ledger_entry")).toBe(1);
      expect(await count("entitlement")).toBe(0);
      const outbox = await db
        .selectFrom("order_outbox")
        .select("state")
        .where("order_num", "=", created.orderNum)
        .execute();
      expect(outbox.map((o) => o.state)).toEqual(["pending"]);

      await start(port, { ORDER_JOBS_MS: "200" });
      const until = Date.now() + 30_000;
      while ((await state()) !== "fulfilled" && Date.now() < until) await sleep(200);
      expect(await state()).toBe("fulfilled");
      // The channel repeats its notification: answered ok, nothing granted twice.
      const again = await post();
      expect(again.status).toBe(200);
      expect(await count("ledger_entry")).toBe(1);
      expect(await count("entitlement")).toBe(1);
      const events = await db
        .selectFrom("order_event")
        .select("to_state")
        .where("order_num", "=", created.orderNum)
        .orderBy("at")
        .orderBy("id")
        .execute();
      expect(events.filter((e) => e.to_state === "fulfilled").length).toBe(1);
      expect(events.filter((e) => e.to_state === "paid").length).toBe(1);
      await handle.close();
    });
  },
);
