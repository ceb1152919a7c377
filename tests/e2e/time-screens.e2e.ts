import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

/**
 * Issue 17 §4–5 in the browser, on the real corpus: a person's timeline from their entry, the
 * time columns at 1127 and around 苏轼, a tap from a bar to its entry, and the shared view
 * opened without JavaScript.
 */

const SHOTS = "test-results/screenshots/time";
const SU_SHI = contentId("person", "su-shi");
const WANG_ANSHI = contentId("person", "wang-anshi");
const NAN_SONG = contentId("regime", "nan-song");
const JIN = contentId("regime", "jin-nuzhen");

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

/** The names listed under a heading of the year list or the contemporaries. */
function listed(page: Page, testId: string) {
  return page.getByTestId(testId).locator(".tj-tl-chip__name").allTextContents();
}

/** Whether a bar is drawn inside the visible part of the picture. */
function inView(page: Page, id: string) {
  return page.evaluate((barId) => {
    const viewport = document.querySelector('[data-testid="time-viewport"]');
    const bar = document.querySelector(`.tj-tc-bar[data-id="${barId}"]`);
    if (!viewport || !bar) return false;
    const v = viewport.getBoundingClientRect();
    const b = bar.getBoundingClientRect();
    return b.bottom > v.top && b.top < v.bottom && b.right > v.left && b.left < v.right;
  }, id);
}

describe("timelines", () => {
  it("opens a person's timeline from the entry page: born, dated moments, died, in order", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/detail/${SU_SHI}`);
    await hydrated(page);
    await page.getByRole("link", { name: "完整时间线" }).click();
    await page.waitForURL(`**/timeline/${SU_SHI}`);
    // The address changes as the tap starts the page change; the timeline's moments follow.
    await page.locator(".tj-tline__era").first().waitFor();
    await expect(page.locator("h1").textContent()).resolves.toBe("苏轼");
    const years = await page
      .locator("[data-year]")
      .evaluateAll((items) => items.map((el) => Number((el as HTMLElement).dataset.year)));
    expect(years[0]).toBe(1037);
    // He died in 1101; only what the record dates after his death (his works banned) follows.
    expect(years).toContain(1101);
    await expect(page.locator('[data-year="1101"]', { hasText: "去世" }).count()).resolves.toBe(1);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    await expect(page.locator(".tj-tline__era").first().textContent()).resolves.toContain("北宋");
    // An undated office is said to be undated, not put on a year.
    await expect(page.getByRole("heading", { name: "年份不详" }).count()).resolves.toBe(1);
    // Jump to a year: the first moment at or after it is brought into view.
    await hydrated(page);
    await page.getByLabel("跳到年份").fill("1079");
    await page.getByRole("button", { name: "跳转" }).click();
    await expect(
      page
        .locator('[data-year="1079"]')
        .first()
        .evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
    ).resolves.toBe(true);
    await screenshot(page, { path: `${SHOTS}/timeline-su-shi.png` });

    // Without an id: the chooser, and a search for any dated entry.
    await page.goto(`${server.baseUrl}/timeline?q=${encodeURIComponent("王安石")}`);
    await page
      .getByRole("link", { name: /王安石/ })
      .first()
      .click();
    await page.waitForURL(`**/timeline/${WANG_ANSHI}`);
    // The address changes as the tap starts the page change; the new page follows.
    await page.locator("h1", { hasText: /^王安石$/ }).waitFor();
    await context.close();
  });
});

describe("time columns and the timebar", () => {
  it("jumps to 1127 and shows 南宋 and 金 standing, in the picture and in the list", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/timeColumn`);
    await hydrated(page);
    await page.getByLabel("跳到年份").fill("1127");
    await page.getByRole("button", { name: "跳转" }).click();
    await page.getByTestId("year-list").waitFor();
    const regimes = await listed(page, "year-list");
    expect(regimes).toEqual(expect.arrayContaining(["南宋", "金", "北宋", "西夏"]));
    expect(regimes).not.toContain("唐");
    expect(page.url()).toContain("year=1127");
    // The picture scrolled to the year: the cursor and both regimes' bars are in view.
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid="time-viewport"]')?.getBoundingClientRect();
      const c = document.querySelector('[data-testid="time-cursor"]')?.getBoundingClientRect();
      return v && c && c.top > v.top && c.top < v.bottom;
    });
    await expect(inView(page, NAN_SONG)).resolves.toBe(true);
    await expect(inView(page, JIN)).resolves.toBe(true);
    await screenshot(page, { path: `${SHOTS}/time-column-1127.png` });

    // Bad input is answered in words, and the cursor stays where it was.
    await page.getByLabel("跳到年份").fill("公元0年");
    await page.getByRole("button", { name: "跳转" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("请输入");
    expect(page.url()).toContain("year=1127");

    // The buttons zoom (for those who cannot pinch), keeping 1127 in view.
    const viewport = page.getByTestId("time-viewport");
    const before = Number(await viewport.getAttribute("data-px-per-year"));
    await page.getByRole("button", { name: "放大（看得更细）" }).click();
    const after = Number(await viewport.getAttribute("data-px-per-year"));
    expect(after).toBeGreaterThan(before);
    await expect(inView(page, NAN_SONG)).resolves.toBe(true);

    // A bar is a way to its entry.
    await page.locator(`.tj-tc-bar[data-id="${NAN_SONG}"]`).click();
    await page.waitForURL(`**/detail/${NAN_SONG}`);
    await page.locator("h1", { hasText: "南宋" }).waitFor();
    await context.close();
  });

  it("picks 苏轼 and lists his contemporaries, 王安石 among them", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/timeColumn`);
    await hydrated(page);
    await page.getByLabel("选人物（或政权、事件）").fill("苏轼");
    await page.getByRole("button", { name: /^苏轼/ }).first().click();
    await page.getByTestId("focus-list").waitFor();
    const names = await listed(page, "focus-list");
    expect(names).toContain("王安石");
    expect(names).not.toContain("苏轼");
    expect(page.url()).toContain(`focus=${SU_SHI}`);
    // His bar is lit, the contemporaries' too, and the others dimmed.
    // The picture glides to his column and his years.
    await page.locator(`.tj-tc-bar.is-focus[data-id="${SU_SHI}"]`).waitFor();
    await page.waitForFunction(
      () => {
        const v = document.querySelector('[data-testid="time-viewport"]')?.getBoundingClientRect();
        const b = document.querySelector(".tj-tc-bar.is-focus")?.getBoundingClientRect();
        return (
          v && b && b.bottom > v.top && b.top < v.bottom && b.right > v.left && b.left < v.right
        );
      },
      null,
      { timeout: 5_000 },
    );
    await expect(page.locator(".tj-tc-bar.is-with").count()).resolves.toBeGreaterThan(0);
    await screenshot(page, { path: `${SHOTS}/time-column-su-shi.png` });

    // The address keeps the view: a reload shows the same.
    await page.reload();
    await page.getByTestId("focus-list").waitFor();
    expect(await listed(page, "focus-list")).toContain("王安石");
    await context.close();
  });

  it("draws the same across the screen on /timebar, with no top bar", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/timebar?year=1127&focus=${SU_SHI}`);
    await hydrated(page);
    await expect(page.locator(".tj-topbar").count()).resolves.toBe(0);
    expect(await listed(page, "year-list")).toEqual(expect.arrayContaining(["南宋", "金"]));
    expect(await listed(page, "focus-list")).toContain("王安石");
    await expect(inView(page, NAN_SONG)).resolves.toBe(true);
    await screenshot(page, { path: `${SHOTS}/timebar-1127.png` });
    await context.close();
  });

  it(`keeps first-load JavaScript within ${FIRST_LOAD_JS_BUDGET_KB} KB gzip`, async () => {
    const context = await phoneContext(browser);
    for (const path of ["/timeColumn?year=1127", "/timebar", "/timeline", `/timeline/${SU_SHI}`]) {
      const kb = await firstLoadJsKb(context, `${server.baseUrl}${path}`);
      console.log(`first-load JS ${path}: ${kb.toFixed(1)} KB gzip`);
      expect(kb, path).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    }
    await context.close();
  });
});

describe("the shared view", () => {
  it("opens /timebar/share in a fresh context without JavaScript and shows the same year", async () => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      javaScriptEnabled: false,
      locale: "zh-CN",
    });
    const page = await context.newPage();
    const response = await page.goto(`${server.baseUrl}/timebar/share?year=1127&focus=${SU_SHI}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").textContent()).resolves.toBe("1127年的时间轴");
    await expect(page.getByTestId("share-figure").getAttribute("aria-label")).resolves.toContain(
      "1127年",
    );
    await expect(page.getByTestId("share-figure").locator(".tj-ts__cursor").count()).resolves.toBe(
      1,
    );
    expect(await listed(page, "year-list")).toEqual(expect.arrayContaining(["南宋", "金"]));
    expect(await listed(page, "focus-list")).toContain("王安石");
    const og = (property: string) =>
      page.locator(`meta[property="${property}"]`).getAttribute("content");
    await expect(og("og:title")).resolves.toBe("1127年的时间轴");
    await expect(og("og:description")).resolves.toContain("南宋");
    await expect(og("og:url")).resolves.toContain("/timebar/share?year=1127");
    await screenshot(page, { path: `${SHOTS}/timebar-share-no-js.png`, fullPage: true });

    const bad = await page.goto(`${server.baseUrl}/timebar/share?year=0`);
    expect(bad?.status()).toBe(400);
    await expect(page.locator("h1").textContent()).resolves.toContain("年份无效");
    await context.close();
  });
});
