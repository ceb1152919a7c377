import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

// Issue 19 in the browser at phone size: a reader comes from an article's painting card to
// 清明上河图, zooms and pans into the 21,000-pixel scroll, jumps along it with the minimap, opens its painter 张择端 and his entry, then
// browses a sort page and the billboards.

const SHOTS = "test-results/screenshots/paintings";
const QING_MING = contentId("painting", "qing-ming-shang-he-tu");
const ZHANG_ZEDUAN = contentId("person", "zhang-zeduan");
const ARTICLE = `/ah/article/${contentId("article", "qing-ming-shang-he-tu-li-de-bian-jing")}`;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ contentDir: "content" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const at = (path: string) => `${server.baseUrl}${path}`;

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The zoom the viewer shows (percent of full size). */
async function zoom(page: Page): Promise<number> {
  return Number.parseFloat((await page.locator(".tj-viewer__zoom").textContent()) ?? "0");
}

/** The minimap frame's left edge as a fraction of the minimap. */
async function frameLeft(page: Page): Promise<number> {
  return page.evaluate(() => {
    const frame = document.querySelector(".tj-viewer__mini-frame") as HTMLElement;
    const mini = frame.parentElement as HTMLElement;
    return (
      (frame.getBoundingClientRect().left - mini.getBoundingClientRect().left) /
      mini.getBoundingClientRect().width
    );
  });
}

async function touch(
  cdp: CDPSession,
  type: "touchStart" | "touchMove" | "touchEnd",
  points: { x: number; y: number }[],
) {
  await cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
  });
}

describe("paintings", () => {
  it("opens 清明上河图 from an article, zooms, pans, uses the minimap and opens 张择端", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(at(ARTICLE));
    await hydrated(page);
    const card = page.locator('[data-card="painting"] a.tj-card__title').first();
    await expect(card.getAttribute("href")).resolves.toBe(`/painting/${QING_MING}`);
    await card.click();
    await page.waitForURL(`**/painting/${QING_MING}`);
    await page.locator("h1", { hasText: "清明上河图" }).waitFor();
    await hydrated(page);
    await expect(page.locator(".tj-viewer__badge").textContent()).resolves.toContain("示意");
    const stage = page.getByTestId("painting-stage");
    await stage.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector(".tj-viewer__zoom")?.textContent);
    await sleep(1500);
    await screenshot(page, { path: `${SHOTS}/01-qing-ming-opened.png` });

    // The scroll opens at full height at its right end, where it is read from.
    const start = await zoom(page);
    expect(start).toBeGreaterThan(1);
    expect(await frameLeft(page)).toBeGreaterThan(0.9);

    // Pinch open and pan along the scroll (its speed under a slowed CPU is `npm run
    // bench:painting`'s to measure).
    await page.waitForLoadState("networkidle");
    const cdp = await context.newCDPSession(page);
    const box = await stage.boundingBox();
    if (!box) throw new Error("no viewer");
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await touch(cdp, "touchStart", [
      { x: cx - 30, y: cy },
      { x: cx + 30, y: cy },
    ]);
    for (let i = 1; i <= 20; i++) {
      await touch(cdp, "touchMove", [
        { x: cx - 30 - i * 4, y: cy },
        { x: cx + 30 + i * 4, y: cy },
      ]);
      await sleep(16);
    }
    await touch(cdp, "touchEnd", []);
    const zoomed = await zoom(page);
    expect(zoomed).toBeGreaterThan(start * 2);
    const beforePan = await frameLeft(page);
    await touch(cdp, "touchStart", [{ x: cx - 120, y: cy }]);
    for (let i = 1; i <= 60; i++) {
      await touch(cdp, "touchMove", [{ x: cx - 120 + i * 4, y: cy + Math.sin(i / 6) * 20 }]);
      await sleep(16);
    }
    await touch(cdp, "touchEnd", []);
    // Dragging right moves the view left along the scroll.
    expect(await frameLeft(page)).toBeLessThan(beforePan);
    await screenshot(page, { path: `${SHOTS}/02-qing-ming-zoomed.png` });

    // The minimap: a tap near its left end moves the view to the scroll's start.
    const mini = page.getByTestId("painting-minimap");
    const m = await mini.boundingBox();
    if (!m) throw new Error("no minimap");
    await page.mouse.click(m.x + m.width * 0.08, m.y + m.height / 2);
    await sleep(300);
    expect(await frameLeft(page)).toBeLessThan(0.1);
    const beforeButton = await zoom(page);
    await page.getByRole("button", { name: "放大" }).click();
    await page.waitForFunction(
      (z) => Number.parseFloat(document.querySelector(".tj-viewer__zoom")?.textContent ?? "0") > z,
      beforeButton,
    );
    await sleep(1200);
    await screenshot(page, { path: `${SHOTS}/03-qing-ming-minimap.png` });

    // Facts, linked entries, then the artist.
    await expect(page.locator(".tj-paint__facts").textContent()).resolves.toContain(
      "北京故宫博物院",
    );
    await expect(
      page.locator(".tj-paint__links").getByRole("link", { name: "开封" }).count(),
    ).resolves.toBe(1);
    await page.locator(".tj-paint__facts").getByRole("link", { name: "张择端" }).click();
    await page.waitForURL(`**/artist/${ZHANG_ZEDUAN}`);
    await page.locator("h1", { hasText: "张择端" }).waitFor();
    await expect(page.locator(".tj-paint__grid").textContent()).resolves.toContain("清明上河图");
    await hydrated(page);
    // The shell fades a new page in.
    await sleep(800);
    await screenshot(page, { path: `${SHOTS}/04-artist.png`, fullPage: true });
    await page.getByRole("link", { name: "人物词条" }).click();
    await page.waitForURL(`**/detail/${ZHANG_ZEDUAN}`);
    // The person's entry page leads back to the painter's works.
    await expect(
      page.getByRole("link", { name: "看张择端的名画" }).getAttribute("href"),
    ).resolves.toBe(`/artist/${ZHANG_ZEDUAN}`);
    await context.close();
  });

  it("browses a sort page and the billboards", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(at("/painting"));
    await hydrated(page);
    await screenshot(page, { path: `${SHOTS}/05-gallery.png`, fullPage: true });
    await page.getByRole("link", { name: /^元（/ }).first().click();
    await page.waitForURL("**/paintingsort/dynasty/yuan");
    await page.locator("h2", { hasText: "元 ·" }).waitFor();
    const titles = await page.locator(".tj-paint__card-title").allTextContents();
    expect(titles).toContain("鹊华秋色图");
    expect(titles).not.toContain("清明上河图");
    await screenshot(page, { path: `${SHOTS}/06-sort-yuan.png` });
    await hydrated(page);
    await page.getByRole("link", { name: /^卷（/ }).click();
    await page.waitForURL("**/paintingsort/format/juan");
    await page.locator("h2", { hasText: "卷 ·" }).waitFor();

    // Views counted by the first journey put 清明上河图 on the views board.
    await page.goto(at("/paintbillboard"));
    await hydrated(page);
    const top = await page.locator(".tj-paint__rank-item").first().textContent();
    expect(top).toContain("清明上河图");
    await screenshot(page, { path: `${SHOTS}/07-paint-billboard.png` });
    await page.goto(at("/artbillboard"));
    await hydrated(page);
    await expect(page.locator(".tj-paint__rank-item").first().textContent()).resolves.toContain(
      "张择端",
    );
    await screenshot(page, { path: `${SHOTS}/08-art-billboard.png` });

    // Unknown ids and sorts are the 404 screen.
    for (const path of [
      `/painting/${"0".repeat(24)}`,
      "/painting/not-a-painting",
      "/paintingsort/dynasty/atlantis",
      "/paintbillboard/colour",
      `/artist/${contentId("person", "li-bai")}`,
    ]) {
      const res = await page.goto(at(path));
      expect(res?.status(), path).toBe(404);
    }
    await context.close();
  });
});
