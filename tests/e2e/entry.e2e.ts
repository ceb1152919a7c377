import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentId, loadContent } from "@tongjian/content/load-content";
import { seedContent } from "@tongjian/content/seed-content";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { insertWorks } from "../support/insert-works.ts";
import { screenshot } from "../support/screenshots.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

const SHOTS = "test-results/screenshots";
const YING_ZHENG = contentId("person", "ying-zheng");
const LI_BAI = contentId("person", "li-bai");
const QIN = contentId("regime", "qin");
const EVENT = contentId("event", "qin-mie-liu-guo");
const ARTICLE = contentId("article", "test-article");
const MINISTERS = 8;
const POEMS = 45;

let server: RunningServer;
let browser: Browser;

/**
 * The fixture corpus plus, in a copy made for this file only, eight ministers of 嬴政 (so one
 * relation group is longer than its preview) and 45 poems of 李白 written as the importer
 * writes them (so the works list pages).
 */
async function prepareDatabase(): Promise<{ contentDir: string; sqlitePath: string }> {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-entry-e2e-"));
  const contentDir = join(dir, "content");
  cpSync("tests/fixtures/content", contentDir, { recursive: true });
  const keys = Array.from({ length: MINISTERS }, (_, i) => `test-minister-${i + 1}`);
  writeFileSync(
    join(contentDir, "people", "zz-ministers.yaml"),
    keys
      .map(
        (key, i) =>
          `- key: ${key}\n  name: 测试大臣${i + 1}\n  gender: male\n  born: { year: ${-280 + i} }\n  regime: qin\n  roles: [政治家]\n  summary: 测试用人物简介，只为验证词条页关系分组的折叠与展开，此句特意写得稍长一些以满足校验。\n`,
      )
      .join(""),
  );
  writeFileSync(
    join(contentDir, "relations", "zz-ministers.yaml"),
    keys.map((key) => `- { from: ying-zheng, to: ${key}, type: 君臣, label: 大臣 }\n`).join(""),
  );
  const sqlitePath = join(dir, "tongjian.sqlite");
  const handle = createDatabase({ databaseUrl: undefined, sqlitePath });
  try {
    await migrateToLatest(handle.db);
    await seedContent(handle, loadContent(contentDir));
    await insertWorks(handle.db, { id: LI_BAI, name: "李白" }, POEMS);
  } finally {
    await handle.close();
  }
  return { contentDir, sqlitePath };
}

beforeAll(async () => {
  const { contentDir, sqlitePath } = await prepareDatabase();
  server = await startServer({
    contentDir,
    env: { SQLITE_PATH: sqlitePath, SEED_ON_START: "false" },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("entry pages at 375×812", () => {
  it("puts the facts box, timeline, relations and related articles in the first HTML", async () => {
    const res = await fetch(`${server.baseUrl}/detail/${YING_ZHENG}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 class="tj-entryhead__name">嬴政</h1>');
    expect(html).toContain("前259年—前210年");
    expect(html).toContain(`href="/detail/${QIN}"`);
    expect(html).toContain(`href="/detail/${EVENT}"`);
    expect(html).toContain(`href="/ah/article/${ARTICLE}"`);
    expect(html).toContain(`href="/relation?id=${YING_ZHENG}"`);
    expect(html).toContain(`src="/media/cover/${YING_ZHENG}.svg"`);
    // A group longer than its preview ships only the preview, in the HTML and in its data.
    expect(new Set(html.match(/测试大臣\d+/g)).size).toBe(6);
  });

  it("shows an entry with facts, timeline, grouped relations and 查看全部", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/detail/${YING_ZHENG}`);
    await expect(page.locator("h1").textContent()).resolves.toBe("嬴政");
    await expect(page.locator(".tj-entryhead__kind").textContent()).resolves.toBe("人物");
    await expect(page.locator(".tj-entryhead__meta").textContent()).resolves.toMatch(/\d+ 阅读/);

    const fact = (label: string) =>
      page.locator(".tj-facts__row", { has: page.locator("dt", { hasText: label }) }).locator("dd");
    await expect(fact("生卒").textContent()).resolves.toBe("前259年—前210年");
    await expect(fact("性别").textContent()).resolves.toBe("男");
    await expect(fact("朝代").locator("a").getAttribute("href")).resolves.toBe(`/detail/${QIN}`);

    const timeline = page.locator("#timeline-section .tj-timeline__item");
    await expect(timeline.first().textContent()).resolves.toContain("前259年");
    await expect(timeline.allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining("秦灭六国")]),
    );

    const court = page.locator(".tj-relgroup", { hasText: "君臣" });
    await expect(court.locator("li").count()).resolves.toBe(6);
    await screenshot(page, { path: `${SHOTS}/entry-top.png` });
    // The page shipped the group's first six and its size; 查看全部 fetches the rest.
    const whole = page.waitForResponse((r) =>
      r.url().endsWith(`/api/item/relation/cn/${YING_ZHENG}`),
    );
    await court.getByRole("button", { name: `查看全部（${MINISTERS}）` }).click();
    expect((await whole).status()).toBe(200);
    await expect.poll(() => court.locator("li").count()).toBe(MINISTERS);
    await expect(court.getByRole("button").count()).resolves.toBe(0);
    const events = page.locator(".tj-relgroup", { hasText: "相关事件" });
    await expect(events.locator("strong").textContent()).resolves.toBe("秦灭六国");

    const articles = page.locator("#articles-section .tj-feed__item h3");
    await expect(articles.allTextContents()).resolves.toEqual(["测试文章：李白与杜甫"]);
    await page.locator("#relations-section").scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/entry-relations.png` });

    // A relation leads to the other entry's page.
    await events.locator("a").click();
    await page.waitForURL(`${server.baseUrl}/detail/${EVENT}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("秦灭六国");
    await expect(
      page
        .locator(".tj-facts__row", { has: page.locator("dt", { hasText: "时间" }) })
        .locator("dd")
        .textContent(),
    ).resolves.toBe("前230年—前221年");
    await context.close();
  });

  it("opens with every list expanded when the pop-up asks for more (seeMore)", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/detail/${YING_ZHENG}?seeMore=1`);
    const court = page.locator(".tj-relgroup", { hasText: "君臣" });
    await expect(court.locator("li").count()).resolves.toBe(MINISTERS);
    await expect(page.getByRole("button", { name: /查看全部/ }).count()).resolves.toBe(0);
    // Leaving seeMore for a plain link to another entry collapses again.
    await page.goto(`${server.baseUrl}/detail/${YING_ZHENG}?seeMore=0`);
    await expect(court.locator("li").count()).resolves.toBe(6);
    await context.close();
  });

  it("lists a poet's works with 加载更多 and renders a poem as verse", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/detail/${LI_BAI}`);
    const works = page.locator("#works-section .tj-works li");
    await expect(page.locator("#works").textContent()).resolves.toBe(`作品（${POEMS}）`);
    await expect(works.count()).resolves.toBe(20);
    const more = page.locator("#works-section").getByRole("button", { name: /加载更多/ });
    await more.click();
    await expect.poll(() => works.count()).toBe(40);
    await more.click();
    await expect.poll(() => works.count()).toBe(POEMS);
    await expect(more.count()).resolves.toBe(0);
    await expect(page.locator("#works-section").textContent()).resolves.toContain(
      `已显示全部 ${POEMS} 篇`,
    );
    // Works are not relations.
    await expect(page.locator("#relations-section .tj-relations li").count()).resolves.toBe(2);

    const poemHref = await works.first().locator("a").getAttribute("href");
    await works.first().locator("a").click();
    await page.waitForURL(`${server.baseUrl}${poemHref}`);
    await expect.poll(() => page.locator("h1").textContent()).toMatch(/^测试诗\d{5}$/);
    await expect(page.locator(".tj-entryhead__kind").textContent()).resolves.toBe("诗词");
    // The byline gives the dynasty; the header does not repeat it.
    await expect(page.locator(".tj-verse__byline").textContent()).resolves.toBe("〔唐〕李白");
    await expect(page.locator(".tj-entry__time").count()).resolves.toBe(0);
    const lines = page.locator(".tj-verse__text p");
    await expect(lines.count()).resolves.toBe(2);
    await expect(lines.first().evaluate((el) => getComputedStyle(el).textAlign)).resolves.toBe(
      "center",
    );
    await expect(page.locator(".tj-verse__notes").textContent()).resolves.toContain("测试用注释。");
    await screenshot(page, { path: `${SHOTS}/entry-poem.png` });
    await page.locator(".tj-verse__byline a").click();
    await page.waitForURL(`${server.baseUrl}/detail/${LI_BAI}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("李白");
    await context.close();
  });

  it("shows the compact view on /minidetail and the 404 screen for bad ids", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/minidetail/${YING_ZHENG}`);
    await expect(page.locator("h1").textContent()).resolves.toBe("嬴政");
    await expect(page.locator(".tj-facts").textContent()).resolves.toContain("前259年—前210年");
    await expect(page.locator(".tj-timeline").count()).resolves.toBe(0);
    await screenshot(page, { path: `${SHOTS}/entry-mini.png` });
    await page.getByRole("link", { name: "查看完整词条" }).click();
    await page.waitForURL(`${server.baseUrl}/detail/${YING_ZHENG}`);

    for (const path of [
      `/detail/${"0".repeat(24)}`,
      "/detail/not-an-id",
      `/minidetail/${"0".repeat(24)}`,
      "/minidetail/xyz",
    ]) {
      const response = await page.goto(`${server.baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator("h1").textContent()).resolves.toBe("抱歉，页面找不到了");
    }
    await context.close();
  });
});
