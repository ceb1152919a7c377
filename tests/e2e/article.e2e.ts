import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IOS_SAFARI_UA, launchBrowser, phoneContext } from "../support/browser.ts";
import { type FakeNativeOptions, fakeNativeHostScript } from "../support/fake-native-host.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

const SHOTS = "test-results/screenshots";
const APP_IOS_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 TongjianApp/4.19.0";

// Articles of the real corpus that carry cards (content/articles/*.md).
const AN_SHI = `/ah/article/${contentId("article", "an-shi-zhi-luan")}`;
const SHAN_SHUI = `/ah/article/${contentId("article", "song-dai-shan-shui-hua")}`;
const XUAN_ZANG = `/ah/article/${contentId("article", "xuan-zang-xi-xing")}`;

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

async function open(
  path: string,
  options: { userAgent?: string; native?: FakeNativeOptions; context?: BrowserContext } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = options.context ?? (await phoneContext(browser, options.userAgent));
  if (options.native) await context.addInitScript(fakeNativeHostScript(options.native));
  const page = await context.newPage();
  const response = await page.goto(`${server.baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return { context, page };
}

const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).fontSize);

const foldMode = (page: Page) => page.getByTestId("article-fold").getAttribute("data-mode");

describe("article screen at 375×812", () => {
  it("switches the text size and remembers it on the device", async () => {
    const { context, page } = await open(AN_SHI);
    await expect(fontSize(page, "h1.tj-article__title")).resolves.toBe("25px");
    await expect(fontSize(page, ".tj-article__body p")).resolves.toBe("17px");
    await page.getByLabel("大号字").check();
    await expect(fontSize(page, "h1.tj-article__title")).resolves.toBe("29px");
    await expect(fontSize(page, ".tj-article__body p")).resolves.toBe("20px");
    await page.getByLabel("中号字").check();
    await expect(fontSize(page, ".tj-article__body p")).resolves.toBe("18px");
    // Another article, later: the choice is still there.
    const next = await context.newPage();
    await next.goto(`${server.baseUrl}${SHAN_SHUI}`);
    await next.waitForLoadState("networkidle");
    await expect(fontSize(next, "h1.tj-article__title")).resolves.toBe("27px");
    await expect(next.getByLabel("中号字").isChecked()).resolves.toBe(true);
    await context.close();
  });

  it("lays the article out at the remembered size before any script of the page has run", async () => {
    const context = await phoneContext(browser);
    await context.addInitScript(() => window.localStorage.setItem("tj:article-font", "large"));
    const page = await context.newPage();
    // No module of the page loads: what shows is the first HTML and its head script alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${server.baseUrl}${AN_SHI}`);
    await expect(fontSize(page, "h1.tj-article__title")).resolves.toBe("29px");
    await expect(fontSize(page, ".tj-article__body p")).resolves.toBe("20px");
    await context.close();
  });

  it("takes the size from the app's getFont inside the app, and only logs an unreadable one", async () => {
    const inApp = await open(AN_SHI, {
      userAgent: APP_IOS_UA,
      native: { platform: "ios", font: 2 },
    });
    await expect(fontSize(inApp.page, "h1.tj-article__title")).resolves.toBe("29px");
    const methods = await inApp.page.evaluate(() =>
      (window as unknown as { __nativeCalls: { method: string }[] }).__nativeCalls.map(
        (c) => c.method,
      ),
    );
    expect(methods).toContain("getFont");
    await inApp.context.close();

    const context = await phoneContext(browser, APP_IOS_UA);
    await context.addInitScript(fakeNativeHostScript({ platform: "android", fontReply: "大号" }));
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}${AN_SHI}`);
    await page.waitForLoadState("networkidle");
    await expect.poll(() => warnings.some((w) => w.includes("无法读取App的字号设置"))).toBe(true);
    expect(errors).toEqual([]);
    await expect(fontSize(page, "h1.tj-article__title")).resolves.toBe("25px");
    await context.close();
  });

  it("folds a long body at 200 px with the whole text in the first HTML, and 查看更多 opens it", async () => {
    const html = await (await fetch(`${server.baseUrl}${AN_SHI}`)).text();
    expect(html).toContain('data-mode="collapsed"');
    // The last section of the article is in the HTML even though it is folded away.
    expect(html).toContain("<h2>平叛之后的唐朝</h2>");
    const { context, page } = await open(AN_SHI);
    await expect(foldMode(page)).resolves.toBe("collapsed");
    const clip = page.locator(".tj-fold__clip");
    expect((await clip.boundingBox())?.height).toBeLessThanOrEqual(200);
    await screenshot(page, { path: `${SHOTS}/article-collapsed.png` });
    await page.getByRole("button", { name: "查看更多" }).click();
    await expect(foldMode(page)).resolves.toBe("full");
    expect((await clip.boundingBox())?.height).toBeGreaterThan(1000);
    await expect(page.getByRole("button", { name: "查看更多" }).count()).resolves.toBe(0);
    await context.close();
  });

  it("with ?isH5 shows the open-app prompt over a mask; the unlock tap reveals the rest", async () => {
    const { context, page } = await open(`${AN_SHI}?isH5=1`);
    await expect(foldMode(page)).resolves.toBe("masked");
    const mask = page.getByTestId("open-app-mask");
    await expect(mask.isVisible()).resolves.toBe(true);
    await expect(mask.getByRole("button", { name: "打开App阅读" }).isVisible()).resolves.toBe(true);
    await screenshot(page, { path: `${SHOTS}/article-isH5-mask.png` });
    await mask.getByRole("button", { name: "点击解锁，继续阅读" }).click();
    await expect(foldMode(page)).resolves.toBe("full");
    await expect(mask.count()).resolves.toBe(0);
    await context.close();
  });

  it("the mask's button tries to wake the app, then falls back to the download page", async () => {
    const { context, page } = await open(`${AN_SHI}?isH5=1`);
    await page.getByRole("button", { name: "打开App阅读" }).click();
    await page.waitForURL(/\/redirectpage\?redirect=tongjian/, { timeout: 5_000 });
    const redirect = new URL(page.url()).searchParams.get("redirect") ?? "";
    expect(redirect).toBe(`tongjian://open?url=${encodeURIComponent(`${AN_SHI}?isH5=1`)}`);
    await context.close();
  });

  it("shows the promotion bar in a browser but not inside the app (first HTML included)", async () => {
    const inBrowser = await open(AN_SHI);
    await expect(inBrowser.page.getByTestId("promotion-bar").isVisible()).resolves.toBe(true);
    await inBrowser.context.close();
    const appHtml = await (
      await fetch(`${server.baseUrl}${AN_SHI}?isH5=1`, { headers: { "user-agent": APP_IOS_UA } })
    ).text();
    expect(appHtml).not.toContain('data-testid="promotion-bar"');
    // Inside the app there is no app to open: the long body is folded, without the mask.
    expect(appHtml).toContain('data-mode="collapsed"');
    const inApp = await open(AN_SHI, { userAgent: APP_IOS_UA, native: { platform: "ios" } });
    await expect(inApp.page.getByTestId("promotion-bar").count()).resolves.toBe(0);
    await inApp.context.close();
  });

  it("renders cards from the corpus: timeline, time map, paintings, gallery and a poster-only video", async () => {
    const { context, page } = await open(AN_SHI);
    await page.getByRole("button", { name: "查看更多" }).click();
    const timeline = page.locator('[data-card="timeline"]');
    await expect(timeline.locator(".tj-card__year").allTextContents()).resolves.toEqual([
      "713年",
      "751年",
      "755年12月",
      "756年7月",
      "757年",
    ]);
    await expect(
      timeline.getByRole("link", { name: "安史之乱" }).getAttribute("href"),
    ).resolves.toBe(`/detail/${contentId("event", "an-shi-zhi-luan")}`);
    const timemap = page.locator('[data-card="timemap"]');
    await expect(timemap.locator(".tj-card__map-name").textContent()).resolves.toBe("唐");
    await expect(
      timemap.getByRole("link", { name: "在时空地图中查看" }).getAttribute("href"),
    ).resolves.toBe(`/map/detail/${contentId("regime", "tang")}?year=756`);
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/article-card-timeline.png` });
    await context.close();

    const art = await open(SHAN_SHUI);
    await art.page.getByRole("button", { name: "查看更多" }).click();
    const painting = art.page.locator('[data-card="painting"]').last();
    await expect(painting.locator("a.tj-card__title").getAttribute("href")).resolves.toBe(
      `/painting/${contentId("painting", "qian-li-jiang-shan-tu")}`,
    );
    await expect(painting.getByRole("link", { name: "王希孟" }).getAttribute("href")).resolves.toBe(
      `/detail/${contentId("person", "wang-ximeng")}`,
    );
    const gallery = art.page.locator('[data-card="gallery"] li');
    await expect(gallery.count()).resolves.toBe(4);
    const widths = await gallery.evaluateAll((items) =>
      items.map((li) => li.getBoundingClientRect().width / (li.parentElement?.clientWidth ?? 1)),
    );
    for (const w of widths) {
      expect(w).toBeGreaterThanOrEqual(0.48);
      expect(w).toBeLessThanOrEqual(0.49);
    }
    const cover = art.page.locator('[data-card="gallery"] img').first();
    await cover.scrollIntoViewIfNeeded();
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 5_000,
      })
      .toBeGreaterThan(0);
    await art.page.locator('[data-card="painting"]').first().scrollIntoViewIfNeeded();
    await screenshot(art.page, { path: `${SHOTS}/article-card-painting.png` });
    await art.context.close();

    const html = await (await fetch(`${server.baseUrl}${XUAN_ZANG}`)).text();
    expect(html).toContain('data-card="video" data-state="poster-only"');
    expect(html).toContain("视频暂未收录");
    expect(html).toContain('data-card="scene"');
  });

  it("lists a section on its route and shows one of its articles with ?id=", async () => {
    const { context, page } = await open("/ah/war");
    await expect(page.locator("h1").textContent()).resolves.toBe("战争");
    const sections = await page.locator(".tj-feed__section").allTextContents();
    expect(sections.length).toBeGreaterThan(0);
    expect(new Set(sections)).toEqual(new Set(["战争"]));
    await expect(
      page
        .getByRole("navigation", { name: "文章栏目" })
        .locator('[aria-current="page"]')
        .textContent(),
    ).resolves.toBe("战争");
    await screenshot(page, { path: `${SHOTS}/article-section-war.png` });
    await context.close();

    const list = await (await fetch(`${server.baseUrl}/api/m/article/v1/n/list/cn/war/1/1`)).json();
    const id: string = list.data.list[0].id;
    const viewer = await phoneContext(browser, IOS_SAFARI_UA);
    const article = await viewer.newPage();
    const recorded = article.waitForResponse((r) =>
      r.url().endsWith("/api/m/log/tracking/h5/record"),
    );
    await article.goto(`${server.baseUrl}/ah/war?id=${id}`);
    const event = (await recorded).request().postDataJSON();
    expect(event.pageName).toBe("article");
    await expect(article.locator("h1").textContent()).resolves.toBe(list.data.list[0].title);
    await viewer.close();

    for (const path of ["/ah/worldhistory", "/ah/technology", "/ah/bigevent", "/ah/arthistory"]) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
    }
    // 中国史 has no route of its own in the spec: the all-articles route filters it by query.
    const china = await (
      await fetch(`${server.baseUrl}/ah/article?section=${encodeURIComponent("中国史")}`)
    ).text();
    expect(china).toContain('<h1 class="tj-article__title">中国史</h1>');
    expect(china).not.toContain('<span class="tj-feed__section">战争</span>');
    expect(china).toContain('<span class="tj-feed__section">中国史</span>');
    const summarize = await (await fetch(`${server.baseUrl}/summarize/${id}`)).text();
    expect(summarize).toContain(list.data.list[0].title);
    expect((await fetch(`${server.baseUrl}/ah/war?id=nope`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/ah/arthistory/${"0".repeat(24)}`)).status).toBe(404);
  });
});
