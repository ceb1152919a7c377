import { loadCommunity, sampleId } from "@tongjian/content/community-content";
import { contentId } from "@tongjian/content/load-content";
import { seedCommunity } from "@tongjian/content/seed-community";
import { COMMUNITY_API } from "@tongjian/contracts/community";
import { LOGIN_AGREEMENTS } from "@tongjian/domain/agreement-consent";
import { agreementDoc } from "@tongjian/domain/agreement-types";
import { AGREEMENTS, agreementOf, currentVersions } from "@tongjian/domain/agreements";
import { createAgreementService } from "@tongjian/services/agreements/agreements.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";
import { newAddress, newPhone, signedInReader } from "../test-readers.ts";

const LI_BAI = contentId("person", "li-bai");
const TANG = sampleId("circle", "tang-shi-yan-du");
const LOGIN_VERSIONS = currentVersions(LOGIN_AGREEMENTS);

describe.each(databaseTargets())("agreements and personal data on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    const community = loadCommunity("content");
    if (!community) throw new Error("content/community.yaml missing");
    await seedCommunity(t.deps.handle, community);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.deps.handle.db;

  /**
   * Signs in with an SMS code, sending `agreements` with the login as /login's form does (null:
   * none, as an older client).
   */
  async function signIn(agreements: unknown = LOGIN_VERSIONS) {
    const browser = testBrowser(t.app, { address: newAddress() });
    const phone = newPhone();
    await browser.post("/api/auth/sms/send", { phone, purpose: "login" });
    const code = (await t.app.inject({ url: `/api/dev/sms/outbox?phone=${phone}` })).json().data
      .code as string;
    const res = await browser.post("/api/auth", {
      type: "sms",
      phone,
      code,
      ...(agreements === null ? {} : { agreements }),
    });
    return { browser, phone, res, userId: res.json().data?.ahUserId as string };
  }

  it("lists every agreement with its version and effective day", async () => {
    const res = await t.app.inject({ url: "/api/agreements" });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list as { agreement: string; version: string }[];
    expect(list.map((a) => a.agreement)).toEqual(AGREEMENTS.map((a) => a.key));
    expect(list.find((a) => a.agreement === "userServices")).toMatchObject({
      version: agreementOf("userServices").version,
      effectiveOn: agreementOf("userServices").effectiveOn,
      path: "/agreement/userServices",
    });
  });

  it("answers 600 to a reader who is not signed in", async () => {
    const anonymous = testBrowser(t.app, { address: newAddress() });
    for (const url of [
      "/api/user/agreements",
      "/api/user/agreements/history",
      "/api/user/personal-data",
      "/api/user/personal-data/export",
    ]) {
      const res = await anonymous.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe(600);
    }
    const accept = await anonymous.post("/api/user/agreements/accept", {
      agreements: LOGIN_VERSIONS,
    });
    expect(accept.json().code).toBe(600);
    const del = await anonymous.post("/api/user/personal-data/delete", { confirm: "注销" });
    expect(del.json().code).toBe(600);
  });

  it("records the versions a login accepted, and refuses a stale one before signing in", async () => {
    const { browser, res, userId } = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    const standing = (await browser.get("/api/user/agreements")).json().data;
    expect(standing.pending).toEqual([]);
    expect(standing.list.map((s: { state: string }) => s.state)).toEqual(["current", "current"]);
    const history = (await browser.get("/api/user/agreements/history")).json().data.list;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ context: "login", version: "1.0" });
    const rows = await db()
      .selectFrom("agreement_acceptance")
      .selectAll()
      .where("owner_id", "=", userId)
      .execute();
    expect(rows.map((r) => r.agreement).sort()).toEqual([...LOGIN_AGREEMENTS].sort());

    const stale = await signIn([{ agreement: "userServices", version: "0.1" }, LOGIN_VERSIONS[1]]);
    expect(stale.res.statusCode).toBe(409);
    expect(stale.res.json().message).toContain("《用户服务协议》已更新");
    expect((await stale.browser.get("/api/user/info")).json().code).toBe(600);

    const missing = await signIn([LOGIN_VERSIONS[0]]);
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json().message).toContain("个人信息保护政策");
  });

  it("keeps signing in without agreements (older clients), recording nothing", async () => {
    const { res, userId } = await signIn(null);
    expect(res.statusCode).toBe(200);
    const rows = await db()
      .selectFrom("agreement_acceptance")
      .select("id")
      .where("owner_id", "=", userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("answers bad input with a 4xx and a message", async () => {
    const { browser } = await signIn();
    const cases: unknown[] = [
      { agreements: [] },
      { agreements: [{ agreement: "nothing", version: "1.0" }] },
      { agreements: [LOGIN_VERSIONS[0], LOGIN_VERSIONS[0]] },
      { agreements: [{ agreement: "userServices", version: "" }] },
      { agreements: "all" },
    ];
    for (const body of cases) {
      const res = await browser.post("/api/user/agreements/accept", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const del = await browser.post("/api/user/personal-data/delete", { confirm: "delete" });
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toContain("注销");
  });

  it("asks again when a new version is published, and records the new acceptance", async () => {
    const { userId } = await signIn();
    // The day a new 用户服务协议 is published: the same database, the registry with version 2.0.
    const published = AGREEMENTS.map((doc) =>
      doc.key === "userServices"
        ? agreementDoc({
            ...doc,
            versions: [
              ...doc.versions,
              { version: "2.0", effectiveOn: "2027-01-01", note: "新增研学出行条款。" },
            ],
          })
        : doc,
    );
    const next = createAgreementService({ db: db(), registry: published });
    const viewer = {
      kind: "user" as const,
      userId,
      role: "user" as const,
      phone: null,
      name: "读者",
      appUserId: null,
      visitorId: null,
      via: "browser" as const,
      sessionId: null,
    };
    const asked = await next.standing(viewer);
    expect(asked.pending.map((s) => s.agreement)).toEqual(["userServices"]);
    expect(asked.pending[0]).toMatchObject({ acceptedVersion: "1.0", version: "2.0" });
    expect(asked.pending[0]?.changes).toEqual(["2.0：新增研学出行条款。"]);
    await expect(
      next.accept(viewer, [{ agreement: "userServices", version: "1.0" }]),
    ).rejects.toThrow("已更新");
    await next.accept(viewer, [{ agreement: "userServices", version: "2.0" }]);
    expect((await next.standing(viewer)).pending).toEqual([]);

    // Through the API: a reader whose last acceptance is an older version is asked until they
    // accept the one in force; one who never accepted is not asked on a visit (decision 40).
    const older = await signIn(null);
    await db()
      .insertInto("agreement_acceptance")
      .values({
        id: `${"0".repeat(23)}1`,
        owner_id: older.userId,
        agreement: "personalInformationProtection",
        version: "0.9",
        accepted_at: "2026-01-01T00:00:00.000Z",
        context: "login",
        detail: null,
      })
      .execute();
    const standing = (await older.browser.get("/api/user/agreements")).json().data;
    expect(standing.list.map((s: { state: string }) => s.state)).toEqual(["none", "outdated"]);
    expect(standing.pending.map((p: { agreement: string }) => p.agreement)).toEqual([
      "personalInformationProtection",
    ]);
    const stale = await older.browser.post("/api/user/agreements/accept", {
      agreements: [{ agreement: "personalInformationProtection", version: "0.9" }],
    });
    expect(stale.statusCode).toBe(409);
    const accepted = await older.browser.post("/api/user/agreements/accept", {
      agreements: [LOGIN_VERSIONS[1]],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.pending).toEqual([]);
    const history = (await older.browser.get("/api/user/agreements/history")).json().data.list;
    expect(history[0]).toMatchObject({
      agreement: "personalInformationProtection",
      version: LOGIN_VERSIONS[1]?.version,
      context: "update",
    });
  });

  it("records what the checkout accepted with the order, and refuses a stale version", async () => {
    const { browser, userId } = await signIn();
    const agreements = currentVersions(["vipService", "vipPay"]);
    const created = await browser.post("/api/m/order/create", {
      productKey: "vip.month",
      agreements,
    });
    expect(created.statusCode, created.body).toBe(200);
    const orderNum = created.json().data.orderNum as string;
    const rows = await db()
      .selectFrom("agreement_acceptance")
      .selectAll()
      .where("owner_id", "=", userId)
      .where("context", "=", "checkout")
      .execute();
    expect(rows.map((r) => [r.agreement, r.version, r.detail]).sort()).toEqual(
      [
        ["vipPay", "1.0", orderNum],
        ["vipService", "1.0", orderNum],
      ].sort(),
    );
    const stale = await browser.post("/api/m/order/create", {
      productKey: "vip.month",
      agreements: [{ agreement: "vipPay", version: "0.5" }, agreements[0]],
    });
    expect(stale.statusCode).toBe(409);
    const missing = await browser.post("/api/m/order/create", {
      productKey: "vip.month",
      agreements: [agreements[1]],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("会员服务协议");
  });

  it("exports the reader's account, likes, follows, orders, study records and posts", async () => {
    const { browser, userId, phone } = await signIn();
    const other = await signedInReader(t.app);
    await like(browser);
    expect(
      (await browser.post("/api/m/social/v1/y/focus", { userId: other.userId, action: "follow" }))
        .statusCode,
    ).toBe(200);
    const order = await browser.post("/api/m/order/create", { productKey: "vip.month" });
    expect(order.statusCode, order.body).toBe(200);
    expect((await browser.post("/api/clockin/y/checkin")).statusCode).toBe(200);
    const postId = await post(browser, "读《资治通鉴》卷一，三家分晋。");

    const res = await browser.get("/api/user/personal-data/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="tongjian-personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = JSON.parse(res.body);
    expect(data.format).toBe("tongjian-personal-data/1");
    expect(data.account).toMatchObject({ id: userId, phone });
    expect(data.account.password_hash).toBeUndefined();
    const rows = (table: string) =>
      (data.sets as { table: string; rows: Record<string, unknown>[] }[]).find(
        (s) => s.table === table,
      )?.rows ?? [];
    expect(rows("like_record")).toEqual([expect.objectContaining({ item_id: LI_BAI })]);
    expect(rows("follow")).toEqual([
      expect.objectContaining({ follower_id: userId, followee_id: other.userId }),
    ]);
    expect(rows("orders")).toEqual([
      expect.objectContaining({ account_id: userId, product_key: "vip.month" }),
    ]);
    expect(rows("study_clockin")).toHaveLength(1);
    expect(rows("post")).toEqual([expect.objectContaining({ id: postId })]);
    expect(rows("circle_member")).toHaveLength(1);
    expect(rows("agreement_acceptance")).toHaveLength(2);
    for (const session of rows("auth_session")) expect(session.token_hash).toBeUndefined();
    // Nobody else's rows: the other reader's account is not in it.
    expect(res.body).not.toContain(other.phone);

    const overview = (await browser.get("/api/user/personal-data")).json().data;
    expect(overview.account).toMatchObject({ id: userId, kind: "user", phone });
    const counts = Object.fromEntries(
      overview.groups.flatMap((g: { sets: { table: string; rows: number }[] }) =>
        g.sets.map((s) => [s.table, s.rows]),
      ),
    );
    expect(counts).toMatchObject({ account: 1, like_record: 1, follow: 1, orders: 1, post: 1 });
  });

  it("deletes the account at once: rows gone, orders kept naming no one, signed out everywhere, others untouched", async () => {
    const reader = await signIn();
    const elsewhere = await signInAgainFrom(reader.browser);
    const other = await signedInReader(t.app);
    await like(reader.browser);
    await like(other.browser);
    await reader.browser.post("/api/m/social/v1/y/focus", { userId: other.userId, action: 1 });
    await other.browser.post("/api/m/social/v1/y/focus", { userId: reader.userId, action: 1 });
    const order = (
      await reader.browser.post("/api/m/order/create", { productKey: "vip.month" })
    ).json().data.orderNum as string;
    const postId = await post(reader.browser, "注销前的帖子");
    const otherPost = await post(other.browser, "别人的帖子");
    await reader.browser.post(`${COMMUNITY_API}/y/post/like`, {
      postId: otherPost,
      action: "like",
    });
    await reader.browser.post(`${COMMUNITY_API}/y/comment`, { postId: otherPost, text: "好文" });
    await other.browser.post(`${COMMUNITY_API}/y/comment`, { postId, text: "也来看看" });
    const likesBefore = (await postRow(otherPost)).like_count;
    expect(likesBefore).toBe(1);

    const res = await reader.browser.post("/api/user/personal-data/delete", { confirm: "注销" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ deleted: true, anonymised: { orders: 1 } });
    expect(String(res.headers["set-cookie"])).toMatch(/session=;|Max-Age=0/);

    // Signed out here and on the other device.
    expect((await reader.browser.get("/api/user/info")).json().code).toBe(600);
    expect((await elsewhere.get("/api/user/info")).json().code).toBe(600);
    // The reader's rows are gone.
    const left = async (table: "account" | "like_record" | "post" | "auth_session") =>
      (await db().selectFrom(table).selectAll().execute()).filter((row) =>
        JSON.stringify(row).includes(reader.userId),
      );
    for (const table of ["account", "like_record", "post", "auth_session"] as const)
      expect(await left(table), table).toEqual([]);
    const follows = await db()
      .selectFrom("follow")
      .selectAll()
      .where((eb) =>
        eb.or([eb("follower_id", "=", reader.userId), eb("followee_id", "=", reader.userId)]),
      )
      .execute();
    expect(follows).toEqual([]);
    // Others' comments on the deleted post went with it; the order stays, naming no one.
    const comments = await db()
      .selectFrom("post_comment")
      .select("id")
      .where("post_id", "=", postId)
      .execute();
    expect(comments).toEqual([]);
    const kept = await db()
      .selectFrom("orders")
      .selectAll()
      .where("order_num", "=", order)
      .executeTakeFirstOrThrow();
    expect(kept.account_id).not.toBe(reader.userId);
    expect(kept.client_ip).toBeNull();
    // Others are untouched: their account, like, post and session; their post's counts drop.
    expect((await other.browser.get("/api/user/info")).json().data.ahUserId).toBe(other.userId);
    const theirLike = await db()
      .selectFrom("like_record")
      .select("item_id")
      .where("user_id", "=", other.userId)
      .execute();
    expect(theirLike).toEqual([{ item_id: LI_BAI }]);
    const after = await postRow(otherPost);
    expect(after.like_count).toBe(0);
    expect(after.comment_count).toBe(0);
    // The phone number is free again: no account holds it.
    const byPhone = await db()
      .selectFrom("account")
      .select("id")
      .where("phone", "=", reader.phone)
      .execute();
    expect(byPhone).toEqual([]);
  });

  async function like(browser: TestBrowser) {
    const res = await browser.post("/api/social/like/send", {
      itemId: LI_BAI,
      type: "entry",
      action: "like",
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function post(browser: TestBrowser, text: string): Promise<string> {
    await browser.post(`${COMMUNITY_API}/y/circle/member`, { circleId: TANG, action: "join" });
    const res = await browser.post(`${COMMUNITY_API}/y/post`, { circleId: TANG, text });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  }

  async function postRow(id: string) {
    return db()
      .selectFrom("post")
      .select(["like_count", "comment_count"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  async function signInAgainFrom(from: TestBrowser): Promise<TestBrowser> {
    const ticket = (await from.post("/api/auth/ticket")).json().data.ticket as string;
    const browser = testBrowser(t.app, { address: newAddress() });
    const res = await browser.post("/api/m/social/auth/w1/n/login", { ticket });
    expect(res.statusCode).toBe(200);
    return browser;
  }
});
