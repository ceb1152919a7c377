import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../tools/wechat-simulator/wechat-simulator.ts";
import { axeProblems } from "../support/accessibility-rig.ts";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";
import { UA } from "../support/user-agents.ts";

// 求签, 贺卡 and 打开小程序 (decision 42) at phone size: a reader draws today's lot and shares
// it, and the shared link shows that lot to anyone; the reader makes a greeting card and shares
// it, and a second reader opens the card's link, sees it and answers with a card of their own;
// /openxcx says clearly when the mini program is not configured, and with the WeChat simulator
// opens it through the URL scheme or, inside WeChat, through wx-open-launch-weapp.

const SHOTS = "test-results/screenshots/campaign-draw-greeting";
const PASSWORD = "温故而知新可以为师";
const { baseUrl } = sharedServer();
const at = (path: string) => `${baseUrl}${path}`;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

async function newReader(redirect: string): Promise<Page> {
  const context = await phoneContext(browser);
  contexts.push(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  const page = await context.newPage();
  await registerInBrowser(page, baseUrl, { password: PASSWORD, redirect });
  await hydrated(page);
  return page;
}

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

/** Shares through ShareCampaign and returns the link it copied (it carries `from`). */
async function share(page: Page): Promise<string> {
  await page.getByTestId("campaign-share").click();
  const copied = page.getByTestId("campaign-share-link");
  await copied.waitFor();
  const text = (await copied.textContent()) ?? "";
  const link = text.slice(text.indexOf("http"));
  expect(link).toMatch(/from=/);
  return link;
}

let cardPage: Page | undefined;

describe("求签", () => {
  it("draws once a day, keeps today's lot, lists it, and shares a link that shows it", async () => {
    const page = await newReader("/divination");
    cardPage = page;
    await expect(page.getByTestId("slogan").textContent()).resolves.toBe(
      "求一支历史签，问一问古人",
    );
    await expect(page.getByTestId("lot-history-empty").isVisible()).resolves.toBe(true);
    await page.getByTestId("lot-draw").click();
    const lot = page.getByTestId("lot-today");
    await lot.waitFor();
    const label = (await lot.getByTestId("lot-label").textContent()) ?? "";
    expect(label).toMatch(/^第.+签$/);
    await expect(lot.textContent()).resolves.toContain("仅供娱乐");
    await page.getByTestId("lot-granted").waitFor();
    await page.getByTestId("lot-history").waitFor();
    await expect(page.getByTestId("lot-draw").count()).resolves.toBe(0);
    await fitsThePhone(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/lot.png`, fullPage: true });

    const link = await share(page);
    expect(new URL(link).pathname).toBe("/divination");
    const number = new URL(link).searchParams.get("lot");
    expect(Number(number)).toBeGreaterThan(0);

    // Back the same day: today's lot, no second draw.
    await page.reload();
    await hydrated(page);
    await expect(
      page.getByTestId("lot-today").getByTestId("lot-label").textContent(),
    ).resolves.toBe(label);
    await expect(page.getByTestId("lot-today").textContent()).resolves.toContain("今天已求得");
    await expect(page.getByTestId("lot-history").locator("li").count()).resolves.toBe(1);

    // Anyone with the link sees the lot.
    const friend = await phoneContext(browser);
    contexts.push(friend);
    const other = await friend.newPage();
    await other.emulateMedia({ reducedMotion: "reduce" });
    await other.goto(link);
    await hydrated(other);
    await expect(
      other.getByTestId("lot-shared").getByTestId("lot-label").textContent(),
    ).resolves.toBe(label);
    expect(await axeProblems(other)).toEqual([]);
  });
});

describe("贺卡", () => {
  it("makes and shares a card; a second reader opens it and replies with a card linked back", async () => {
    // The reader who drew the lot; a reader of its own when this test runs alone.
    const page = cardPage ?? (await newReader("/greetingcard"));
    await page.goto(at("/greetingcard"));
    await hydrated(page);
    await page.getByTestId("card-choose").waitFor();
    await page.getByRole("radio", { name: "中秋" }).check();
    await page.getByRole("radio", { name: /千里婵娟/ }).check();
    await screenshot(page, { path: `${SHOTS}/card-choose.png`, fullPage: true });
    await page.getByTestId("card-next").click();
    await page.getByTestId("card-to").fill("王老师");
    await page.getByTestId("card-from").fill("小明");
    const message = page.getByTestId("card-message");
    await expect(message.inputValue()).resolves.toContain("但愿人长久，千里共婵娟。");
    await message.fill("但愿人长久，千里共婵娟。\n祝您中秋快乐！");
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/card-edit.png`, fullPage: true });
    await page.getByTestId("card-make").click();
    await page.waitForURL(/\/greetingcard\?card=/);
    await page.getByTestId("card-made").waitFor();
    const image = page.getByTestId("card-image");
    await page.waitForFunction(
      () =>
        (document.querySelector("[data-testid=card-image]") as HTMLImageElement)?.naturalWidth > 0,
    );
    await expect(image.evaluate((i) => (i as HTMLImageElement).naturalWidth)).resolves.toBe(750);
    await fitsThePhone(page);
    await screenshot(page, { path: `${SHOTS}/card.png`, fullPage: true });
    const link = await share(page);
    const cardId = new URL(link).searchParams.get("card");
    expect(cardId).toBeTruthy();

    // The receiver, in a browser of their own, opens the link, signs up and answers.
    const receiver = await newReader(`/greetingcard?card=${cardId}`);
    const view = receiver.getByTestId("card-view");
    await expect(view.textContent()).resolves.toContain("小明送你一张中秋贺卡");
    expect(await axeProblems(receiver)).toEqual([]);
    await receiver.getByTestId("card-reply").click();
    await receiver.getByTestId("card-next").click();
    await expect(receiver.getByTestId("card-to").inputValue()).resolves.toBe("小明");
    await expect(receiver.getByTestId("card-from").inputValue()).resolves.toBe("王老师");
    await receiver.getByTestId("card-make").click();
    await receiver.getByTestId("card-reply-to").waitFor();
    await expect(receiver.getByTestId("card-reply-to").textContent()).resolves.toContain("小明");

    // The sender sees the reply under the card.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("card-replies").textContent()).resolves.toContain("王老师");
  });
});

describe("打开小程序", () => {
  it("says clearly when the mini program is not configured, and offers a retry", async () => {
    const context = await phoneContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(at("/openxcx"));
    await hydrated(page);
    await expect(page.getByTestId("openxcx-offers").textContent()).resolves.toContain("天梯学习");
    await page.getByTestId("open-mini-program").click();
    const error = page.getByTestId("open-mini-program-error");
    await error.waitFor();
    await expect(error.textContent()).resolves.toContain("小程序暂未配置");
    await expect(page.getByTestId("open-mini-program-retry").isVisible()).resolves.toBe(true);
    expect(await axeProblems(page)).toEqual([]);
  });

  describe("with the WeChat simulator", () => {
    let sim: WeChatSimulator;
    let server: RunningServer;
    beforeAll(async () => {
      sim = await startWeChatSimulator();
      server = await startServer({ contentDir: "content", env: sim.env });
    });
    afterAll(async () => {
      await server?.stop();
      await sim?.close();
    });

    it("opens it through the URL scheme in a browser, and through wx-open-launch-weapp in WeChat", async () => {
      const context = await phoneContext(browser, UA.iosSafari);
      contexts.push(context);
      // The H5 home: every entrance leads to a page of this site.
      const home = await context.newPage();
      await home.goto(`${server.baseUrl}/wxapphome`);
      await hydrated(home);
      await expect(home.getByTestId("entrance-clockin").getAttribute("href")).resolves.toBe(
        "/clockin",
      );
      await home.getByTestId("entrance-divination").click();
      await home.waitForURL(`${server.baseUrl}/divination`);

      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/openxcx?page=ladder`);
      await hydrated(page);
      // The browser has no handler for weixin://, so the page stays and offers the link too.
      await page.getByTestId("open-mini-program").click();
      const followed = page.getByTestId("open-mini-program-link");
      await followed.waitFor({ state: "attached" });
      await expect(followed.getAttribute("href")).resolves.toMatch(
        /^weixin:\/\/dl\/business\/\?t=/,
      );
      expect(sim.calls.generateScheme).toBe(1);

      const wechat = await phoneContext(browser, UA.wechatIos);
      contexts.push(wechat);
      const inWeChat = await wechat.newPage();
      await inWeChat.goto(`${server.baseUrl}/openxcx`);
      const tag = inWeChat.locator("wx-open-launch-weapp");
      await tag.waitFor({ state: "attached" });
      await inWeChat.waitForFunction(
        () =>
          (
            window as unknown as { __wxSim?: { openTagList: string[]; status: string } }
          ).__wxSim?.openTagList.includes("wx-open-launch-weapp") === true,
      );
      await expect(tag.getAttribute("username")).resolves.toBe(sim.env.WECHAT_MINI_USERNAME);
      await expect(tag.getAttribute("path")).resolves.toBe("pages/index/index.html");
      await tag.click();
      await inWeChat.waitForFunction(
        () =>
          (window as unknown as { __wxSim: { weappLaunches: unknown[] } }).__wxSim.weappLaunches
            .length === 1,
      );
    });
  });
});
