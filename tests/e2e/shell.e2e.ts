import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { type FakeNativeOptions, fakeNativeHostScript } from "../support/fake-native-host.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { UA } from "../support/user-agents.ts";

const SHOTS = "test-results/screenshots";

let server: { baseUrl: string };
let browser: Browser;
let articlePath = "";

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = sharedServer();
  browser = await launchBrowser();
  const feed = await (await fetch(`${server.baseUrl}/api/m/homepage/v2/n/getFeed/cn/1/50`)).json();
  articlePath = `/ah/article/${feed.data.list[0].id}`;
});

afterAll(async () => {
  await browser?.close();
});

async function open(
  userAgent: string,
  path: string,
  native?: FakeNativeOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, userAgent);
  if (native) await context.addInitScript(fakeNativeHostScript(native));
  const page = await context.newPage();
  const response = await page.goto(`${server.baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return { context, page };
}

const topBar = (page: Page) => page.locator("[data-testid=top-bar]");

describe("shell in each environment at 375×812", () => {
  const browsers: [string, string][] = [
    ["iOS Safari", UA.iosSafari],
    ["Android Chrome", UA.androidChrome],
    ["WeChat iOS", UA.wechatIos],
    ["WeChat Android", UA.wechatAndroid],
    ["QQ", UA.qq],
    ["Weibo", UA.weibo],
  ];

  it.each(browsers)(
    "%s: top bar with open-app button, bottom bar on articles",
    async (name, ua) => {
      const { context, page } = await open(ua, articlePath);
      await expect(topBar(page).isVisible()).resolves.toBe(true);
      await expect(page.getByTestId("open-app").isVisible()).resolves.toBe(true);
      await expect(page.getByTestId("bottom-bar").isVisible()).resolves.toBe(true);
      await screenshot(page, {
        path: `${SHOTS}/shell-${name.replace(/\s+/g, "-").toLowerCase()}.png`,
      });
      await context.close();
    },
  );

  it.each([
    ["iOS app", UA.appIos("4.11.2"), "ios"],
    ["Android app", UA.appAndroid("3.3.0"), "android"],
  ] as const)(
    "%s webview: no open-app button and no bottom bar, already in the first HTML",
    async (_name, ua, platform) => {
      const html = await (
        await fetch(`${server.baseUrl}${articlePath}`, { headers: { "user-agent": ua } })
      ).text();
      expect(html).toContain('data-testid="top-bar"');
      expect(html).not.toContain('data-testid="open-app"');
      expect(html).not.toContain('data-testid="bottom-bar"');
      const { context, page } = await open(ua, articlePath, { platform, user: null });
      await expect(page.getByTestId("open-app").count()).resolves.toBe(0);
      await context.close();
    },
  );

  it("places the bar per page: hidden on timebar, over relation pages (dark) and maps (light)", async () => {
    const cases: [string, string | null, string | null][] = [
      ["/timebar", null, null],
      ["/quiz/2021", null, null],
      ["/relation", "overlay", "dark"],
      ["/home/timemap", "overlay", "light"],
      ["/", "sticky", "light"],
    ];
    for (const [path, mode, theme] of cases) {
      const { context, page } = await open(UA.iosSafari, path);
      if (mode === null) {
        await expect(topBar(page).count(), path).resolves.toBe(0);
      } else {
        await expect(topBar(page).getAttribute("data-mode"), path).resolves.toBe(mode);
        await expect(topBar(page).getAttribute("data-theme"), path).resolves.toBe(theme);
      }
      await context.close();
    }
    const { context, page } = await open(UA.iosSafari, "/divination");
    await expect(page.getByTestId("slogan").textContent()).resolves.toBe(
      "求一支历史签，问一问古人",
    );
    await context.close();
  });

  it("shows the download prompt with cancel and go; in WeChat, go shows the open-in-browser mask", async () => {
    const { context, page } = await open(UA.wechatIos, "/");
    await page.getByTestId("open-app").click();
    const prompt = page.getByRole("dialog", { name: "打开App" });
    await expect(prompt.textContent()).resolves.toContain("即将打开通鉴App");
    await prompt.getByRole("button", { name: "取消" }).click();
    // The pop-up fades out (antd-mobile), then leaves the page.
    await prompt.waitFor({ state: "detached" });
    await page.getByTestId("open-app").click();
    await page.getByRole("button", { name: "前往" }).click();
    await page.getByTestId("browser-hint").waitFor({ state: "visible" });
    await screenshot(page, { path: `${SHOTS}/wechat-open-in-browser.png` });
    await context.close();
  });

  it("animates the pop-ups in, and shows them at once with reduced motion", async () => {
    /** The opacity of the 打开App prompt's frame in the first animation frame it is on the page. */
    const firstFrameOpacity = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const check = () => {
              const frame = document
                .querySelector(".tj-download-popup")
                ?.closest(".adm-center-popup-wrap > div");
              if (frame) resolve(getComputedStyle(frame).opacity);
              else requestAnimationFrame(check);
            };
            check();
          }),
      );
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const context = await phoneContext(browser, UA.iosSafari);
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion });
      await page.goto(`${server.baseUrl}/`);
      await page.waitForLoadState("networkidle");
      const opacity = firstFrameOpacity(page);
      await page.getByTestId("open-app").click();
      if (reducedMotion === "reduce") await expect(opacity).resolves.toBe("1");
      else expect(Number(await opacity)).toBeLessThan(1);
      // From the tap on 取消 to the prompt leaving the page, timed in the page.
      const leaving = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let tapped = 0;
            document.addEventListener("click", () => (tapped ||= performance.now()), true);
            new MutationObserver((_, observer) => {
              if (tapped && !document.querySelector(".tj-download-popup")) {
                observer.disconnect();
                resolve(performance.now() - tapped);
              }
            }).observe(document.body, { childList: true, subtree: true });
          }),
      );
      await page.getByRole("button", { name: "取消" }).click();
      const ms = await leaving;
      // The fade takes ~300 ms; without motion the pop-up leaves within a few frames.
      if (reducedMotion === "reduce") expect(ms).toBeLessThan(200);
      else expect(ms).toBeGreaterThan(200);
      await context.close();
    }
  });

  it("shows the entry pop-up error for a link to an entry that does not exist", async () => {
    const { context, page } = await open(UA.androidChrome, articlePath);
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = `/detail/${"f".repeat(24)}`;
      a.textContent = "不存在的词条";
      a.id = "broken-link";
      document.querySelector(".tj-rich-text")?.append(a);
    });
    await page.locator("#broken-link").click();
    const popup = page.locator(".tj-detail-popup[data-state=error]");
    await popup.waitFor();
    await expect(popup.textContent()).resolves.toContain("目标内容暂不存在");
    await expect(page.url()).toBe(`${server.baseUrl}${articlePath}`);
    await page.getByRole("button", { name: "关闭" }).click();
    await popup.waitFor({ state: "detached" });
    await context.close();
  });

  it("inside the app, entry links open the entry page and the app is asked for the user", async () => {
    const user = { username: "读者", avatar: "", userId: "u1", phone: "", bearer: "token-123" };
    const { context, page } = await open(UA.appIos("4.11.2"), articlePath, {
      platform: "ios",
      user,
    });
    await page.waitForFunction(() =>
      (window as unknown as { __nativeCalls: { method: string }[] }).__nativeCalls.some(
        (c) => c.method === "login",
      ),
    );
    const methods = await page.evaluate(() =>
      (window as unknown as { __nativeCalls: { method: string }[] }).__nativeCalls.map(
        (c) => c.method,
      ),
    );
    // No phone: the app is asked to log in (spec §4 login flow, step 1).
    expect(methods).toEqual(expect.arrayContaining(["getUserInfo", "login"]));
    // The bearer is never written where the page's scripts could read it; a token the server
    // cannot verify (this one is not signed) starts no session (decision 18).
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "tj_bearer")).toBeUndefined();
    expect(cookies.find((c) => c.name === "tj_sid")).toBeUndefined();
    const link = page.locator(".tj-rich-text a.inner-link").first();
    if ((await link.count()) > 0) {
      await link.click();
      await page.waitForURL(/\/detail\/[0-9a-f]{24}$/);
    }
    await context.close();
  });

  it("records a tracking event for tracked pages", async () => {
    const context = await phoneContext(browser, UA.iosSafari);
    const page = await context.newPage();
    const recorded = page.waitForResponse((r) => r.url().endsWith("/api/m/log/tracking/h5/record"));
    await page.goto(`${server.baseUrl}/timebar`);
    expect((await recorded).status()).toBe(200);
    await context.close();
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const summary = await (
      await fetch(
        `${server.baseUrl}/api/m/log/tracking/h5/summary?day=${day}&pageName=PhilosophyH5`,
      )
    ).json();
    expect(JSON.stringify(summary.data)).toContain("PhilosophyH5");
  });
});
