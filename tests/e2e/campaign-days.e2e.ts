import { mkdirSync } from "node:fs";
import { chinaMonthDay, formatMonthDay, shiftMonthDay } from "@tongjian/domain/campaign-days";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// The day pages of issue 22 (decision 47) at phone size on the shared server: the history
// calendar shows today's page and moves between days, a reading list records a reader's
// progress, share-to-unlock opens its piece, 往事列表 lists the epidemics, and the TV help moves
// focus with the arrow keys.

const SHOTS = "test-results/screenshots/campaign-days";
const PASSWORD = "读史使人明智鉴往知来";

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

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${server.baseUrl}${path}`);
  expect(response?.status(), path).toBe(200);
  await hydrated(page);
}

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

describe("day pages", () => {
  it("the history calendar opens on today in China and moves between days", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // The server decides today; a run across midnight may see either side of it.
    const before = chinaMonthDay(new Date());
    await open(page, "/cale");
    const after = chinaMonthDay(new Date());
    const heading = page.getByTestId("cale-day");
    const shown = (await heading.textContent()) ?? "";
    expect([formatMonthDay(before), formatMonthDay(after)].some((l) => shown.startsWith(l))).toBe(
      true,
    );
    await expect(heading.textContent()).resolves.toContain("今天");
    const today = shown.startsWith(formatMonthDay(after)) ? after : before;
    // Today's page lists what the corpus has on it, or says it has nothing.
    await page.locator('[data-testid="cale-items"], [data-testid="cale-empty"]').first().waitFor();
    await fitsThePhone(page);
    await screenshot(page, { path: `${SHOTS}/1-today.png` });

    await page.getByTestId("cale-next").click();
    const next = shiftMonthDay(today, 1);
    await page.waitForURL(`${server.baseUrl}/cale?day=${next}`);
    await page.getByTestId("cale-day").getByText(formatMonthDay(next)).waitFor();
    await page.getByTestId("cale-prev").click();
    await page.waitForURL(`${server.baseUrl}/cale?day=${today}`);

    // A day the corpus knows well, chosen with the month and day pickers.
    await page.getByLabel("月", { exact: true }).selectOption("10");
    await page.getByLabel("日", { exact: true }).selectOption("10");
    await page.getByRole("button", { name: "查看" }).click();
    await page.getByTestId("cale-day").getByText("10月10日").waitFor();
    const items = page.getByTestId("cale-items");
    await items.getByRole("link", { name: "武昌起义" }).waitFor();
    await expect(items.textContent()).resolves.toContain("1911年10月10日");
    await screenshot(page, { path: `${SHOTS}/2-october-10.png` });
    await context.close();
  });

  it("a reading list records a reader's progress and the share unlocks its piece", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: "/womanday" });
    await hydrated(page);
    await page.getByTestId("campaign-phase").getByText("进行中").waitFor();
    await expect(page.getByTestId("day-progress").textContent()).resolves.toContain(
      "已读完 0 / 13",
    );
    const first = page.getByTestId("day-item-fu-hao");
    await expect(first.getByRole("link", { name: "妇好" }).getAttribute("href")).resolves.toMatch(
      /^\/detail\//,
    );
    await first.getByRole("button", { name: /^读完/ }).click();
    await page
      .getByTestId("day-message")
      .getByText("已读完「妇好」，进度 1 / 13")
      .waitFor({ timeout: 5000 })
      .catch(async (error) => {
        throw new Error(`${error}: ${await page.locator("main").textContent()}`);
      });
    await page.getByTestId("day-progress").getByText("已读完 1 / 13").waitFor();
    await first.getByRole("button", { name: /^已读完/ }).waitFor();
    await fitsThePhone(page);
    await screenshot(page, { path: `${SHOTS}/3-reading-list.png` });
    // The progress is the reader's: it is there on the next visit.
    await open(page, "/womanday");
    await expect(page.getByTestId("day-progress").textContent()).resolves.toContain(
      "已读完 1 / 13",
    );
    await expect(
      page.getByTestId("day-item-fu-hao").getByRole("button").isDisabled(),
    ).resolves.toBe(true);

    await open(page, "/share719");
    await page.getByTestId("locked-piece").waitFor();
    await page.getByTestId("share-unlock").click();
    await page.getByTestId("unlocked-piece").waitFor();
    await page
      .getByTestId("unlock-status")
      .getByText(/已解锁，获得徽章 · 通鉴分享者/)
      .waitFor();
    await open(page, "/share719");
    await page.getByTestId("unlocked-piece").waitFor();
    await screenshot(page, { path: `${SHOTS}/4-unlocked.png` });
    await context.close();
  });

  it("往事列表 lists the epidemics oldest first with places, measures and links", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await open(page, "/ncov/pasteventlist");
    const list = page.getByTestId("past-events");
    const items = list.locator(":scope > li");
    await expect(items.count()).resolves.toBeGreaterThanOrEqual(10);
    await expect(items.first().textContent()).resolves.toContain("伤寒杂病论");
    const plague = page.locator("#past-dong-bei-shu-yi");
    await expect(plague.textContent()).resolves.toContain("1910年10月—1911年4月");
    await expect(plague.textContent()).resolves.toContain("伍连德");
    await expect(
      items.first().getByRole("link", { name: "张仲景" }).getAttribute("href"),
    ).resolves.toMatch(/^\/detail\//);
    await fitsThePhone(page);
    await screenshot(page, { path: `${SHOTS}/5-past-events.png`, fullPage: true });
    await context.close();
  });

  it("the TV help moves focus with the arrow keys and signs the TV in with a phone", async () => {
    const tv = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await tv.newPage();
    await open(page, "/tvhelp");
    const toc = page.getByRole("navigation", { name: "本页目录" }).getByRole("link");
    await toc.first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      "遥控器按键",
    );
    await page.keyboard.press("ArrowUp");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      "打开方式",
    );
    await page.keyboard.press("Enter");
    await page.waitForURL(/#tv-open$/);

    // 扫码登录: the TV shows a code, a signed-in phone opens it and approves, the TV is signed in.
    await page.getByTestId("tv-pair-start").focus();
    await page.keyboard.press("Enter");
    const qr = page.getByTestId("tv-pair-qr");
    await qr.waitFor();
    const src = (await qr.getAttribute("src")) ?? "";
    const target = decodeURIComponent(new URL(src, server.baseUrl).searchParams.get("path") ?? "");
    expect(target).toMatch(/^\/tvhelp\?pair=[\w-]{43}$/);
    const phone = await phoneContext(browser);
    const phonePage = await phone.newPage();
    await registerInBrowser(phonePage, server.baseUrl, { password: PASSWORD, redirect: target });
    await hydrated(phonePage);
    await phonePage.getByRole("button", { name: "确认登录电视" }).click();
    await phonePage.getByTestId("tv-approved").waitFor();
    await page.getByTestId("tv-signed-in").waitFor({ timeout: 15_000 });
    await screenshot(page, { path: `${SHOTS}/6-tv-signed-in.png` });
    await phone.close();
    await tv.close();
  });
});
