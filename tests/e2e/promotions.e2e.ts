import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, clippedText, report, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { registerInBrowser } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

// Issue 21's promotions in the browser at phone size: a reader claims a coupon (a sample of
// content/commerce/promotions.yaml) and finds it in 我的优惠券, redeems an exchange code made by
// the admin command, shares a gift, and a second reader opens the gift link, signs in and claims
// it, which the giver then sees. The server has a database folder of its own for the command.

const SHOTS = "test-results/screenshots/promotions";
const PASSWORD = "得之不喜失之不忧";
const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let dataDir: string;
/** The first reader's browser, kept to see the gift from the giver's side afterwards. */
let giverContext: BrowserContext | undefined;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), "tongjian-promotions-"));
  server = await startServer({
    contentDir: "content",
    env: { SMS_PROVIDER: "simulator", DATA_DIR: dataDir },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await giverContext?.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const at = (path: string) => `${server.baseUrl}${path}`;

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

async function open(page: Page, path: string) {
  await page.goto(at(path));
  await hydrated(page);
}

/** `npm run exchange:codes` against the server's database: the codes it prints. */
async function makeCodes(args: string[]): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "tools/exchange-codes.ts", ...args],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" } },
  );
  return stdout.trim().split("\n");
}

/** Nothing wider than the phone. */
async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

describe("promotions", () => {
  let giftUrl = "";

  it("claims a coupon and sees it listed, redeems an exchange code and shares a gift", async () => {
    giverContext = await phoneContext(browser);
    const page = await giverContext.newPage();
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: "/coupon" });
    await hydrated(page);
    const card = page.getByTestId("coupon-campaign").filter({ hasText: "新人无门槛券" });
    await card.getByRole("button", { name: "领取" }).click();
    await card.getByRole("status").getByText("已领取").waitFor();
    // The page is loaded again: this reader's limit is reached.
    await card.getByText("每人限领 1 张，你已领过").waitFor();
    await fitsThePhone(page);
    await screenshot(page, { path: `${SHOTS}/1-claimed.png` });

    await open(page, "/coupon/list");
    const mine = page.getByTestId("coupon-grant");
    await expect(mine.count()).resolves.toBe(1);
    await expect(mine.textContent()).resolves.toContain("新人无门槛券");
    await expect(mine.getByRole("link", { name: "去使用" }).getAttribute("href")).resolves.toBe(
      "/upgradepay",
    );
    await open(page, "/coupon/list/used");
    await page.getByTestId("coupon-list-empty").waitFor();
    await screenshot(page, { path: `${SHOTS}/2-used-empty.png` });

    // The admin command's code: typed with a wrong character first, then as printed.
    const [code = ""] = await makeCodes([
      "--product",
      "vip.year",
      "--count",
      "1",
      "--expires",
      "2027-06-30",
    ]);
    expect(code).toMatch(/^([0-9A-Z]{4}-){4}[0-9A-Z]{4}$/);
    await open(page, "/exchange");
    const typo = (code[0] === "A" ? "B" : "A") + code.slice(1);
    await page.getByLabel("兑换码").fill(typo);
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await page.getByRole("alert").getByText("兑换码有误，请逐位核对后重新输入").waitFor();
    await page.getByLabel("兑换码").fill(code.toLowerCase());
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await page.getByTestId("exchange-done").getByText("兑换成功：通鉴会员·年卡").waitFor();
    await screenshot(page, { path: `${SHOTS}/3-redeemed.png` });
    // Again: spent.
    await page.getByLabel("兑换码").fill(code);
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await page.getByRole("alert").getByText("你已经兑换过这个兑换码").waitFor();
    await open(page, "/exchange/order");
    const orders = page.getByTestId("exchange-orders");
    await expect(orders.textContent()).resolves.toContain("通鉴会员·年卡");
    await expect(orders.getByRole("link").first().getAttribute("href")).resolves.toMatch(
      /^\/order\/TJ\d{14}[0-9A-Z]{8}$/,
    );

    // The sale pages: a countdown and the checkout link; the draw with its odds and records.
    await open(page, "/sales/1");
    const sale = page.getByTestId("discount").filter({ hasText: "通鉴会员·年卡" });
    await expect(sale.getByRole("link", { name: "立即抢购" }).getAttribute("href")).resolves.toBe(
      "/buyvip?product=vip.year",
    );
    await expect(sale.getByRole("timer").textContent()).resolves.toMatch(
      /^距结束 \d+ 天 \d\d:\d\d:\d\d$/,
    );
    await open(page, "/sales/2");
    await expect(
      page
        .getByTestId("discount")
        .filter({ hasText: "文史天梯" })
        .getByRole("link", { name: "立即抢购" })
        .getAttribute("href"),
    ).resolves.toBe("/upgradepay?product=course.wenshi-ladder");
    await open(page, "/drawsale");
    await expect(page.getByTestId("draw-odds").textContent()).resolves.toContain("65%");
    await page.getByRole("button", { name: "抽一次" }).click();
    await page
      .getByTestId("draw-result")
      .getByText(/^抽中：/)
      .waitFor();
    await page.getByText("今日剩余 2 次").waitFor();
    await expect(page.getByTestId("draw-records").locator("tbody tr").count()).resolves.toBe(1);
    await fitsThePhone(page);
    await screenshot(page, { path: `${SHOTS}/3b-draw.png` });

    // A member now: shares a month of VIP.
    await open(page, "/sharegetgift");
    const offer = page.locator("li").filter({ hasText: "送好友一个月会员" });
    await offer.getByRole("button", { name: "生成分享链接" }).click();
    await page.waitForURL(/\/sharegetgift\/[0-9a-f]{24}$/);
    await hydrated(page);
    giftUrl = new URL(page.url()).pathname;
    await page.getByText("还没有好友领取").waitFor();
    await expect(page.getByRole("button", { name: "领取" }).count()).resolves.toBe(0);
    await page.getByText("不能领取自己的礼物").waitFor();
    await screenshot(page, { path: `${SHOTS}/4-gift-shared.png` });
  });

  it("opens the shared gift link as a second reader, signs in and claims it once; the giver sees it", async () => {
    expect(giftUrl).not.toBe("");
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await open(page, giftUrl);
    await page.getByTestId("promo-login").waitFor();
    await expect(page.locator("h1").textContent()).resolves.toContain("送你一份礼物");
    await screenshot(page, { path: `${SHOTS}/5-gift-signed-out.png` });
    const phone = await registerInBrowser(page, server.baseUrl, {
      password: PASSWORD,
      redirect: giftUrl,
    });
    await hydrated(page);
    await page.getByRole("button", { name: "领取" }).click();
    await page.getByRole("status").getByText("领取成功：通鉴会员·月卡").waitFor();
    await expect(page.getByTestId("gift").getAttribute("data-state")).resolves.toBe("claimed");
    await fitsThePhone(page);
    await screenshot(page, { path: `${SHOTS}/6-gift-claimed.png` });
    // Opened again: 已领取, no button.
    await open(page, giftUrl);
    await page.getByRole("status").getByText("已领取").waitFor();
    await expect(page.getByRole("button", { name: "领取" }).count()).resolves.toBe(0);

    // Every promotions screen for this reader: axe, 44 px targets, nothing clipped.
    const problems: string[] = [];
    for (const path of [
      "/coupon",
      "/coupon/list",
      "/coupon/list/expired",
      "/discount",
      "/discount/list",
      "/sales/1",
      "/sales/2",
      "/drawsale",
      "/exchange",
      "/offexchange",
      "/exchange/order",
      "/sharegetgift",
      giftUrl,
    ]) {
      await open(page, path);
      for (const line of [
        ...(await axeProblems(page)),
        ...(await smallTargets(page)),
        ...(await clippedText(page)),
      ])
        problems.push(`${path}: ${line}`);
    }
    expect(problems, report(problems)).toEqual([]);
    await context.close();

    // The giver's side: who claimed (the number masked), and what is left.
    if (!giverContext) throw new Error("the giver's browser is gone");
    const giverPage = await giverContext.newPage();
    await open(giverPage, giftUrl);
    const claims = giverPage.getByTestId("gift-claims");
    await expect(claims.textContent()).resolves.toContain(
      `${phone.slice(0, 3)}****${phone.slice(7)}`,
    );
    await expect(giverPage.getByTestId("gift").textContent()).resolves.toContain(
      "已领 1 份，剩余 2 份",
    );
    await screenshot(giverPage, { path: `${SHOTS}/7-giver-sees-claim.png` });
  });
});
