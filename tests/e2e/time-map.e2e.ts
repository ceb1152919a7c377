import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

/**
 * Issue 18's time map in the browser, at phone size on the real corpus: the years from 前221年
 * to 1949 in turn (the regimes read from the page's list of what is drawn), a tap on an event,
 * 苏轼's entry opening his time on the map, deep links, a clamped year, /map/detail links and
 * the range player. Screenshots go to test-results/screenshots/time-map/.
 */

const SHOTS = "test-results/screenshots/time-map";
const SU_SHI = contentId("person", "su-shi");
const TANG = contentId("regime", "tang");
/** Issue 18: the map page's first-load JavaScript, map code included. */
const MAP_JS_BUDGET_KB = 170;

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

/** The page shows `year` in its lists and the canvas has drawn it. */
async function drawn(page: Page, year: number) {
  await page.locator(`main.tj-timemap[data-year="${year}"]`).waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    (y) =>
      document.querySelector<HTMLCanvasElement>("[data-testid=timemap-canvas]")?.dataset.year ===
      String(y),
    year,
    { timeout: 20_000 },
  );
}

/** The names in the accessible list of the regimes drawn. */
function regimes(page: Page) {
  return page.getByTestId("timemap-regimes").locator(".tj-timemap__regime-name").allTextContents();
}

/** Moves the slider to a year (as a drag ends there): the slider's axis has no year 0. */
async function slideTo(page: Page, year: number) {
  await page.getByTestId("timemap-slider").fill(String(year > 0 ? year - 1 : year));
  await drawn(page, year);
}

async function open(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${path}`);
  await hydrated(page);
  return { context, page };
}

describe("the time map", () => {
  it("opens on 1949 with its regimes drawn, in a page whose JavaScript stays in budget", async () => {
    const { context, page } = await open("/home/timemap");
    await drawn(page, 1949);
    await expect(page.getByTestId("timemap-year").textContent()).resolves.toBe("1949年");
    await expect(regimes(page)).resolves.toContain("中华人民共和国");
    // The top bar lies over the top of the page.
    await expect(page.locator("[data-mode=overlay]").count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/1949.png` });
    const kb = await firstLoadJsKb(context, `${server.baseUrl}/home/timemap`);
    expect(kb).toBeLessThanOrEqual(MAP_JS_BUDGET_KB);
    await context.close();
  });

  it("goes from 前221年 to 1949 and draws each age's regimes", async () => {
    const { context, page } = await open("/home/timemap?year=-221");
    await drawn(page, -221);
    await expect(regimes(page)).resolves.toContain("秦");
    await screenshot(page, { path: `${SHOTS}/0-qian221-qin.png` });
    // A real drag of the slider's thumb moves the year, and the address follows it.
    const slider = page.getByTestId("timemap-slider");
    const box = await slider.boundingBox();
    if (!box) throw new Error("no slider");
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction(() => !location.search.includes("year=-221"));
    expect(await page.getByTestId("timemap-year").textContent()).not.toBe("前221年");

    const ages: [number, string[], string][] = [
      [-221, ["秦"], "qin"],
      [-100, ["西汉"], "xi-han"],
      [230, ["曹魏", "蜀汉", "孙吴"], "san-guo"],
      [740, ["唐", "吐蕃", "渤海", "南诏"], "tang"],
      [1100, ["北宋", "辽", "西夏"], "bei-song"],
      [1150, ["南宋", "金"], "nan-song"],
      [1290, ["元"], "yuan"],
      [1500, ["明"], "ming"],
      [1800, ["清"], "qing"],
      [1949, ["中华人民共和国"], "prc"],
    ];
    for (const [i, [year, names, shot]] of ages.entries()) {
      await slideTo(page, year);
      const listed = await regimes(page);
      expect(listed, String(year)).toEqual(expect.arrayContaining(names));
      // The address follows the year once it has stayed (a second), not on every step.
      await page.waitForFunction(
        (y) => new URLSearchParams(location.search).get("year") === String(y),
        year,
      );
      await expect(page.getByTestId("timemap-slider").getAttribute("aria-valuetext")).resolves.toBe(
        year < 0 ? `前${-year}年` : `${year}年`,
      );
      await screenshot(page, { path: `${SHOTS}/${i + 1}-${year}-${shot}.png` });
    }
    // A step of one year with its button.
    await page.getByRole("button", { name: "上一年" }).click();
    await drawn(page, 1948);
    await context.close();
  });

  it("opens an event tapped on the map in a sheet with its year and a link to its entry", async () => {
    const { context, page } = await open("/home/timemap?year=-221");
    await drawn(page, -221);
    const answer = (await (
      await fetch(`${server.baseUrl}/api/timemap/cn/year?year=-221`)
    ).json()) as {
      data: {
        events: {
          id: string;
          name: string;
          year: number;
          lng: number;
          lat: number;
          regimeId: string | null;
        }[];
      };
    };
    const event = answer.data.events.find((e) => e.regimeId !== null);
    if (!event) throw new Error("no event in 前221年");
    // Where the map drew it, then a tap there.
    const at = await page.evaluate(
      ([lng, lat]) => {
        const c = document.querySelector("[data-testid=timemap-canvas]") as HTMLCanvasElement & {
          timeMap?: { screenOf(lng: number, lat: number): [number, number] | null };
        };
        const p = c.timeMap?.screenOf(lng as number, lat as number);
        const r = c.getBoundingClientRect();
        return p ? [r.left + p[0], r.top + p[1]] : null;
      },
      [event.lng, event.lat],
    );
    if (!at) throw new Error("event not drawn");
    await page.touchscreen.tap(at[0] as number, at[1] as number);
    const sheet = page.getByTestId("timemap-sheet");
    await sheet.waitFor();
    // Several events can share a place: the sheet shows one of the year's.
    const title = await sheet.locator("h2").textContent();
    expect(answer.data.events.map((e) => e.name)).toContain(title);
    await expect(sheet.textContent()).resolves.toMatch(/前\d+年/);
    await expect(
      sheet.getByRole("link", { name: "查看词条" }).getAttribute("href"),
    ).resolves.toMatch(/^\/detail\/[0-9a-f]{24}$/);
    await screenshot(page, { path: `${SHOTS}/event-sheet.png` });
    await sheet.getByRole("button", { name: "关闭" }).click();
    await expect(sheet.count()).resolves.toBe(0);
    // The same events are in the list, for screen readers and for fingers.
    await page.getByTestId("timemap-events").getByRole("button").first().click();
    await sheet.waitFor();
    await context.close();
  });

  it("jumps from 苏轼's entry to his time and native place on the map", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // The entry page carries a plain link and none of the map's code.
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(`${server.baseUrl}/detail/${SU_SHI}`);
    await hydrated(page);
    expect(scripts.filter((u) => /map-canvas|d3-geo|time-map/.test(u))).toEqual([]);
    const entryKb = await firstLoadJsKb(context, `${server.baseUrl}/detail/${SU_SHI}`);
    expect(entryKb).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    await page.getByRole("link", { name: "在地图上看" }).click();
    await page.waitForURL(/\/home\/timemap\?year=1069&place=[0-9a-f]{24}/);
    await drawn(page, 1069);
    await expect(regimes(page)).resolves.toEqual(expect.arrayContaining(["北宋", "辽", "西夏"]));
    await expect(page.getByTestId("timemap-canvas").getAttribute("aria-label")).resolves.toContain(
      "眉山",
    );
    await screenshot(page, { path: `${SHOTS}/su-shi-1069.png` });
    // People alive that year, on demand: 苏轼 among them.
    await page.getByRole("button", { name: "那年在世的人物" }).click();
    await page.getByTestId("timemap-people").waitFor();
    await expect(page.getByTestId("timemap-people").textContent()).resolves.toContain("苏轼");
    await screenshot(page, { path: `${SHOTS}/su-shi-1069-people.png` });
    await context.close();
  });

  it("clamps a year outside the map's years and says so; an unreadable year falls to 1949", async () => {
    const late = await open("/home/timemap?year=3000");
    const notice = late.page.getByTestId("timemap-notice");
    await expect(notice.textContent()).resolves.toContain("晚于最晚的年份");
    await screenshot(late.page, { path: `${SHOTS}/clamped-3000.png` });
    await late.context.close();

    const early = await open("/home/timemap?year=-5000");
    await expect(early.page.getByTestId("timemap-notice").textContent()).resolves.toContain(
      "早于最早的年份",
    );
    await early.context.close();

    const bad = await open("/home/timemap?year=abc");
    await drawn(bad.page, 1949);
    await expect(bad.page.getByTestId("timemap-notice").textContent()).resolves.toContain(
      "不是年份",
    );
    await bad.context.close();
  });

  it("opens /map/detail links at what they name, and says in Chinese when it names nothing", async () => {
    // The article cards' link: a regime in a year.
    const { context, page } = await open(`/map/detail/${TANG}?year=756`);
    await drawn(page, 756);
    await expect(page.locator("h1").textContent()).resolves.toContain("唐");
    await expect(regimes(page)).resolves.toContain("唐");
    await screenshot(page, { path: `${SHOTS}/map-detail-tang-756.png` });
    // A bare year.
    await page.goto(`${server.baseUrl}/map/detail/-221`);
    await drawn(page, -221);
    await expect(regimes(page)).resolves.toContain("秦");
    // Unknown things.
    for (const path of ["/map/detail/no-such-thing", `/map/detail/${"0".repeat(24)}`]) {
      const response = await page.goto(`${server.baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator("h1").textContent()).resolves.toMatch(/地图上没有/);
      await expect(page.getByRole("link", { name: "打开时空地图" }).count()).resolves.toBe(1);
    }
    await screenshot(page, { path: `${SHOTS}/map-detail-404.png` });
    await context.close();
  });

  it("plays a range of years, each drawn in turn, and shows the world's events beside China", async () => {
    const { context, page } = await open("/home/timemap?year=1120");
    await drawn(page, 1120);
    await page.getByRole("button", { name: "年代播放" }).click();
    await page.getByLabel("从", { exact: true }).fill("1120");
    await page.getByLabel("至", { exact: true }).fill("1130");
    const seen = new Set<string>();
    const watch = setInterval(() => {
      page
        .evaluate(() => document.querySelector("main")?.dataset.year ?? "")
        .then((y) => seen.add(y))
        .catch(() => undefined);
    }, 50);
    await page.getByRole("button", { name: "播放", exact: true }).click();
    await drawn(page, 1130);
    clearInterval(watch);
    expect(seen.size).toBeGreaterThan(3);
    await expect(page.getByRole("button", { name: "播放", exact: true }).count()).resolves.toBe(1);

    await page.getByRole("button", { name: "同期世界大事" }).click();
    await page
      .locator("[data-testid=timemap-world], .tj-timemap__section .tj-empty")
      .first()
      .waitFor();
    await screenshot(page, { path: `${SHOTS}/world-1130.png` });
    await context.close();
  });
});
