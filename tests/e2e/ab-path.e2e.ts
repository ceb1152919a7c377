import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

// 人物关系路径 (/abpath, issue 17) at 375×812 on the real corpus: a reader picks two figures by
// typing their names, finds the chains between them, opens a relation's sheet, shares the path,
// and the shared link opens the same chain in a fresh browser.

const SHOTS = "test-results/screenshots/ab-path";
const CAO_CAO = contentId("person", "cao-cao");
const ZHUGE_LIANG = contentId("person", "zhuge-liang");

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

/** Types a name into one end's box and picks the suggestion with exactly that name. */
async function pick(page: Page, end: "起点" | "终点", name: string) {
  await page.getByLabel(end, { exact: true }).fill(name);
  const list = page.getByRole("list", { name: `${end}建议` });
  await list
    .getByRole("button")
    .filter({ has: page.locator("strong", { hasText: name }) })
    .first()
    .click();
  await page.getByRole("button", { name: new RegExp(`更换${end}「${name}」`) }).waitFor();
}

/** The names along each path on the page, as "A>B>C". */
const chains = (page: Page) =>
  page
    .locator(".tj-abpath-path")
    .evaluateAll((paths) =>
      paths.map((p) =>
        [...p.querySelectorAll(".tj-abpath-node strong")].map((n) => n.textContent).join(">"),
      ),
    );

describe("人物关系路径 at 375×812", () => {
  it("renders a linked search on the server, with the chain in the first HTML", async () => {
    const html = await (
      await fetch(`${server.baseUrl}/abpath?source=${CAO_CAO}&destination=${ZHUGE_LIANG}`)
    ).text();
    expect(html).toContain("曹操 与 诸葛亮 的关系链");
    expect(html).toContain("最短");
    expect(html).toContain(`href="/detail/${ZHUGE_LIANG}"`);
  });

  it("finds and shares the path between two figures typed by name; the link opens the same chain", async () => {
    const context = await phoneContext(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: server.baseUrl,
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/abpath`, { waitUntil: "networkidle" });
    // The empty screen offers pairs to try.
    await page.getByRole("link", { name: "李白 → 杜甫" }).waitFor();
    await screenshot(page, { path: `${SHOTS}/empty.png`, fullPage: true });

    await pick(page, "起点", "曹操");
    await pick(page, "终点", "诸葛亮");
    await page.getByLabel("最多").selectOption("4");
    await page.getByRole("button", { name: "查找关系链" }).click();
    await page.waitForURL(/source=.*destination=.*depth=4/);
    await page.locator(".tj-abpath-path").first().waitFor();
    const found = await chains(page);
    expect(found.length).toBeGreaterThan(0);
    for (const chain of found) {
      expect(chain.startsWith("曹操>")).toBe(true);
      expect(chain.endsWith(">诸葛亮")).toBe(true);
    }
    // The shortest come first.
    const lengths = found.map((c) => c.split(">").length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    await screenshot(page, { path: `${SHOTS}/result.png`, fullPage: true });

    // A relation opens the bottom sheet with what the relation is.
    await page.locator(".tj-abpath-path").first().locator(".tj-abpath-step").first().click();
    const sheet = page.getByTestId("toast-layer").getByRole("dialog");
    await sheet.waitFor();
    await expect(sheet.textContent()).resolves.toMatch(/曹操|诸葛亮/);
    await screenshot(page, { path: `${SHOTS}/sheet.png` });
    await sheet.click();
    await sheet.waitFor({ state: "hidden" });

    // Share: the path is saved and its link copied.
    await page.getByRole("button", { name: "分享" }).click();
    await page.getByText("链接已复制").waitFor();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    expect(shared).toMatch(/\/abpath\?saveId=[0-9a-f]{24}$/);

    // A fresh browser (no cookies, nothing cached) opens the same chain from the link.
    const fresh = await phoneContext(browser);
    const other = await fresh.newPage();
    await other.goto(shared, { waitUntil: "networkidle" });
    await other.locator(".tj-abpath-path").first().waitFor();
    expect(await chains(other)).toEqual(found);
    await expect(other.locator("h2").first().textContent()).resolves.toBe(
      "曹操 与 诸葛亮 的关系链",
    );
    // Its own Open Graph card: the title, and a PNG drawn for it.
    const ogTitle = await other.locator('meta[property="og:title"]').getAttribute("content");
    expect(ogTitle).toBe("曹操 与 诸葛亮 的关系链");
    const ogImage = await other.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/\/media\/abpath\/[0-9a-f]{24}\.png$/);
    const card = await fetch(ogImage as string);
    expect(card.headers.get("content-type")).toBe("image/png");
    await screenshot(other, { path: `${SHOTS}/shared.png`, fullPage: true });
    await fresh.close();

    // Swapping the ends searches the other way round.
    await page.getByRole("button", { name: "交换起点和终点" }).click();
    await page.waitForURL(new RegExp(`source=${ZHUGE_LIANG}`));
    await page.locator(".tj-abpath-path").first().waitFor();
    expect((await chains(page))[0]?.startsWith("诸葛亮>")).toBe(true);
    await context.close();
  });

  it("says so when nothing joins two entries within the depth, and offers more steps", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(
      `${server.baseUrl}/abpath?source=${CAO_CAO}&destination=${contentId("person", "li-bai")}&depth=1`,
      { waitUntil: "networkidle" },
    );
    await page.getByText("1 步之内没有找到").waitFor();
    await page.getByRole("button", { name: /放宽到 8 步再找/ }).click();
    await page.waitForURL(/depth=8/);
    await page.locator(".tj-abpath-path").first().waitFor();
    await context.close();
  });

  it("keeps the page's first-load JavaScript within the budget", async () => {
    const context = await phoneContext(browser);
    const kb = await firstLoadJsKb(
      context,
      `${server.baseUrl}/abpath?source=${CAO_CAO}&destination=${ZHUGE_LIANG}`,
    );
    expect(kb).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    await context.close();
  });
});
