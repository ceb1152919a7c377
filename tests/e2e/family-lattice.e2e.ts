import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";

const SHOTS = "test-results/screenshots/family-lattice";
const LI_YUAN = contentId("person", "li-yuan");
const LI_SHIMIN = contentId("person", "li-shimin");
const LI_BAI = contentId("person", "li-bai");
const TANG = contentId("regime", "tang");

let server: { baseUrl: string };
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = sharedServer();
  browser = await launchBrowser();
  context = await phoneContext(browser);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("family tree, lattice diagram and recommendations", () => {
  it("opens 唐's family tree from its entry, unfolds a branch, filters and taps a person", async () => {
    const page = await context.newPage();
    // The 唐 regime links to its founder's tree.
    await page.goto(`${server.baseUrl}/detail/${TANG}`);
    const regimeLink = page.locator("#relations-section a", { hasText: "家族树" });
    expect(await regimeLink.getAttribute("href")).toBe(`/relation/family/${LI_YUAN}`);

    await page.goto(`${server.baseUrl}/detail/${LI_YUAN}`);
    await page.locator("#relations-section a", { hasText: "家族树" }).click();
    await page.waitForURL(`${server.baseUrl}/relation/family/${LI_YUAN}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("李渊的家族树");
    const diagram = page.getByTestId("family-tree-diagram");
    const units = diagram.locator(".tj-ftree__unit");
    await expect.poll(() => units.count()).toBeGreaterThan(3);
    // The person the tree is for is marked; sons in birth order (长子 李建成 before 次子 李世民).
    expect(await diagram.locator('[aria-current="true"]').first().textContent()).toContain("李渊");
    const order = await units.evaluateAll((els) =>
      els
        .map((e) => ({ name: e.getAttribute("data-person"), x: e.getBoundingClientRect().x }))
        .filter((u) => u.name === "李建成" || u.name === "李世民")
        .sort((a, b) => a.x - b.x)
        .map((u) => u.name),
    );
    expect(order).toEqual(["李建成", "李世民"]);
    await screenshot(page, { path: `${SHOTS}/tree-folded.png` });

    // Two generations down, 李治's children are folded: 展开 opens that branch alone.
    const before = await units.count();
    const fold = diagram.locator('.tj-ftree__unit[data-person="李治"] .tj-ftree__fold');
    expect(await fold.getAttribute("aria-expanded")).toBe("false");
    await fold.click();
    await expect.poll(() => units.count()).toBeGreaterThan(before);
    expect(await fold.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => diagram.locator('.tj-ftree__unit[data-person="李显"]').count()).toBe(1);
    await screenshot(page, { path: `${SHOTS}/tree-unfolded.png` });

    // 只看继位者: the line of succession, without the brothers who never reigned.
    await page.getByRole("button", { name: "只看继位者" }).click();
    await expect
      .poll(() => diagram.locator('.tj-ftree__unit[data-person="李建成"]').count())
      .toBe(0);
    expect(await diagram.locator('.tj-ftree__unit[data-person="李世民"]').count()).toBe(1);
    await page.getByRole("button", { name: "只看继位者" }).click();

    // Zoom by the buttons (a pinch does the same on a phone).
    const stage = diagram.locator(".tj-ftree__stage");
    const wide = (await stage.boundingBox())?.width ?? 0;
    await page.getByRole("button", { name: "放大" }).click();
    expect(await page.locator(".tj-ftree__zoom output").textContent()).toBe("120%");
    expect(Math.round((await stage.boundingBox())?.width ?? 0)).toBe(Math.round(wide * 1.2));
    await page.getByRole("button", { name: "缩小" }).click();

    // The same tree as a list, for screen readers.
    await page.getByRole("button", { name: "列表" }).click();
    const outline = page.getByRole("list", { name: "家族树列表" });
    expect(await outline.textContent()).toContain("李世民");
    await page.getByRole("button", { name: "树图" }).click();

    // Re-rooting on 李世民 keeps 李渊 marked as where the reader came from.
    await diagram.getByRole("link", { name: "以李世民为中心查看家族树" }).click();
    await page.waitForURL(`${server.baseUrl}/relation/family/${LI_SHIMIN}?from=${LI_YUAN}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("李世民的家族树");
    const marked = page.getByTestId("family-tree-diagram").locator('[aria-current="true"]');
    expect(await marked.first().textContent()).toContain("李渊");

    // Tapping a person opens their entry.
    await page
      .getByTestId("family-tree-diagram")
      .locator(".tj-ftree__card", { hasText: "李世民" })
      .first()
      .click();
    await page.waitForURL(`${server.baseUrl}/detail/${LI_SHIMIN}`);
    await page.close();
  });

  it("answers a place with a 400 and an unknown person with a 404, inside the shell", async () => {
    const notPerson = await fetch(`${server.baseUrl}/relation/family/${TANG}`);
    expect(notPerson.status).toBe(400);
    expect(await notPerson.text()).toContain("只有人物词条才有家族树");
    const unknown = await fetch(`${server.baseUrl}/relation/family/${"0".repeat(24)}`);
    expect(unknown.status).toBe(404);
    const badDepth = await fetch(`${server.baseUrl}/relation/family/${LI_YUAN}?down=99`);
    expect(badDepth.status).toBe(400);
    const houses = await (await fetch(`${server.baseUrl}/relation/family`)).text();
    expect(houses).toContain("李渊");
  });

  it("filters the lattice diagram by 文学 and opens a cell's sheet", async () => {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/latticeDiagram`);
    const headers = page.locator(".tj-lattice__grid thead th");
    expect(await headers.count()).toBe(6);
    expect(await page.locator(".tj-lattice__grid tbody th").first().textContent()).toContain(
      "先秦",
    );
    await screenshot(page, { path: `${SHOTS}/lattice.png` });
    await page
      .getByRole("navigation", { name: "按领域筛选" })
      .getByRole("link", { name: "文学" })
      .click();
    await page.waitForURL((u) => u.searchParams.get("field") === "文学");
    await expect.poll(() => headers.count()).toBe(2);
    const tang = page.locator('td[data-cell="隋唐五代-文学"]');
    expect(await tang.textContent()).toContain("李白");
    await screenshot(page, { path: `${SHOTS}/lattice-literature.png` });
    // A full cell opens its sheet, which loads the rest page by page.
    const more = page.locator(".tj-lattice__more").first();
    if ((await more.count()) > 0) {
      await more.click();
      const sheet = page.getByRole("dialog");
      await expect
        .poll(() => sheet.locator(".tj-lattice__person").count(), { timeout: 10_000 })
        .toBeGreaterThan(6);
      await sheet.getByRole("button", { name: "关闭" }).click();
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    }
    await page.close();
  });

  it("shows graph recommendations with their reasons near the end of an entry", async () => {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/detail/${LI_BAI}`);
    const recs = page.locator(".tj-recs");
    // Nothing is asked for until the reader nears the end of the entry.
    expect(await recs.count()).toBe(0);
    await page.locator("#relations-section").scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 600));
    // The first question of the relation graph builds it: allow for that.
    await expect
      .poll(() => recs.locator(".tj-recs__list li").count(), { timeout: 15_000 })
      .toBeGreaterThan(2);
    expect(await recs.locator("h2").textContent()).toBe("相关人物推荐");
    const first = await recs.locator(".tj-recs__reason").first().textContent();
    expect(first?.length).toBeGreaterThan(0);
    expect(await recs.textContent()).toContain("杜甫");
    await screenshot(recs, { path: `${SHOTS}/recommendations.png` });
    await page.close();
  });

  it("keeps the first-load JavaScript of these pages within the budget", async () => {
    const pages = {
      家族树: `/relation/family/${LI_YUAN}`,
      家族列表: "/relation/family",
      格子图: "/latticeDiagram",
      "词条（带推荐）": `/detail/${LI_YUAN}`,
    };
    const sizes: string[] = [];
    for (const [name, path] of Object.entries(pages)) {
      const kb = await firstLoadJsKb(context, `${server.baseUrl}${path}`);
      sizes.push(`${name} ${kb.toFixed(1)} KB`);
      expect(kb, name).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    }
    console.log(`first-load JS (gzip): ${sizes.join(", ")}`);
  });
});
