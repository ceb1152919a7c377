import { randomInt } from "node:crypto";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../tools/wechat-simulator/wechat-simulator.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import {
  appToken,
  fakeNativeHostScript,
  TEST_APP_TOKEN_SECRET,
} from "../support/fake-native-host.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import {
  fillCodeAndPassword,
  logOut as logOutAt,
  newPhone,
  sentCode as sentCodeAt,
  userInfo as userInfoAt,
} from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";
import { UA } from "../support/user-agents.ts";

// Issue 16: signing in from each environment (a plain browser with a password and with an SMS
// code, WeChat through the simulator, the app webview through the fake native host), liking an
// entry, and logging out. The server runs with the SMS simulator (codes read from its outbox)
// and the app token secret the fake native host signs with.

const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const ENTRY = `/detail/${LI_BAI}`;
const PASSWORD = "读史使人明智鉴往知来";

let server: RunningServer;
let wechat: WeChatSimulator;
let browser: Browser;

beforeAll(async () => {
  wechat = await startWeChatSimulator();
  server = await startServer({
    contentDir: "tests/fixtures/content",
    env: {
      ...wechat.env,
      SMS_PROVIDER: "simulator",
      APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET,
      // The page cache stays on, as in production: signed-in pages must bypass it.
      PAGE_CACHE_TTL_MS: "60000",
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await wechat?.close();
});

// The sign-in helpers every journey shares (tests/support/sign-in.ts), bound to this server.
const sentCode = (phone: string) => sentCodeAt(server.baseUrl, phone);
const userInfo = (context: BrowserContext) => userInfoAt(server.baseUrl, context);
const logOut = (page: Page) => logOutAt(page, server.baseUrl);

async function like(page: Page) {
  const button = page.locator(".tj-like");
  await button.waitFor();
  await expect(button.getAttribute("aria-pressed")).resolves.toBe("false");
  await button.click();
  await page.locator(".tj-like[aria-pressed=true]").waitFor();
}

/** First-load JavaScript of a path in a fresh phone context (tests/support/page-weight.ts). */
async function pageWeight(path: string): Promise<number> {
  const context = await phoneContext(browser, UA.iosSafari);
  try {
    return await firstLoadJsKb(context, `${server.baseUrl}${path}`);
  } finally {
    await context.close();
  }
}

describe("accounts in each environment at 375×812", () => {
  it("keeps first-load JavaScript within 125 KB on an entry with its like button, and on /login", async () => {
    for (const path of [ENTRY, "/login"]) {
      const kb = await pageWeight(path);
      console.info(`first-load JS of ${path}: ${kb.toFixed(1)} KB gzip`);
      expect(kb, path).toBeGreaterThan(0);
      expect(kb, path).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    }
  });

  it("keeps anonymous pages in the page cache: no cookie is set on them", async () => {
    for (const path of ["/", ENTRY, "/login"]) {
      await fetch(`${server.baseUrl}${path}`);
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.headers.get("x-page-cache"), path).toBe("hit");
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
    // A reader with a session (even an ended one) is never served the anonymous copy.
    const ended = await fetch(`${server.baseUrl}${ENTRY}`, {
      headers: { cookie: `tj_sid=${"A".repeat(43)}` },
    });
    expect(ended.headers.get("x-page-cache")).toBeNull();
    expect(ended.headers.get("set-cookie")).toMatch(/^tj_sid=; Path=\/; Max-Age=0/);
  });

  it("plain browser: a like asks for login; register, sign in with the password, like, log out", async () => {
    const context = await phoneContext(browser, UA.iosSafari);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${ENTRY}`);
    await page.locator(".tj-like").waitFor();
    await page.waitForLoadState("networkidle");
    await page.locator(".tj-like").click();
    // Not signed in: the like sends the reader to /login and will bring them back.
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(ENTRY);
    await expect(
      page.getByRole("tab", { name: "密码登录" }).getAttribute("aria-selected"),
    ).resolves.toBe("true");

    // 注册 with an SMS code and a password.
    const phone = newPhone();
    await page.getByRole("button", { name: "注册" }).click();
    await fillCodeAndPassword(page, { phone, code: () => sentCode(phone), password: PASSWORD });
    await page.getByRole("button", { name: "注册并登录" }).click();
    await page.waitForURL(`${server.baseUrl}${ENTRY}`, { timeout: 20_000 }).catch(async (error) => {
      throw new Error(`${error}: ${await page.locator("main").textContent()}`);
    });
    expect((await userInfo(context)).data?.ahPhone).toBe(phone);
    await logOut(page);
    expect((await userInfo(context)).code).toBe(600);

    // 密码登录: a wrong password first, which keeps what was typed and says why.
    await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent(ENTRY)}`);
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await page.getByLabel("密码", { exact: true }).fill("不是这个密码呀");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.getByText("手机号或密码错误").waitFor();
    await expect(page.getByLabel("手机号", { exact: true }).inputValue()).resolves.toBe(phone);
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    const sessionBefore = (await context.cookies()).find((c) => c.name === "tj_sid");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(`${server.baseUrl}${ENTRY}`);
    const session = (await context.cookies()).find((c) => c.name === "tj_sid");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.value).not.toBe(sessionBefore?.value);
    // The script of the page cannot read the session.
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain("tj_sid");
    // A signed-in reader's page is rendered for them, not served from the anonymous cache.
    const rendered = await context.request.get(`${server.baseUrl}${ENTRY}`);
    expect(rendered.headers()["x-page-cache"]).toBeUndefined();

    await like(page);
    await page.reload();
    await page.locator(".tj-like[aria-pressed=true]").waitFor();

    // The same account on a second phone; the first one sends it offline (登录设备 → 下线).
    const second = await phoneContext(browser, UA.iosSafari);
    const other = await second.newPage();
    await other.goto(`${server.baseUrl}/login`);
    await other.getByLabel("手机号", { exact: true }).fill(phone);
    await other.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await other.getByRole("button", { name: "登录", exact: true }).click();
    await other.waitForURL(`${server.baseUrl}/`);
    expect((await userInfo(second)).data?.ahPhone).toBe(phone);
    await page.goto(`${server.baseUrl}/login`);
    await expect(page.getByTestId("session").count()).resolves.toBe(2);
    await page.getByRole("button", { name: "让iPhone 浏览器下线" }).click();
    await expect.poll(() => page.getByTestId("session").count()).toBe(1);
    expect((await userInfo(second)).code).toBe(600);
    await second.close();

    // A copy saved for offline reading while signed in (decision 16's reading cache).
    await page.evaluate(async () => {
      const cache = await caches.open("tj-reading-v1");
      await cache.put("/__offline/reading-index.json", new Response("{}"));
      await (await caches.open("tj-api-test")).put("/api/item/detail/cn/x", new Response("{}"));
    });

    // The signed-in panel lists this device and logs out on the server.
    await page.goto(`${server.baseUrl}/login`);
    await expect(page.getByTestId("account-name").textContent()).resolves.toBe(
      `读者${phone.slice(-4)}`,
    );
    await expect(page.getByTestId("session").count()).resolves.toBeGreaterThanOrEqual(1);
    await screenshot(page, { path: "test-results/screenshots/accounts-signed-in.png" });
    await logOut(page);
    expect((await userInfo(context)).code).toBe(600);
    // Logging out drops what was saved for offline reading while signed in.
    await expect(page.evaluate(() => caches.keys())).resolves.toEqual([]);
    await page.goto(`${server.baseUrl}${ENTRY}`);
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".tj-like").getAttribute("aria-pressed")).resolves.toBe("false");

    // 忘记密码: a new password set with an SMS code signs the reader in; the old one is refused.
    const NEW_PASSWORD = "温故而知新可以为师矣";
    await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent(ENTRY)}`);
    await page.getByRole("button", { name: "忘记密码" }).click();
    await fillCodeAndPassword(page, { phone, code: () => sentCode(phone), password: NEW_PASSWORD });
    await page.getByRole("button", { name: "重设密码并登录" }).click();
    await page.waitForURL(`${server.baseUrl}${ENTRY}`);
    expect((await userInfo(context)).data?.ahPhone).toBe(phone);
    await logOut(page);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.getByText("手机号或密码错误").waitFor();
    await page.getByLabel("密码", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect((await userInfo(context)).data?.ahPhone).toBe(phone);
    await context.close();
  });

  it("plain browser: 验证码登录 signs in (and up) with an SMS code", async () => {
    const context = await phoneContext(browser, UA.androidChrome);
    const page = await context.newPage();
    const target = `/detail/${DU_FU}`;
    await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent(target)}`);
    await screenshot(page, { path: "test-results/screenshots/accounts-login.png" });
    await page.getByRole("tab", { name: "验证码登录" }).click();
    const phone = newPhone();
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByRole("button", { name: /秒后重发/ }).waitFor();
    await page.getByLabel("验证码", { exact: true }).fill(await sentCode(phone));
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(`${server.baseUrl}${target}`);
    expect((await userInfo(context)).data?.ahPhone).toBe(phone);
    await like(page);

    await logOut(page);
    await context.close();
  });

  it("WeChat: /login goes through WeChat's consent and back, the code leaves the address", async () => {
    const context = await phoneContext(browser, UA.wechatAndroid);
    const page = await context.newPage();
    const target = `/detail/${DU_FU}`;
    await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent(target)}`);
    // The simulator consents at once and returns with ?code&state, which the page exchanges.
    await page.waitForURL(`${server.baseUrl}${target}`, { timeout: 8000 }).catch(async (error) => {
      throw new Error(`${error}: at ${page.url()}: ${await page.locator("body").textContent()}`);
    });
    await page.waitForFunction(() => !window.location.search.includes("code="));
    expect(page.url()).toBe(`${server.baseUrl}${target}`);
    await expect.poll(async () => (await userInfo(context)).data?.wxName).toBe("模拟读者");
    expect(wechat.calls.oauthAccessToken).toBeGreaterThanOrEqual(1);
    await page.waitForLoadState("networkidle");
    await page.reload();
    await like(page);

    // The visitor binds a phone on /login and keeps the like.
    await page.goto(`${server.baseUrl}/login`);
    await page.getByText("绑定手机号后").waitFor();
    const phone = newPhone();
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByLabel("验证码", { exact: true }).fill(await sentCode(phone));
    await page.getByRole("button", { name: "绑定并继续" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    const info = (await userInfo(context)).data;
    expect(info).toMatchObject({ ahPhone: phone, wxName: "模拟读者" });
    await page.goto(`${server.baseUrl}${target}`);
    await page.locator(".tj-like[aria-pressed=true]").waitFor();
    await logOut(page);
    expect((await userInfo(context)).code).toBe(600);
    await context.close();
  });

  it("app webview: the app's token becomes a session; likes go through the app with the bearer", async () => {
    const context = await phoneContext(browser, UA.appIos("4.11.2"));
    const user = {
      username: "App读者",
      avatar: "",
      userId: `app-${randomInt(0, 10 ** 9)}`,
      phone: newPhone(),
    };
    await context.addInitScript(
      fakeNativeHostScript({ platform: "ios", user: { ...user, bearer: await appToken(user) } }),
    );
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent(ENTRY)}`);
    await page.waitForURL(`${server.baseUrl}${ENTRY}`);
    const info = (await userInfo(context)).data;
    expect(info).toMatchObject({ appUserId: user.userId, ahPhone: user.phone, ahName: "App读者" });
    await page.waitForLoadState("networkidle");
    await like(page);
    // The like went through the app's network proxy, authenticated by the bearer token.
    const proxied = await page.evaluate(
      () =>
        (
          window as unknown as { __nativeCalls: { method: string; params: { url?: string } }[] }
        ).__nativeCalls.filter(
          (c) => c.method === "networkProxy" && c.params.url?.includes("/like/send"),
        ).length,
    );
    expect(proxied).toBe(1);

    // Logged out inside the app, the reader stays out: the next page, once it has run, has not
    // turned the app's token into a session again.
    await logOut(page);
    await page.waitForLoadState("networkidle");
    expect((await userInfo(context)).code).toBe(600);
    await context.close();
  });

  it("app webview: a user without a phone is sent to the native login", async () => {
    const context = await phoneContext(browser, UA.appAndroid("4.11.2"));
    await context.addInitScript(fakeNativeHostScript({ platform: "android", user: null }));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent(ENTRY)}`);
    await page.getByText("请在App中完成登录").waitFor();
    const methods = await page.evaluate(() =>
      (window as unknown as { __nativeCalls: { method: string }[] }).__nativeCalls.map(
        (c) => c.method,
      ),
    );
    expect(methods).toEqual(expect.arrayContaining(["getUserInfo", "login"]));
    await context.close();
  });
});
