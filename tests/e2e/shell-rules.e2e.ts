import { ROUTE_MANIFEST, routeId, sampleUrl } from "@tongjian/domain/route-manifest";
import { TRACKED_PAGES } from "@tongjian/domain/tracking-pages";
import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOADING_BAR_HIDE_DELAY_MS,
  LOADING_BAR_THROTTLE_MS,
} from "../../apps/web/app/shell/timing.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { sharedServer } from "../support/shared-server.ts";

let server: { baseUrl: string };
let browser: Browser;
let articlePath = "";

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  const feed = await (await fetch(`${server.baseUrl}/api/m/homepage/v2/n/getFeed/cn/1/50`)).json();
  articlePath = `/ah/article/${feed.data.list[0].id}`;
});

afterAll(async () => {
  await browser?.close();
});

// Query strings that carry the parameters the §2 table names.
// Preact runs effects after the next animation frame, or after 35 ms when frames are not coming.
const FRAME_MS = 40;

const QUERIES: Record<string, string> = {
  "community-detail": "?id=42",
  "group-share": "?circleId=c7&userId=u9",
  "music-landing": "?id=9",
};

describe("page tracking (spec §2 table)", () => {
  it("writes a row for every tracked page the site has, with the table's parameters", async () => {
    const tracked = ROUTE_MANIFEST.filter((r) => TRACKED_PAGES[routeId(r.path)]);
    expect(tracked.length).toBeGreaterThanOrEqual(14);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const expected = new Map<string, number>();
    const sessions = new Set<string>();
    for (const route of tracked) {
      const id = routeId(route.path);
      const spec = TRACKED_PAGES[id];
      if (!spec) continue;
      const path = id === "ah-article-id" ? articlePath : sampleUrl(route.path);
      const url = `${server.baseUrl}${path}${QUERIES[id] ?? ""}`;
      const recorded = page.waitForRequest((r) =>
        r.url().endsWith("/api/m/log/tracking/h5/record"),
      );
      await page.goto(url);
      const body = (await recorded).postDataJSON();
      expect(body, id).toMatchObject({ actionType: "view", pageName: spec.pageName });
      for (const [query, name] of Object.entries(spec.params)) {
        const value = new URLSearchParams(QUERIES[id]).get(query);
        expect(body.params[name], `${id} ${name}`).toBe(value);
      }
      sessions.add(body.sessionID);
      expected.set(spec.pageName, (expected.get(spec.pageName) ?? 0) + 1);
      await page.waitForLoadState("networkidle");
    }
    // One tab, one session id (not the UN_KNOW fallback).
    expect(sessions.size).toBe(1);
    expect([...sessions][0]).toMatch(/^[0-9a-f]{32}$/);
    await context.close();

    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const summary = await (
      await fetch(`${server.baseUrl}/api/m/log/tracking/h5/summary?day=${day}`)
    ).json();
    const totals = new Map<string, number>(
      summary.data.pages.map((p: { pageName: string; total: number }) => [p.pageName, p.total]),
    );
    for (const [pageName, count] of expected) {
      expect(
        totals.get(pageName) ?? 0,
        `${pageName} in ${JSON.stringify([...totals])}`,
      ).toBeGreaterThanOrEqual(count);
    }
  });

  it("does not track pages outside the table", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const posted: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/m/log/tracking/h5/record")) posted.push(r.url());
    });
    await page.goto(`${server.baseUrl}/`);
    await page.waitForLoadState("networkidle");
    await page.goto(`${server.baseUrl}/search`);
    await page.waitForLoadState("networkidle");
    expect(posted).toEqual([]);
    await context.close();
  });
});

describe("offline notice (spec §7)", () => {
  it("shows when the connection drops and goes when it is back", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.waitForLoadState("networkidle");
    const notice = page.locator(".tj-offline");
    await expect(notice.count()).resolves.toBe(0);
    await context.setOffline(true);
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain("网络已断开");
    await context.setOffline(false);
    await notice.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("loading bar (spec §4, fake clock)", () => {
  it("appears only after 200 ms of loading, finishes at 100 and hides 500 ms later", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.waitForLoadState("networkidle");
    // Hold the next page's data until the test lets it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/ah\/article\/[^/]+\.data/, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const bar = page.getByRole("progressbar", { name: "页面加载中" });
    const link = page.locator('a[href^="/ah/article/"]').first();
    await link.evaluate((a) => (a as HTMLAnchorElement).click());
    // The router is loading once the old page starts fading out (same commit as the bar's timer).
    await page.locator(".tj-page[data-transition=out]").waitFor({ state: "attached" });
    await page.clock.runFor(LOADING_BAR_THROTTLE_MS - 50);
    await expect(bar.count()).resolves.toBe(0);
    await page.clock.runFor(100);
    // In place from 200 ms, at 0 %; it grows one step per 100 ms tick.
    await bar.waitFor({ state: "attached" });
    await page.clock.runFor(1000);
    await bar.waitFor();
    const later = Number(await bar.getAttribute("aria-valuenow"));
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThan(100);
    release();
    await page.waitForURL(/\/ah\/article\//);
    // Effects run after the next frame, and frames come from the paused clock too.
    await page.clock.runFor(FRAME_MS);
    await expect.poll(() => bar.getAttribute("aria-valuenow")).toBe("100");
    await page.clock.runFor(LOADING_BAR_HIDE_DELAY_MS - 2 * FRAME_MS);
    await expect(bar.count()).resolves.toBe(1);
    await page.clock.runFor(3 * FRAME_MS);
    await bar.waitFor({ state: "detached" });
    await context.close();
  });
});
