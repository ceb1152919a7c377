import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

/**
 * Issue 18 §4 in the browser at phone size: the 3D museum draws (headless Chromium has WebGL
 * through SwiftShader), the visitor walks with the keys, the joystick and a tap on the floor,
 * taps a painting, reads its sheet and follows it to the work's page; without WebGL, and in
 * 列表模式, the same exhibits are a list. three.js loads on this page only.
 */

const SHOTS = "test-results/screenshots/museum";

interface MuseumView {
  state(): { x: number; z: number; yaw: number };
  project(id: string): { x: number; y: number; onScreen: boolean } | null;
}

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

/** The visitor's place, read from the stage (museum-stage.tsx). */
function visitor(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="museum-stage"]') as
      | (HTMLElement & { museumView?: MuseumView })
      | null;
    const view = el?.museumView;
    if (!view) throw new Error("no museum view");
    return view.state();
  });
}

/** Waits until the visitor has stood still for a few frames. */
async function settled(page: Page) {
  let last = await visitor(page);
  for (let i = 0; i < 40; i += 1) {
    await page.waitForTimeout(150);
    const now = await visitor(page);
    if (Math.hypot(now.x - last.x, now.z - last.z) < 1e-3 && Math.abs(now.yaw - last.yaw) < 1e-3)
      return now;
    last = now;
  }
  return last;
}

/** Exhibits (id and name) of the list, room by room, as the page lists them. */
function listed(page: Page) {
  return page.locator('[data-testid="museum-list"] .tj-museum__item-link').evaluateAll((links) =>
    links.map((a) => ({
      id: (a.getAttribute("href") ?? "").split("/").pop() ?? "",
      name: a.querySelector("strong")?.textContent ?? "",
    })),
  );
}

/** A context whose browser has no WebGL: every webgl context request answers null. */
async function noWebGLContext(): Promise<BrowserContext> {
  const context = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
  await context.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      type: string,
      ...rest: unknown[]
    ) {
      if (type.startsWith("webgl") || type === "experimental-webgl") return null;
      return (original as (...args: unknown[]) => RenderingContext | null).call(
        this,
        type,
        ...rest,
      );
    } as typeof original;
  });
  return context;
}

describe("the 3D museum", () => {
  it("walks to a painting, taps it, reads its sheet and opens its page", async () => {
    const context = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(`${server.baseUrl}/home/museum`);
    await hydrated(page);
    // The loading state counts in percent before the rooms show.
    await page
      .locator('[data-testid="museum-stage"][data-state="ready"]')
      .waitFor({ timeout: 45_000 });
    expect(scripts.some((url) => url.includes("museum-scene"))).toBe(true);
    await expect(page.locator("canvas").count()).resolves.toBe(1);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("博物馆");
    // The rooms by era, the first one current; the same exhibits listed below the rooms.
    const rooms = await page.locator(".tj-museum__room").allTextContents();
    expect(rooms).toEqual(["魏晋—唐", "宋元", "域外名作"]);
    await expect(page.locator('.tj-museum__room[aria-current="true"]').textContent()).resolves.toBe(
      "魏晋—唐",
    );
    const below = await page.evaluate(() => {
      const stage = document.querySelector('[data-testid="museum-stage"]')?.getBoundingClientRect();
      const list = document.querySelector('[data-testid="museum-list"]')?.getBoundingClientRect();
      return stage && list
        ? list.top >= stage.bottom - 1 && stage.bottom <= innerHeight + 1
        : false;
    });
    expect(below).toBe(true);
    await expect(listed(page)).resolves.toHaveLength(11);
    await screenshot(page, { path: `${SHOTS}/01-entrance.png` });

    const start = await settled(page);
    // A tap on the floor, low in the picture, walks there.
    const stage = await page.getByTestId("museum-stage").boundingBox();
    if (!stage) throw new Error("no stage");
    await page.touchscreen.tap(stage.x + stage.width * 0.55, stage.y + stage.height * 0.85);
    const tapped = await settled(page);
    expect(Math.hypot(tapped.x - start.x, tapped.z - start.z)).toBeGreaterThan(0.2);

    // The arrow key walks forward, where the visitor looks.
    await page.getByTestId("museum-stage").locator("[tabindex]").focus();
    await page.keyboard.down("ArrowUp");
    await page.waitForTimeout(1200);
    await page.keyboard.up("ArrowUp");
    const walked = await settled(page);
    const step = Math.hypot(walked.x - tapped.x, walked.z - tapped.z);
    expect(step).toBeGreaterThan(0.3);
    const ahead = { x: -Math.sin(tapped.yaw), z: -Math.cos(tapped.yaw) };
    expect(
      ((walked.x - tapped.x) * ahead.x + (walked.z - tapped.z) * ahead.z) / step,
    ).toBeGreaterThan(0.9);

    // The joystick: pushed up, the visitor walks on.
    const stick = await page.getByTestId("museum-joystick").boundingBox();
    if (!stick) throw new Error("no joystick");
    const cx = stick.x + stick.width / 2;
    const cy = stick.y + stick.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx, cy - 40, { steps: 4 });
    await page.waitForTimeout(800);
    await page.mouse.up();
    const pushed = await settled(page);
    expect(Math.hypot(pushed.x - walked.x, pushed.z - walked.z)).toBeGreaterThan(0.3);

    await screenshot(page, { path: `${SHOTS}/02-walked.png` });

    // The first room's paintings: find one in view and tap it.
    const exhibits = (await listed(page)).slice(0, 5);
    let target: { id: string; name: string; x: number; y: number } | null = null;
    for (let turn = 0; turn < 8 && !target; turn += 1) {
      for (const e of exhibits) {
        const at = await page.evaluate((id) => {
          const el = document.querySelector('[data-testid="museum-stage"]') as HTMLElement & {
            museumView: MuseumView;
          };
          return el.museumView.project(id);
        }, e.id);
        if (at?.onScreen && at.y > 40 && at.y < stage.height - 200) {
          target = { ...e, x: at.x, y: at.y };
          break;
        }
      }
      if (!target) {
        // Look around: a drag to the left turns the view right.
        await page.mouse.move(stage.x + stage.width * 0.7, stage.y + stage.height * 0.4);
        await page.mouse.down();
        await page.mouse.move(stage.x + stage.width * 0.3, stage.y + stage.height * 0.4, {
          steps: 5,
        });
        await page.mouse.up();
        await settled(page);
      }
    }
    if (!target) throw new Error("no painting in view");
    await page.touchscreen.tap(stage.x + target.x, stage.y + target.y);
    const sheet = page.getByTestId("museum-sheet");
    await sheet.waitFor();
    await expect(sheet.getByRole("heading").textContent()).resolves.toBe(target.name);
    await expect(sheet.textContent()).resolves.toContain("示意图");
    await page.waitForTimeout(400);
    await screenshot(page, { path: `${SHOTS}/03-sheet.png` });

    await sheet.getByRole("link", { name: "查看作品详情" }).click();
    await page.waitForURL(`**/detail/${target.id}`);
    await page.locator("h1", { hasText: target.name }).waitFor();
    await screenshot(page, { path: `${SHOTS}/04-work-page.png` });
    await context.close();
  }, 150_000);

  it("jumps between rooms, and switches to the list and back to the 3D rooms", async () => {
    const context = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/home/museum`);
    await hydrated(page);
    await page
      .locator('[data-testid="museum-stage"][data-state="ready"]')
      .waitFor({ timeout: 45_000 });
    await page.getByRole("button", { name: "宋元" }).click();
    await expect(page.locator('.tj-museum__room[aria-current="true"]').textContent()).resolves.toBe(
      "宋元",
    );
    await settled(page);
    await screenshot(page, { path: `${SHOTS}/05-song-yuan-room.png` });

    await page.getByRole("button", { name: "列表模式" }).click();
    await expect(page.getByTestId("museum-stage").isVisible()).resolves.toBe(false);
    await expect(page.getByRole("heading", { name: "宋元" }).isVisible()).resolves.toBe(true);
    await screenshot(page, { path: `${SHOTS}/06-list-mode.png`, fullPage: true });
    // From the list, back into the rooms in front of 千里江山图.
    await page
      .locator(".tj-museum__item", { hasText: "千里江山图" })
      .getByRole("button", { name: "在展厅中看" })
      .click();
    await expect(page.getByTestId("museum-stage").isVisible()).resolves.toBe(true);
    // The view moves to the scroll on its next frames: wait until it stands in front of it.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const el = document.querySelector('[data-testid="museum-stage"]') as HTMLElement & {
              museumView: MuseumView;
            };
            const href = [...document.querySelectorAll(".tj-museum__item-link")]
              .find((a) => a.textContent?.includes("千里江山图"))
              ?.getAttribute("href");
            return el.museumView.project(href?.split("/").pop() ?? "")?.onScreen ?? false;
          }),
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect(
      page.getByTestId("museum-stage").evaluate((el) => el.getBoundingClientRect().top),
    ).resolves.toBeLessThan(200);
    await page.waitForTimeout(300);
    await screenshot(page, { path: `${SHOTS}/07-in-front-of-a-scroll.png` });
    await context.close();
  });

  it("lists the same exhibits by room where WebGL is missing, each linking to its page", async () => {
    const context = await noWebGLContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(`${server.baseUrl}/home/museum`);
    await hydrated(page);
    await page.getByText("不支持 3D 展厅").waitFor();
    await expect(page.locator("canvas").count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "列表模式" }).count()).resolves.toBe(0);
    const groups = await page.locator(".tj-museum__group h3").allTextContents();
    expect(groups).toEqual(["魏晋—唐", "宋元", "域外名作"]);
    const items = await listed(page);
    expect(items.map((i) => i.name)).toEqual(
      expect.arrayContaining(["女史箴图", "清明上河图", "富春山居图", "兰亭集序", "蒙娜丽莎"]),
    );
    expect(items).toHaveLength(11);
    // three.js was never fetched.
    expect(scripts.some((url) => url.includes("museum-scene"))).toBe(false);
    await screenshot(page, { path: `${SHOTS}/08-no-webgl-list.png`, fullPage: true });
    await page.locator(".tj-museum__item-link", { hasText: "清明上河图" }).click();
    await page.waitForURL("**/detail/**");
    await page.locator("h1", { hasText: "清明上河图" }).waitFor();
    await expect(page.locator("main h1").count()).resolves.toBe(1);
    await context.close();
  });

  it("follows the dark theme in the list, and no other page loads three.js", async () => {
    const context = await noWebGLContext();
    await context.addInitScript(() => localStorage.setItem("tj:theme", "dark"));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/home/museum`);
    await hydrated(page);
    await page.getByText("不支持 3D 展厅").waitFor();
    const paper = await page.locator("main").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(paper).toBe("rgb(21, 18, 15)");
    await screenshot(page, { path: `${SHOTS}/09-list-dark.png` });
    await context.close();

    const other = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    const home = await other.newPage();
    const scripts: string[] = [];
    home.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await home.goto(`${server.baseUrl}/`);
    await hydrated(home);
    await home.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /museum|three|fiber/.test(url))).toEqual([]);
    await other.close();
  });
});
