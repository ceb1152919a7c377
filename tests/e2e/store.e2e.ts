import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// The store's screens at phone size (issue 21, decision 0037): the VIP plans with their prices
// and rights, the star mall with its stock, and a signed-in reader's (empty) orders.

const SHOTS = "test-results/screenshots/store";
const PASSWORD = "读史使人明智鉴往知来";

const server = sharedServer();
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
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

describe("the store", () => {
  it("shows the VIP plans with their prices, the yearly one preselected, and what VIP unlocks", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await open(page, "/buyvip");
    const plans = page.getByTestId("vip-plan");
    await expect(plans.count()).resolves.toBe(3);
    await expect(plans.allTextContents()).resolves.toEqual([
      expect.stringContaining("¥25.00"),
      expect.stringContaining("¥68.00"),
      expect.stringContaining("¥198.00"),
    ]);
    // The recommended plan is chosen and carries the tag.
    const year = plans.filter({ hasText: "年卡" });
    await expect(year.locator("input").isChecked()).resolves.toBe(true);
    await expect(year.textContent()).resolves.toContain("推荐");
    const rights = page.getByTestId("vip-rights");
    for (const title of ["全文阅读", "天梯全部关卡", "会员词条", "无广告阅读"])
      await rights.getByText(title).waitFor();
    // A visitor is asked to sign in before buying; the bar shows the chosen plan's price today:
    // the sample content's running discount of the yearly plan (冬日会员季, ¥168.00).
    await page.getByRole("link", { name: "登录后购买" }).waitFor();
    await expect(page.locator(".tj-store__paybar-price").textContent()).resolves.toBe("¥168.00");
    await plans.filter({ hasText: "月卡" }).click();
    await expect(page.locator(".tj-store__paybar-price").textContent()).resolves.toBe("¥25.00");
    await screenshot(page, { path: `${SHOTS}/1-buyvip.png`, fullPage: true });

    // The rights and the agreements are pages of their own.
    await open(page, "/buyvip/rights");
    await page.getByRole("heading", { name: "会员权益" }).waitFor();
    await expect(page.getByTestId("vip-rights").locator("> li").count()).resolves.toBe(4);
    await open(page, "/buyvip/agreement/service");
    await page.getByRole("heading", { name: "会员服务协议" }).waitFor();
    await page.getByText("自动续费", { exact: false }).first().waitFor();
    await context.close();
  });

  it("lists the star mall's goods with their stock", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await open(page, "/starmalllandscape");
    const goods = page.getByTestId("goods");
    await expect(goods.count()).resolves.toBeGreaterThanOrEqual(3);
    const poster = goods.filter({ hasText: "历代疆域对照挂图" });
    await expect(poster.textContent()).resolves.toMatch(/¥59\.00.*(库存 \d+|售罄)/);
    const stocks = await page.getByTestId("goods-stock").allTextContents();
    expect(stocks.length).toBeGreaterThan(0);
    for (const s of stocks) expect(s).toMatch(/^库存 \d+$/);
    await screenshot(page, { path: `${SHOTS}/2-starmall.png`, fullPage: true });

    // A good opens its checkout: the summary and, for goods, the address form.
    await goods.filter({ hasText: "通鉴帆布袋" }).getByRole("link").click();
    await page.waitForURL(/\/upgradepay\?product=goods\.canvas-bag/);
    await page.getByTestId("product-summary").getByText("¥39.00").waitFor();
    await page.getByRole("link", { name: "登录后购买" }).waitFor();
    await context.close();
  });

  it("shows the ladder courses and the reissue cards with prices and a way to buy", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await open(page, "/productDetail/ladder");
    const courses = page.getByTestId("course-product");
    await expect(courses.count()).resolves.toBeGreaterThanOrEqual(1);
    await courses.filter({ hasText: "文史天梯" }).getByText("¥99.00").waitFor();
    await courses.filter({ hasText: "文史天梯" }).getByRole("link", { name: "立即购买" }).waitFor();
    await screenshot(page, { path: `${SHOTS}/6-ladder-courses.png`, fullPage: true });
    await open(page, "/lLadderProductDetail");
    await expect(page.getByTestId("course-product").count()).resolves.toBe(1);
    await page.getByText("少儿天梯·全部关卡").waitFor();
    await open(page, "/productDetail/card/reissue");
    await page.getByTestId("card-product").filter({ hasText: "¥3.00" }).waitFor();
    await context.close();
  });

  it("sends a visitor to sign in for orders, and shows a new reader no orders yet", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(at("/order"));
    await page.waitForURL(/\/login\?redirect=%2Forder/);
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: "/order" });
    await hydrated(page);
    await page.getByTestId("orders-empty").waitFor();
    await expect(page.getByTestId("orders-empty").textContent()).resolves.toBe("还没有订单");
    await page.getByRole("link", { name: "待支付" }).click();
    await page.waitForURL(/\/order\?state=unpaid/);
    // The address changes before the tab's list has re-rendered.
    await expect
      .poll(() => page.getByTestId("orders-empty").textContent())
      .toBe("没有待支付的订单");
    await screenshot(page, { path: `${SHOTS}/3-orders-empty.png`, fullPage: true });

    // Goods at checkout: a quantity within stock, the address asked for before any order.
    await open(page, "/upgradepay?product=goods.territory-poster");
    await page.getByTestId("quote").getByText("¥59.00").first().waitFor();
    await page.getByRole("button", { name: "增加一件" }).click();
    await page.getByTestId("quote").getByText("¥118.00").first().waitFor();
    await expect(page.locator("[data-method]").count()).resolves.toBe(2);
    await page.getByLabel(/我已阅读并同意/).check();
    await page.getByRole("button", { name: "立即支付" }).click();
    await page.getByRole("alert").getByText("请填写收件人").waitFor();
    await page.getByLabel("收件人").fill("司马光");
    await page.getByLabel("手机号").fill("1380000");
    await page.getByRole("button", { name: "立即支付" }).click();
    await page.getByRole("alert").getByText("请填写 11 位手机号").waitFor();
    await screenshot(page, { path: `${SHOTS}/7-goods-checkout.png`, fullPage: true });
    await open(page, "/order?state=unpaid");
    await page.getByTestId("orders-empty").waitFor();
    await context.close();
  });
});
