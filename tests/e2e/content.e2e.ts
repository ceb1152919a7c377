import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
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

describe("reading and searching at 375×812", () => {
  it("searches by pinyin from the home page, opens the entry, and keeps the search in history", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("link", { name: /搜索人物/ }).click();
    await page.waitForURL(`${server.baseUrl}/search`);
    await page.getByText("还没有搜索过").waitFor();
    await page.getByLabel("搜索关键词").fill("libai");
    await page.getByRole("button", { name: "搜索" }).click();
    await page.waitForURL(/\/search\?q=libai$/);
    const first = page.locator(".tj-search__entries li").first();
    await expect(first.locator("strong").textContent()).resolves.toBe("李白");
    await screenshot(page, { path: "test-results/screenshots/search.png" });
    await first.locator("a").click();
    await page.waitForURL(/\/detail\/[0-9a-f]{24}$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("李白");
    await expect(page.locator(".tj-entry__time").textContent()).resolves.toBe("701年—762年");
    await page.goto(`${server.baseUrl}/search`);
    await expect(page.locator(".tj-search__history a").first().textContent()).resolves.toBe(
      "libai",
    );
    await context.close();
  });

  it("finds a poem by a line, marks the words, and loads more hits on 加载更多", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent("举头望明月")}`);
    const verses = page.locator("section", { has: page.getByRole("heading", { name: /^诗文/ }) });
    await expect(verses.locator("li").count()).resolves.toBe(1);
    await expect(verses.locator("li strong").textContent()).resolves.toBe("静夜思");
    await expect(verses.locator("li small").textContent()).resolves.toBe("唐 · 李白");
    await expect(verses.locator("mark").textContent()).resolves.toBe("举头望明月");
    await screenshot(page, { path: "test-results/screenshots/search-verse.png" });

    // Words typed across the comma still find the line.
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent("地上霜举头")}`);
    await expect(verses.locator("mark").textContent()).resolves.toBe("地上霜。举头");

    // More people than the 全部 view shows: 查看全部 opens the group, a page at a time.
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent("王")}`);
    const people = page.locator("section", { has: page.getByRole("heading", { name: /^人物/ }) });
    await expect(people.locator("li").count()).resolves.toBe(3);
    await people.getByRole("link", { name: /^查看全部人物/ }).click();
    await page.waitForURL(/group=person$/);
    const groups = page.getByRole("navigation", { name: "结果分类" });
    // The address changes as the group's list arrives; the tabs follow with the render.
    await expect.poll(() => groups.locator('[aria-current="page"]').textContent()).toMatch(/^人物/);
    const list = page.getByRole("region", { name: "搜索结果" });
    await expect.poll(() => list.locator("li").count()).toBe(20);
    const more = list.getByRole("button", { name: /^加载更多/ });
    expect((await more.textContent()) ?? "").toMatch(/^加载更多（20\/\d+\+?）$/);
    await more.click();
    await expect.poll(() => list.locator("li").count()).toBeGreaterThan(20);
    const ids = await list
      .locator("li a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(new Set(ids).size).toBe(ids.length);
    await screenshot(page, { path: "test-results/screenshots/search-group.png" });
    await context.close();
  });

  it("groups results by kind with counts, best group first, and marks why each hit matched", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent("长城")}`);
    const tabs = page.getByRole("navigation", { name: "结果分类" }).getByRole("link");
    const labels = await tabs.allTextContents();
    expect(labels[0]).toMatch(/^全部 \d+$/);
    // The place named 长城 is an exact match: its group comes first.
    expect(labels[1]).toMatch(/^地点 \d+$/);
    const headings = await page.locator(".tj-search__group h2").allTextContents();
    expect(headings[0]).toMatch(/^地点 · \d+$/);
    await expect(
      page.locator(".tj-search__group").first().locator("li strong").first().textContent(),
    ).resolves.toBe("长城");
    // 陈叔宝 is found through his title 长城公: the hit says so, with the keyword marked.
    const chen = page.locator(".tj-search__entries li", { hasText: "陈叔宝" });
    await expect(chen.locator(".tj-search__alias").textContent()).resolves.toBe("又称「长城公」");
    await expect(chen.locator(".tj-search__alias mark").textContent()).resolves.toBe("长城");
    await screenshot(page, { path: "test-results/screenshots/search-groups.png" });

    // A keyword that finds nothing says so and offers names that sound like it.
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent("李拜")}`);
    await page.getByText("没有找到与「李拜」相关的内容").waitFor();
    await page.getByRole("heading", { name: "你是不是要找" }).waitFor();
    await screenshot(page, { path: "test-results/screenshots/search-none.png" });
    await page.locator(".tj-search__similar a", { hasText: "李白" }).click();
    await page.waitForURL(/\/detail\/[0-9a-f]{24}$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("李白");
    await context.close();
  });

  it("renders search results in the first HTML and answers odd input calmly", async () => {
    for (const q of ["唐", "秦始皇", '"*(NEAR', "%_'", "x".repeat(5000)]) {
      const res = await fetch(`${server.baseUrl}/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q.slice(0, 10)).toBe(200);
    }
    const html = await (
      await fetch(`${server.baseUrl}/search?q=${encodeURIComponent("秦始皇")}`)
    ).text();
    expect(html).toContain("嬴政");
    expect(html).toContain("又称「<mark>秦始皇</mark>」");
  });

  it("puts the content, description, canonical URL, Open Graph and JSON-LD in the first HTML", async () => {
    const feed = await (
      await fetch(`${server.baseUrl}/api/m/homepage/v2/n/getFeed/cn/1/50`)
    ).json();
    const article = feed.data.list[0];
    const html = await (await fetch(`${server.baseUrl}/ah/article/${article.id}`)).text();
    expect(html).toContain(`<h1 class="tj-article__title">${article.title}</h1>`);
    expect(html).toContain(
      `<link rel="canonical" href="${server.baseUrl}/ah/article/${article.id}"/>`,
    );
    expect(html).toContain(`<meta property="og:title" content="${article.title}"/>`);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}";
    expect(JSON.parse(ld)).toMatchObject({ "@type": "Article", headline: article.title });
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(description.length).toBeGreaterThan(0);
    expect(description.length).toBeLessThanOrEqual(100);
  });

  it("shows BCE years as 前N年 on entry pages", async () => {
    const res = await fetch(
      `${server.baseUrl}/api/search/cn?q=${encodeURIComponent("嬴政")}&type=entry&page=1&size=5`,
    );
    const id = (await res.json()).data.list[0].id;
    const html = await (await fetch(`${server.baseUrl}/detail/${id}`)).text();
    expect(html).toContain("前259年—前210年");
  });
});
