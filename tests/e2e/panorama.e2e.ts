import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { registerInBrowser } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

// Issue 18 §5 in the browser at phone size: a reader opens a panorama, drags to look around,
// taps a hotspot and opens its entry; redeems an exchange code (made by the admin command) to
// unlock a locked scene; and reads the preface, people, books and service pages. The server has
// a database folder of its own, which the admin command writes its codes into.

const SHOTS = "test-results/screenshots/panorama";
const PASSWORD = "长安回望绣成堆山顶";
const LOCKED = "mo-gao-ku-tang";
const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), "tongjian-panorama-"));
  server = await startServer({
    contentDir: "content",
    env: { SMS_PROVIDER: "simulator", DATA_DIR: dataDir },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const at = (path: string) => `${server.baseUrl}${path}`;

async function open(page: Page, path: string) {
  await page.goto(at(path));
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

/** Waits for the 360° view to be drawn (three.js loaded, the picture fetched). */
async function viewerReady(page: Page) {
  await page
    .locator('[data-testid="panorama-viewer"][data-state="ready"]')
    .waitFor({ timeout: 60_000 });
  // One frame for the hotspots to be placed over the picture.
  await page.waitForFunction(() => document.querySelector('.tj-pano-spot[data-visible="true"]'));
}

const facing = (page: Page) => page.getByTestId("panorama-facing").textContent();

/** `npm run panorama:codes` against the server's database: the codes it prints. */
async function makeCodes(args: string[]): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "tools/panorama-codes.ts", ...args],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" } },
  );
  return stdout.trim().split("\n");
}

describe("panoramas", () => {
  it("opens a panorama, looks around by dragging, taps a hotspot and opens its entry", async () => {
    const context = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    const page = await context.newPage();
    await open(page, "/panorama");
    await expect(page.locator("h1").textContent()).resolves.toContain("长安城");
    await viewerReady(page);
    await screenshot(page, { path: `${SHOTS}/01-chang-an-first-view.png` });
    expect(await facing(page)).toContain("正前方 · 0°");

    // No hotspot reaches past the view, in it or out of it, at the phone's width and at 200 %
    // zoom (187 px): those out of view wait hidden at its corner, those near an edge stop there.
    const overhang = () =>
      page.getByTestId("panorama-viewer").evaluate((viewer) => {
        const right = viewer.getBoundingClientRect().right;
        const spots = [...viewer.querySelectorAll(".tj-pano-spot")];
        return {
          scroll: viewer.scrollWidth - viewer.clientWidth,
          past: spots.filter((spot) => spot.getBoundingClientRect().right > right + 0.5).length,
          shown: spots.filter((spot) => (spot as HTMLElement).dataset.visible === "true").length,
        };
      });
    await expect(overhang()).resolves.toMatchObject({ scroll: 0, past: 0 });
    await page.setViewportSize({ width: 187, height: 406 });
    await expect.poll(overhang).toMatchObject({ scroll: 0, past: 0 });
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect.poll(async () => (await overhang()).shown).toBeGreaterThan(0);

    // Drag to the left: the view turns right, towards the east market and 兴庆宫.
    const box = await page.getByTestId("panorama-viewer").boundingBox();
    if (!box) throw new Error("no viewer");
    const y = box.y + box.height * 0.3;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(box.x + box.width * (0.8 - step * 0.06), y);
    }
    await page.mouse.up();
    const turned = await facing(page);
    expect(turned).not.toContain("· 0°");
    const yaw = Number(/(\d+)°/.exec(turned ?? "")?.[1]);
    expect(yaw).toBeGreaterThan(20);
    expect(yaw).toBeLessThan(90);
    await screenshot(page, { path: `${SHOTS}/02-chang-an-after-drag.png` });

    // The buttons turn it too.
    await page.getByRole("button", { name: "向右转" }).click();
    await expect.poll(() => facing(page)).toContain("右");

    // Tap the hotspot 兴庆宫 (yaw 60), now in view.
    const palace = page.getByRole("button", { name: "热点：兴庆宫（李隆基）" });
    await expect(palace.getAttribute("data-visible")).resolves.toBe("true");
    await palace.click();
    const sheet = page.getByRole("dialog", { name: "兴庆宫" });
    await sheet.waitFor();
    await expect(sheet.textContent()).resolves.toContain("玄宗即位前的旧宅");
    await screenshot(page, { path: `${SHOTS}/03-hotspot-sheet.png` });
    await sheet.getByRole("link", { name: "查看词条" }).click();
    await page.waitForURL(`**/detail/${contentId("person", "li-longji")}`);
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("李隆基");
    await screenshot(page, { path: `${SHOTS}/04-entry-from-hotspot.png` });
    await context.close();
  });

  it("lists the hotspots as links for screen readers, and shows a hotspot's own page", async () => {
    const context = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    const page = await context.newPage();
    await open(page, "/panorama?scene=bian-jing-bei-song");
    const list = page.getByRole("region", { name: "本场景热点" });
    await expect(list.getByRole("link").count()).resolves.toBe(6);
    await expect(
      list.getByRole("link", { name: /虹桥：清明上河图/ }).getAttribute("href"),
    ).resolves.toBe(`/detail/${contentId("work", "qing-ming-shang-he-tu")}`);
    await open(page, "/panorama/popups?scene=chang-an-tang&spot=chang-an-tang-5");
    await expect(page.getByRole("heading", { level: 2, name: "大雁塔" }).count()).resolves.toBe(1);
    await expect(page.locator("main").textContent()).resolves.toContain("玄奘");
    await screenshot(page, { path: `${SHOTS}/05-hotspot-page.png`, fullPage: true });
    await context.close();
  });

  it("shows the flat picture, with its hotspots, where WebGL is missing", async () => {
    const context = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    await context.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      Object.defineProperty(HTMLCanvasElement.prototype, "getContext", {
        value(this: HTMLCanvasElement, type: string, options?: unknown) {
          if (type.startsWith("webgl")) return null;
          return original.call(this, type as "2d", options as CanvasRenderingContext2DSettings);
        },
      });
    });
    const page = await context.newPage();
    await open(page, "/panorama?scene=lin-an-nan-song");
    await page.getByTestId("panorama-flat").waitFor();
    await page.getByRole("button", { name: "热点：苏堤（苏轼）" }).click();
    await page.getByRole("dialog", { name: "苏堤" }).waitFor();
    await screenshot(page, { path: `${SHOTS}/06-flat-fallback.png` });
    await context.close();
  });

  it("unlocks a locked scene with an exchange code, once", async () => {
    const context = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    const page = await context.newPage();
    await open(page, `/panorama2022?scene=${LOCKED}`);
    await expect(page.getByRole("heading", { name: "该场景需兑换后观看" }).count()).resolves.toBe(
      1,
    );
    await expect(page.getByTestId("panorama-viewer").count()).resolves.toBe(0);
    await screenshot(page, { path: `${SHOTS}/07-locked-scene.png` });

    // Without an account the code cannot be spent: the form sends the reader to sign in.
    const [code = "", spare = ""] = await makeCodes(["--count", "2", "--scene", LOCKED]);
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await page.getByRole("link", { name: "去兑换" }).click();
    await page.waitForURL(`**/panorama2022/exchange?scene=${LOCKED}`);
    await page.getByLabel("兑换码").fill(code);
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await page.waitForURL(/\/login\?redirect=/);

    await registerInBrowser(page, server.baseUrl, {
      password: PASSWORD,
      redirect: "/panorama2022/exchange",
    });
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactProps$")),
    );
    // A code nobody made, then the real one typed in lower case with spaces.
    await page.getByLabel("兑换码").fill("ABCD-EFGH-JKMN");
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("兑换码不存在，请核对后重新输入");
    await screenshot(page, { path: `${SHOTS}/08-unknown-code.png` });
    await page.getByLabel("兑换码").fill(code.toLowerCase().replaceAll("-", " "));
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await expect
      .poll(() => page.getByRole("status").first().textContent())
      .toContain("兑换成功：已解锁「敦煌莫高窟」");
    await screenshot(page, { path: `${SHOTS}/09-redeemed.png` });

    // Spent: the same code again says so.
    await page.getByLabel("兑换码").fill(code);
    await page.getByRole("button", { name: "兑换", exact: true }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("你已经用过这个兑换码，对应场景已解锁");

    await page.getByRole("link", { name: "观看「敦煌莫高窟」" }).click();
    await page.waitForURL(`**/panorama2022?scene=${LOCKED}`);
    await viewerReady(page);
    await expect(
      page.getByRole("button", { name: "热点：藏经洞（敦煌藏经洞的发现）" }).count(),
    ).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/10-unlocked-mo-gao-ku.png` });

    // Another reader's account: the spare code works for them; the spent one does not.
    const other = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    const second = await other.newPage();
    await registerInBrowser(second, server.baseUrl, {
      password: PASSWORD,
      redirect: "/panorama2022/exchange",
    });
    await second.waitForFunction(() =>
      Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactProps$")),
    );
    await second.getByLabel("兑换码").fill(code);
    await second.getByRole("button", { name: "兑换", exact: true }).click();
    await expect.poll(() => second.getByRole("alert").textContent()).toBe("兑换码已被使用");
    await screenshot(second, { path: `${SHOTS}/11-spent-code.png` });
    expect(spare).not.toBe(code);
    await other.close();
    await context.close();
  });

  it("reads the preface, the people, the books and the service pages, in both themes", async () => {
    const context = await phoneContext(browser, undefined, { deviceScaleFactor: 1 });
    const page = await context.newPage();
    await open(page, "/panorama/preface");
    await expect(page.locator("h1").textContent()).resolves.toBe("序言");
    await expect(page.getByRole("heading", { name: /汴京/ }).count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/12-preface.png`, fullPage: true });

    await open(page, "/panorama/people");
    const people = page.getByRole("region", { name: /长安城/ });
    await people.getByRole("link", { name: /李白/ }).first().click();
    await page.waitForURL(`**/detail/${contentId("person", "li-bai")}`);
    await open(page, "/panorama/people");
    await screenshot(page, { path: `${SHOTS}/13-people.png` });

    await open(page, "/panorama2022/book");
    await expect(page.getByRole("link", { name: /大唐西域记/ }).count()).resolves.toBeGreaterThan(
      0,
    );
    await screenshot(page, { path: `${SHOTS}/14-books-2022.png` });

    await open(page, "/panorama/server");
    await expect(page.getByRole("heading", { name: "常见问题" }).count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/15-service.png`, fullPage: true });

    // The reading pages follow the reader's dark theme.
    await page.evaluate(() => window.localStorage.setItem("tj:theme", "dark"));
    await open(page, "/panorama/people");
    const background = await page
      .locator("main")
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(21, 18, 15)");
    await screenshot(page, { path: `${SHOTS}/16-people-dark.png` });
    await context.close();
  });
});
