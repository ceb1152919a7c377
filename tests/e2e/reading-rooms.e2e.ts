import { mkdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

// The reading rooms (issue 15 §6) on the real corpus: the article hub (/ah) and 洞察 (/insight).

const SHOTS = "test-results/screenshots";
const TANG = contentId("topic", "tang-you-sheng-zhuan-shuai");
const QIN = contentId("topic", "qin-er-shi-er-wang");

interface Card {
  id: string;
  title: string;
  section: string;
}

let server: RunningServer;
let browser: Browser;
/** The war articles newest first, and the one made the most read (the oldest of them). */
let war: Card[] = [];
let mostRead: Card;
let allTotal = 0;

async function api<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${server.baseUrl}${path}`)).json()) as { data: T };
  return body.data;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ contentDir: process.env.E2E_CONTENT_DIR ?? "content" });
  browser = await launchBrowser();
  war = (await api<{ list: Card[] }>("/api/m/article/v1/n/list/cn/war/1/50")).list;
  allTotal = (await api<{ total: number }>("/api/m/article/v1/n/list/cn/all/1/1")).total;
  // Readers open the oldest war article a few times: it becomes the most read of its section.
  mostRead = war.at(-1) as Card;
  for (let i = 0; i < 3; i += 1) await api(`/api/m/article/v1/n/detail/cn/${mostRead.id}`);
  // Views are written once a second.
  for (let i = 0; i < 50; i += 1) {
    const hot = await api<{ list: Card[] }>("/api/m/article/v1/n/list/cn/war/1/1?sort=hot");
    if (hot.list[0]?.id === mostRead.id) break;
    await sleep(200);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const response = await page.goto(`${server.baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return { context, page };
}

const cardTitles = (page: Page) => page.locator(".tj-feed__item h3").allTextContents();

describe("article hub /ah at 375×812", () => {
  it("renders the chosen tab and sort on the server, from a shareable URL", async () => {
    const html = await (await fetch(`${server.baseUrl}/ah?section=war&sort=hot`)).text();
    expect(html).toMatch(/<a[^>]*aria-selected="true"[^>]*>战争<\/a>/);
    expect(html).toContain('role="tabpanel"');
    // The most read war article leads the list in the first HTML.
    const first = /<h3>([^<]+)<\/h3>/.exec(html)?.[1];
    expect(first).toBe(mostRead.title);
    expect(html).toContain('rel="canonical" href="');
    expect(html).toContain("/ah?section=war&amp;sort=hot");
    // An unknown tab or sort opens 全部, newest first, rather than an error.
    expect((await fetch(`${server.baseUrl}/ah?section=nope&sort=x`)).status).toBe(200);
  });

  it("switches tabs and sort, loads more as the reader scrolls, and opens an article", async () => {
    const { context, page } = await open("/ah");
    const tabs = page.getByRole("tablist", { name: "文章栏目" }).getByRole("tab");
    await expect(tabs.allTextContents()).resolves.toEqual([
      "全部",
      "中国史",
      "世界史",
      "艺术史",
      "战争",
      "科技史",
      "大事件",
    ]);
    await expect(page.getByRole("tab", { selected: true }).textContent()).resolves.toBe("全部");
    await expect(page.locator(".tj-hub__count").textContent()).resolves.toBe(
      `全部 · 共 ${allTotal} 篇`,
    );
    // Every card has its cover, abstract and reading count.
    await expect(page.locator(".tj-feed__item").count()).resolves.toBe(10);
    await expect(page.locator(".tj-feed__cover img").count()).resolves.toBe(10);
    await expect(page.locator(".tj-feed__item small").first().textContent()).resolves.toMatch(
      /^\d+(\.\d万)? 阅读$|^10W\+ 阅读$/,
    );
    await screenshot(page, { path: `${SHOTS}/reading-rooms-hub.png` });

    // The 战争 tab: its URL, its articles only, newest first.
    await page.getByRole("tab", { name: "战争" }).click();
    await page.waitForURL(`${server.baseUrl}/ah?section=war`);
    await expect.poll(() => page.getByRole("tab", { selected: true }).textContent()).toBe("战争");
    await expect.poll(() => cardTitles(page)).toEqual(war.map((a) => a.title));
    expect(new Set(await page.locator(".tj-feed__section").allTextContents())).toEqual(
      new Set(["战争"]),
    );

    // 最热: the article readers opened most comes first.
    await page.getByRole("link", { name: "最热" }).click();
    await page.waitForURL(`${server.baseUrl}/ah?section=war&sort=hot`);
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(mostRead.title);
    await expect(
      page.getByRole("group", { name: "排序" }).locator('[aria-current="true"]').textContent(),
    ).resolves.toBe("最热");
    await screenshot(page, { path: `${SHOTS}/reading-rooms-hub-war-hot.png` });

    // Back to 全部, still most read first: the list grows as the reader scrolls to its end.
    await page.getByRole("tab", { name: "全部" }).click();
    await page.waitForURL(`${server.baseUrl}/ah?sort=hot`);
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(mostRead.title);
    for (let i = 0; i < 10; i += 1) {
      if ((await page.locator(".tj-feed__item").count()) >= allTotal) break;
      await page.locator(".tj-feed__end").scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 2_000);
      await sleep(300);
    }
    await expect.poll(() => page.locator(".tj-feed__item").count()).toBe(allTotal);
    const titles = await cardTitles(page);
    expect(new Set(titles).size).toBe(allTotal);
    await page.getByText("没有更多了").scrollIntoViewIfNeeded();
    await expect(page.getByText("没有更多了").isVisible()).resolves.toBe(true);
    await screenshot(page, { path: `${SHOTS}/reading-rooms-hub-end.png` });

    // Tapping a card opens the article.
    const last = page.locator(".tj-feed__item a").last();
    const lastTitle = (await last.locator("h3").textContent()) ?? "";
    await last.click();
    await page.waitForURL(/\/ah\/article\/[0-9a-f]{24}$/);
    await expect.poll(() => page.locator("h1.tj-article__title").textContent()).toBe(lastTitle);
    await context.close();
  });

  it("moves between tabs with the arrow keys, and offers 加载更多 without scroll observing", async () => {
    const context = await phoneContext(browser);
    // A browser without IntersectionObserver: the button is the way to the next page.
    await context.addInitScript(() => {
      Object.defineProperty(window, "IntersectionObserver", { value: undefined });
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/ah`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("tab", { name: "全部" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(`${server.baseUrl}/ah?section=history`);
    await expect.poll(() => page.getByRole("tab", { selected: true }).textContent()).toBe("中国史");
    await page.keyboard.press("Home");
    await page.waitForURL(`${server.baseUrl}/ah`);
    await expect.poll(() => page.locator(".tj-feed__item").count()).toBe(10);
    await page.getByRole("button", { name: "加载更多" }).click();
    await expect.poll(() => page.locator(".tj-feed__item").count()).toBe(Math.min(20, allTotal));
    await context.close();
  });
});

describe("洞察 /insight at 375×812", () => {
  it("lists the topics with cover, question and era", async () => {
    const { context, page } = await open("/insight");
    await expect(page.locator("h1").textContent()).resolves.toBe("洞察");
    const cards = page.locator(".tj-insights__card");
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    await expect(page.locator(".tj-insights__cover img").count()).resolves.toBe(
      await cards.count(),
    );
    const titles = await page.locator(".tj-insights__title").allTextContents();
    expect(titles).toEqual(expect.arrayContaining(["唐朝为何由盛转衰", "秦为何二世而亡"]));
    // In the order of the years they are about: 秦 before 唐.
    expect(titles.indexOf("秦为何二世而亡")).toBeLessThan(titles.indexOf("唐朝为何由盛转衰"));
    const qin = cards.filter({ hasText: "秦为何二世而亡" });
    await expect(qin.locator(".tj-insights__era").textContent()).resolves.toBe(
      "秦 · 前356年—前207年",
    );
    await expect(qin.locator(".tj-insights__question").textContent()).resolves.toContain("十五年");
    const cover = await fetch(`${server.baseUrl}/media/cover/${QIN}.svg`);
    expect(cover.headers.get("content-type")).toContain("image/svg+xml");
    expect(await cover.text()).toContain("示意封面");
    await screenshot(page, { path: `${SHOTS}/reading-rooms-insight-list.png` });
    await context.close();
  });

  it("opens a topic: essay, timeline, people and relations, further reading, in-text pop-up", async () => {
    const { context, page } = await open("/insight");
    await page.locator(".tj-insights__card").filter({ hasText: "唐朝为何由盛转衰" }).click();
    await page.waitForURL(`${server.baseUrl}/insight?id=${TANG}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("唐朝为何由盛转衰");
    await expect(page.locator(".tj-topic__question").textContent()).resolves.toContain("开元");
    await expect(page.locator(".tj-topic__era").textContent()).resolves.toBe(
      "洞察 · 唐中后期 · 713年—907年",
    );
    await screenshot(page, { path: `${SHOTS}/reading-rooms-topic.png` });

    // The timeline: every event of the topic, oldest first, each leading to its entry.
    const timeline = page.locator("#topic-timeline-section");
    const times = await timeline.locator(".tj-timeline__time").allTextContents();
    expect(times.length).toBe(11);
    expect(times[0]).toBe("713年—741年");
    const years = times.map((t) => Number(/^(\d+)年/.exec(t)?.[1]));
    expect(years).toEqual([...years].sort((a, b) => a - b));
    await expect(
      timeline.getByRole("link", { name: "安史之乱" }).getAttribute("href"),
    ).resolves.toBe(`/detail/${contentId("event", "an-shi-zhi-luan")}`);
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/reading-rooms-topic-timeline.png` });

    // The people: the first eight, then all of them; the relations among them.
    const people = page.locator("#topic-people-section");
    await expect(people.locator(".tj-topic-people li").count()).resolves.toBe(8);
    await people.getByRole("button", { name: "查看全部（13）" }).click();
    await expect(people.locator(".tj-topic-people li").count()).resolves.toBe(13);
    const row = people
      .locator(".tj-topic-rels__row")
      .filter({ hasText: "节度使" })
      .filter({ hasText: "李隆基" })
      .filter({ hasText: "安禄山" });
    await expect(row.locator(".tj-topic-rels__name").allTextContents()).resolves.toEqual([
      "李隆基",
      "安禄山",
    ]);
    await expect(
      people.locator(".tj-topic-rels__row").filter({ hasText: "并称李郭" }).textContent(),
    ).resolves.toBe("郭子仪与并称李郭李光弼");
    await people.locator(".tj-topic-rels").scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/reading-rooms-topic-people.png` });

    // Further reading: article cards with covers.
    const reading = page.locator("#topic-reading-section");
    await expect(reading.locator(".tj-feed__item h3").first().textContent()).resolves.toBe(
      "盛世的裂口：安史之乱八年与唐朝的转折",
    );
    await expect(reading.locator(".tj-feed__cover img").count()).resolves.toBe(3);

    // An in-text link opens the entry's summary pop-up, not the entry page.
    await page.locator(".tj-topic__essay a.inner-link", { hasText: "安禄山" }).first().click();
    const popup = page.locator(".tj-detail-popup[data-state=success]");
    await popup.waitFor();
    await expect(popup.locator(".tj-detail-popup__title").textContent()).resolves.toBe("安禄山");
    expect(page.url()).toBe(`${server.baseUrl}/insight?id=${TANG}`);
    // The pop-up fades in.
    await sleep(400);
    await screenshot(page, { path: `${SHOTS}/reading-rooms-topic-popup.png` });

    // A timeline event leads to its entry; a further-reading card to its article.
    await page.goto(`${server.baseUrl}/insight?id=${TANG}`);
    await page.locator("#topic-reading-section .tj-feed__item a").first().click();
    await page.waitForURL(/\/ah\/article\/[0-9a-f]{24}$/);
    await expect
      .poll(() => page.locator("h1.tj-article__title").textContent())
      .toBe("盛世的裂口：安史之乱八年与唐朝的转折");
    await page.goBack();
    await page.waitForURL(`${server.baseUrl}/insight?id=${TANG}`);
    await page.locator("#topic-timeline-section").getByRole("link", { name: "马嵬驿之变" }).click();
    await page.waitForURL(`${server.baseUrl}/detail/${contentId("event", "ma-wei-yi-zhi-bian")}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("马嵬驿之变");
    await context.close();
  });

  it("shares a topic with its own meta, shows BCE years as 前N年, and 404s an unknown topic", async () => {
    const html = await (await fetch(`${server.baseUrl}/insight?id=${QIN}`)).text();
    expect(html).toContain("<title>秦为何二世而亡 - 通鉴</title>");
    expect(html).toContain(`rel="canonical" href="${server.baseUrl}/insight?id=${QIN}"`);
    expect(html).toContain('property="og:title" content="秦为何二世而亡"');
    expect(html).toContain(
      `property="og:image" content="${server.baseUrl}/media/cover/${QIN}.svg"`,
    );
    expect(html).toContain('"@type":"Article"');
    expect(html).toContain("前356年—前350年");
    expect(html).toContain("前221年");
    expect((await fetch(`${server.baseUrl}/insight?id=${"0".repeat(24)}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/insight?id=not-an-id`)).status).toBe(404);
  });
});
