import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// Issue 20's knowledge points in the browser at phone size: a visitor opens the hub, filters by
// grade, opens 秦统一六国 and follows an entry link; a reader signs in, practises the point's
// questions (one wrong, the rest right) and sees their mastery on the point's page; the share
// page shows a QR code; a chips deck turns by swipe and by button.

const SHOTS = "test-results/screenshots/knowledge-points";
const POINT = "qin-unification";
const LETTERS = "ABCDEF";

const server = sharedServer();
let browser: Browser;

/** The answers of the content's questions by stem, read from the content files as the test's key. */
function answerKey(): Map<string, number[]> {
  const key = new Map<string, number[]>();
  const dir = "content/learning";
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml"))) {
    const doc = parse(readFileSync(join(dir, file), "utf8")) as {
      questions?: { stem: string; answer: string | string[] }[];
    };
    for (const q of doc.questions ?? []) {
      const letters = Array.isArray(q.answer) ? q.answer : [q.answer];
      key.set(
        q.stem,
        letters.map((l) => LETTERS.indexOf(l)),
      );
    }
  }
  return key;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

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

async function open(page: Page, path: string) {
  await page.goto(at(path));
  await hydrated(page);
}

const totalOf = async (page: Page) =>
  Number((await page.getByTestId("kp-total").textContent())?.match(/共 (\d+) 个/)?.[1]);

describe("knowledge points at phone size", () => {
  it("filters the hub, opens a point, practises it and sees mastery, shares it and swipes chips", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();

    // The hub: every point, then 初中's.
    await open(page, "/knowledgepoint");
    await expect(page.locator("h1").textContent()).resolves.toBe("知识点");
    const all = await totalOf(page);
    expect(all).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId("kp-signin-notice").count()).resolves.toBe(1);
    await page.getByRole("link", { name: "初中", exact: true }).click();
    await page.waitForURL(/grade=junior/);
    const junior = await totalOf(page);
    expect(junior).toBeGreaterThan(0);
    expect(junior).toBeLessThanOrEqual(all);
    await screenshot(page, { path: `${SHOTS}/1-hub-junior.png` });

    // A point, and one of its entries.
    await page
      .getByRole("link", { name: /秦统一六国/ })
      .first()
      .click();
    await page.waitForURL(/\/knowledgepoint\/details\/[0-9a-f]{24}$/);
    await hydrated(page);
    await expect(page.locator("h1").textContent()).resolves.toBe("秦统一六国");
    const pointUrl = page.url();
    const entry = page.locator("section[aria-labelledby='tj-kp-entries'] a").first();
    const entryName = await entry.textContent();
    await entry.click();
    await page.waitForURL(/\/detail\/[0-9a-f]{24}$/);
    // The address changes before the new page is drawn: wait for the entry's own heading.
    await page
      .locator("h1", { hasText: entryName ?? "?" })
      .first()
      .waitFor();
    // The entry page lists the points that teach it, this one among them.
    await expect(
      page.locator("#knowledge-points-section a", { hasText: "秦统一六国" }).count(),
    ).resolves.toBe(1);

    // A visitor practises too, and is told the result is not kept.
    const pointPath = new URL(pointUrl).pathname;
    await open(page, `/knowledgepoint/question?id=${POINT}`);
    await expect(page.getByTestId("kp-signin-notice").textContent()).resolves.toContain(
      "本次结果不会保存",
    );
    await page.getByRole("button", { name: "开始练习" }).click();
    await page.locator(".tj-kp__option").first().click();
    await page.getByRole("button", { name: "提交答案" }).click();
    await page.getByTestId("kp-verdict").waitFor();

    // Signed in, the point shows the reader's mastery: not practised yet.
    await registerInBrowser(page, server.baseUrl, {
      password: "秦王扫六合虎视何雄哉",
      redirect: pointPath,
    });
    await hydrated(page);
    await expect(page.getByTestId("kp-mastery").textContent()).resolves.toContain("未练习");

    // Practice: the first answer wrong, the others right.
    await page.getByRole("link", { name: "开始练习" }).click();
    await page.waitForURL(/\/knowledgepoint\/question\?id=/);
    await hydrated(page);
    await page.getByRole("button", { name: "开始练习" }).click();
    const key = answerKey();
    let wrong = 0;
    let right = 0;
    for (let n = 0; n < 20; n += 1) {
      await page.getByTestId("kp-progress").waitFor();
      const stem = (await page.locator(".tj-kp__stem").textContent()) ?? "";
      const answer = key.get(stem);
      if (!answer) throw new Error(`no answer for ${stem}`);
      const options = page.locator(".tj-kp__option");
      const count = await options.count();
      const choose =
        n === 0 ? [[...Array(count).keys()].find((i) => !answer.includes(i)) ?? 0] : answer;
      for (const i of choose) await options.nth(i).click();
      await page.getByRole("button", { name: "提交答案" }).click();
      const verdict = page.getByTestId("kp-verdict");
      await verdict.waitFor();
      const correct = await verdict.getAttribute("data-correct");
      expect(correct).toBe(n === 0 ? "false" : "true");
      if (n === 0) {
        wrong += 1;
        await expect(verdict.textContent()).resolves.toContain("回答错误");
        await screenshot(page, { path: `${SHOTS}/2-wrong.png` });
      } else right += 1;
      if (await page.getByTestId("kp-summary").isVisible()) break;
      await page.getByRole("button", { name: "下一题" }).click();
    }
    expect(wrong).toBe(1);
    expect(right).toBeGreaterThanOrEqual(1);
    const summary = page.getByTestId("kp-summary");
    await expect(summary.textContent()).resolves.toContain(`答对 ${right} / ${right + 1} 题`);
    await expect(summary.textContent()).resolves.toContain("已记入学习记录");
    await screenshot(page, { path: `${SHOTS}/3-summary.png` });

    // The point's page now shows the round.
    await open(page, pointPath);
    const mastery = await page.getByTestId("kp-mastery").textContent();
    expect(mastery).toMatch(/练习中|已掌握/);
    expect(mastery).toContain(`正确率 ${Math.round((right / (right + 1)) * 100)}%`);

    // The share page's QR code is a picture that loads.
    await open(page, `/knowledgepoint/share?id=${POINT}`);
    const qr = page.getByTestId("kp-qr");
    await qr.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("[data-testid=kp-qr]");
      return img?.complete && img.naturalWidth > 0;
    });
    await screenshot(page, { path: `${SHOTS}/4-share.png` });

    // Chips: a swipe to the left turns to the next card, the button to the one after.
    await open(page, "/knowledgepoint/chips/qin-han");
    const chip = page.getByTestId("kp-chip");
    await expect(chip.getAttribute("data-index")).resolves.toBe("0");
    const first = await page.locator(".tj-kp__chip-text").textContent();
    const box = await chip.boundingBox();
    if (!box) throw new Error("no chip");
    await chip.evaluate((el, b) => {
      const y = b.y + b.height / 2;
      const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
      el.dispatchEvent(
        new TouchEvent("touchstart", {
          bubbles: true,
          touches: [touch(b.x + b.width - 20)],
          changedTouches: [touch(b.x + b.width - 20)],
        }),
      );
      el.dispatchEvent(
        new TouchEvent("touchend", {
          bubbles: true,
          touches: [],
          changedTouches: [touch(b.x + 20)],
        }),
      );
    }, box);
    await page.waitForFunction(
      () => document.querySelector("[data-testid=kp-chip]")?.getAttribute("data-index") === "1",
    );
    expect(await page.locator(".tj-kp__chip-text").textContent()).not.toBe(first);
    await page.getByRole("button", { name: "下一张" }).click();
    await expect(chip.getAttribute("data-index")).resolves.toBe("2");
    await page.getByRole("button", { name: "上一张" }).click();
    await expect(chip.getAttribute("data-index")).resolves.toBe("1");
    await screenshot(page, { path: `${SHOTS}/5-chips.png` });
    await context.close();
  });

  it("answers the knowledge point routes, with a 404 for a made-up point", async () => {
    for (const path of [
      "/knowlist?grade=junior",
      "/knowledgepoint/productlist",
      "/knowledgepoint/product/era-qin-han",
      "/knowledgepoint/wechatqrcode/banxue",
      "/knowledgepoint/details/list/qin-han",
      `/knowledgepoint/detail?id=${POINT}`,
    ]) {
      const res = await fetch(at(path));
      expect(res.status, path).toBe(200);
    }
    expect((await fetch(at("/knowledgepoint/details/no-such-point"))).status).toBe(404);
  });
});
