import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { type FakeNativeOptions, fakeNativeHostScript } from "../support/fake-native-host.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

const SHOTS = "test-results/screenshots";
const AUDIO_FILES = /\/media\/sample-audio\/[^/]+\.wav$/;
const APP_IOS_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 TongjianApp/4.19.0";

let server: { baseUrl: string };
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Every request for an audio file the page made, in order. */
  audioRequests: string[];
}

async function open(
  path: string,
  options: {
    userAgent?: string;
    native?: FakeNativeOptions;
    beforeGoto?: (page: Page) => Promise<unknown>;
  } = {},
): Promise<Opened> {
  const context = await phoneContext(browser, options.userAgent);
  if (options.native) await context.addInitScript(fakeNativeHostScript(options.native));
  const page = await context.newPage();
  const audioRequests: string[] = [];
  page.on("request", (request) => {
    if (AUDIO_FILES.test(new URL(request.url()).pathname)) audioRequests.push(request.url());
  });
  await options.beforeGoto?.(page);
  const response = await page.goto(`${server.baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return { context, page, audioRequests };
}

const players = (page: Page) => page.getByTestId("audio-player");
const statusOf = (player: Locator) => player.getAttribute("data-status");
const secondsPlayed = async (player: Locator) =>
  Number(await player.getByRole("progressbar").getAttribute("aria-valuenow"));

async function waitForStatus(player: Locator, status: string, timeout = 15_000) {
  await player
    .page()
    .waitForFunction(
      ([el, wanted]) => (el as Element).getAttribute("data-status") === wanted,
      [await player.elementHandle(), status] as const,
      { timeout },
    );
}

describe("audio component on /audio/detail at 375×812", () => {
  it("is labelled as synthetic sample audio, shows durations as mm:ss and the 试听 tag on the preview", async () => {
    const { context, page } = await open("/audio/detail");
    await expect(page.locator("h1").textContent()).resolves.toBe("示例旋律一（合成音频）");
    await expect(page.locator(".tj-audio-page__label").textContent()).resolves.toBe(
      "示例音频（合成）",
    );
    await expect(page.getByRole("heading", { name: "其他示例音频（合成）" }).count()).resolves.toBe(
      1,
    );
    await expect(players(page).count()).resolves.toBe(3);
    await expect(players(page).getByTestId("audio-duration").allTextContents()).resolves.toEqual([
      "00:12",
      "00:10",
      "00:08",
    ]);
    await expect(players(page).getByTestId("audio-current").allTextContents()).resolves.toEqual([
      "00:00",
      "00:00",
      "00:00",
    ]);
    const tagged = players(page).filter({ has: page.locator(".tj-audio__tag") });
    await expect(tagged.count()).resolves.toBe(1);
    await expect(tagged.getAttribute("data-key")).resolves.toBe("yu");
    await expect(tagged.locator(".tj-audio__tag").textContent()).resolves.toBe("试听");
    await expect(
      players(page)
        .first()
        .getByRole("progressbar", { name: "播放进度" })
        .getAttribute("aria-valuemax"),
    ).resolves.toBe("12");

    // Switching goes to the other sample's own page.
    await page.getByRole("link", { name: "切换到示例旋律二（合成音频）" }).click();
    await page.waitForURL(/\?name=zhi$/);
    await page.waitForFunction(
      () => document.querySelector("h1")?.textContent === "示例旋律二（合成音频）",
    );
    await expect(players(page).first().getByTestId("audio-duration").textContent()).resolves.toBe(
      "00:10",
    );
    await context.close();
  });

  it("requests no audio before the first play, then plays and the time advances", async () => {
    const html = await (await fetch(`${server.baseUrl}/audio/detail`)).text();
    expect(html.match(/<audio[^>]*>/g)).toEqual([
      '<audio preload="none">',
      '<audio preload="none">',
      '<audio preload="none">',
    ]);

    const { context, page, audioRequests } = await open("/audio/detail");
    const first = players(page).first();
    await expect(statusOf(first)).resolves.toBe("idle");
    await page.waitForTimeout(500);
    expect(audioRequests).toEqual([]);
    await expect(first.locator("audio").getAttribute("src")).resolves.toBeNull();

    await first.getByRole("button", { name: "播放" }).click();
    await waitForStatus(first, "playing");
    expect(audioRequests.length).toBeGreaterThan(0);
    expect(audioRequests.every((url) => url.endsWith("/media/sample-audio/gong.wav"))).toBe(true);
    await expect(first.getByRole("button", { name: "暂停" }).count()).resolves.toBe(1);
    await page.waitForFunction(
      (el) => Number(el?.getAttribute("aria-valuenow")) >= 2,
      await first.getByRole("progressbar").elementHandle(),
      { timeout: 10_000 },
    );
    await expect(first.getByTestId("audio-current").textContent()).resolves.toMatch(/^00:0[2-9]$/);
    await expect(first.locator(".tj-audio__status").textContent()).resolves.toBe("播放中");
    await screenshot(page, { path: `${SHOTS}/audio.png` });

    await first.getByRole("button", { name: "暂停" }).click();
    await waitForStatus(first, "paused");
    const pausedAt = await first.getByTestId("audio-current").textContent();
    await page.waitForTimeout(1_200);
    await expect(first.getByTestId("audio-current").textContent()).resolves.toBe(pausedAt);

    // A tap on the bar seeks: 55% of a 12-second item is 6.6 s, shown as 00:06.
    const track = first.locator(".tj-audio__track");
    const box = await track.boundingBox();
    if (!box) throw new Error("progress bar not laid out");
    await track.click({ position: { x: box.width * 0.55, y: box.height / 2 } });
    await page.waitForFunction(
      (el) => el?.textContent === "00:06",
      await first.getByTestId("audio-current").elementHandle(),
      { timeout: 5_000 },
    );
    await expect(secondsPlayed(first)).resolves.toBe(6);
    await first.getByRole("button", { name: "播放" }).click();
    await waitForStatus(first, "playing");
    await page.waitForFunction(
      (el) => Number(el?.getAttribute("aria-valuenow")) >= 7,
      await first.getByRole("progressbar").elementHandle(),
      { timeout: 10_000 },
    );
    await context.close();
  });

  it("plays one audio at a time: starting another pauses the one playing", async () => {
    const { context, page } = await open("/audio/detail");
    const [first, second] = [players(page).nth(0), players(page).nth(1)];
    await first.getByRole("button", { name: "播放" }).click();
    await waitForStatus(first, "playing");
    await second.getByRole("button", { name: "播放" }).click();
    await waitForStatus(second, "playing");
    await waitForStatus(first, "paused", 5_000);
    await expect(
      page.evaluate(() => [...document.querySelectorAll("audio")].map((a) => a.paused)),
    ).resolves.toEqual([true, false, true]);
    await expect(first.getByRole("button", { name: "播放" }).count()).resolves.toBe(1);
    await context.close();
  });

  it("shows the error state with its image and text when the audio fails, and a tap retries", async () => {
    let broken = true;
    const { context, page, audioRequests } = await open("/audio/detail", {
      beforeGoto: (p) =>
        p.route(AUDIO_FILES, (route) => (broken ? route.abort("failed") : route.continue())),
    });
    const first = players(page).first();
    await first.getByRole("button", { name: "播放" }).click();
    await waitForStatus(first, "error");
    const retry = first.getByRole("button", { name: "音频加载失败，点击重试" });
    await expect(retry.isVisible()).resolves.toBe(true);
    await expect(retry.locator("svg.tj-audio__error-image").isVisible()).resolves.toBe(true);
    await screenshot(page, { path: `${SHOTS}/audio-error.png` });
    const failedRequests = audioRequests.length;
    expect(failedRequests).toBeGreaterThan(0);

    broken = false;
    await retry.click();
    await waitForStatus(first, "playing");
    expect(audioRequests.length).toBeGreaterThan(failedRequests);
    await expect(retry.count()).resolves.toBe(0);
    await page.waitForFunction(
      (el) => Number(el?.getAttribute("aria-valuenow")) >= 1,
      await first.getByRole("progressbar").elementHandle(),
      { timeout: 10_000 },
    );
    await context.close();
  });

  it("inside the iOS app, play hands the list to the app's player over the bridge", async () => {
    const { context, page, audioRequests } = await open("/audio/detail", {
      userAgent: APP_IOS_UA,
      native: {
        platform: "ios",
        user: { username: "读者", avatar: "", userId: "u1", phone: "13800000000", bearer: "t" },
      },
    });
    await players(page).nth(1).getByRole("button", { name: "播放" }).click();
    await page.waitForFunction(() =>
      (window as unknown as { __nativeCalls: { method: string }[] }).__nativeCalls.some(
        (c) => c.method === "beginMusic",
      ),
    );
    const calls = await page.evaluate(() =>
      (
        window as unknown as { __nativeCalls: { method: string; params: unknown }[] }
      ).__nativeCalls.filter((c) => c.method === "beginMusic"),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({
      position: 1,
      list: ["gong", "zhi", "yu"].map((key, i) => ({
        name: [
          "示例旋律一（合成音频）",
          "示例旋律二（合成音频）",
          "示例旋律三（合成音频·试听片段）",
        ][i],
        songName: [
          "示例旋律一（合成音频）",
          "示例旋律二（合成音频）",
          "示例旋律三（合成音频·试听片段）",
        ][i],
        author: "通鉴示例 · 程序合成",
        duration: [12, 10, 8][i],
        musicUrl: `${server.baseUrl}/media/sample-audio/${key}.wav`,
      })),
    });
    // The app plays it, not the page.
    await page.waitForTimeout(500);
    expect(audioRequests).toEqual([]);
    await expect(statusOf(players(page).nth(1))).resolves.toBe("idle");
    await expect(players(page).nth(1).locator(".tj-audio__status").textContent()).resolves.toBe(
      "已在App中播放",
    );
    await context.close();
  });

  it("answers an unknown sample name with the not-found page", async () => {
    const response = await fetch(`${server.baseUrl}/audio/detail?name=guqin`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("抱歉，页面找不到了");
  });
});
