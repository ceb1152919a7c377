import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { type FakeNativeOptions, fakeNativeHostScript } from "../support/fake-native-host.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { UA } from "../support/user-agents.ts";

const SHOTS = "test-results/screenshots/environments";
const { width: W, height: H } = PHONE_VIEWPORT;

interface Environment {
  name: string;
  ua: string;
  native?: FakeNativeOptions;
  /** Our app at a version that sends API calls through the app's own network (spec §6). */
  proxy?: boolean;
}

const reader = { username: "读者", avatar: "", userId: "u1", phone: "13800000000", bearer: "t" };

// Every place the site runs, with our app on both sides of the native-proxy thresholds
// (iOS 1.5.2, Android 3.3.0).
const ENVIRONMENTS: Environment[] = [
  { name: "ios-safari", ua: UA.iosSafari },
  { name: "android-chrome", ua: UA.androidChrome },
  { name: "wechat-ios", ua: UA.wechatIos },
  { name: "wechat-android", ua: UA.wechatAndroid },
  { name: "qq", ua: UA.qq },
  { name: "weibo", ua: UA.weibo },
  { name: "app-ios-1.5.1", ua: UA.appIos("1.5.1"), native: { platform: "ios", user: reader } },
  {
    name: "app-ios-1.5.2",
    ua: UA.appIos("1.5.2"),
    native: { platform: "ios", user: reader },
    proxy: true,
  },
  {
    name: "app-android-3.2.9",
    ua: UA.appAndroid("3.2.9"),
    native: { platform: "android", user: reader },
  },
  {
    name: "app-android-3.3.0",
    ua: UA.appAndroid("3.3.0"),
    native: { platform: "android", user: reader },
    proxy: true,
  },
];

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

/** Elements of the shell that stick out of the screen sideways, or text cut short. */
function layoutProblems(page: Page) {
  return page.evaluate((width) => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.querySelectorAll<HTMLElement>(
      "[data-testid=top-bar] *, [data-testid=bottom-bar] *",
    )) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.left < 0 || box.right > width + 0.5)
        problems.push(`${el.className || el.tagName} spans ${box.left}..${box.right}`);
      if (el.children.length === 0 && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${el.className || el.tagName} text is cut: "${el.textContent}"`);
    }
    return problems;
  }, W);
}

describe("the shell at 375×812 in each environment", () => {
  it.each(ENVIRONMENTS)("$name: bars in place on the home and an article page", async (env) => {
    const context = await phoneContext(browser, env.ua);
    if (env.native) await context.addInitScript(fakeNativeHostScript(env.native));
    const page = await context.newPage();
    for (const [pageName, path] of [
      ["home", "/"],
      ["article", articlePath],
    ] as const) {
      const response = await page.goto(`${server.baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      // The bottom bar slides in; measure where it ends up.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      );
      const where = `${env.name} ${pageName}`;

      const top = await page.getByTestId("top-bar").boundingBox();
      expect(top, where).not.toBeNull();
      expect(top?.y, where).toBe(0);
      expect(top?.x, where).toBe(0);
      expect(top?.width, where).toBe(W);
      expect(top?.height, where).toBeGreaterThanOrEqual(44);

      const openApp = page.getByTestId("open-app");
      if (env.native) {
        await expect(openApp.count(), where).resolves.toBe(0);
      } else {
        const box = await openApp.boundingBox();
        expect(box, where).not.toBeNull();
        if (box && top) {
          expect(box.y, where).toBeGreaterThanOrEqual(top.y);
          expect(box.y + box.height, where).toBeLessThanOrEqual(top.y + top.height);
          expect(box.x + box.width, where).toBeLessThanOrEqual(W - 8);
        }
      }

      const bottom = page.getByTestId("bottom-bar");
      if (pageName === "article" && !env.native) {
        const box = await bottom.boundingBox();
        expect(box, where).not.toBeNull();
        expect(box?.x, where).toBe(0);
        expect(box?.width, where).toBe(W);
        expect(Math.round((box?.y ?? 0) + (box?.height ?? 0)), where).toBe(H);
        // The last of the page can scroll clear of the bar.
        const padding = await page.evaluate(() =>
          Number.parseFloat(
            getComputedStyle(document.querySelector(".tj-page") as Element).paddingBottom,
          ),
        );
        expect(padding, where).toBeGreaterThanOrEqual(box?.height ?? 0);
      } else {
        await expect(bottom.count(), where).resolves.toBe(0);
      }

      await expect(layoutProblems(page), where).resolves.toEqual([]);
      await screenshot(page, { path: `${SHOTS}/${env.name}-${pageName}.png` });
    }

    if (env.native) {
      const methods = await page.evaluate(() =>
        (window as unknown as { __nativeCalls: { method: string }[] }).__nativeCalls.map(
          (c) => c.method,
        ),
      );
      expect(methods).toContain("getUserInfo");
      // Spec §6: only iOS ≥ 1.5.2 and Android ≥ 3.3.0 send API calls through the app.
      expect(methods.includes("networkProxy"), env.name).toBe(env.proxy === true);
    }
    await context.close();
  });
});
