import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import { musicId } from "@tongjian/content/music-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { type FakeNativeOptions, fakeNativeHostScript } from "../support/fake-native-host.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

const SHOTS = "test-results/screenshots";
const MUSIC_FILES = /\/media\/music\/[0-9a-f]{24}\.wav$/;
const APP_IOS_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 TongjianApp/4.19.0";
const MO_LI_HUA = musicId("piece", "mo-li-hua");
const SU_ZHOU = contentId("place", "su-zhou");

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

async function open(
  path: string,
  options: {
    userAgent?: string;
    native?: FakeNativeOptions;
    beforeGoto?: (page: Page) => Promise<unknown>;
  } = {},
): Promise<{ context: BrowserContext; page: Page; audioRequests: string[] }> {
  const context = await phoneContext(browser, options.userAgent);
  if (options.native) await context.addInitScript(fakeNativeHostScript(options.native));
  const page = await context.newPage();
  const audioRequests: string[] = [];
  page.on("request", (request) => {
    if (MUSIC_FILES.test(new URL(request.url()).pathname)) audioRequests.push(request.url());
  });
  await options.beforeGoto?.(page);
  const response = await page.goto(`${server.baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return { context, page, audioRequests };
}

const bar = (page: Page) => page.getByTestId("mini-player");
const audioTime = (page: Page) =>
  page.evaluate(
    () => (document.getElementById("tj-music-audio") as HTMLAudioElement | null)?.currentTime ?? -1,
  );
async function waitForBar(page: Page, status: string, timeout = 15_000) {
  await page.waitForFunction(
    (wanted) =>
      document.querySelector('[data-testid="mini-player"]')?.getAttribute("data-status") === wanted,
    status,
    { timeout },
  );
}

describe("中国音乐 at 375×812", () => {
  it("a reader plays a piece on /music/landing and it keeps playing on an entry page; pause, next, queue, close", async () => {
    const { context, page, audioRequests } = await open("/music/landing");
    await expect(page.locator("h1").first().textContent()).resolves.toBe("广陵散");
    // Every genre has its section, and every piece says its audio is synthesised.
    for (const genre of ["古琴曲", "民歌", "戏曲选段", "文史歌曲", "器乐曲"])
      await expect(page.getByRole("heading", { name: genre, exact: true }).count()).resolves.toBe(
        1,
      );
    const tracks = page.getByTestId("music-track");
    expect(await tracks.count()).toBeGreaterThan(20);
    await expect(page.locator(".tj-music-licence").textContent()).resolves.toContain("CC0");
    // Nothing is fetched and no player is shown before the first play.
    expect(audioRequests).toEqual([]);
    await expect(bar(page).count()).resolves.toBe(0);
    await screenshot(page, { path: `${SHOTS}/music-landing.png` });

    // The piece's own view: its score, its public-domain lyrics with their source, its entries.
    await page.getByRole("link", { name: "茉莉花（鲜花调）" }).first().click();
    await page.waitForURL(new RegExp(`id=${MO_LI_HUA}$`));
    await page.waitForFunction(
      () => document.querySelector("h1")?.textContent === "茉莉花（鲜花调）",
    );
    await expect(page.locator(".tj-music-score pre").textContent()).resolves.toContain("3 3_5_");
    await expect(page.locator(".tj-music-lyrics").textContent()).resolves.toContain("好一朵茉莉花");

    await page.getByRole("button", { name: "播放《茉莉花（鲜花调）》" }).first().click();
    await waitForBar(page, "playing");
    expect(audioRequests.length).toBeGreaterThan(0);
    expect(audioRequests.every((url) => url.endsWith(`/media/music/${MO_LI_HUA}.wav`))).toBe(true);
    await expect(bar(page).getAttribute("data-track")).resolves.toBe(MO_LI_HUA);
    await expect(bar(page).locator(".tj-mini-player__tag").textContent()).resolves.toBe("合成");
    await page.waitForFunction(() => {
      const a = document.getElementById("tj-music-audio") as HTMLAudioElement | null;
      return (a?.currentTime ?? 0) > 1;
    });
    await page.waitForFunction(() =>
      /^00:0[1-9] \/ 00:[0-9]{2}$/.test(
        document.querySelector('[data-testid="mini-player-time"]')?.textContent ?? "",
      ),
    );
    await screenshot(page, { path: `${SHOTS}/music-playing.png` });
    // Lock-screen and headset controls: the Media Session has the piece and is playing.
    await expect(
      page.evaluate(() => ({
        title: navigator.mediaSession.metadata?.title,
        artist: navigator.mediaSession.metadata?.artist,
        state: navigator.mediaSession.playbackState,
      })),
    ).resolves.toEqual({ title: "茉莉花（鲜花调）", artist: "江南民歌", state: "playing" });

    // To an entry page: the page changes, the audio and the bar stay.
    await page.getByRole("link", { name: "苏州" }).click();
    await page.waitForURL(new RegExp(`/detail/${SU_ZHOU}$`));
    await page.waitForFunction(() => document.querySelector("h1")?.textContent?.includes("苏州"));
    const t1 = await audioTime(page);
    await page.waitForTimeout(1_500);
    const t2 = await audioTime(page);
    expect(t2).toBeGreaterThan(t1 + 0.8);
    await expect(bar(page).isVisible()).resolves.toBe(true);
    await expect(bar(page).getAttribute("data-status")).resolves.toBe("playing");
    await expect(page.locator("audio#tj-music-audio").count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/music-on-entry-page.png` });

    // Pause: the clock stops.
    await bar(page).getByRole("button", { name: "暂停" }).click();
    await waitForBar(page, "paused");
    const paused = await audioTime(page);
    await page.waitForTimeout(800);
    expect(await audioTime(page)).toBe(paused);

    // Next: the following piece of the queue plays.
    await bar(page).getByRole("button", { name: "下一首" }).click();
    await waitForBar(page, "playing");
    const second = await bar(page).getAttribute("data-track");
    expect(second).not.toBe(MO_LI_HUA);
    expect(audioRequests.some((url) => url.endsWith(`/media/music/${second}.wav`))).toBe(true);

    // The queue lists the pieces with the one playing marked; a tap plays another.
    await bar(page).getByRole("button", { name: "播放列表" }).click();
    const queue = bar(page).locator(".tj-mini-player__queue-item");
    expect(await queue.count()).toBeGreaterThan(2);
    // Each piece is queued once.
    const names = await queue.locator(".tj-mini-player__queue-name").allTextContents();
    expect(new Set(names).size).toBe(names.length);
    await expect(queue.nth(1).getAttribute("aria-current")).resolves.toBe("true");
    await screenshot(page, { path: `${SHOTS}/music-queue.png` });
    // The bar and its queue are accessible: axe finds nothing serious, every target is 44 px.
    await expect(axeProblems(page)).resolves.toEqual([]);
    expect((await smallTargets(page)).filter((line) => line.includes("mini-player"))).toEqual([]);
    await queue.nth(0).click();
    await page.waitForFunction(
      (id) =>
        document.querySelector('[data-testid="mini-player"]')?.getAttribute("data-track") === id,
      MO_LI_HUA,
    );

    // At 200 % zoom (187 px wide) every control of the bar is still on screen.
    await bar(page).getByRole("button", { name: "播放列表" }).click();
    await page.setViewportSize({ width: 187, height: 406 });
    await expect(
      page.evaluate(
        () =>
          [
            ...document.querySelectorAll(
              '[data-testid="mini-player"] button, [data-testid="mini-player"] a',
            ),
          ]
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.left < 0 || r.right > window.innerWidth + 0.5).length,
      ),
    ).resolves.toBe(0);
    await screenshot(page, { path: `${SHOTS}/music-bar-zoomed.png` });
    await page.setViewportSize({ width: 375, height: 812 });

    await bar(page).getByRole("button", { name: "关闭播放器" }).click();
    await expect(bar(page).count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => (document.getElementById("tj-music-audio") as HTMLAudioElement).paused),
    ).resolves.toBe(true);
    await context.close();
  });

  it("plays one audio at a time: a page's own audio player pauses the queue, and the queue pauses it", async () => {
    const { context, page } = await open(`/music/landing?id=${MO_LI_HUA}`);
    await page.getByRole("button", { name: "播放《茉莉花（鲜花调）》" }).first().click();
    await waitForBar(page, "playing");
    // To the sample audio page by a client-side navigation (as a back or forward would), the
    // queue still playing.
    await page.evaluate(() => {
      window.history.pushState(null, "", "/audio/detail");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="audio-player"]') !== null,
    );
    await expect(bar(page).getAttribute("data-status")).resolves.toBe("playing");
    const sample = page.getByTestId("audio-player").first();
    await sample.getByRole("button", { name: "播放" }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="audio-player"]')?.getAttribute("data-status") ===
        "playing",
    );
    await waitForBar(page, "paused");
    await bar(page).getByRole("button", { name: "播放", exact: true }).click();
    await waitForBar(page, "playing");
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="audio-player"]')?.getAttribute("data-status") ===
        "paused",
    );
    await context.close();
  });

  it("counts a play and ranks boards; a board plays from its list", async () => {
    const before = (
      await (await fetch(`${server.baseUrl}/api/music/cn/pieces/${MO_LI_HUA}`)).json()
    ).data.plays;
    const { context, page } = await open("/music/billboard");
    await expect(page.getByRole("heading", { name: "热播榜" }).count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/music-billboard.png` });
    await page.getByRole("link", { name: "查看完整的新曲榜" }).click();
    await page.waitForURL(/\/music\/boarddetail\?id=new$/);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "新曲榜");
    const rows = page.getByTestId("music-track");
    await expect(rows.count()).resolves.toBe(20);
    await page.goto(`${server.baseUrl}/music/landing?id=${MO_LI_HUA}`);
    await page.getByRole("button", { name: "播放《茉莉花（鲜花调）》" }).first().click();
    await waitForBar(page, "playing");
    await page.waitForFunction(
      async ([url, was]) => (await (await fetch(url)).json()).data.plays > was,
      [`${server.baseUrl}/api/music/cn/pieces/${MO_LI_HUA}`, before] as const,
      { timeout: 10_000 },
    );
    await context.close();
  });

  it("opens a performer and a playlist, and answers unknown ids with the 404 screen", async () => {
    const { context, page } = await open(`/music/singer?id=${musicId("performer", "li-bai")}`);
    await expect(page.locator("h1").textContent()).resolves.toBe("李白");
    await expect(page.getByTestId("music-track").count()).resolves.toBe(2);
    await screenshot(page, { path: `${SHOTS}/music-singer.png` });
    await page.goto(
      `${server.baseUrl}/music/list-view?id=${musicId("playlist", "gu-qin-ming-qu")}`,
    );
    await expect(page.locator("h1").textContent()).resolves.toBe("古琴名曲入门");
    await expect(page.getByTestId("music-track").count()).resolves.toBe(10);
    await screenshot(page, { path: `${SHOTS}/music-list-view.png` });
    await context.close();
    for (const path of [
      "/music/singer?id=0123456789abcdef01234567",
      "/music/list-view?id=0123456789abcdef01234567",
      "/music/landing?id=0123456789abcdef01234567",
      "/music/landing?id=nope",
      "/music/boarddetail?id=nope",
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("页面找不到了");
    }
  });

  it("shows 音频加载失败，点击重试 when the audio fails, and the retry plays it", async () => {
    let broken = true;
    const { context, page } = await open(`/music/landing?id=${MO_LI_HUA}`, {
      beforeGoto: (p) =>
        p.route(MUSIC_FILES, (route) => (broken ? route.abort("failed") : route.continue())),
    });
    await page.getByRole("button", { name: "播放《茉莉花（鲜花调）》" }).first().click();
    await waitForBar(page, "error");
    const retry = bar(page).getByRole("button", { name: "音频加载失败，点击重试" });
    await expect(retry.isVisible()).resolves.toBe(true);
    await screenshot(page, { path: `${SHOTS}/music-error.png` });
    broken = false;
    await retry.click();
    await waitForBar(page, "playing");
    await context.close();
  });

  it("inside the app, play hands the list to the app's player (beginMusic) and the page plays nothing", async () => {
    const { context, page, audioRequests } = await open(
      `/music/list-view?id=${musicId("playlist", "qin-ge-shi-ci")}`,
      {
        userAgent: APP_IOS_UA,
        native: { platform: "ios", user: null },
      },
    );
    await page.getByRole("button", { name: "播放《关山月》" }).click();
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
    const params = calls[0]?.params as {
      position: number;
      list: {
        name: string;
        songName: string;
        author: string;
        duration: number;
        musicUrl: string;
      }[];
    };
    expect(params.position).toBe(1);
    expect(params.list.map((item) => item.name)).toEqual([
      "阳关三叠",
      "关山月",
      "秋风词",
      "凤求凰",
      "醉翁操",
      "水调歌头·明月几时有",
    ]);
    expect(params.list[1]).toMatchObject({
      songName: "关山月",
      author: "李白 / 历代琴家",
      musicUrl: `${server.baseUrl}/media/music/${musicId("piece", "guan-shan-yue")}.wav`,
    });
    expect(params.list[1]?.duration).toBeGreaterThan(5);
    await page.waitForTimeout(500);
    expect(audioRequests).toEqual([]);
    await expect(bar(page).count()).resolves.toBe(0);
    await expect(page.getByTestId("music-track").nth(1).textContent()).resolves.toContain(
      "已在App中播放",
    );
    await context.close();
  });

  it("keeps the player out of first loads: the home page and the music landing stay within budget", async () => {
    const context = await phoneContext(browser);
    for (const path of ["/", "/music/landing"]) {
      const kb = await firstLoadJsKb(context, `${server.baseUrl}${path}`);
      expect(kb, path).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    }
    // The player's own module is not among them until a piece plays.
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(`${server.baseUrl}/music/landing`, { waitUntil: "networkidle" });
    const before = scripts.length;
    await page.getByRole("button", { name: "播放《广陵散》" }).first().click();
    await waitForBar(page, "playing");
    expect(scripts.slice(before).some((url) => /global-player/.test(url))).toBe(true);
    await context.close();
  });
});
