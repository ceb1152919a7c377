import type { UserViewer } from "@tongjian/domain/viewer";
import type { CampaignDefinition } from "@tongjian/services/campaigns/campaigns.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { signedInReader } from "../test-readers.ts";

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const viewerOf = (userId: string, phone: string | null = null): UserViewer => ({
  kind: "user",
  userId,
  role: "user",
  phone,
  name: "读者",
  appUserId: null,
  visitorId: null,
  via: "browser",
  sessionId: null,
});

function definition(key: string, over: Partial<CampaignDefinition> = {}): CampaignDefinition {
  return {
    key,
    title: "测试活动",
    kind: "draw",
    path: "/divination",
    summary: "一个用于检验活动引擎的活动。",
    rules: ["每天可参与一次。"],
    previewAt: iso(-2 * DAY),
    startsAt: iso(-DAY),
    endsAt: iso(DAY),
    limits: { perDay: 1, perReader: null, perDevice: null },
    rewards: [],
    share: {
      title: "来参加活动",
      desc: "这是一段很长的分享描述。".repeat(20),
      imgUrl: "/icons/icon-192.png",
    },
    ...over,
  };
}

describe.each(databaseTargets())("the campaign engine on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const campaigns = () => t.deps.services.campaigns;

  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows a running campaign's phase, rules and limits, and 404s for unknown or unpublished ones", async () => {
    await campaigns().create(definition("engine-view"));
    await campaigns().create(
      definition("engine-hidden", {
        previewAt: iso(DAY),
        startsAt: iso(2 * DAY),
        endsAt: iso(3 * DAY),
      }),
    );
    const res = await t.app.inject({ url: "/api/m/campaign/engine-view" });
    expect(res.statusCode).toBe(200);
    const view = res.json().data;
    expect(view.phase).toBe("running");
    expect(view.phaseLabel).toBe("进行中");
    expect(view.limitsText).toEqual(["每人每天可参与 1 次"]);
    expect(view.me).toMatchObject({ signedIn: false, reason: "登录后参与" });
    expect(view.share.desc.length).toBeLessThanOrEqual(100);
    // A first visit gets a device cookie.
    expect(String(res.headers["set-cookie"])).toMatch(/tj_dev=/);
    expect((await t.app.inject({ url: "/api/m/campaign/engine-hidden" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/m/campaign/no-such" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/m/campaign/BAD_KEY!" })).statusCode).toBe(400);
  });

  it("keeps the per-day limit under concurrent participations and refuses outside the schedule", async () => {
    await campaigns().create(
      definition("engine-limit", { limits: { perDay: 2, perReader: 3, perDevice: null } }),
    );
    const reader = viewerOf(`u-limit-${target.name}`);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        campaigns().participate("engine-limit", reader, { deviceId: null, kind: "draw" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.status).toBe(409);
    expect(refused.reason.message).toBe("每天最多参与 2 次，明天再来吧");
    const view = await campaigns().view("engine-limit", reader);
    expect(view.me).toMatchObject({ usedToday: 2, usedTotal: 2 });
    expect(view.me.reason).toBe("每天最多参与 2 次，明天再来吧");
    expect(await campaigns().actions("engine-limit", reader.userId)).toHaveLength(2);

    // An activity's own write that fails rolls the participation back.
    const other = viewerOf(`u-rollback-${target.name}`);
    await expect(
      campaigns().participate("engine-limit", other, { deviceId: null, kind: "draw" }, async () => {
        throw new Error("activity failed");
      }),
    ).rejects.toThrow("activity failed");
    expect((await campaigns().view("engine-limit", other)).me.usedToday).toBe(0);

    await campaigns().create(
      definition("engine-soon", { previewAt: iso(-DAY), startsAt: iso(DAY), endsAt: iso(2 * DAY) }),
    );
    expect((await campaigns().view("engine-soon", reader)).phaseLabel).toBe("预热中");
    await expect(
      campaigns().participate("engine-soon", reader, { deviceId: null, kind: "draw" }),
    ).rejects.toMatchObject({ status: 409, message: "活动尚未开始，敬请期待" });
  });

  it("counts a device across accounts", async () => {
    await campaigns().create(
      definition("engine-device", { limits: { perDay: null, perReader: null, perDevice: 2 } }),
    );
    const device = `dev-${target.name.replace(/\W/g, "")}-0001`;
    await campaigns().participate("engine-device", viewerOf("dev-a"), {
      deviceId: device,
      kind: "vote",
    });
    await campaigns().participate("engine-device", viewerOf("dev-b"), {
      deviceId: device,
      kind: "vote",
    });
    await expect(
      campaigns().participate("engine-device", viewerOf("dev-c"), {
        deviceId: device,
        kind: "vote",
      }),
    ).rejects.toMatchObject({ status: 409, message: "这台设备的参与次数已用完" });
    await expect(
      campaigns().participate("engine-device", viewerOf("dev-d"), { deviceId: null, kind: "vote" }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("closes a campaign: its page still reads, says it ended, and takes no part", async () => {
    await campaigns().create(definition("engine-close"));
    await campaigns().close("engine-close");
    const res = await t.app.inject({ url: "/api/m/campaign/engine-close" });
    expect(res.json().data).toMatchObject({ phase: "ended", phaseLabel: "已结束" });
    expect(res.json().data.closedAt).not.toBeNull();
    await expect(
      campaigns().participate("engine-close", viewerOf("u-closed"), {
        deviceId: null,
        kind: "draw",
      }),
    ).rejects.toMatchObject({ status: 409, message: "活动已结束，感谢参与" });
    // Rescheduling reopens it.
    await campaigns().schedule("engine-close", { endsAt: iso(DAY) });
    expect((await campaigns().view("engine-close", viewerOf("u-closed"))).phase).toBe("running");
    await expect(
      campaigns().schedule("engine-close", { endsAt: iso(-3 * DAY) }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it("gives each reward exactly once, through the store and the study records, even when asked at once", async () => {
    await t.deps.services.promotions.coupons.createCampaign({
      key: "welcome-5",
      title: "新人无门槛券",
      kind: "amount",
      amountFen: 500,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 30 * DAY),
    });
    await campaigns().create(
      definition("engine-reward", {
        rewards: [
          { key: "vip", label: "3 天会员", item: "vip-days", amount: 3, threshold: 1 },
          { key: "card", label: "补签卡 2 张", item: "reissue-card", amount: 2, threshold: 1 },
          {
            key: "coupon",
            label: "新人无门槛券",
            item: "coupon",
            amount: 1,
            coupon: "welcome-5",
            threshold: 2,
          },
          { key: "badge", label: "徽章 · 测试达人", item: "badge", amount: 1, threshold: 0 },
        ],
      }),
    );
    const { browser, userId, phone } = await signedInReader(t.app);
    const me = viewerOf(userId, phone);
    const given = await Promise.all(
      Array.from({ length: 8 }, () => campaigns().grantDue("engine-reward", me, 1)),
    );
    const labels = given
      .flat()
      .map((r) => r.key)
      .sort();
    expect(labels).toEqual(["badge", "card", "vip"]);
    expect((await campaigns().grantDue("engine-reward", me, 1)).length).toBe(0);
    expect((await campaigns().grantDue("engine-reward", me, 2)).map((r) => r.key)).toEqual([
      "coupon",
    ]);

    const vip = await t.deps.services.vip.status(me);
    expect(vip.active).toBe(true);
    const days = (Date.parse(vip.expiresAt as string) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    const coupons = (await browser.get("/api/m/coupon/mine?tab=available")).json().data.coupons;
    expect(coupons.map((c: { title: string }) => c.title)).toContain("新人无门槛券");

    const mine = (await browser.get("/api/m/campaign/rewards")).json().data;
    expect(mine.rewards.map((r: { rewardKey: string }) => r.rewardKey).sort()).toEqual([
      "badge",
      "card",
      "coupon",
      "vip",
    ]);
    const view = (await browser.get("/api/m/campaign/engine-reward")).json().data;
    expect(view.rewards.every((r: { granted: boolean }) => r.granted)).toBe(true);
    // /my shows the latest rewards, each linked to its campaign.
    const my = (await browser.get("/api/m/social/v1/y/my")).json().data;
    const slot = my.slots.find((s: { key: string }) => s.key === "campaign-rewards");
    expect(slot.items).toHaveLength(3);
    expect(slot.items[0]).toMatchObject({ href: "/divination" });
    expect(slot.items[0].meta).toMatch(/^测试活动 · \d{4}-\d{2}-\d{2}$/);

    // The same phone under another account id gets nothing more.
    const twin = viewerOf(`twin-${userId}`, phone);
    expect(await campaigns().grantDue("engine-reward", twin, 5)).toEqual([]);
    // A visitor without an account is given nothing (rewards go to accounts).
    expect(
      await campaigns().grantDue(
        "engine-reward",
        { kind: "visitor", visitorId: "v-1", sessionId: "s" },
        5,
      ),
    ).toEqual([]);
  });

  it("shares with the reader as `from`, records who brought whom, and counts a friend valid once they read", async () => {
    await campaigns().create(
      definition("engine-invite", {
        kind: "invite",
        path: "/springfestival",
        rewards: [{ key: "one", label: "徽章 · 邀请新人", item: "badge", amount: 1, threshold: 1 }],
      }),
    );
    const host = await signedInReader(t.app);
    const friend = await signedInReader(t.app);
    const shared = await host.browser.post("/api/m/campaign/engine-invite/share", {
      link: "/springfestival?x=1",
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().data.link).toBe(`/springfestival?x=1&from=${host.userId}`);
    expect(shared.json().data.desc.length).toBeLessThanOrEqual(100);
    expect(
      (
        await host.browser.post("/api/m/campaign/engine-invite/share", {
          link: "https://evil.example/",
        })
      ).statusCode,
    ).toBe(400);

    expect(
      (
        await friend.browser.post("/api/m/campaign/engine-invite/invite", { from: host.userId })
      ).json().data.recorded,
    ).toBe(true);
    // The first inviter wins; nobody invites themself.
    expect(
      (
        await friend.browser.post("/api/m/campaign/engine-invite/invite", { from: host.userId })
      ).json().data.recorded,
    ).toBe(false);
    expect(
      (
        await host.browser.post("/api/m/campaign/engine-invite/invite", { from: host.userId })
      ).json().data.recorded,
    ).toBe(false);
    expect(
      (await friend.browser.post("/api/m/campaign/engine-invite/invite", { from: "nobody" }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/m/campaign/engine-invite/invite",
          payload: { from: "x<script>" },
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(400);

    let invites = (await host.browser.get("/api/m/campaign/engine-invite/invites")).json().data;
    expect(invites).toMatchObject({ friendsNum: 1, validFriendsNum: 0 });
    expect(invites.friends[0].valid).toBe(false);

    // The friend reads an article: their read is recorded, and they count as valid.
    const later = new Date(Date.now() + 1000).toISOString();
    await t.deps.handle.db
      .insertInto("reading_history")
      .values({
        owner_id: friend.userId,
        kind: "article",
        item_id: "any-article",
        first_read_at: later,
        last_read_at: later,
        read_count: 1,
      })
      .execute();
    invites = (await host.browser.get("/api/m/campaign/engine-invite/invites")).json().data;
    expect(invites).toMatchObject({
      friendsNum: 1,
      validFriendsNum: 1,
      granted: ["徽章 · 邀请新人"],
    });
    const ranking = (await host.browser.get("/api/m/campaign/engine-invite/ranking")).json().data;
    expect(ranking.me).toMatchObject({ rank: 1, score: 1, isMe: true });
  });

  it("ranks by best score, ties by who got there first, and can show only one's friends", async () => {
    await campaigns().create(definition("engine-rank", { kind: "quiz" }));
    const c = campaigns();
    await c.setScore("engine-rank", "r-a", 5);
    await c.setScore("engine-rank", "r-b", 8);
    await c.setScore("engine-rank", "r-c", 5);
    await c.setScore("engine-rank", "r-a", 3); // lower: the best stays
    const ranking = await c.ranking("engine-rank", viewerOf("r-c"));
    expect(ranking.entries.map((e) => [e.ownerId, e.score, e.rank])).toEqual([
      ["r-b", 8, 1],
      ["r-a", 5, 2],
      ["r-c", 5, 3],
    ]);
    expect(ranking.me).toMatchObject({ ownerId: "r-c", rank: 3 });
    const anonymousFriends = await t.app.inject({
      url: "/api/m/campaign/engine-rank/ranking?scope=friends",
    });
    expect(anonymousFriends.json().data.entries).toEqual([]);
    expect(
      (await t.app.inject({ url: "/api/m/campaign/engine-rank/ranking?scope=everyone" }))
        .statusCode,
    ).toBe(400);
  });

  it("limits campaign writes per reader to 30 a minute", async () => {
    await campaigns().create(definition("engine-rate"));
    const { browser } = await signedInReader(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++)
      codes.push(
        (await browser.post("/api/m/campaign/engine-rate/share", { link: "/divination" }))
          .statusCode,
      );
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
