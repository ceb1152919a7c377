import { randomInt } from "node:crypto";
import { contentId } from "@tongjian/content/load-content";
import { issueAppToken } from "@tongjian/services/accounts/app-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { buildApp } from "../../build-app.ts";
import { ok } from "../../envelope.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";

const APP_SECRET = "test-app-token-secret-0123456789abcdef";
const LI_BAI = contentId("person", "li-bai");
const PASSWORD = "史记汉书三国志通鉴";

/** A number no earlier run used (Redis keeps counters between runs). */
const newPhone = () => `139${String(randomInt(0, 10 ** 8)).padStart(8, "0")}`;
/**
 * A client address (from the documentation range 2001:db8::/32) of its own for each browser, so that the per-address limits one test fills
 * leave the others alone (and a run within the hour after another, on Redis, too).
 */
const newAddress = () =>
  `2001:db8::${randomInt(0, 0x10000).toString(16)}:${randomInt(0, 0x10000).toString(16)}:${randomInt(1, 0x10000).toString(16)}`;

describe.each(databaseTargets())("accounts and sessions on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator", APP_TOKEN_SECRET: APP_SECRET });
  });
  afterAll(async () => {
    await t?.close();
  });

  const browser = (options: { origin?: string } = {}) =>
    testBrowser(t.app, { address: newAddress(), ...options });

  /** The code the SMS simulator last sent to the number. */
  async function sentCode(phone: string): Promise<string> {
    const res = await t.app.inject({ url: `/api/dev/sms/outbox?phone=${phone}` });
    expect(res.statusCode).toBe(200);
    return res.json().data.code as string;
  }

  async function sendCode(b: TestBrowser, phone: string, purpose: string) {
    const res = await b.post("/api/auth/sms/send", { phone, purpose });
    expect(res.statusCode, res.body).toBe(200);
    return sentCode(phone);
  }

  async function register(b: TestBrowser, phone = newPhone(), password = PASSWORD) {
    const code = await sendCode(b, phone, "register");
    const res = await b.post("/api/auth/register", { phone, code, password, name: "司马读者" });
    expect(res.statusCode, res.body).toBe(200);
    return { phone, info: res.json().data };
  }

  const sessionOf = (b: TestBrowser) => b.jar.get("tj_sid");

  describe("password and SMS code", () => {
    it("registers with an SMS code and signs in with the password in a new session", async () => {
      const b = browser();
      const { phone, info } = await register(b);
      expect(info).toMatchObject({
        ahName: "司马读者",
        ahPhone: phone,
        visitorId: null,
        wxName: null,
        role: "user",
      });
      expect(info.ahUserId).toMatch(/^[0-9a-f]{24}$/);
      // Hashed with scrypt at the run's configured cost (PASSWORD_SCRYPT_N, test-app.ts).
      const row = await t.deps.handle.db
        .selectFrom("account")
        .select("password_hash")
        .where("id", "=", info.ahUserId as string)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$N=1024,r=8,p=3\$/);
      const sms = (await t.app.inject({ url: `/api/dev/sms/outbox?phone=${phone}` })).json().data;
      expect(sms.text).toMatch(/^【通鉴】验证码 \d{6}，用于注册，5 分钟内有效/);

      const other = browser();
      const login = await other.post("/api/auth", { type: "password", phone, password: PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.ahUserId).toBe(info.ahUserId);
      expect(login.headers["cache-control"]).toBe("private, no-store");
      const info2 = await other.get("/api/user/info");
      expect(info2.json()).toMatchObject({ code: 200, data: { ahPhone: phone } });
      // Typed with spaces and +86, the number is the same account.
      const spaced = `+86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
      const again = await browser().post("/api/auth", {
        type: "password",
        phone: spaced,
        password: PASSWORD,
      });
      expect(again.json().data.ahUserId).toBe(info.ahUserId);
    });

    it("says only 手机号或密码错误, for a wrong password and an unknown number alike", async () => {
      const b = browser();
      const { phone } = await register(b);
      for (const body of [
        { type: "password", phone, password: "not-the-password" },
        { type: "password", phone: newPhone(), password: PASSWORD },
      ]) {
        const res = await browser().post("/api/auth", body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: 400, message: "手机号或密码错误", data: null });
        expect(res.headers["set-cookie"] ?? "").not.toContain("tj_sid=");
      }
    });

    it("refuses weak passwords and bad numbers on registration with clear messages", async () => {
      const b = browser();
      const phone = newPhone();
      const code = await sendCode(b, phone, "register");
      const cases: [unknown, string][] = [
        [{ phone, code, password: "short" }, "密码至少 8 位"],
        [{ phone, code, password: "12345678" }, "密码过于常见，请换一个"],
        [{ phone: "12345", code, password: PASSWORD }, "请输入正确的手机号"],
        [{ phone, code: "12ab56", password: PASSWORD }, "验证码为 6 位数字"],
      ];
      for (const [body, message] of cases) {
        const res = await b.post("/api/auth/register", body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toContain(message);
      }
      // The code survived the refused attempts that never reached it.
      expect(
        (await b.post("/api/auth/register", { phone, code, password: PASSWORD })).statusCode,
      ).toBe(200);
      // A minute later (the resend interval), a second registration of the number is refused.
      await t.deps.store.delete(`sms:resend:register:${phone}`);
      const twice = await browser().post("/api/auth/register", {
        phone,
        code: await sendCode(browser(), phone, "register"),
        password: PASSWORD,
      });
      expect(twice.json().message).toBe("该手机号已注册，请直接登录");
    });

    it("signs in (and up) with an SMS code used once; a used, wrong or stale code is refused", async () => {
      const b = browser();
      const phone = newPhone();
      const code = await sendCode(b, phone, "login");
      const res = await b.post("/api/auth", { type: "sms", phone, code });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ ahPhone: phone, ahName: `读者${phone.slice(-4)}` });

      const replay = await browser().post("/api/auth", { type: "sms", phone, code });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe("验证码错误或已失效，请重新获取");

      // A code for registration does not sign in.
      const other = newPhone();
      const registerCode = await sendCode(browser(), other, "register");
      const wrongPurpose = await browser().post("/api/auth", {
        type: "sms",
        phone: other,
        code: registerCode,
      });
      expect(wrongPurpose.json().message).toBe("验证码错误或已失效，请重新获取");
    });

    it("voids a code after five wrong tries, and resends at most once a minute", async () => {
      const b = browser();
      const phone = newPhone();
      const code = await sendCode(b, phone, "login");
      const again = await b.post("/api/auth/sms/send", { phone, purpose: "login" });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe("验证码已发送，请 60 秒后再试");
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) {
        const res = await b.post("/api/auth", { type: "sms", phone, code: wrong });
        expect(res.json().message).toBe("验证码错误或已失效，请重新获取");
      }
      // The code is void, and the number is locked like after five wrong passwords.
      expect(await t.deps.store.get(`sms:code:login:${phone}`)).toBeNull();
      const late = await b.post("/api/auth", { type: "sms", phone, code });
      expect(late.statusCode).toBe(429);
      expect(late.json().message).toBe("登录失败次数过多，请稍后再试");
    });

    it("refuses a code after its five minutes", async () => {
      const b = browser();
      const phone = newPhone();
      const code = await sendCode(b, phone, "login");
      // The store drops the code when its time is up; a one-second life stands in for five minutes.
      const key = `sms:code:login:${phone}`;
      const stored = await t.deps.store.get(key);
      await t.deps.store.set(key, stored ?? "", 1);
      await new Promise((r) => setTimeout(r, 1_100));
      const res = await b.post("/api/auth", { type: "sms", phone, code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("验证码错误或已失效，请重新获取");
    });
  });

  describe("brute force", () => {
    it("locks an account after five failed logins with 请稍后再试, the right password included", async () => {
      const { phone } = await register(browser());
      for (let i = 0; i < 5; i++) {
        const res = await browser().post("/api/auth", {
          type: "password",
          phone,
          password: `x${i}xxxxxxx`,
        });
        expect(res.statusCode).toBe(400);
      }
      const locked = await browser().post("/api/auth", {
        type: "password",
        phone,
        password: PASSWORD,
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        code: 429,
        message: "登录失败次数过多，请稍后再试",
        data: null,
      });
      // SMS codes for the locked number are refused the same way.
      const smsLogin = await browser().post("/api/auth", { type: "sms", phone, code: "123456" });
      expect(smsLogin.statusCode).toBe(429);
    });

    it("limits failed logins per address across many numbers", async () => {
      const b = browser();
      for (let i = 0; i < 30; i++) {
        const res = await b.post("/api/auth", {
          type: "password",
          phone: newPhone(),
          password: "guess-guess",
        });
        expect(res.statusCode).toBe(400);
      }
      const res = await b.post("/api/auth", {
        type: "password",
        phone: newPhone(),
        password: "guess-guess",
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe("登录失败次数过多，请稍后再试");
    });

    it("counts failed logins by the real address when a client forges X-Forwarded-For", async () => {
      // Straight from the internet, not through the loopback proxy: the header is not believed.
      const b = testBrowser(t.app, { remoteAddress: newAddress() });
      const attempt = () =>
        b.post(
          "/api/auth",
          { type: "password", phone: newPhone(), password: "guess-guess" },
          { "x-forwarded-for": newAddress() },
        );
      for (let i = 0; i < 30; i++) expect((await attempt()).statusCode).toBe(400);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe("登录失败次数过多，请稍后再试");
    });
  });

  describe("sessions", () => {
    it("changes the session id on every login: a planted id is never signed in (no fixation)", async () => {
      const { phone } = await register(browser());
      const victim = browser();
      // The attacker plants a session id of their own choosing, and one of a real session.
      const planted = "A".repeat(43);
      victim.jar.set("tj_sid", planted);
      await victim.post("/api/auth", { type: "password", phone, password: PASSWORD });
      expect(sessionOf(victim)).toMatch(/^[\w-]{43}$/);
      expect(sessionOf(victim)).not.toBe(planted);
      const attacker = testBrowser(t.app);
      attacker.jar.set("tj_sid", planted);
      expect((await attacker.get("/api/user/info")).json().code).toBe(600);

      const before = sessionOf(victim);
      await victim.post("/api/auth", { type: "password", phone, password: PASSWORD });
      expect(sessionOf(victim)).not.toBe(before);
      const old = testBrowser(t.app);
      old.jar.set("tj_sid", before ?? "");
      // The session the browser had before the new login is ended on the server.
      expect((await old.get("/api/user/info")).json().code).toBe(600);
    });

    it("refuses forged session cookies and tells the browser to forget them", async () => {
      for (const value of ["A".repeat(43), "not-a-token", `${"0".repeat(42)}'`]) {
        const res = await t.app.inject({
          url: "/api/user/info",
          headers: { cookie: `tj_sid=${value}` },
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 600, message: "未登录", data: null });
      }
      // A page load tells the browser to forget it; an API call does not (one sent with the old
      // cookie while the session rotates must not clear the new one).
      const stale = await t.app.inject({
        url: "/",
        headers: { cookie: `tj_sid=${"A".repeat(43)}` },
      });
      expect(String(stale.headers["set-cookie"])).toMatch(/^tj_sid=; Path=\/; Max-Age=0/);
      // An older release's session cookie (64 hex) is forgotten too.
      const older = await t.app.inject({
        url: "/",
        headers: { cookie: `tj_sid=${"ab".repeat(32)}` },
      });
      expect(String(older.headers["set-cookie"])).toMatch(/^tj_sid=; Path=\/; Max-Age=0/);
      const call = await t.app.inject({
        url: "/api/user/info",
        headers: { cookie: `tj_sid=${"A".repeat(43)}` },
      });
      expect(call.headers["set-cookie"]).toBeUndefined();
    });

    it("logs out on the server, lists the sessions and ends another one", async () => {
      const phone = (await register(browser())).phone;
      const phoneBrowser = browser();
      const laptop = testBrowser(t.app, { address: newAddress(), userAgent: "Laptop Browser" });
      for (const b of [phoneBrowser, laptop])
        await b.post("/api/auth", { type: "password", phone, password: PASSWORD });

      const list = (await phoneBrowser.get("/api/auth/sessions")).json().data.list as {
        id: string;
        current: boolean;
        userAgent: string | null;
      }[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.filter((s) => s.current)).toHaveLength(1);
      const laptopSession = list.find((s) => s.userAgent === "Laptop Browser");
      expect(laptopSession).toBeDefined();

      const end = await phoneBrowser.post("/api/auth/sessions/end", { id: laptopSession?.id });
      expect(end.json()).toMatchObject({ code: 200, data: { ended: true } });
      expect((await laptop.get("/api/user/info")).json().code).toBe(600);

      // Someone else's session cannot be ended.
      const stranger = browser();
      await register(stranger);
      const mine = (await phoneBrowser.get("/api/auth/sessions")).json().data.list[0].id;
      const foreign = await stranger.post("/api/auth/sessions/end", { id: mine });
      expect(foreign.statusCode).toBe(404);
      expect((await phoneBrowser.get("/api/user/info")).json().code).toBe(200);

      const token = sessionOf(phoneBrowser);
      const out = await phoneBrowser.post("/api/auth/logout");
      expect(out.json()).toMatchObject({ code: 200, data: { ended: true } });
      expect(sessionOf(phoneBrowser)).toBeUndefined();
      // The cookie's old value no longer works anywhere: the session ended on the server.
      const replay = await t.app.inject({
        url: "/api/user/info",
        headers: { cookie: `tj_sid=${token}` },
      });
      expect(replay.json().code).toBe(600);
    });

    it("answers 600 on routes that need login and on /y/ paths", async () => {
      const anonymous = browser();
      expect((await anonymous.get("/api/auth/sessions")).json().code).toBe(600);
      expect((await anonymous.post("/api/auth/ticket")).json().code).toBe(600);
      expect((await anonymous.post("/api/user/profile", { name: "某人" })).json().code).toBe(600);

      const app = await buildApp(t.deps);
      app.post("/api/m/test/v1/y/ping", async (request) => ok({ kind: request.viewer.kind }));
      try {
        const res = await app.inject({ method: "POST", url: "/api/m/test/v1/y/ping" });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 600, message: "未登录", data: null });
        const b = testBrowser(app, { address: newAddress() });
        await register(b);
        expect((await b.post("/api/m/test/v1/y/ping")).json()).toMatchObject({
          data: { kind: "user" },
        });
      } finally {
        await app.close();
      }
    });

    it("ends every session on a password reset and signs the reader in anew", async () => {
      const { phone } = await register(browser());
      const old = browser();
      await old.post("/api/auth", { type: "password", phone, password: PASSWORD });
      const b = browser();
      const code = await sendCode(b, phone, "reset");
      const res = await b.post("/api/auth/password/reset", {
        phone,
        code,
        password: "新的密码换一个好吗",
      });
      expect(res.statusCode).toBe(200);
      expect((await old.get("/api/user/info")).json().code).toBe(600);
      expect((await b.get("/api/user/info")).json().data.ahPhone).toBe(phone);
      const oldPassword = await browser().post("/api/auth", {
        type: "password",
        phone,
        password: PASSWORD,
      });
      expect(oldPassword.statusCode).toBe(400);
      const newPassword = await browser().post("/api/auth", {
        type: "password",
        phone,
        password: "新的密码换一个好吗",
      });
      expect(newPassword.statusCode).toBe(200);
    });
  });

  describe("CSRF", () => {
    it("refuses a state-changing call without the token, or with another session's", async () => {
      const b = browser();
      await register(b);
      const missing = await b.rawPost("/api/social/like/send", { itemId: LI_BAI, action: "like" });
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toEqual({
        code: 419,
        message: "页面已过期，请刷新后重试",
        data: null,
      });

      const other = browser();
      await register(other);
      const foreign = await b.rawPost(
        "/api/social/like/send",
        { itemId: LI_BAI, action: "like" },
        { "x-csrf-token": other.csrfToken ?? "" },
      );
      expect(foreign.json().code).toBe(419);
      const garbage = await b.rawPost(
        "/api/social/like/send",
        { itemId: LI_BAI, action: "like" },
        { "x-csrf-token": `${"x".repeat(22)}.${"y".repeat(43)}` },
      );
      expect(garbage.json().code).toBe(419);

      const liked = await b.post("/api/social/like/send", { itemId: LI_BAI, action: "like" });
      expect(liked.json()).toMatchObject({ code: 200, data: { liked: true } });
      await b.post("/api/social/like/send", { itemId: LI_BAI, action: "unlike" });
    });

    it("binds a signed-out reader's token to their anonymous id; tracking needs it too", async () => {
      const b = browser();
      const event = { sessionID: "s1", actionType: "view", pageName: "hostList" };
      const token = (await b.get("/api/auth/csrf")).json().data.token;
      expect(b.jar.get("tj_aid")).toMatch(/^[\w-]{43}$/);
      const without = await b.rawPost("/api/m/log/tracking/h5/record", event);
      expect(without.json().code).toBe(419);
      const withToken = await b.rawPost("/api/m/log/tracking/h5/record", event, {
        "x-csrf-token": token,
      });
      expect(withToken.statusCode).toBe(200);
      // Signing in changes the binding: the anonymous token no longer works for the session.
      const phone = newPhone();
      const code = await sendCode(b, phone, "login");
      await b.post("/api/auth", { type: "sms", phone, code });
      const stale = await b.rawPost("/api/m/log/tracking/h5/record", event, {
        "x-csrf-token": token,
      });
      expect(stale.json().code).toBe(419);
      expect((await b.post("/api/m/log/tracking/h5/record", event)).statusCode).toBe(200);
    });

    it("refuses calls from another site by their Origin, even with a valid token", async () => {
      const b = browser();
      await register(b);
      const token = b.csrfToken ?? "";
      const attempts: Record<string, string>[] = [
        { origin: "https://evil.example", "x-csrf-token": token },
        { origin: "null", "x-csrf-token": token },
        { referer: "https://evil.example/page", "x-csrf-token": token },
        { "sec-fetch-site": "cross-site", "x-csrf-token": token },
      ];
      for (const headers of attempts) {
        const res = await b.rawPost(
          "/api/social/like/send",
          { itemId: LI_BAI, action: "like" },
          headers,
        );
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().message).toBe("跨站请求已拒绝");
      }
      // A login from another site (login CSRF) is refused the same way, without any cookie.
      const login = await t.app.inject({
        method: "POST",
        url: "/api/auth",
        headers: { origin: "https://evil.example" },
        payload: { type: "password", phone: newPhone(), password: PASSWORD },
      });
      expect(login.statusCode).toBe(403);
      const sameSite = await b.rawPost(
        "/api/social/like/send",
        { itemId: LI_BAI, action: "like" },
        { origin: "http://localhost:80", "x-csrf-token": token },
      );
      expect(sameSite.statusCode).toBe(200);
    });
  });

  describe("app token", () => {
    const appUser = () => ({
      appUserId: `app-${randomInt(0, 10 ** 9)}`,
      phone: newPhone(),
      name: "App读者",
    });

    it("turns the app's token into an app session and accepts it as a bearer", async () => {
      const user = appUser();
      const token = await issueAppToken(APP_SECRET, user);
      const b = browser();
      const res = await b.post("/api/auth", { type: "app", token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        appUserId: user.appUserId,
        ahPhone: user.phone,
        ahName: "App读者",
      });
      const sessions = (await b.get("/api/auth/sessions")).json().data.list;
      expect(sessions.find((s: { current: boolean }) => s.current).kind).toBe("app");

      const bearer = { authorization: `Bearer ${token}` };
      const info = await t.app.inject({ url: "/api/user/info", headers: bearer });
      expect(info.json().data.ahUserId).toBe(res.json().data.ahUserId);
      // Bearer calls carry no cookie, so they need no CSRF token.
      const like = await t.app.inject({
        method: "POST",
        url: "/api/social/like/send",
        headers: bearer,
        payload: { itemId: LI_BAI, action: "like" },
      });
      expect(like.json()).toMatchObject({ code: 200, data: { liked: true } });
    });

    it("refuses forged, expired and malformed tokens with 600 and a clear message", async () => {
      const user = appUser();
      const forged = await issueAppToken("another-secret-another-secret-000", user);
      const expired = await issueAppToken(APP_SECRET, user, {
        now: new Date(Date.now() - 8 * 24 * 3600_000),
      });
      const tooLong = await issueAppToken(APP_SECRET, user, { lifetimeSeconds: 90 * 24 * 3600 });
      const [header, payload] = (await issueAppToken(APP_SECRET, user)).split(".");
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
      const tampered = `${header}.${Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()),
          sub: "admin",
        }),
      ).toString("base64url")}.${(await issueAppToken(APP_SECRET, user)).split(".")[2]}`;
      const cases: [string, string][] = [
        [forged, "App 登录凭证无效"],
        [expired, "App 登录凭证已过期"],
        [tooLong, "App 登录凭证无效"],
        [unsigned, "App 登录凭证无效"],
        [tampered, "App 登录凭证无效"],
        ["not.a.token", "App 登录凭证无效"],
      ];
      for (const [token, message] of cases) {
        const login = await browser().post("/api/auth", { type: "app", token });
        expect(login.statusCode, message).toBe(401);
        expect(login.json()).toEqual({ code: 600, message, data: null });
        const bearer = await t.app.inject({
          url: "/api/user/info",
          headers: { authorization: `Bearer ${token}` },
        });
        expect(bearer.json()).toEqual({ code: 600, message, data: null });
      }
      const malformed = await t.app.inject({
        url: "/api/user/info",
        headers: { authorization: "Bearer" },
      });
      expect(malformed.json().code).toBe(600);
    });

    it("answers 503 when APP_TOKEN_SECRET is not set", async () => {
      const off = await createTestApp(target, {
        NODE_ENV: "production",
        SMS_PROVIDER: "simulator",
      });
      try {
        const token = await issueAppToken(APP_SECRET, appUser());
        const b = testBrowser(off.app, { address: newAddress() });
        const res = await b.post("/api/auth", { type: "app", token });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe("App 登录暂未配置");
      } finally {
        await off.close();
      }
    });
  });

  describe("tickets", () => {
    it("hands a login to another browser once; a replayed, forged or stale ticket is refused", async () => {
      const app = browser();
      const { info } = await register(app);
      const issued = await app.post("/api/auth/ticket");
      expect(issued.json().data).toMatchObject({ expiresIn: 60 });
      const ticket = issued.json().data.ticket as string;

      const other = browser();
      const res = await other.post("/api/m/social/auth/w1/n/login", { ticket });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.ahUserId).toBe(info.ahUserId);

      for (const bad of [ticket, "A".repeat(43), "short"]) {
        const replay = await browser().post("/api/m/social/auth/w1/n/login", { ticket: bad });
        expect(replay.statusCode).toBe(400);
        expect(replay.json().message).toContain("登录票据无效、已过期或已使用");
      }

      const late = (await app.post("/api/auth/ticket")).json().data.ticket as string;
      const { hashSecret } = await import("@tongjian/services/accounts/auth-cookies");
      const key = `ticket:${hashSecret(late)}`;
      await t.deps.store.set(key, (await t.deps.store.get(key)) ?? "", 1);
      await new Promise((r) => setTimeout(r, 1_100));
      expect(
        (await browser().post("/api/m/social/auth/w1/n/login", { ticket: late })).statusCode,
      ).toBe(400);
    });
  });

  describe("WeChat visitors and accounts", () => {
    async function wechatVisitor(openId: string) {
      const { owner } = await t.deps.services.visitors.signIn({
        openId,
        unionId: null,
        name: "微信读者",
        avatar: null,
      });
      const b = browser();
      const { token } = await t.deps.services.sessions.start(
        { ...owner, kind: "browser", userAgent: null, address: null },
        null,
      );
      b.jar.set("tj_sid", token);
      return b;
    }

    it("binds a phone to a WeChat visitor and keeps its likes", async () => {
      const openId = `o${randomInt(0, 10 ** 9)}`;
      const visitor = await wechatVisitor(openId);
      const item = contentId("person", "du-fu");
      const before = (await visitor.get(`/api/social/like/check/cn/${item}/entry`)).json().data
        .likeNum;
      await visitor.post("/api/social/like/send", { itemId: item, action: "like" });
      const visitorInfo = (await visitor.get("/api/user/info")).json().data;
      expect(visitorInfo).toMatchObject({ wxName: "微信读者", ahUserId: null, role: "visitor" });

      const phone = newPhone();
      const code = await sendCode(visitor, phone, "bind");
      const bound = await visitor.post("/api/auth/bind-phone", { phone, code });
      expect(bound.statusCode, bound.body).toBe(200);
      expect(bound.json().data).toMatchObject({
        visitorId: visitorInfo.visitorId,
        wxName: "微信读者",
        ahPhone: phone,
        role: "user",
      });
      const check = (await visitor.get(`/api/social/like/check/cn/${item}/entry`)).json().data;
      expect(check).toEqual({ liked: true, likeNum: before + 1 });

      // The same account in another browser, by SMS code, sees the like as its own.
      const elsewhere = browser();
      const loginCode = await sendCode(elsewhere, phone, "login");
      await elsewhere.post("/api/auth", { type: "sms", phone, code: loginCode });
      expect(
        (await elsewhere.get(`/api/social/like/check/cn/${item}/entry`)).json().data.liked,
      ).toBe(true);

      // The WeChat reader signing in again is signed in to the account.
      const { owner } = await t.deps.services.visitors.signIn({
        openId,
        unionId: null,
        name: null,
        avatar: null,
      });
      expect(owner.accountId).toBe(bound.json().data.ahUserId);
      const loginInfo = (await visitor.get("/api/auth/v1/n/weixin/user/loginInfo")).json().data;
      expect(loginInfo.userInfo.userProfile).toMatchObject({ phone, userId: owner.accountId });
      await visitor.post("/api/social/like/send", { itemId: item, action: "unlike" });
    });

    it("counts an item both had liked once after binding", async () => {
      const phone = newPhone();
      const account = browser();
      const loginCode = await sendCode(account, phone, "login");
      await account.post("/api/auth", { type: "sms", phone, code: loginCode });
      const item = contentId("person", "ying-zheng");
      await account.post("/api/social/like/send", { itemId: item, action: "like" });
      const visitor = await wechatVisitor(`o${randomInt(0, 10 ** 9)}`);
      const afterBoth = (
        await visitor.post("/api/social/like/send", { itemId: item, action: "like" })
      ).json().data.likeNum;
      const code = await sendCode(visitor, phone, "bind");
      await visitor.post("/api/auth/bind-phone", { phone, code });
      const check = (await visitor.get(`/api/social/like/check/cn/${item}/entry`)).json().data;
      expect(check).toEqual({ liked: true, likeNum: afterBoth - 1 });
      await visitor.post("/api/social/like/send", { itemId: item, action: "unlike" });
    });
  });

  it("edits the profile's name and avatar", async () => {
    const b = browser();
    await register(b);
    const res = await b.post("/api/user/profile", {
      name: "新名字",
      avatar: "https://img.example.cn/a.png",
    });
    expect(res.json().data).toMatchObject({
      ahName: "新名字",
      ahAvatar: "https://img.example.cn/a.png",
    });
    const bad = await b.post("/api/user/profile", {
      name: "<b>x</b>",
      avatar: "javascript:alert(1)",
    });
    expect(bad.statusCode).toBe(400);
  });
});
