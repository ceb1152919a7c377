import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentId, loadContent } from "@tongjian/content/load-content";
import { seedContent } from "@tongjian/content/seed-content";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { contentWithWorks } from "../support/content-with-works.ts";
import { screenshot } from "../support/screenshots.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

const SHOTS = "test-results/screenshots";
const BOOK = contentId("work", "li-tai-bai-ji");
const STELE = contentId("work", "tai-shan-ke-shi");
const LI_BAI = contentId("person", "li-bai");
const YING_ZHENG = contentId("person", "ying-zheng");
const TANG = contentId("regime", "tang");

let server: RunningServer;
let browser: Browser;

/** The fixture corpus with the test works (tests/fixtures/works), seeded into a fresh file. */
async function prepareDatabase(): Promise<{ contentDir: string; sqlitePath: string }> {
  const contentDir = contentWithWorks();
  const sqlitePath = join(mkdtempSync(join(tmpdir(), "tongjian-works-e2e-")), "tongjian.sqlite");
  const handle = createDatabase({ databaseUrl: undefined, sqlitePath });
  try {
    await migrateToLatest(handle.db);
    await seedContent(handle, loadContent(contentDir));
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

const fact = (page: Page, label: string) =>
  page.locator(".tj-facts__row", { has: page.locator("dt", { hasText: label }) }).locator("dd");

/** The JSON-LD block of a server-rendered page. */
function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(match, "JSON-LD block").not.toBeNull();
  return JSON.parse(match?.[1] ?? "{}") as Record<string, unknown>;
}

describe("works (作品) at 375×812", () => {
  it("renders a book's facts and a Book JSON-LD with its author in the first HTML", async () => {
    const res = await fetch(`${server.baseUrl}/detail/${BOOK}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 class="tj-entryhead__name">李太白集</h1>');
    expect(html).toContain(`href="/detail/${LI_BAI}"`);
    expect(html).toContain("资料来源：《新唐书·艺文志》");
    expect(jsonLd(html)).toMatchObject({
      "@type": "Book",
      name: "李太白集",
      alternateName: ["李翰林集", "太白集"],
      author: [{ "@type": "Person", name: "李白", url: `${server.baseUrl}/detail/${LI_BAI}` }],
    });
    // A piece of calligraphy is a visual artwork, its maker given in words only.
    const stele = jsonLd(await (await fetch(`${server.baseUrl}/detail/${STELE}`)).text());
    expect(stele["@type"]).toBe("VisualArtwork");
    expect(stele).not.toHaveProperty("author");
  });

  it("shows a work's facts, timeline and relations, and leads to its author's page", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/detail/${BOOK}`);
    await expect(page.locator(".tj-entryhead__kind").textContent()).resolves.toBe("作品");
    await expect(page.locator(".tj-entry__time").textContent()).resolves.toBe("约762年");
    await expect(page.locator(".tj-entry__aliases").textContent()).resolves.toBe(
      "又称：李翰林集、太白集",
    );
    await expect(page.locator(".tj-facts dt").allTextContents()).resolves.toEqual([
      "作者",
      "年代",
      "朝代",
      "类别",
      "体裁",
    ]);
    await expect(fact(page, "年代").textContent()).resolves.toBe("约762年");
    await expect(fact(page, "类别").textContent()).resolves.toBe("典籍");
    await expect(fact(page, "体裁").textContent()).resolves.toBe("别集");
    await expect(fact(page, "朝代").locator("a").getAttribute("href")).resolves.toBe(
      `/detail/${TANG}`,
    );
    const timeline = page.locator("#timeline-section .tj-timeline__item");
    await expect(timeline.first().textContent()).resolves.toBe("约762年成书");
    // The author among the people, another work under 影响.
    const people = page.locator(".tj-relgroup", { hasText: "相关人物" });
    await expect(people.locator("li").allTextContents()).resolves.toEqual(["作者李白701年—762年"]);
    const influenced = page.locator(".tj-relgroup", { hasText: "影响" });
    await expect(influenced.locator("strong").allTextContents()).resolves.toEqual(["杜工部集"]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await screenshot(page, { path: `${SHOTS}/work-book.png`, fullPage: true });

    await fact(page, "作者").locator("a").click();
    await page.waitForURL(`${server.baseUrl}/detail/${LI_BAI}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("李白");
    // The writer's page lists the curated work under 作品, labelled as what it is to him.
    const works = page.locator(".tj-relgroup", { hasText: "作品" });
    await expect(works.locator("li").allTextContents()).resolves.toEqual(["著作李太白集约762年"]);
    await expect(
      page.locator("#timeline-section .tj-timeline__item").allTextContents(),
    ).resolves.toEqual(expect.arrayContaining([expect.stringContaining("约762年李太白集")]));
    await page.locator("#relations-section").scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/work-author.png` });
    await context.close();
  });

  it("gives a calligraphy work its attribution, era, script and holder", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/detail/${STELE}`);
    await expect(page.locator("h1").textContent()).resolves.toBe("泰山刻石");
    await expect(fact(page, "作者").textContent()).resolves.toBe("相传为李斯所书");
    await expect(fact(page, "年代").textContent()).resolves.toBe("前219年—前209年秦始皇、秦二世时");
    await expect(fact(page, "年代").locator(".tj-facts__note").textContent()).resolves.toBe(
      "秦始皇、秦二世时",
    );
    await expect(fact(page, "书体").textContent()).resolves.toBe("小篆");
    await expect(fact(page, "收藏").textContent()).resolves.toBe("泰安岱庙");
    const timeline = page.locator("#timeline-section .tj-timeline__item");
    await expect(timeline.allTextContents()).resolves.toEqual(["前219年开始书写", "前209年写成"]);
    const people = page.locator(".tj-relgroup", { hasText: "相关人物" });
    await expect(people.locator("a").getAttribute("href")).resolves.toBe(`/detail/${YING_ZHENG}`);
    // No sources: no 资料来源 line.
    await expect(page.getByText("资料来源").count()).resolves.toBe(0);
    await screenshot(page, { path: `${SHOTS}/work-calligraphy.png`, fullPage: true });
    await context.close();
  });

  it("shows a work on /minidetail and finds it in search by an alias, labelled 作品", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/minidetail/${BOOK}`);
    await expect(page.locator("h1").textContent()).resolves.toBe("李太白集");
    await expect(fact(page, "作者").textContent()).resolves.toBe("李白");
    await expect(page.locator(".tj-timeline").count()).resolves.toBe(0);
    await screenshot(page, { path: `${SHOTS}/work-mini.png` });
    await page.getByRole("link", { name: "查看完整词条" }).click();
    await page.waitForURL(`${server.baseUrl}/detail/${BOOK}`);

    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent("李翰林集")}`);
    const first = page.locator(".tj-search__entries li").first();
    await expect(first.locator("strong").textContent()).resolves.toBe("李太白集");
    await expect(first.locator(".tj-relations__label").textContent()).resolves.toBe("作品");
    await expect(first.locator(".tj-search__alias").textContent()).resolves.toBe(
      "又称「李翰林集」",
    );
    await expect(first.locator("small:not(.tj-search__alias)").textContent()).resolves.toBe(
      "约762年",
    );
    await first.locator("a").click();
    await page.waitForURL(`${server.baseUrl}/detail/${BOOK}`);
    await context.close();
  });
});
