import { mkdirSync } from "node:fs";
import { toAppSchemeUrl } from "@tongjian/domain/app-scheme";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../tools/wechat-simulator/wechat-simulator.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { fakeNativeHostScript } from "../support/fake-native-host.ts";
import { screenshot } from "../support/screenshots.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";
import { UA } from "../support/user-agents.ts";

const SHOTS = "test-results/screenshots";
const IOS_STORE = "https://apps.example.invalid/ios/tongjian";
const ANDROID_STORE = "https://apps.example.invalid/android/tongjian.apk";

let sim: WeChatSimulator;
let server: RunningServer;
let browser: Browser;
let articlePath = "";

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  sim = await startWeChatSimulator();
  server = await startServer({
    contentDir: process.env.E2E_CONTENT_DIR ?? "content",
    env: { ...sim.env, APP_IOS_DOWNLOAD_URL: IOS_STORE, APP_ANDROID_DOWNLOAD_URL: ANDROID_STORE },
  });
  browser = await launchBrowser();
  const feed = await (await fetch(`${server.baseUrl}/api/m/homepage/v2/n/getFeed/cn/1/50`)).json();
  articlePath = `/ah/article/${feed.data.list[0].id}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

async function open(
  userAgent: string,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, userAgent);
  const page = await context.newPage();
  const response = await page.goto(`${server.baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return { context, page };
}

/** Puts the page on a paused fake clock, so timers run only as far as the test moves it. */
async function pauseClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

interface WxSim {
  status: string;
  configs: { appId: string; jsApiList: string[]; openTagList?: string[] }[];
  launches: { appid: string; extinfo: string }[];
  launchResult: "launch" | "error";
}
const wxSim = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wxSim: WxSim }).__wxSim);
const setLaunchResult = (page: Page, result: "launch" | "error") =>
  page.evaluate((r) => {
    (window as unknown as { __wxSim: WxSim }).__wxSim.launchResult = r;
  }, result);

const downloadUrl = (webPath: string) =>
  `${server.baseUrl}/redirectpage?redirect=${encodeURIComponent(toAppSchemeUrl(webPath))}`;

describe("WeChat open tag (wx-open-launch-app)", () => {
  it("configures the JS-SDK with the open tag and lays the tag over 打开App; a launch needs nothing more", async () => {
    const { context, page } = await open(UA.wechatIos, "/");
    const tag = page.locator("[data-testid=top-bar] wx-open-launch-app");
    await tag.waitFor({ state: "attached" });
    const state = await wxSim(page);
    // The simulator checked the signature against its own jsapi_ticket before saying ready.
    expect(state.status).toBe("ready");
    expect(state.configs).toHaveLength(1);
    expect(state.configs[0]).toMatchObject({
      appId: sim.appId,
      openTagList: ["wx-open-launch-app"],
      jsApiList: expect.arrayContaining(["updateAppMessageShareData"]),
    });
    await expect(tag.getAttribute("appid")).resolves.toBe(sim.env.WECHAT_OPEN_APP_ID);
    await expect(tag.getAttribute("extinfo")).resolves.toBe("/");
    // The tag covers the button, so the reader's tap reaches WeChat.
    const [buttonBox, tagBox] = await Promise.all([
      page.getByTestId("open-app").boundingBox(),
      tag.boundingBox(),
    ]);
    expect(tagBox).toEqual(buttonBox);

    await setLaunchResult(page, "launch");
    await tag.click();
    await page.waitForFunction(
      () => (window as unknown as { __wxSim: WxSim }).__wxSim.launches.length === 1,
    );
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await expect(page.getByTestId("browser-hint").count()).resolves.toBe(0);
    await context.close();
  });

  it("falls back to the wake when WeChat cannot launch the app, and lands on the download page", async () => {
    const { context, page } = await open(UA.wechatAndroid, articlePath);
    const tag = page.locator("[data-testid=bottom-bar] wx-open-launch-app");
    await tag.waitFor({ state: "attached" });
    await expect(tag.getAttribute("extinfo")).resolves.toBe(articlePath);
    await setLaunchResult(page, "error");
    await tag.click();
    // The scheme link itself aborts (nothing handles it here); then the fallback kicks in.
    await expect.poll(() => page.url(), { timeout: 5000 }).toBe(downloadUrl(articlePath));
    await page.getByTestId("download-page").waitFor();
    // Still WeChat: the download page shows how to open the system browser.
    await page.getByTestId("browser-hint").waitFor();
    // Android signs every address: the download page is configured for its own URL.
    await page.waitForFunction(
      () => (window as unknown as { __wxSim?: WxSim }).__wxSim?.status === "ready",
    );
    await context.close();
  });

  it("puts the tag on the download prompt's 前往 too, and closes the prompt after the launch", async () => {
    const { context, page } = await open(UA.wechatIos, articlePath);
    await page.locator("[data-testid=top-bar] wx-open-launch-app").waitFor({ state: "attached" });
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/family/subIndex?id=1";
      a.textContent = "家族";
      a.id = "family-link";
      document.querySelector(".tj-rich-text")?.append(a);
    });
    await page.locator("#family-link").click();
    const prompt = page.getByRole("dialog", { name: "打开App" });
    const tag = prompt.locator("wx-open-launch-app");
    await expect(tag.getAttribute("extinfo")).resolves.toBe("/family/subIndex?id=1");
    await tag.click();
    await prompt.waitFor({ state: "detached" });
    expect((await wxSim(page)).launches.at(-1)?.extinfo).toBe("/family/subIndex?id=1");
    await context.close();
  });
});

describe("download page /redirectpage", () => {
  it("shows the app, the store links for the device first, and retries the wake with the return target", async () => {
    const { context, page } = await open(
      UA.iosSafari,
      "/redirectpage?redirect=x".replace("x", encodeURIComponent(toAppSchemeUrl(articlePath))),
    );
    const main = page.getByTestId("download-page");
    await expect(main.getAttribute("data-return-target")).resolves.toBe(articlePath);
    await expect(main.textContent()).resolves.toContain("纵览脉络");
    await expect(page.getByTestId("top-bar").count()).resolves.toBe(0);
    const stores = page.locator(".tj-download__store");
    await expect(stores.nth(0).getAttribute("href")).resolves.toBe(IOS_STORE);
    await expect(stores.nth(1).getAttribute("href")).resolves.toBe(ANDROID_STORE);
    // The wake's check runs on a fake clock, so a busy machine cannot make it late (a late check
    // means the app opened, and the page rightly says nothing).
    await pauseClock(page);
    await page.getByTestId("download-open-app").click();
    await page.clock.runFor(1000);
    // The app did not open: the page stays and says what to do.
    await page.getByRole("status").filter({ hasText: "没有打开" }).waitFor();
    await screenshot(page, { path: `${SHOTS}/download-page-ios.png` });
    expect(new URL(page.url()).pathname).toBe("/redirectpage");
    await context.close();
  });

  it("lists the Android download first on Android", async () => {
    const { context, page } = await open(UA.androidChrome, "/redirectpage");
    await expect(
      page.getByTestId("download-page").getAttribute("data-return-target"),
    ).resolves.toBe("/");
    await expect(page.locator(".tj-download__store").first().getAttribute("href")).resolves.toBe(
      ANDROID_STORE,
    );
    await context.close();
  });

  it("in Weibo shows the open-in-browser mask instead of a download that cannot work", async () => {
    const { context, page } = await open(UA.weibo, "/redirectpage");
    const hint = page.getByTestId("browser-hint");
    await hint.waitFor();
    await screenshot(page, { path: `${SHOTS}/download-page-weibo.png` });
    await hint.click();
    await hint.waitFor({ state: "detached" });
    await page.getByTestId("download-ios").click();
    await hint.waitFor();
    expect(new URL(page.url()).pathname).toBe("/redirectpage");
    await context.close();
  });

  it("inside our app offers to go on to the page instead of opening or downloading the app", async () => {
    const context = await phoneContext(browser, UA.appIos("4.11.2"));
    await context.addInitScript(fakeNativeHostScript({ platform: "ios", user: null }));
    const page = await context.newPage();
    await page.goto(downloadUrl(articlePath));
    const go = page.getByTestId("download-continue");
    await expect(go.getAttribute("href")).resolves.toBe(articlePath);
    await expect(page.locator(".tj-download__store").count()).resolves.toBe(0);
    await go.click();
    await page.waitForURL(`${server.baseUrl}${articlePath}`);
    await context.close();
  });

  it("refuses return targets that lead elsewhere (no open redirect)", async () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/",
      "javascript:alert(1)",
      "tongjian://open?url=https%3A%2F%2Fevil.example",
    ]) {
      const response = await fetch(
        `${server.baseUrl}/redirectpage?redirect=${encodeURIComponent(bad)}`,
      );
      expect(response.status, bad).toBe(400);
      expect(await response.text(), bad).toContain("返回地址无效");
    }
    const own = await fetch(
      `${server.baseUrl}/redirectpage?redirect=${encodeURIComponent(`${server.baseUrl}/search`)}`,
    );
    expect(own.status).toBe(200);
  });
});

/** Playwright's clock runs on its own after install; paused, it moves only when told to. */
/**
 * Opens the download prompt, then stops the page's clock: the prompt animates in on animation
 * frames (antd-mobile), which a paused clock holds, so the clock stops once 前往 can be tapped.
 */
async function openPromptThenPauseClock(page: Page) {
  await page.getByTestId("open-app").click();
  await page.getByRole("button", { name: "前往" }).click({ trial: true });
  await pauseClock(page);
}

describe("open-app wake timing in the browser (fake clock)", () => {
  it("goes to the download page 1000 ms after 前往 while the page stays visible", async () => {
    const { context, page } = await open(UA.iosSafari, articlePath);
    await openPromptThenPauseClock(page);
    await page.getByRole("button", { name: "前往" }).click();
    await page.clock.runFor(999);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(articlePath);
    await page.clock.runFor(1);
    await expect.poll(() => page.url(), { timeout: 5000 }).toBe(downloadUrl(articlePath));
    await context.close();
  });

  it("stays when the check runs late (the app was in front and timers were paused)", async () => {
    const { context, page } = await open(UA.iosSafari, articlePath);
    await openPromptThenPauseClock(page);
    await page.getByRole("button", { name: "前往" }).click();
    await page.clock.fastForward(1300);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(articlePath);
    await context.close();
  });
});
