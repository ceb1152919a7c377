import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_OUT_MS } from "../../apps/web/app/shell/page-phase.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { sharedServer } from "../support/shared-server.ts";

let server: { baseUrl: string };
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface PhaseRecord {
  phase: string;
  path: string;
  title: string;
  t: number;
}

// Records every change of the page wrapper's transition phase, with the page it showed then.
const RECORDER = `(() => {
  window.__phases = [];
  new MutationObserver((list) => {
    for (const m of list) {
      const el = m.target;
      if (!el.classList || !el.classList.contains("tj-page")) continue;
      window.__phases.push({
        phase: el.getAttribute("data-transition"),
        path: location.pathname,
        title: (el.querySelector("h1") || {}).textContent || "",
        t: performance.now(),
      });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-transition"] });
})();`;

async function openHome(reducedMotion: "reduce" | "no-preference" = "no-preference") {
  const context = await phoneContext(browser);
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion });
  await page.goto(`${server.baseUrl}/`);
  await page.waitForLoadState("networkidle");
  return { context, page };
}

const phases = (page: Page) =>
  page.evaluate(() => (window as unknown as { __phases: PhaseRecord[] }).__phases);

async function openFirstArticle(page: Page): Promise<string> {
  const link = page.locator('a[href^="/ah/article/"]').first();
  const href = (await link.getAttribute("href")) ?? "";
  // A DOM click: a pointer click would first scroll the link into view.
  await link.evaluate((a) => (a as HTMLAnchorElement).click());
  await page.waitForURL(`**${href}`);
  await page.waitForFunction(
    () => document.querySelector(".tj-page")?.getAttribute("data-transition") === "idle",
  );
  return href;
}

describe("page transitions (out-in)", () => {
  it("does not animate the first page, so the first load has no shift", async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html).toMatch(/<div (?=[^>]*class="tj-page")(?=[^>]*data-transition="idle")/);
    const { context, page } = await openHome();
    await expect(phases(page)).resolves.toEqual([]);
    const running = await page.evaluate(
      () => document.querySelector(".tj-page")?.getAnimations().length,
    );
    expect(running).toBe(0);
    await context.close();
  });

  it("fades the old page out before the new one fades in", async () => {
    const { context, page } = await openHome();
    const href = await openFirstArticle(page);
    const seen = await phases(page);
    const sequence = seen.map((r) => r.phase);
    expect(["out,wait,in,idle", "out,in,idle"]).toContain(sequence.join(","));
    const out = seen[0] as PhaseRecord;
    const enter = seen.find((r) => r.phase === "in") as PhaseRecord;
    // Out runs on the page being left; in runs on the new page, after the whole fade.
    expect(out.path).toBe("/");
    expect(enter.path).toBe(href);
    expect(enter.title).not.toBe(out.title);
    expect(enter.t - out.t).toBeGreaterThanOrEqual(PAGE_OUT_MS - 10);
    await context.close();
  });

  it("prefetches a page's data when the reader touches its link, and opens it in place", async () => {
    const { context, page } = await openHome();
    const link = page.locator('a[href^="/ah/article/"][data-prefetch]').first();
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).not.toBe("");
    await link.dispatchEvent("touchstart");
    const prefetch = page.locator(`link[rel="prefetch"][href^="${href}.data"]`);
    await prefetch.first().waitFor({ state: "attached" });
    // Opened by the router: the document is the same one (no reload).
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await openFirstArticle(page);
    expect(
      await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
    ).toBe(true);
    await context.close();
  });

  it("keeps the scroll position when going back", async () => {
    const { context, page } = await openHome();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(812 + 400);
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => Math.abs(window.scrollY - 400) < 2);
    await openFirstArticle(page);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await page.goBack();
    await page.waitForURL(`${server.baseUrl}/`);
    // The address changes first; the home page is back once its content is in and the fade done.
    await page.waitForFunction(
      () => document.querySelector(".tj-page[data-transition=idle] .tj-home") !== null,
    );
    await expect(page.evaluate(() => Math.round(window.scrollY))).resolves.toBe(400);
    await context.close();
  });

  it("does not animate for readers who ask for reduced motion", async () => {
    const { context, page } = await openHome("reduce");
    await openFirstArticle(page);
    await expect(phases(page)).resolves.toEqual([]);
    await context.close();
  });
});
