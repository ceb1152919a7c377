import { contentId } from "@tongjian/content/load-content";
import QRCode from "qrcode";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../../../../tools/wechat-simulator/wechat-simulator.ts";
import { FOLLOW_QR_SCENE } from "../../providers/wechat/wechat-extras.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

const MP_LOGIN = "/api/m/social/auth/v1/n/loginFromMpServiceAccount";
const WEIXIN_USER_INFO = "/api/m/auth/v1/n/weixin/user/info";
const VIPCN = "/api/auth/w1/n/weixin/vipcn";
const PAGE = "https://h5.example.cn/wx?redirect=%2Fboard";
const LI_BAI = contentId("person", "li-bai");

describe.each(databaseTargets())("WeChat extras on $name", (target) => {
  let sim: WeChatSimulator;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  // Each run names its simulated readers anew: Redis remembers per-reader counters between runs.
  const run = Math.random().toString(36).slice(2, 8);
  const user = (name: string) => `${name}-${run}`;

  beforeAll(async () => {
    sim = await startWeChatSimulator({
      users: {
        [user("reader")]: { nickname: "公众号读者" },
        [user("binder")]: { nickname: "绑定读者" },
        [user("other")]: { nickname: "另一位读者" },
        [user("follower")]: { nickname: "关注者" },
        [user("mover")]: { nickname: "先看后登" },
      },
    });
    t = await createTestApp(target, { ...sim.env, SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  beforeEach(async () => {
    await t.deps.store.deletePrefix("wechat:");
    await t.deps.store.deletePrefix("wecom:");
    await t.deps.store.deletePrefix("wxscheme:");
    sim.resetCalls();
  });

  /** WeChat's consent in this browser: the state cookie, then the code WeChat returns with. */
  async function consent(browser: TestBrowser, who: string, silent = true) {
    const res = await browser.get(
      `/api/m/social/auth/v1/n/weixin/authorize?redirect=${encodeURIComponent(PAGE)}&silent=${silent ? 1 : 0}`,
    );
    const url = new URL(res.json().data.url);
    url.searchParams.set("sim_user", who);
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location") ?? "");
    return {
      code: back.searchParams.get("code") ?? "",
      state: back.searchParams.get("state") ?? "",
    };
  }

  async function mpVisitor(who: string) {
    const browser = testBrowser(t.app, { address: newAddress() });
    const { code, state } = await consent(browser, who);
    const res = await browser.get(`${MP_LOGIN}?code=${code}&state=${state}`);
    return { browser, res };
  }

  describe("loginFromMpServiceAccount", () => {
    it("signs in from the menu with a silent consent and tells whether the reader follows", async () => {
      const { browser, res } = await mpVisitor(user("reader"));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        wxWebOpenId: sim.openIdOf(user("reader")),
        wxUnionId: sim.unionIdOf(user("reader")),
        subscribed: false,
      });
      expect(browser.jar.get("tj_sid")).toMatch(/^[\w-]{43}$/);
      expect(browser.jar.has("tj_wxstate")).toBe(false);
      expect(sim.calls).toMatchObject({ oauthAccessToken: 1, subscriberInfo: 1, userInfo: 0 });

      sim.setFollowing(user("reader"), true);
      const again = await mpVisitor(user("reader"));
      expect(again.res.json().data).toMatchObject({
        subscribed: true,
        visitorId: res.json().data.visitorId,
      });
    });

    it("refuses a code from another browser's consent, a used code and a missing one", async () => {
      const victim = testBrowser(t.app, { address: newAddress() });
      const attacker = testBrowser(t.app, { address: newAddress() });
      const { code, state } = await consent(attacker, user("other"));
      await consent(victim, user("reader"));
      const forged = await victim.get(`${MP_LOGIN}?code=${code}&state=${state}`);
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe("微信授权已失效，请重新进入页面");
      expect(victim.jar.has("tj_sid")).toBe(false);

      const used = await attacker.get(`${MP_LOGIN}?code=${code}&state=${state}`);
      expect(used.statusCode).toBe(200);
      const { state: fresh } = await consent(attacker, user("other"));
      const replay = await attacker.get(`${MP_LOGIN}?code=${code}&state=${fresh}`);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe("微信授权已失效或已使用，请重新进入页面");
      expect((await attacker.get(MP_LOGIN)).statusCode).toBe(400);
      expect((await attacker.get(`${MP_LOGIN}?code=<script>`)).statusCode).toBe(400);
    });
  });

  describe("POST /api/m/auth/v1/n/weixin/user/info", () => {
    it("brings a WeChat profile to a phone account signed in here, with the visitor's likes", async () => {
      // The WeChat reader liked an entry as a visitor first.
      const visitor = await mpVisitor(user("binder"));
      await visitor.browser.post("/api/social/like/send", {
        itemId: LI_BAI,
        type: "entry",
        action: "like",
      });

      const { browser, userId } = await signedInReader(t.app);
      const sessionBefore = browser.jar.get("tj_sid");
      const { code, state } = await consent(browser, user("binder"), false);
      const res = await browser.post(WEIXIN_USER_INFO, { code, state });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        wxNickname: "绑定读者",
        weixinInfo: { nickname: "绑定读者", openid: sim.openIdOf(user("binder")) },
        userInfo: { userProfile: { userId } },
      });
      // The session now stands for the account and this WeChat: a new one.
      expect(browser.jar.get("tj_sid")).not.toBe(sessionBefore);
      const like = await browser.get(`/api/social/like/check/cn/${LI_BAI}/entry`);
      expect(like.json().data).toMatchObject({ liked: true });
      const info = await browser.get("/api/user/info");
      expect(info.json().data).toMatchObject({ ahUserId: userId, wxName: "绑定读者" });

      // The same WeChat cannot be brought to another account.
      const other = await signedInReader(t.app);
      const second = await consent(other.browser, user("binder"), false);
      const refused = await other.browser.post(WEIXIN_USER_INFO, second);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("该微信已绑定其他账号");
    });

    it("asks for login, the userinfo consent and a state of this browser", async () => {
      const anonymous = testBrowser(t.app, { address: newAddress() });
      const { code, state } = await consent(anonymous, user("other"), false);
      const res = await anonymous.post(WEIXIN_USER_INFO, { code, state });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(600);

      const { browser } = await signedInReader(t.app);
      const base = await consent(browser, user("other"), true);
      const silent = await browser.post(WEIXIN_USER_INFO, base);
      expect(silent.statusCode).toBe(400);
      expect(silent.json().message).toBe("需要授权获取微信头像和昵称，请重新授权");
      const missing = await browser.post(WEIXIN_USER_INFO, { code: "abc" });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe("follow state (vipcn with follow) and the follow QR code", () => {
    it("answers the signature and whether a WeChat reader follows; null for others", async () => {
      const { browser } = await mpVisitor(user("follower"));
      const res = await browser.post(VIPCN, {
        url: "https://h5.example.cn/followwxaccount",
        follow: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        appId: sim.appId,
        follow: {
          accountName: "通鉴",
          subscribed: false,
          subscribedAt: null,
          qrcode: "/media/wechat/follow-qrcode.svg",
        },
      });
      sim.setFollowing(user("follower"), true);
      const now = (
        await browser.post(VIPCN, { url: "https://h5.example.cn/", follow: true })
      ).json().data;
      expect(now.follow.subscribed).toBe(true);
      expect(Date.parse(now.follow.subscribedAt)).toBeGreaterThan(Date.now() - 60_000);

      const anonymous = testBrowser(t.app, { address: newAddress() });
      const unknown = (
        await anonymous.post(VIPCN, { url: "https://h5.example.cn/", follow: true })
      ).json();
      expect(unknown.data.follow).toMatchObject({ subscribed: null });
      // Without the flag the answer is the signature alone, as before.
      const plain = (await anonymous.post(VIPCN, { url: "https://h5.example.cn/" })).json().data;
      expect(Object.keys(plain).sort()).toEqual(["appId", "noncestr", "signature", "timestamp"]);
    });

    it("draws the official account's follow QR code as an SVG", async () => {
      const res = await t.app.inject({ url: "/media/wechat/follow-qrcode.svg" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
      const content = sim.qrContentOf(FOLLOW_QR_SCENE);
      expect(content).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
      const expected = await QRCode.toString(content ?? "", {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 2,
        color: { dark: "#000000", light: "#ffffff" },
      });
      expect(res.body).toBe(expected);
      // WeChat is asked once; the content is kept.
      await t.app.inject({ url: "/media/wechat/follow-qrcode.svg" });
      expect(sim.calls.qrcodeCreate).toBe(1);
    });
  });

  describe("POST /api/m/social/qywx/bind/user", () => {
    const BIND = "/api/m/social/qywx/bind/user";

    it("binds the reader's own 企业微信 contact and refuses anyone else's", async () => {
      const { browser } = await mpVisitor(user("reader"));
      const own = sim.externalUserIdOf(user("reader"));
      const res = await browser.post(`${BIND}?id=${own}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        externalUserId: own,
        name: "公众号读者",
        staffUserId: "lishi",
      });
      // Again is fine (the same reader).
      expect((await browser.post(`${BIND}?id=${own}`)).statusCode).toBe(200);

      const someoneElse = await browser.post(`${BIND}?id=${sim.externalUserIdOf(user("other"))}`);
      expect(someoneElse.statusCode).toBe(403);
      expect(someoneElse.json().message).toBe("该企业微信联系人不是当前微信用户，无法绑定");
      const unknown = await browser.post(`${BIND}?id=wmnotacontact0000`);
      expect(unknown.statusCode).toBe(404);
      expect((await browser.post(`${BIND}?id=a%20b`)).statusCode).toBe(400);
      expect((await browser.post(BIND)).statusCode).toBe(400);
    });

    it("needs a login, and a WeChat identity to compare with", async () => {
      const anonymous = testBrowser(t.app, { address: newAddress() });
      const res = await anonymous.post(`${BIND}?id=${sim.externalUserIdOf(user("reader"))}`);
      expect(res.statusCode).toBe(401);
      const { browser } = await signedInReader(t.app);
      const phoneOnly = await browser.post(`${BIND}?id=${sim.externalUserIdOf(user("reader"))}`);
      expect(phoneOnly.statusCode).toBe(400);
      expect(phoneOnly.json().message).toBe("请先在微信中登录，再绑定企业微信");
    });
  });

  describe("GET /api/m/social/wx/v1/n/getUrlScheme", () => {
    it("makes a scheme for a known page once and reuses it", async () => {
      const res = await t.app.inject({ url: "/api/m/social/wx/v1/n/getUrlScheme?key=home" });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ key: "home", title: "通鉴小程序首页" });
      expect(data.openlink).toMatch(/^weixin:\/\/dl\/business\/\?t=[\w-]+$/);
      expect(Date.parse(data.expiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      const again = (
        await t.app.inject({ url: "/api/m/social/wx/v1/n/getUrlScheme?key=home" })
      ).json().data;
      expect(again.openlink).toBe(data.openlink);
      expect(sim.calls.generateScheme).toBe(1);
      const bad = await t.app.inject({ url: "/api/m/social/wx/v1/n/getUrlScheme?key=pages/evil" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("未知的小程序页面");
    });
  });

  describe("subscriptions", () => {
    const SUB = "/api/m/social/v1/y/subscribe";

    it("keeps a reader's topics and refuses unknown ones", async () => {
      const anonymous = await t.app.inject({ url: SUB });
      expect(anonymous.statusCode).toBe(401);
      const { browser } = await mpVisitor(user("other"));
      const empty = (await browser.get(SUB)).json().data.topics;
      expect(empty.every((topic: { subscribed: boolean }) => !topic.subscribed)).toBe(true);
      const saved = await browser.post(SUB, { topics: ["today", "board", "today"] });
      expect(saved.statusCode, saved.body).toBe(200);
      const chosen = (await browser.get(SUB))
        .json()
        .data.topics.filter((x: { subscribed: boolean }) => x.subscribed);
      expect(chosen.map((x: { key: string }) => x.key)).toEqual(["today", "board"]);
      await browser.post(SUB, { topics: ["articles"] });
      const after = (await browser.get(SUB))
        .json()
        .data.topics.filter((x: { subscribed: boolean }) => x.subscribed);
      expect(after.map((x: { key: string }) => x.key)).toEqual(["articles"]);
      expect((await browser.post(SUB, { topics: ["lottery"] })).statusCode).toBe(400);
    });
  });
});

describe.each(databaseTargets())("a visitor binding a phone on $name", (target) => {
  let sim: WeChatSimulator;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    sim = await startWeChatSimulator();
    t = await createTestApp(target, { ...sim.env, SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("hands its notes, note likes and subscriptions to the account", async () => {
    const who = `mover-${Math.random().toString(36).slice(2, 8)}`;
    const browser = testBrowser(t.app, { address: newAddress() });
    const consent = await browser.get(
      `/api/m/social/auth/v1/n/weixin/authorize?redirect=${encodeURIComponent(PAGE)}&silent=1`,
    );
    const consentUrl = new URL(consent.json().data.url);
    consentUrl.searchParams.set("sim_user", who);
    const back = new URL(
      (await fetch(consentUrl, { redirect: "manual" })).headers.get("location") ?? "",
    );
    await browser.get(
      `${MP_LOGIN}?code=${back.searchParams.get("code")}&state=${back.searchParams.get("state")}`,
    );

    const note = (
      await browser.post("/api/words/v1/y/note", { entryId: LI_BAI, text: "先写后登" })
    ).json().data;
    const other = await signedInReader(t.app);
    const theirs = (
      await other.browser.post("/api/words/v1/y/note", { entryId: LI_BAI, text: "别人的" })
    ).json().data;
    await browser.post("/api/words/v1/y/like", { noteId: theirs.id, action: "like" });
    await browser.post("/api/m/social/v1/y/subscribe", { topics: ["today"] });

    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await browser.post("/api/auth/sms/send", { phone, purpose: "bind" });
    const code = (await t.app.inject({ url: `/api/dev/sms/outbox?phone=${phone}` })).json().data
      .code;
    const bound = await browser.post("/api/auth/bind-phone", { phone, code });
    expect(bound.statusCode, bound.body).toBe(200);
    const accountId = bound.json().data.ahUserId as string;

    const rows = await t.deps.handle.db
      .selectFrom("entry_note")
      .select("owner_id")
      .where("id", "=", note.id)
      .executeTakeFirstOrThrow();
    expect(rows.owner_id).toBe(accountId);
    const list = (await browser.get(`/api/words/v1/n/entry/${LI_BAI}?size=10`)).json().data.list;
    expect(list.find((n: { id: string }) => n.id === note.id)).toMatchObject({ mine: true });
    expect(list.find((n: { id: string }) => n.id === theirs.id)).toMatchObject({
      liked: true,
      likeNum: 1,
    });
    const topics = (await browser.get("/api/m/social/v1/y/subscribe")).json().data.topics;
    expect(
      topics
        .filter((x: { subscribed: boolean }) => x.subscribed)
        .map((x: { key: string }) => x.key),
    ).toEqual(["today"]);
  });
});

describe("WeChat extras without configuration", () => {
  it("answers 503 with what is not set up", async () => {
    const t = await createTestApp({ databaseUrl: undefined, redisUrl: undefined });
    try {
      for (const [method, url, message] of [
        ["GET", `${MP_LOGIN}?code=abc&state=x`, "微信登录暂未配置"],
        ["GET", "/api/m/social/wx/v1/n/getUrlScheme?key=home", "小程序暂未配置"],
        ["GET", "/media/wechat/follow-qrcode.svg", "公众号暂未配置"],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().message).toBe(message);
      }
    } finally {
      await t.close();
    }
  });
});
