import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// Issue 17, the relation map: from an entry to its map, three people tapped in the chart (each a
// new centre, the way back through 返回 and the browser's back), a relation's sheet, the list
// view, a curated network from the gallery; then a graph composed without an account, saved
// after signing in on the way (the draft waits on the device), and found on /my.

const SHOTS = "test-results/screenshots/relation-map";
const LI_BAI = contentId("person", "li-bai");
const PASSWORD = "竹林七贤饮酒清谈";

const server = sharedServer();
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const at = (path: string) => `${server.baseUrl}${path}`;

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

/** The chart drawn and its force layout at rest (two reads of every node 250 ms apart agree). */
async function chartSettled(page: Page) {
  await page.locator(".tj-relmap__chart-wrap[data-state=ready]").waitFor();
  await page.waitForFunction(
    async () => {
      const el = document.querySelector("[data-testid=relation-chart]") as HTMLElement & {
        relationChart?: { nodePosition(id: string): [number, number] | null };
      };
      const ids = [
        ...document.querySelectorAll("[data-testid=relation-list] a[href^='/relation?id=']"),
      ]
        .map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get("id") as string)
        .slice(0, 12);
      const read = () => ids.map((id) => el.relationChart?.nodePosition(id) ?? null);
      const first = read();
      await new Promise((r) => setTimeout(r, 250));
      const second = read();
      return first.every((p, i) => {
        const q = second[i];
        return p && q && Math.abs(p[0] - q[0]) < 0.5 && Math.abs(p[1] - q[1]) < 0.5;
      });
    },
    undefined,
    { timeout: 15_000, polling: 300 },
  );
  // The layout is final at once; the nodes glide there for 600 ms.
  await page.waitForTimeout(900);
}

/** Where the chart draws a node, in page coordinates. */
async function nodeAt(page: Page, id: string): Promise<{ x: number; y: number }> {
  const chart = page.getByTestId("relation-chart");
  const box = await chart.boundingBox();
  const local = await chart.evaluate(
    (el, nodeId) =>
      (
        el as HTMLElement & {
          relationChart?: { nodePosition(id: string): [number, number] | null };
        }
      ).relationChart?.nodePosition(nodeId) ?? null,
    id,
  );
  if (!box || !local) throw new Error(`node ${id} is not drawn`);
  return { x: box.x + local[0], y: box.y + local[1] };
}

/** A person next to the centre that the walk has not visited, with their id. */
async function nextPerson(page: Page, visited: Set<string>) {
  const links = await page
    .getByTestId("relation-list")
    .locator("a.tj-relmap__who")
    .evaluateAll((as) =>
      as.map((a) => ({
        id: new URL((a as HTMLAnchorElement).href).searchParams.get("id") as string,
        name: a.querySelector("strong")?.textContent ?? "",
        when: a.querySelector("small")?.textContent ?? "",
      })),
    );
  // People have life dates; places and works do not.
  const people = links.filter((l) => !visited.has(l.id) && /年/.test(l.when));
  if (people.length === 0) throw new Error(`no unvisited person among ${links.map((l) => l.name)}`);
  // A well-connected centre draws many nodes close together: tap the person who stands most
  // apart from the others, as a reader's thumb would pick a node it can hit.
  const positions = await page.getByTestId("relation-chart").evaluate(
    (el, ids) => {
      const chart = (
        el as HTMLElement & {
          relationChart?: { nodePosition(id: string): [number, number] | null };
        }
      ).relationChart;
      return ids.map((id) => chart?.nodePosition(id) ?? null);
    },
    links.map((l) => l.id),
  );
  let best = people[0] as (typeof people)[number];
  let bestGap = -1;
  for (const person of people) {
    const at = positions[links.indexOf(person)];
    if (!at) continue;
    let gap = Number.POSITIVE_INFINITY;
    positions.forEach((other, i) => {
      if (!other || links[i] === person) return;
      gap = Math.min(gap, Math.hypot(other[0] - at[0], other[1] - at[1]));
    });
    if (gap > bestGap) {
      bestGap = gap;
      best = person;
    }
  }
  return best;
}

describe("the relation map", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await phoneContext(browser);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("goes from an entry to its map, re-centres on three people and steps back", async () => {
    const page = await context.newPage();
    await page.goto(at(`/detail/${LI_BAI}`));
    await hydrated(page);
    await page.locator("#relations-section").getByRole("link", { name: "关系图谱" }).click();
    await page.waitForURL(at(`/relation?id=${LI_BAI}`));
    await page.locator("h1", { hasText: "李白的关系图谱" }).waitFor();
    await chartSettled(page);
    // The canvas is one named picture; the list carries the relations.
    await expect(page.getByRole("img", { name: /李白的关系图/ }).count()).resolves.toBe(1);

    const visited = new Set([LI_BAI]);
    const walk: { id: string; name: string }[] = [{ id: LI_BAI, name: "李白" }];
    for (let step = 0; step < 3; step++) {
      const next = await nextPerson(page, visited);
      const { x, y } = await nodeAt(page, next.id);
      await page.touchscreen.tap(x, y);
      await page.waitForURL(at(`/relation?id=${next.id}`));
      await page.locator(`main[data-center="${next.id}"]`).waitFor();
      await page.locator("h1", { hasText: `${next.name}的关系图谱` }).waitFor();
      await chartSettled(page);
      visited.add(next.id);
      walk.push(next);
    }
    await screenshot(page, { path: `${SHOTS}/third-centre.png` });

    // 返回 names the centre before, and goes there; the browser's back goes one further.
    const before = walk[2] as { id: string; name: string };
    await page.getByRole("button", { name: `← 返回「${before.name}」` }).click();
    await page.waitForURL(at(`/relation?id=${before.id}`));
    await page.locator(`main[data-center="${before.id}"]`).waitFor();
    await page.goBack();
    const first = walk[1] as { id: string; name: string };
    await page.waitForURL(at(`/relation?id=${first.id}`));
    await page.locator("h1", { hasText: `${first.name}的关系图谱` }).waitFor();
    await chartSettled(page);

    // A relation in the chart: tapping the middle of an edge from the centre opens its sheet
    // (tried on a few edges: a label or another node may lie across one).
    const sheet = page.locator(".tj-sheet[data-type=relation]");
    const neighbours = await page
      .getByTestId("relation-list")
      .locator("a.tj-relmap__who")
      .evaluateAll((as) =>
        as.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get("id") as string),
      );
    const a = await nodeAt(page, first.id);
    const spots = await Promise.all(neighbours.map((id) => nodeAt(page, id)));
    // A point on an edge that no node covers (nodes are 40 px across, the centre 60).
    const clear = (x: number, y: number) =>
      Math.hypot(x - a.x, y - a.y) > 36 && spots.every((p) => Math.hypot(x - p.x, y - p.y) > 26);
    const taps = spots.flatMap((b) =>
      [0.3, 0.4, 0.5, 0.6, 0.7]
        .map((t) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }))
        .filter((p) => clear(p.x, p.y)),
    );
    expect(taps.length).toBeGreaterThan(0);
    for (const p of taps.slice(0, 6)) {
      await page.touchscreen.tap(p.x, p.y);
      if (
        await sheet.waitFor({ timeout: 1500 }).then(
          () => true,
          () => false,
        )
      )
        break;
      expect(page.url()).toBe(at(`/relation?id=${first.id}`));
    }
    await sheet.waitFor();
    await expect(sheet.locator(".tj-sheet__title").textContent()).resolves.toContain(first.name);
    await expect(sheet.locator(".tj-sheet__desc").textContent()).resolves.not.toBe("");
    await screenshot(page, { path: `${SHOTS}/relation-sheet.png` });
    await sheet.click();
    await sheet.waitFor({ state: "detached" });

    // The list view: no chart, the same relations by group, each with its sheet.
    await page.getByRole("button", { name: "列表", exact: true }).click();
    await expect(page.getByTestId("relation-chart").count()).resolves.toBe(0);
    const rows = page.getByTestId("relation-list").locator(".tj-relmap__row");
    expect(await rows.count()).toBeGreaterThan(1);
    await rows.first().locator("button").click();
    await page.locator(".tj-sheet[data-type=relation]").waitFor();
    await screenshot(page, { path: `${SHOTS}/list.png`, fullPage: true });
    await page.close();
  }, 120_000);

  it("filters by relation group", async () => {
    const page = await context.newPage();
    await page.goto(at(`/relation?id=${LI_BAI}`));
    await hydrated(page);
    const rows = page.getByTestId("relation-list").locator(".tj-relmap__row");
    const all = await rows.count();
    const chip = page.locator(".tj-relmap__chip").filter({ hasText: "师友" });
    const friends = Number(await chip.locator("small").textContent());
    await chip.click();
    await expect(chip.getAttribute("aria-pressed")).resolves.toBe("false");
    await expect(rows.count()).resolves.toBe(all - friends);
    await chip.click();
    await expect(rows.count()).resolves.toBe(all);
    await page.close();
  });

  it("opens a curated network from the gallery", async () => {
    const page = await context.newPage();
    await page.goto(at("/home/relationalmap"));
    await hydrated(page);
    await page.getByRole("link", { name: /竹林七贤/ }).click();
    await page.waitForURL(/\/relation\?networkId=[0-9a-f]{24}$/);
    await page.locator("h1", { hasText: "竹林七贤" }).waitFor();
    await chartSettled(page);
    const names = await page.getByTestId("relation-list").locator("a").allTextContents();
    for (const name of ["阮籍", "山涛", "向秀", "王戎"])
      expect(
        names.some((n) => n.startsWith(name)),
        `${name} in ${names}`,
      ).toBe(true);
    await screenshot(page, { path: `${SHOTS}/network.png` });
    await page.close();
  });

  it("keeps the graph library out of the other pages' first load", async () => {
    for (const path of ["/", `/detail/${LI_BAI}`, "/home/relationalmap", "/search?q=李白"]) {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(r.url());
      });
      await page.goto(at(path), { waitUntil: "networkidle" });
      expect(
        scripts.filter((s) => /relation-chart|echarts/.test(s)),
        path,
      ).toEqual([]);
      await page.close();
    }
  });
});

describe("a reader's own relation graph", () => {
  it("is composed without an account, kept through signing in, saved and listed on /my", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(at("/home/relationalmap"));
    await hydrated(page);
    await page.getByRole("link", { name: "自己编一张关系图" }).click();
    await page.waitForURL(at("/relationedit/edit/new"));
    await hydrated(page);
    await page.getByLabel("名称", { exact: true }).fill("竹林里的朋友");
    for (const name of ["嵇康", "阮籍", "山涛"]) {
      await page.getByLabel("搜索加入").fill(name);
      await page.getByRole("button", { name: new RegExp(`^加入 ${name} `) }).click();
      await page.getByRole("list", { name: "已加入的词条" }).getByText(name).waitFor();
    }
    // The corpus's relations among them are offered, checked.
    await page.getByRole("checkbox").first().waitFor();
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBeGreaterThan(0);
    await page.getByLabel("从", { exact: true }).selectOption({ label: "阮籍" });
    await page.getByLabel("到", { exact: true }).selectOption({ label: "山涛" });
    await page.getByLabel("关系名称").fill("同饮竹林");
    await page.getByRole("button", { name: "添加连线" }).click();
    await page.getByText("阮籍 → 山涛：同饮竹林").waitFor();
    await page.locator(".tj-relmap__chart-wrap[data-state=ready]").waitFor();

    // Saving without an account: off to sign in, and back to the same draft.
    await page.getByRole("button", { name: "保存" }).click();
    await page.waitForURL(/\/login\?redirect=/);
    const back = new URL(page.url()).searchParams.get("redirect");
    expect(back).toBe("/relationedit/edit/new");
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: back ?? "" });
    await hydrated(page);
    await page.getByText("已恢复本机上未保存的草稿。").waitFor();
    await expect(page.getByLabel("名称", { exact: true }).inputValue()).resolves.toBe(
      "竹林里的朋友",
    );
    await page.getByText("阮籍 → 山涛：同饮竹林").waitFor();
    await page.getByRole("button", { name: "保存" }).click();
    await page.waitForURL(/\/relationedit\/detail\?id=[0-9a-f]{24}$/);
    await page.locator("h1", { hasText: "竹林里的朋友" }).waitFor();
    await page.getByRole("link", { name: "编辑" }).waitFor();
    await page.getByRole("button", { name: /同饮竹林/ }).waitFor();
    await screenshot(page, { path: `${SHOTS}/custom-graph.png`, fullPage: true });
    const detailUrl = page.url();
    // The draft is gone once saved.
    const left = await page.evaluate(() => localStorage.getItem("tj-graph-draft:new"));
    expect(left).toBeNull();

    await page.goto(at("/my/list?tab=saved&kind=graph"));
    await hydrated(page);
    const link = page.getByRole("link", { name: /竹林里的朋友/ });
    await expect(link.getAttribute("href")).resolves.toBe(
      new URL(detailUrl).pathname + new URL(detailUrl).search,
    );

    // Someone else opens the shared link: the graph, without 编辑.
    const stranger = await phoneContext(browser);
    const other = await stranger.newPage();
    await other.goto(detailUrl);
    await hydrated(other);
    await expect(other.locator("h1").textContent()).resolves.toBe("竹林里的朋友");
    await expect(other.getByRole("link", { name: "编辑", exact: true }).count()).resolves.toBe(0);
    await stranger.close();
    await context.close();
  }, 120_000);
});
