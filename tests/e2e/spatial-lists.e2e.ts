import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

/**
 * Issue 18 §2, §3, §6 and §7 in the browser at 375×812, on the real corpus: a place over time on
 * the space bar, a historical site with its map and 404, the era list and the world beside 西汉,
 * 国学, the hub, the top lists and the data pages with their charts and tables.
 */

const SHOTS = "test-results/screenshots/spatial-lists";
/** The 404 screen of spec §8 (shell/not-found.ts). */
const NOT_FOUND_MESSAGE = "抱歉，页面找不到了";
const LUO_YANG = contentId("place", "luo-yang");
const XI_HAN = contentId("regime", "xi-han");
const ZHOU = contentId("regime", "zhou");

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

async function open(path: string) {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const response = await page.goto(`${server.baseUrl}${path}`);
  return { context, page, status: response?.status() };
}

describe("the space bar and historical sites", () => {
  it("finds 洛阳 by its old name and shows its names by period down a line", async () => {
    const { context, page } = await open("/home/spacebar");
    await hydrated(page);
    await page.getByLabel("查找地点").fill("雒阳");
    await page.getByRole("button", { name: "查找" }).click();
    await page.waitForURL(/q=/);
    await page.getByRole("link", { name: "洛阳", exact: true }).click();
    await page.waitForURL(`**/home/spacebar?place=${LUO_YANG}*`);
    const card = page.getByTestId("picked-place");
    await card.getByRole("heading", { level: 2, name: "洛阳" }).waitFor();
    const names = await card.locator(".tj-names__name").allTextContents();
    expect(names.slice(0, 3)).toEqual(["洛邑", "雒阳", "洛阳"]);
    expect(names).toContain("神都");
    await expect(card.getByText("684年—705年").count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/spacebar-luo-yang.png` });
    await card.getByRole("link", { name: "遗址详情" }).click();
    await page.waitForURL(`**/historicalsite/detail?id=${LUO_YANG}`);
    await page.getByRole("heading", { level: 1, name: "洛阳" }).waitFor();
    await context.close();
  });

  it("draws a site on a small server-drawn map with its events and people, and links them", async () => {
    const { context, page, status } = await open(`/historicalsite/detail?id=${LUO_YANG}`);
    expect(status).toBe(200);
    const map = page.getByRole("img", { name: /洛阳在地图上的位置：东经112.45°，北纬34.62°/ });
    await expect(map.count()).resolves.toBe(1);
    await expect(page.getByRole("heading", { name: /在此发生的事件/ }).count()).resolves.toBe(1);
    await expect(page.getByRole("heading", { name: "建都于此" }).count()).resolves.toBe(1);
    // Who held it, from the time map's territories.
    await expect(page.locator(".tj-holders__name", { hasText: "北宋" }).count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/site-luo-yang.png`, fullPage: true });
    await hydrated(page);
    await page.getByRole("link", { name: /东汉/ }).first().click();
    await page.waitForURL("**/detail/**");
    await context.close();
  });

  it("says an unknown site is not found, in Chinese", async () => {
    const { context, page, status } = await open(`/historicalsite/detail?id=${"0".repeat(24)}`);
    expect(status).toBe(404);
    // The 404 screen of spec §8, inside the shell.
    await expect(page.locator("h1").textContent()).resolves.toBe(NOT_FOUND_MESSAGE);
    await screenshot(page, { path: `${SHOTS}/site-404.png` });
    const bad = await open("/historicalsite/detail?id=luoyang");
    expect(bad.status).toBe(404);
    await bad.context.close();
    await context.close();
  });
});

describe("the era list and the world side by side", () => {
  it("lists the periods with parallel regimes beside the main line, and opens 西汉's world", async () => {
    const { context, page } = await open("/home/historylist");
    const periods = await page.locator(".tj-period h2").allTextContents();
    expect(periods[0]).toBe("先秦");
    expect(periods).toContain("三国两晋南北朝");
    await screenshot(page, { path: `${SHOTS}/historylist.png` });
    await hydrated(page);
    await page.getByRole("link", { name: "西汉时期的世界" }).click();
    await page.waitForURL(`**/home/historylist?regime=${XI_HAN}`);
    await page.getByRole("heading", { name: /西汉与同时期的世界/ }).waitFor();
    const rows = page.getByTestId("parallel-rows");
    await rows.getByText("恺撒遇刺").waitFor();
    const world = await rows
      .locator('[data-side="world"] .tj-parallel__event > span:first-child')
      .allTextContents();
    expect(world).toEqual(expect.arrayContaining(["恺撒遇刺", "罗马帝国建立"]));
    const china = await rows
      .locator('[data-side="china"] .tj-parallel__event > span:first-child')
      .allTextContents();
    expect(china.length).toBeGreaterThan(3);
    const years = await rows
      .locator("[data-year]")
      .evaluateAll((items) => items.map((el) => Number((el as HTMLElement).dataset.year)));
    expect(years).toEqual([...years].sort((a, b) => a - b));
    await screenshot(page, { path: `${SHOTS}/world-xi-han.png` });
    // Walk on to the next regime of the main line.
    await page.getByRole("link", { name: "新 ›" }).click();
    await page.getByRole("heading", { name: /新与同时期的世界/ }).waitFor();
    await context.close();
  });

  it("links a regime's entry page to its world, and the page stays within its script budget", async () => {
    const { context, page } = await open(`/detail/${XI_HAN}`);
    await hydrated(page);
    await page.getByRole("link", { name: "同时期的世界" }).click();
    await page.waitForURL(`**/home/historylist?regime=${XI_HAN}`);
    await context.close();
    const weigh = await phoneContext(browser);
    for (const path of ["/home/historylist", "/home/spacebar", "/home/top", "/home/more"]) {
      const kb = await firstLoadJsKb(weigh, `${server.baseUrl}${path}`);
      expect(kb, path).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    }
    await weigh.close();
  });
});

describe("国学, the hub and the top lists", () => {
  it("groups the classics and carries 论语's chapters", async () => {
    const { context, page } = await open("/home/national");
    const groups = await page.locator(".tj-national__group h2").allTextContents();
    expect(groups[0]).toMatch(/^典籍（\d+）$/);
    await expect(page.getByRole("link", { name: /《史记》/ }).count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/national.png` });
    await context.close();
  });

  it("shows every area in the hub, built ones as links and the rest as 即将上线", async () => {
    const { context, page } = await open("/home/more");
    await expect(page.getByRole("link", { name: /空间轴/ }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: /数据页/ }).count()).resolves.toBe(1);
    const planned = await page.locator('[data-planned="true"] .tj-hub__name').allTextContents();
    for (const name of planned) {
      await expect(page.getByRole("link", { name: new RegExp(name) }).count()).resolves.toBe(0);
    }
    await screenshot(page, { path: `${SHOTS}/more.png`, fullPage: true });
    await context.close();
  });

  it("ranks the longest-lived regimes, 周 first, and switches lists by tab", async () => {
    const { context, page } = await open("/home/top");
    await hydrated(page);
    await page.getByRole("link", { name: "国祚最长" }).click();
    await page.waitForURL("**/home/top?board=regimes");
    await page.getByRole("heading", { level: 2, name: "国祚最长" }).waitFor();
    const first = page.getByTestId("top-list").locator("li").first();
    await expect(first.textContent()).resolves.toMatch(/1周.*790 年/);
    await expect(first.locator("a").getAttribute("href")).resolves.toBe(`/detail/${ZHOU}`);
    await screenshot(page, { path: `${SHOTS}/top-regimes.png` });
    await context.close();
  });
});

describe("data pages", () => {
  it("lists the pages, draws a chart on demand with its table, and 404s an unknown page", async () => {
    const { context, page } = await open("/datapage/detail");
    const cards = await page.locator(".tj-datapage__card-title").allTextContents();
    expect(cards).toEqual(["政权国祚", "人物分布", "事件年代", "诗人存诗"]);
    // No chart library on the list.
    const before = await page.evaluate(() =>
      performance.getEntriesByType("resource").some((r) => r.name.includes("data-chart")),
    );
    expect(before).toBe(false);
    await hydrated(page);
    await page.getByRole("link", { name: /事件年代/ }).click();
    await page.waitForURL("**/datapage/detail/events");
    const chart = page.getByTestId("data-chart");
    await page.locator('.tj-chart[data-state="ready"] canvas').waitFor();
    await expect(chart.getAttribute("aria-label")).resolves.toMatch(
      /每个世纪的事件数：本站共有事件/,
    );
    await page.getByText("查看数据表").click();
    await expect(page.getByRole("rowheader", { name: "前3世纪" }).count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/data-events.png`, fullPage: true });
    await page.goto(`${server.baseUrl}/datapage/detail/regimes`);
    await page.getByTestId("data-chart").first().locator("canvas").waitFor();
    await screenshot(page, { path: `${SHOTS}/data-regimes.png` });
    const missing = await page.goto(`${server.baseUrl}/datapage/detail/stars`);
    expect(missing?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe(NOT_FOUND_MESSAGE);
    await context.close();
  });

  it("draws in the dark theme too", async () => {
    const context = await phoneContext(browser);
    await context.addInitScript(() => localStorage.setItem("tj:theme", "dark"));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/datapage/detail/people`);
    await page.getByTestId("data-chart").first().locator("canvas").waitFor();
    await screenshot(page, { path: `${SHOTS}/data-people-dark.png` });
    await page.goto(`${server.baseUrl}/historicalsite/detail?id=${LUO_YANG}`);
    await screenshot(page, { path: `${SHOTS}/site-luo-yang-dark.png` });
    await context.close();
  });
});
